import Foundation
import VocabKitMatching
import VocabKitNormalization
import VocabKitSupport

extension Benchmark {
  /// Generated vocabularies of `size` names and `queries` queries with edits: compile time,
  /// index size, top-1, median and p99, then throughput on `threads` threads sharing the
  /// index. The first `failures` missed queries go to `miss`, with where the expected entry
  /// stood; `export` names a folder for `Benchmarks/peers.py`'s input.
  package static func matchSuite(
    entries size: Int, queries: Int, seed: UInt64, export: String?, failures: Int,
    threads: Int, miss: (String) -> Void = { _ in }, _ emit: Emit
  ) throws {
    var generator = GeneratedVocabulary(seed: seed)
    let entries = generator.entries(size)
    let cases = generator.queries(queries, over: entries)
    if let export {
      try FileManager.default.createDirectory(
        atPath: export, withIntermediateDirectories: true)
      let vocabulary = entries.map { "\($0.identifier)\t\($0.phrases[0].text)" }
        .joined(separator: "\n")
      try write(vocabulary + "\n", to: "\(export)/vocab-\(size).tsv")
      let lines = try cases.map {
        try jsonLine(["text": $0.text, "expect_id": $0.identifier])
      }
      try write(
        lines.joined(separator: "\n") + "\n", to: "\(export)/queries-\(size).jsonl")
    }
    let normalizer = try Normalizer.shared
    var index: MatchIndex? = nil
    let compile = try time { index = try MatchIndex(entries: entries, normalizer: normalizer) }
    var samples: [Double] = []
    var right = 0
    var showFailures = failures
    for query in cases {
      var best: Match? = nil
      samples.append(try time { best = try index!.matches(in: query.text, limit: 1).first })
      if best?.identifier == query.identifier {
        right += 1
      } else if showFailures > 0 {
        showFailures -= 1
        let expected = entries[Int(query.identifier.dropFirst())!].phrases[0].text
        // Where the expected entry stood, to tell a missed candidate from a scoring loss.
        let all = try index!.matches(in: query.text, limit: 1000, cutoff: 0)
        let rank = all.firstIndex { $0.identifier == query.identifier }
        let standing =
          rank.map { "expected rank \($0 + 1) at '\(all[$0].text)' \(twoDecimals(all[$0].score))" }
          ?? "expected not a candidate"
        miss(
          "miss: '\(query.text)' expected '\(expected)' got '\(best?.phrase ?? "-")' "
            + "at '\(best?.text ?? "")' \(best.map { twoDecimals($0.score) } ?? ""); \(standing)")
      }
    }
    let (median, p99) = summary(samples)
    try emit(
      Result(
        suite: "match", name: "\(size) entries", count: cases.count, medianMicroseconds: median,
        p99Microseconds: p99, top1: Double(right) / Double(max(cases.count, 1)),
        compileSeconds: compile / 1e6,
        indexBytesPerEntry: Double(index!.approximateIndexBytes) / Double(size)))

    // Throughput: every query on one thread, then spread over `threads` threads that share
    // the index; the best of three runs each, and every answer checked against one thread's.
    let texts = cases.map(\.text)
    var single: (seconds: Double, answers: [String?]) = (.infinity, [])
    var parallel: (seconds: Double, answers: [String?]) = (.infinity, [])
    for _ in 0..<3 {
      let one = try throughput(index!, texts, threads: 1)
      if one.seconds < single.seconds { single = one }
      let many = try throughput(index!, texts, threads: threads)
      if many.seconds < parallel.seconds { parallel = many }
      guard one.answers == single.answers, many.answers == single.answers else {
        throw Failure(
          description: "match \(size) entries: \(threads) threads gave other answers than 1")
      }
    }
    try emit(
      Result(
        suite: "match", name: "\(size) entries throughput", count: texts.count,
        medianMicroseconds: 1e6 * parallel.seconds / Double(max(texts.count, 1)),
        p99Microseconds: 1e6 * single.seconds / Double(max(texts.count, 1)), threads: threads,
        queriesPerSecond: Double(texts.count) / parallel.seconds,
        singleThreadQueriesPerSecond: Double(texts.count) / single.seconds))
  }

  /// Runs every text through `index` on `threads` threads (thread *k* takes texts *k*,
  /// *k* + `threads`, …): the wall time in seconds and each text's best identifier.
  static func throughput(_ index: MatchIndex, _ texts: [String], threads: Int) throws -> (
    seconds: Double, answers: [String?]
  ) {
    let answers = Locked([String?](repeating: nil, count: texts.count))
    let failure = Locked<(any Error)?>(nil)
    let microseconds = time {
      DispatchQueue.concurrentPerform(iterations: threads) { thread in
        var mine: [(Int, String?)] = []
        for position in stride(from: thread, to: texts.count, by: threads) {
          do {
            mine.append(
              (position, try index.matches(in: texts[position], limit: 1).first?.identifier))
          } catch {
            failure.withLock { $0 = error }
            return
          }
        }
        answers.withLock { for (position, answer) in mine { $0[position] = answer } }
      }
    }
    if let error = failure.withLock({ $0 }) { throw error }
    return (microseconds / 1e6, answers.withLock { $0 })
  }
}
