import Foundation
import VocabKitMatching
import VocabKitNormalization
import VocabKitRouting
import VocabKitVocabulary

/// One bound slot a corpus expects: the utterance, the entry meant, and the vocabulary that
/// serves the slot. Matcher-level accuracy asks whether the matcher alone, without intent
/// templates, ranks that entry first.
public struct SlotMatchCase: Sendable, Hashable {
  public var id: String
  public var text: String
  /// The expected vocabulary identifier.
  public var expected: String
  public var parameter: ParameterName
  /// The apps whose vocabulary serves the parameter: the expected app, or, when the corpus
  /// names none, every app that binds the parameter.
  public var apps: [String]
}

/// Matcher-level accuracy over the bound slots of a corpus, beside the simplest baseline.
public struct SlotMatchReport: Sendable, Hashable, Codable {
  /// Bound slots with an expected identifier.
  public var cases: Int
  /// Share whose top match (at or above the resolution cutoff) is the expected entry.
  public var topOne: Double
  /// Share with no match at or above the cutoff.
  public var noMatch: Double
  /// Share whose best match at any score is the expected entry: the matcher forced to
  /// answer, as `process.extractOne` always does.
  public var forcedTopOne: Double
  /// The baseline: share where the expected entry's phrase occurs word for word (after
  /// normalization) in the utterance.
  public var exactPhrase: Double
  /// Median microseconds per case (preparing the utterance and querying every shard).
  public var medianMicroseconds: Double
  /// The cases whose top match was not the expected entry: `id: 'text': expected X, got Y`.
  public var misses: [String]
}

/// Extracts and scores ``SlotMatchCase``s.
public enum SlotMatching {
  /// The bound slots of `corpus` whose expected value is one identifier.
  ///
  /// - Complexity: O(*n*) in the number of expected slots.
  public static func cases(in corpus: Corpus, vocabulary: CompiledVocabulary) -> [SlotMatchCase] {
    var result: [SlotMatchCase] = []
    for line in corpus.lines {
      guard let intent = line.intent else { continue }
      for (slot, expected) in line.slots.sorted(by: { $0.key < $1.key }) {
        guard case .value(let identifier) = expected else { continue }
        let parameter = ParameterName(intent: intent, parameter: slot)
        let candidates =
          line.app.map { [$0] } ?? vocabulary.registry.apps.map(\.bundleIdentifier)
        let apps = candidates.filter { vocabulary.isBound(app: $0, parameter: parameter) }
        guard !apps.isEmpty else { continue }  // A free-text slot.
        let known = apps.contains { app in
          vocabulary.shards(app: app, parameter: parameter).contains { index in
            index.entries.contains { $0.identifier == identifier }
          }
        }
        guard known else { continue }  // Expected text of a free-text slot, not an entry.
        result.append(
          SlotMatchCase(
            id: line.id, text: line.text, expected: identifier, parameter: parameter, apps: apps))
      }
    }
    return result
  }

  /// The ranked matches for one case over every shard that serves it, best first.
  public static func matches(
    for slotCase: SlotMatchCase, in vocabulary: CompiledVocabulary, cutoff: Double
  ) throws(ICUError) -> [Match] {
    let utterance = try PreparedUtterance(slotCase.text, normalizer: vocabulary.normalizer)
    var all: [Match] = []
    for app in slotCase.apps {
      for index in vocabulary.shards(app: app, parameter: slotCase.parameter) {
        all += index.matches(in: utterance, limit: 5, cutoff: cutoff)
      }
    }
    return all.sorted(by: Match.isRankedBefore)
  }

  /// Scores every case with the matcher and the exact-phrase baseline.
  ///
  /// - Complexity: O(*c*) queries for *c* cases.
  public static func evaluate(
    _ cases: [SlotMatchCase], in vocabulary: CompiledVocabulary,
    policy: ResolutionPolicy = ResolutionPolicy()
  ) throws(ICUError) -> SlotMatchReport {
    var right = 0
    var none = 0
    var exact = 0
    var times: [Double] = []
    var misses: [String] = []
    var forced = 0
    let clock = ContinuousClock()
    for slotCase in cases {
      let start = clock.now
      let all = try matches(for: slotCase, in: vocabulary, cutoff: 0)
      let elapsed = (clock.now - start).components
      times.append(Double(elapsed.seconds) * 1e6 + Double(elapsed.attoseconds) / 1e12)
      if all.first?.identifier == slotCase.expected { forced += 1 }
      let ranked = all.filter { $0.score >= policy.cutoff }
      if ranked.first?.identifier == slotCase.expected {
        right += 1
      } else {
        let got = ranked.first.map {
          "'\($0.identifier)' at '\($0.text)' \(($0.score * 100).rounded() / 100)"
        }
        misses.append(
          "\(slotCase.id): '\(slotCase.text)': expected '\(slotCase.expected)', got \(got ?? "no match")"
        )
      }
      if ranked.isEmpty { none += 1 }
      if try phraseOccurs(slotCase, in: vocabulary) { exact += 1 }
    }
    times.sort()
    let count = Double(max(cases.count, 1))
    return SlotMatchReport(
      cases: cases.count, topOne: Double(right) / count, noMatch: Double(none) / count,
      forcedTopOne: Double(forced) / count,
      exactPhrase: Double(exact) / count,
      medianMicroseconds: times.isEmpty ? 0 : times[times.count / 2], misses: misses)
  }

  /// Whether a phrase of the expected entry occurs word for word in the utterance.
  static func phraseOccurs(_ slotCase: SlotMatchCase, in vocabulary: CompiledVocabulary)
    throws(ICUError) -> Bool
  {
    let words = try vocabulary.normalizer.normalize(slotCase.text).map(\.latinKey)
    for app in slotCase.apps {
      for index in vocabulary.shards(app: app, parameter: slotCase.parameter) {
        for entry in index.entries where entry.identifier == slotCase.expected {
          for phrase in entry.phrases {
            let needle = try vocabulary.normalizer.normalize(phrase.text).map(\.latinKey)
            guard !needle.isEmpty, needle.count <= words.count else { continue }
            for start in 0...(words.count - needle.count)
            where Array(words[start..<(start + needle.count)]) == needle {
              return true
            }
          }
        }
      }
    }
    return false
  }

  /// One JSON object per case for `Benchmarks/peers_corpus.py`: the text, the expected
  /// identifier, every choice (identifier and phrase) of the shards that serve it, and the
  /// matcher's own choice forced to answer (`vocabkit_id`, null when it found nothing).
  public static func exportLine(_ slotCase: SlotMatchCase, vocabulary: CompiledVocabulary)
    throws -> String
  {
    let forced = try matches(for: slotCase, in: vocabulary, cutoff: 0).first?.identifier
    var choices: [[String]] = []
    for app in slotCase.apps {
      for index in vocabulary.shards(app: app, parameter: slotCase.parameter) {
        for entry in index.entries {
          for phrase in entry.phrases { choices.append([entry.identifier, phrase.text]) }
        }
      }
    }
    let object: [String: Any] = [
      "id": slotCase.id, "text": slotCase.text, "expect_id": slotCase.expected,
      "choices": choices, "vocabkit_id": forced.map { $0 as Any } ?? NSNull(),
    ]
    let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    return String(decoding: data, as: UTF8.self)
  }
}
