import Foundation
import VocabKitMatching
import VocabKitNormalization

extension Benchmark {
  /// Time against input length: normalization and matching should grow linearly.
  package static func scalingSuite(_ emit: Emit) throws {
    let normalizer = try Normalizer.shared
    var generator = GeneratedVocabulary(seed: 7)
    let index = try MatchIndex(entries: generator.entries(10_000), normalizer: normalizer)
    let sentence = "please add milk to my inbox and call alex kim about the deep focus playlist "
    for size in [1_000, 10_000, 100_000, 1_000_000] {
      let text = String(String(repeating: sentence, count: size / sentence.count + 1).prefix(size))
      var normalize: [Double] = []
      var match: [Double] = []
      for _ in 0..<(size >= 1_000_000 ? 3 : 5) {
        normalize.append(try time { _ = try normalizer.normalize(text) })
        match.append(try time { _ = try index.matches(in: text, limit: 5) })
      }
      let thousands = Double(size) / 1000
      try emit(
        Result(
          suite: "scaling", name: "normalize \(size) characters", count: normalize.count,
          medianMicroseconds: summary(normalize).0, p99Microseconds: normalize.max() ?? 0,
          microsecondsPerThousandCharacters: summary(normalize).0 / thousands))
      try emit(
        Result(
          suite: "scaling", name: "match \(size) characters over 10k entries", count: match.count,
          medianMicroseconds: summary(match).0, p99Microseconds: match.max() ?? 0,
          microsecondsPerThousandCharacters: summary(match).0 / thousands))
    }
  }
}
