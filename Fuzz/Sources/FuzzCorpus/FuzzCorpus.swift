// libFuzzer target: Corpus.read on raw bytes written to a temporary JSON Lines file.
import Foundation
import VocabKit
import VocabKitEvaluation

/// One file per process, rewritten for every input.
private let corpusURL: URL = {
  let url = FileManager.default.temporaryDirectory
    .appendingPathComponent(
      "vocabkit-fuzz-corpus-\(ProcessInfo.processInfo.processIdentifier).jsonl")
  atexit { try? FileManager.default.removeItem(at: corpusURL) }
  return url
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let url = corpusURL
  do {
    try Data(bytes: data, count: size).write(to: url)
  } catch {
    fatalError("cannot write \(url.path): \(error)")
  }
  do {
    let corpus = try Corpus.read(url, file: "fuzz.jsonl")
    for line in corpus.lines {
      precondition(line.line >= 1, "line number \(line.line)")
      _ = line.id.utf8.count + line.text.utf8.count
    }
  } catch {
    // A read error is reported, not a crash.
  }
  return 0
}
