import Foundation
import VocabKitNormalization

extension Benchmark {
  /// The median and p99 microseconds a normalization of each language's utterances in
  /// `Benchmarks/normalization-utterances.txt` takes (read from the package root).
  package static func normalizeSuite(_ emit: Emit) throws {
    let file = "Benchmarks/normalization-utterances.txt"
    guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
      throw Failure(description: "\(file): cannot read (run from the package root)")
    }
    var byLanguage: [String: [String]] = [:]
    for line in text.split(separator: "\n") where !line.hasPrefix("#") {
      let parts = line.split(separator: "\t", maxSplits: 1)
      if parts.count == 2 { byLanguage[String(parts[0]), default: []].append(String(parts[1])) }
    }
    let normalizer = try Normalizer.shared
    for language in byLanguage.keys.sorted() {
      let utterances = byLanguage[language]!
      for utterance in utterances { _ = try normalizer.normalize(utterance) }  // warm caches
      var samples: [Double] = []
      for _ in 0..<50 {
        for utterance in utterances {
          samples.append(try time { _ = try normalizer.normalize(utterance) })
        }
      }
      let (median, p99) = summary(samples)
      try emit(
        Result(
          suite: "normalize", name: language, count: samples.count, medianMicroseconds: median,
          p99Microseconds: p99))
    }
  }
}
