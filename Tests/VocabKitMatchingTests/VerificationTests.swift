import Testing
import VocabKitNormalization
import VocabKitSupport

@testable import VocabKitMatching

/// Matches explained away by longer ones, with and without a limit.
@Suite struct ExplainedAwayTests {
  /// Seeded random ranked matches: keeping the first `limit` that are not explained away is
  /// the same as filtering them all and taking `limit`, and filtering them all is the same
  /// as a slow reference.
  @Test func aLimitKeepsThePrefixOfTheFullFilter() {
    var random = SplitMix64(seed: 29)
    for _ in 0..<300 {
      let ranked = (0..<random.next(40)).map { index in
        let start = random.next(20)
        return MatchIndex.Scored(
          key: Int32(index), score: Double(random.next(100)) / 100, phonetic: 0, latin: 0,
          exact: false, shortPenalty: 0, commonWordPenalty: 0, start: start,
          end: start + 1 + random.next(6), namingTokens: random.next(4))
      }.sorted { $0.score > $1.score }
      let all = MatchIndex.withoutExplainedAway(ranked).map(\.key)
      for limit in [0, 1, 2, 5, 100] {
        #expect(
          MatchIndex.withoutExplainedAway(ranked, limit: limit).map(\.key)
            == Array(all.prefix(limit)))
      }
      // The slow reference: the longest spans decided first (every span that strictly
      // contains another is longer), each kept unless a kept one explains it away.
      var kept = Set<Int>()
      let longestFirst = ranked.indices.sorted {
        ranked[$0].end - ranked[$0].start > ranked[$1].end - ranked[$1].start
      }
      for inner in longestFirst
      where !kept.contains(where: { MatchIndex.explainsAway(ranked[$0], ranked[inner]) }) {
        kept.insert(inner)
      }
      #expect(all == ranked.indices.filter(kept.contains).map { ranked[$0].key })
    }
  }
}

/// The explained-away margin for a longer span's naming words, and an entry's preference
/// for its whole phrase, on constructed matches.
@Suite struct ContainmentMarginTests {
  func scored(_ score: Double, _ span: Range<Int>, namingTokens: Int, key: Int32)
    -> MatchIndex.Scored
  {
    MatchIndex.Scored(
      key: key, score: score, phonetic: score, latin: score, exact: false, shortPenalty: 0,
      commonWordPenalty: 0, start: span.lowerBound, end: span.upperBound,
      namingTokens: namingTokens)
  }

  /// An exact match of one word (1.0) inside a longer match: explained away when the longer
  /// one scores at most 0.1 less, plus 0.04 for each more word that is not a common word.
  @Test(arguments: [
    (0.91, 1, true), (0.89, 1, false), (0.87, 2, true), (0.85, 2, false), (0.83, 3, true),
    (0.81, 3, false),
  ])
  func eachNamingWordMoreWidensTheMargin(outerScore: Double, naming: Int, explained: Bool) {
    let inner = scored(1, 5..<10, namingTokens: 1, key: 0)
    let outer = scored(outerScore, 0..<10, namingTokens: naming, key: 1)
    let kept = MatchIndex.withoutExplainedAway([inner, outer]).map(\.key)
    #expect(kept == (explained ? [1] : [0, 1]), "\(outerScore) with \(naming) naming words")
  }

  /// A match explained away does not explain others away in turn: a weak match over "play a
  /// wlishout" (0.54) drops one over "a wlishout" (0.59), but not a better one over
  /// "wlishout" (0.68) that only the dropped one could explain away.
  @Test func explainingAwayDoesNotChain() {
    let inner = scored(0.68, 18..<24, namingTokens: 1, key: 0)
    let middle = scored(0.59, 17..<24, namingTokens: 1, key: 1)
    let outer = scored(0.54, 13..<24, namingTokens: 1, key: 2)
    #expect(MatchIndex.explainsAway(middle, inner))
    #expect(MatchIndex.explainsAway(outer, middle))
    #expect(!MatchIndex.explainsAway(outer, inner))
    #expect(MatchIndex.withoutExplainedAway([inner, middle, outer]).map(\.key) == [0, 2])
  }

  /// A whole phrase around its word is the entry's match up to 0.04 below it, but never when
  /// that would take the entry below the cutoff.
  @Test func aWholePhraseIsPreferredWithinItsMarginAboveTheCutoff() {
    let word = scored(0.85, 5..<10, namingTokens: 1, key: 0)
    let phrase = scored(0.82, 0..<10, namingTokens: 2, key: 1)
    #expect(MatchIndex.isPreferred(phrase, over: word, cutoff: 0.5))
    #expect(!MatchIndex.isPreferred(word, over: phrase, cutoff: 0.5))
    let weakPhrase = scored(0.80, 0..<10, namingTokens: 2, key: 1)
    #expect(!MatchIndex.isPreferred(weakPhrase, over: word, cutoff: 0.5))
    #expect(MatchIndex.isPreferred(word, over: weakPhrase, cutoff: 0.5))
    // At the cutoff: 0.52 stays rather than 0.49 (which would drop the entry), unless both
    // are below it.
    let low = scored(0.52, 5..<10, namingTokens: 1, key: 0)
    let lowPhrase = scored(0.49, 0..<10, namingTokens: 2, key: 1)
    #expect(!MatchIndex.isPreferred(lowPhrase, over: low, cutoff: 0.5))
    #expect(MatchIndex.isPreferred(lowPhrase, over: low, cutoff: 0.4))
    #expect(
      MatchIndex.isPreferred(
        lowPhrase, over: scored(0.45, 5..<10, namingTokens: 1, key: 0), cutoff: 0.5))
  }
}

/// Matches explained away, reported beside the kept ones for callers that look at part of an
/// utterance.
@Suite struct ExplainedAwayReportTests {
  @Test func aNameInsideALongerOneIsReportedWithItsExplainer() throws {
    let index = try MatchIndex(
      entries: [
        MatchEntry(identifier: "reading", type: "list", phrases: [MatchPhrase("Reading")]),
        MatchEntry(
          identifier: "reading-list", type: "list", phrases: [MatchPhrase("Reading List")]),
      ], normalizer: Normalizer.shared)
    let utterance = try PreparedUtterance(
      "put eggs on my reading list", normalizer: Normalizer.shared)
    let found = index.matchesAndExplainedAway(in: utterance, limit: 10, cutoff: 0.5)
    // The same kept matches as the public query.
    #expect(found.matches == index.matches(in: utterance))
    #expect(found.matches.map(\.identifier) == ["reading-list"])
    let hidden = try #require(found.explainedAway.first)
    #expect(found.explainedAway.count == 1)
    #expect(hidden.match.identifier == "reading" && hidden.match.tokenRange == 4..<5)
    #expect(hidden.explainers.map(\.tokenRange) == [4..<6])
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
