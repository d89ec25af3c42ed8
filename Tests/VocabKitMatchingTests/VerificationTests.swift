import Testing
import VocabKitNormalization
import VocabKitTestSupport

@testable import VocabKitMatching

/// Matches explained away by longer ones, with and without a limit.
@Suite struct ExplainedAwayTests {
  /// Seeded random ranked matches: keeping the first `limit` that are not explained away is
  /// the same as filtering them all and taking `limit`.
  @Test func aLimitKeepsThePrefixOfTheFullFilter() {
    var random = SplitMix64(seed: 29)
    for _ in 0..<300 {
      let ranked = (0..<random.next(40)).map { index in
        let start = random.next(20)
        return MatchIndex.Scored(
          key: Int32(index), score: Double(random.next(100)) / 100, phonetic: 0, latin: 0,
          exact: false, shortPenalty: 0, commonWordPenalty: 0, start: start,
          end: start + 1 + random.next(6))
      }.sorted { $0.score > $1.score }
      let all = MatchIndex.withoutExplainedAway(ranked).map(\.key)
      for limit in [0, 1, 2, 5, 100] {
        #expect(
          MatchIndex.withoutExplainedAway(ranked, limit: limit).map(\.key)
            == Array(all.prefix(limit)))
      }
    }
  }
}

/// Verification's shortcut for exact lookups against the alignment table.
@Suite struct ExactAlignmentTests {
  /// Seeded random utterances of one to four words: a key made of a span's own symbols,
  /// aligned in that span alone, scores 1 on exactly that span (what verification assumes
  /// for keys the exact lookup found there, without building the table).
  @Test func aSpanAlignsWithItsOwnSymbolsAlone() throws {
    var random = SplitMix64(seed: 31)
    let syllables = ["ka", "ri", "sho", "ne", "tu", "mba", "el", "ix", "ou", "phy", "st"]
    for _ in 0..<300 {
      let words = (0..<(1 + random.next(4))).map { _ in
        (0..<(1 + random.next(3))).map { _ in syllables[random.next(syllables.count)] }
          .joined()
      }
      let utterance = try PreparedUtterance(
        "call " + words.joined(separator: " ") + " now", normalizer: Normalizer.shared)
      // The span of the words between "call" and "now".
      let first = utterance.tokenOfSymbol.firstIndex(of: 1)!
      let last = utterance.tokenOfSymbol.lastIndex(of: Int32(words.count))! + 1
      let key = utterance.symbols[first..<last]
      let result = try #require(
        Alignment.best(key: key, utterance: utterance, window: first..<last))
      #expect(result.similarity == 1)
      #expect(result.start == first && result.end == last)
      #expect(result.keyWeight == PhoneticKey.weight(key))
    }
  }
}
