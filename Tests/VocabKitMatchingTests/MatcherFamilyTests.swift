import Testing
import VocabKitMatching
import VocabKitNormalization

@Suite struct MatcherFamilyTests {
  static let entries: [MatchEntry] = [
    MatchEntry(identifier: "inbox", type: "list", phrases: [MatchPhrase("Inbox")], priority: 0),
    MatchEntry(
      identifier: "ytm", type: "app", phrases: [MatchPhrase("YouTube Music")], priority: 1),
    MatchEntry(
      identifier: "focus", type: "playlist", phrases: [MatchPhrase("Deep Focus")], priority: 2),
    MatchEntry(
      identifier: "route66", type: "playlist", phrases: [MatchPhrase("Route 66")], priority: 3),
    MatchEntry(
      identifier: "kim", type: "contact", phrases: [MatchPhrase("Alex Kim")], priority: 4),
    MatchEntry(
      identifier: "morgan", type: "contact", phrases: [MatchPhrase("Alex Morgan")], priority: 5),
    MatchEntry(
      identifier: "iqiyi", type: "app", phrases: [MatchPhrase("爱奇艺", pronunciation: "ai4 qi2 yi4")],
      priority: 6),
    MatchEntry(
      identifier: "rahul", type: "contact", phrases: [MatchPhrase("राहुल शर्मा")], priority: 7),
    MatchEntry(
      identifier: "sean", type: "contact",
      phrases: [MatchPhrase("Sean O'Brien", pronunciation: "shawn oh brien")], priority: 8),
    MatchEntry(
      identifier: "aleksandr", type: "contact", phrases: [MatchPhrase("Александр")], priority: 9),
  ]
  static let index = try! MatchIndex(entries: entries, normalizer: Normalizer.shared)

  @Test(arguments: [
    ("add milk to my INBOX, please", "inbox"),
    ("add milk to my in box", "inbox"),
    ("open you tube music", "ytm"),
    ("play deepfocus", "focus"),
    ("play route sixty six", "route66"),
    ("play route 66", "route66"),
    ("call kim", "kim"),
    ("open ai qi yi", "iqiyi"),
    ("call rahul sharma", "rahul"),
    ("call shawn o'brien", "sean"),
    ("call alexander", "aleksandr"),
    ("call Александр", "aleksandr"),
  ])
  func findsTheMeantEntry(utterance: String, identifier: String) throws {
    let matches = try Self.index.matches(in: utterance, cutoff: 0.6)
    #expect(matches.first?.identifier == identifier, "\(matches.map { ($0.identifier, $0.score) })")
  }

  @Test func partialNameFindsEveryAlexWithinTheMargin() throws {
    let matches = try Self.index.matches(in: "call alex", types: ["contact"], cutoff: 0.6)
    let resolution = ResolutionPolicy().resolve(matches)
    #expect(resolution.outcome == .disambiguation)
    #expect(Set(resolution.matches.map(\.identifier)) == ["kim", "morgan"])
  }

