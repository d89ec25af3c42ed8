// libFuzzer target: Router.route over the sample vocabulary (vocab/ of the main package).
import Foundation
import VocabKit

/// The sample vocabulary, loaded once. VOCABKIT_FUZZ_VOCAB overrides the directory.
private let router: Router = {
  let directory =
    ProcessInfo.processInfo.environment["VOCABKIT_FUZZ_VOCAB"]
    ?? URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("vocab").path
  do {
    return Router(
      vocabulary: try CompiledVocabulary.load(directory: URL(fileURLWithPath: directory)))
  } catch {
    fatalError("cannot load the vocabulary at \(directory): \(error)")
  }
}()

private let locales: [String?] = [nil, "en-US", "zh-CN", "ru", "hi", "th"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let router = router
  // The first byte picks a locale filter (nil most often); the rest is the utterance.
  var bytes = UnsafeBufferPointer(start: data, count: size)[...]
  var locale: String? = nil
  if let first = bytes.first, first < 0x20 {
    locale = locales[Int(first) % locales.count]
    bytes = bytes.dropFirst()
  }
  let text = String(decoding: bytes, as: UTF8.self)
  do {
    let result = try router.route(text, locale: locale)
    if result.intent != nil {
      precondition(result.app != nil, "intent without app")
    }
    let scalarCount = text.unicodeScalars.count
    for slot in result.slots {
      if let start = slot.start, let end = slot.end {
        precondition(
          0 <= start && start <= end && end <= scalarCount,
          "slot \(slot.name) at \(start)..<\(end) outside \(scalarCount) scalars")
      }
      _ = "\(slot)"
    }
  } catch is Router.UtteranceTooLong {
  } catch {
  }
  return 0
}
