import Foundation
import VocabKitRouting

extension Benchmark {
  /// Loads a generated app of `size` contact names from its plists and from the cache.
  package static func loadSuite(entries size: Int, seed: UInt64, _ emit: Emit) throws {
    let root = try temporaryDirectory("vocabkit-load-\(size)")
    defer { try? FileManager.default.removeItem(at: root) }
    var generator = GeneratedVocabulary(seed: seed)
    try GeneratedVocabulary.writeApp(
      at: root.appendingPathComponent("vocab/Generated.app"), name: "Generated",
      contacts: generator.entries(size))
    let directory = root.appendingPathComponent("vocab")
    let cache = root.appendingPathComponent("vocab.cache")
    var fromPlists: [Double] = []
    for _ in 0..<3 {
      let (microseconds, loaded) = try timed { try CompiledVocabulary.load(directory: directory) }
      try requireNoErrors(loaded)
      fromPlists.append(microseconds)
    }
    let (_, outcome) = try CompiledVocabulary.load(directory: directory, cache: cache)
    guard outcome.wroteCache else { throw Failure(description: "\(outcome)") }
    var fromCache: [Double] = []
    for _ in 0..<5 {
      let (microseconds, loaded) = try timed {
        try CompiledVocabulary.load(directory: directory, cache: cache)
      }
      fromCache.append(microseconds)
      guard loaded.outcome.usedCache else {
        throw Failure(description: "the fresh cache was not used")
      }
    }
    let bytes = (try? FileManager.default.attributesOfItem(atPath: cache.path)[.size] as? Int) ?? 0
    try emit(
      Result(
        suite: "load", name: "\(size) entries from plists", count: fromPlists.count,
        medianMicroseconds: summary(fromPlists).0, p99Microseconds: fromPlists.max() ?? 0))
    try emit(
      Result(
        suite: "load", name: "\(size) entries from cache (\(bytes / 1024) KiB)",
        count: fromCache.count, medianMicroseconds: summary(fromCache).0,
        p99Microseconds: fromCache.max() ?? 0))
  }

  /// Trains `vocabulary`'s intent model three times (compiling does it once); `name` says
  /// which vocabulary it is.
  package static func trainingSuite(
    _ vocabulary: CompiledVocabulary, name: String, _ emit: Emit
  ) throws {
    var times: [Double] = []
    var intents = 0
    for _ in 0..<3 {
      let (microseconds, count) = try timed { try vocabulary.trainIntentModel() }
      times.append(microseconds)
      intents = count
    }
    try emit(
      Result(
        suite: "load",
        name: "intent model of \(intents) intents trained (\(name))",
        count: times.count, medianMicroseconds: summary(times).0,
        p99Microseconds: times.max() ?? 0))
  }
}