  /// A word of a longer name covers its share of the name's sound weight; the whole name
  /// covers all of it, and the two words' shares add up to the whole.
  @Test func coverageIsTheWordsShareOfTheName() throws {
    func coverage(_ text: String) throws -> Double {
      let match = try #require(
        try Self.index.matches(in: text, types: ["contact"], limit: 1).first)
      #expect(match.identifier == "kim")
      return match.components.coverage
    }
    let whole = try coverage("call alex kim please")
    #expect(whole == 1)
    let kim = try coverage("call kim")
    #expect(kim > 0 && kim < 1)
    let alexOnly = try #require(
      try Self.index.matches(in: "call alex", types: ["contact"]).first { $0.identifier == "kim" })
    #expect(abs(alexOnly.components.coverage + kim - 1) < 1e-6)
  }

  @Test func spansPointAtTheOriginalWords() throws {
    let match = try #require(try Self.index.matches(in: "add milk to my In Box now").first)
    #expect(match.identifier == "inbox")
    #expect(match.text == "In Box")
    #expect(match.scalarRange == 15..<21)
    #expect(match.score > 0.9)
  }

  @Test(arguments: ["what time is it", "turn on the lights", "", "!!! ???", "😀😀😀"])
  func noMatchIsHonest(utterance: String) throws {
    #expect(try Self.index.matches(in: utterance, cutoff: 0.6).isEmpty)
  }

  @Test func scoresStayInRangeAndBelowCutoffIsAbsent() throws {
    for cutoff in [0.3, 0.6, 0.9] {
      for match in try Self.index.matches(in: "add milk to my index list", cutoff: cutoff) {
        #expect(match.score >= cutoff && match.score <= 1)
      }
    }
  }

  @Test func earlierEntryWinsATie() throws {
    let tied = try MatchIndex(
      entries: [
        MatchEntry(identifier: "first", type: "t", phrases: [MatchPhrase("Alex One")], priority: 0),
        MatchEntry(
          identifier: "second", type: "t", phrases: [MatchPhrase("Alex Two")], priority: 1),
      ], normalizer: Normalizer.shared)
    let matches = try tied.matches(in: "alex")
    #expect(matches.map(\.identifier) == ["first", "second"])
  }

  @Test func carrierWordsAreNotMistakenForEntries() throws {
    let index = try MatchIndex(
      entries: [
        MatchEntry(identifier: "lista", type: "list", phrases: [MatchPhrase("Lista")], priority: 0),
        MatchEntry(identifier: "teda", type: "list", phrases: [MatchPhrase("Teda")], priority: 1),
        MatchEntry(
          identifier: "staivus", type: "list", phrases: [MatchPhrase("Staivus")], priority: 2),
      ], normalizer: Normalizer.shared)
    // The name, misspelled, beats common words that merely resemble other entries.
    let matches = try index.matches(in: "add taivhus to my list today", cutoff: 0.5)
    #expect(matches.first?.identifier == "staivus", "\(matches.map { ($0.identifier, $0.score) })")
    let list = try #require(matches.first { $0.identifier == "lista" })
    #expect(list.components.commonWordPenalty == MatcherTuning.inexactCommonWordPenalty)
    #expect(list.score < matches[0].score)
  }

  /// Common words spelled as the entry is ("to do" for To-Do) cost less than common words
  /// spelled otherwise ("please" for Plise); a common word that is exactly the entry's one
  /// word costs nothing (`anEntryNamedLikeACommonWordStillMatchesExactly`).
  @Test func commonWordsCostMoreWhenSpelledOtherwise() throws {
    let index = try Self.index(["todo": "To-Do", "plise": "Plise"])
    let todo = try #require(
      try index.matches(in: "delete my to do list", cutoff: 0).first { $0.identifier == "todo" })
    #expect(todo.components.exact)
    #expect(todo.components.commonWordPenalty == MatcherTuning.commonWordPenalty)
    let plise = try #require(
      try index.matches(in: "please", cutoff: 0).first { $0.identifier == "plise" })
    #expect(!plise.components.exact)
    #expect(plise.components.commonWordPenalty == MatcherTuning.inexactCommonWordPenalty)
    #expect(MatcherTuning.inexactCommonWordPenalty > MatcherTuning.commonWordPenalty)
  }

  /// An index of one-phrase entries, by identifier (the first the earliest).
  static func index(_ names: KeyValuePairs<String, String>) throws -> MatchIndex {
    try MatchIndex(
      entries: names.enumerated().map { priority, name in
        MatchEntry(
          identifier: name.key, type: "name", phrases: [MatchPhrase(name.value)],
          priority: priority)
      }, normalizer: Normalizer.shared)
  }

  /// A long title said with errors in two of its words, next to an entry that sounds like
  /// the one word said right: the words around it make the title the better match (phrase
  /// completion), and its span covers all three words.
  @Test func aLongTitleWithTwoWrongWordsBeatsAnEntryLikeItsRightOne() throws {
    let index = try Self.index(["title": "Vonureet Habostul Stibreem", "other": "Stoubreem"])
    let matches = try index.matches(in: "play vonuneet fabostul stibreem please", cutoff: 0.5)
    let first = try #require(matches.first)
    #expect(first.identifier == "title", "\(matches.map { ($0.identifier, $0.score) })")
    #expect(first.text == "vonuneet fabostul stibreem")
  }

  /// A three-word name with its first word misrecognized scores just below one of its other
  /// words said right (0.85, a word's weight), but spans the whole name: it is the entry's
  /// match, and it explains away an entry sounding like its last word. Taking the entry's
  /// higher score instead would answer Woovar.
  @Test func aWholeNameJustBelowItsOwnWordIsTheEntrysMatch() throws {
    let index = try Self.index(["whole": "Shatroo Veesoutha Woofar", "other": "Woovar"])
    let matches = try index.matches(in: "call shargo veesoutha woofar on spotify", cutoff: 0.5)
    let first = try #require(matches.first)
    #expect(first.identifier == "whole", "\(matches.map { ($0.identifier, $0.score) })")
    #expect(first.text == "shargo veesoutha woofar")
    #expect(first.score < Double(MatcherTuning.partialWeight) && first.components.coverage == 1)
    #expect(!matches.contains { $0.identifier == "other" })
  }

  /// A name of two words said with a suffix explains away an entry named like its first
  /// word, said exactly: each more word that matches is more evidence (see
  /// `ContainmentMarginTests` for the margins).
  @Test func aLongerNameExplainsAwayAnExactEntryInsideIt() throws {
    let index = try Self.index(["bob": "Bob", "bob-smith": "Bob Smith"])
    let matches = try index.matches(in: "i want to reply to bob smith's email", cutoff: 0.5)
    let first = try #require(matches.first)
    #expect(first.identifier == "bob-smith", "\(matches.map { ($0.identifier, $0.score) })")
    #expect(first.score < 1 - MatcherTuning.containmentMargin)
    #expect(!matches.contains { $0.identifier == "bob" })
  }

  /// A lookup may first find a whole name at one of its words ("jang", with a vowel put
  /// back, is a deletion variant of "zhang wei"); phrase completion then aligns the whole
  /// name again over the words around it, so the match spans the whole name.
  @Test func aWholeNameFoundAtOneWordIsAlignedOverAllOfIt() throws {
    let index = try MatchIndex(
      entries: [
        MatchEntry(identifier: "zhang", type: "contact", phrases: [MatchPhrase("张伟")], priority: 0)
      ], normalizer: Normalizer.shared)
    let match = try #require(try index.matches(in: "call jang way").first)
    #expect(match.identifier == "zhang")
    #expect(match.text == "jang way", "\(match.text) \(match.score)")
    #expect(match.components.coverage == 1)
  }

  @Test func anEntryNamedLikeACommonWordStillMatchesExactly() throws {
    let index = try MatchIndex(
      entries: [
        MatchEntry(identifier: "today", type: "list", phrases: [MatchPhrase("Today")], priority: 0)
      ], normalizer: Normalizer.shared)
    let match = try #require(try index.matches(in: "add milk to today").first)
    #expect(match.identifier == "today")
    #expect(match.score == 1)
    #expect(match.components.commonWordPenalty == 0)
  }

  @Test func aVeryLongUtteranceIsMatchedWithoutOverflow() throws {
    // More than 32,767 sound symbols: diagonals must not overflow 16 bits.
    let text = String(repeating: "please add milk to my in box now ", count: 3_000) + "inbox"
    let matches = try Self.index.matches(in: text, cutoff: 0.6)
    #expect(matches.first?.identifier == "inbox")
  }
}
