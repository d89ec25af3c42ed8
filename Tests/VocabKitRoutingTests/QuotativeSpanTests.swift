import Testing
import VocabKitMatching
import VocabKitSupport

@testable import VocabKitRouting

/// Whether a span holds a quotative is answered from prefix counts, for every span of every
/// slot; seeded random utterances check it against a scan of the span.
@Suite struct QuotativeSpanTests {
  static let words = ["that", "says", "saying", "and", "say", "to", "which", "maria", "hi", "a"]

  /// The slow reference: a quotative starts after the span's first token and ends inside it.
  func scanned(_ tokens: [String], _ span: Range<Int>) -> Bool {
    span.dropFirst().contains { start in
      RoutingLexicon.messageQuotatives.contains { quotative in
        start + quotative.count <= span.upperBound
          && Array(tokens[start..<(start + quotative.count)]) == quotative
      }
    }
  }

  @Test(arguments: 1...4)
  func prefixCountsAgreeWithAScan(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    for _ in 0..<50 {
      let words = (0..<(1 + random.next(14))).map { _ in Self.words[random.next(Self.words.count)] }
      let utterance = try PreparedUtterance(
        words.joined(separator: " "), normalizer: sampleVocabulary.normalizer)
      let context = RoutingContext(
        vocabulary: sampleVocabulary, policy: ResolutionPolicy(), utterance: utterance)
      let keys = utterance.tokens.map(\.latinKey)
      for lower in keys.indices {
        for upper in (lower + 1)...keys.count {
          #expect(
            context.holdsQuotative(lower..<upper) == scanned(keys, lower..<upper),
            "\(keys[lower..<upper])")
        }
      }
    }
  }
}
