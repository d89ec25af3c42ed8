import Testing
import VocabKitNormalization
import VocabKitSupport

@testable import VocabKitMatching

/// A word that many names share (a first name in a directory): the lookups give only the
/// earliest of each spelling, and the name meant is found by its other words.
@Suite struct CrowdedWordTests {
  static let syllables = ["ka", "ro", "mi", "an", "te", "li", "ber", "gar", "ne", "vi", "do", "lo"]

  /// Distinct surnames made of three syllables, none a word of another name.
  func surnames(_ count: Int, seed: UInt64) -> [String] {
    var random = SplitMix64(seed: seed)
    var made: [String] = []
    var seen: Set<String> = []
    while made.count < count {
      let name = (0..<3).map { _ in Self.syllables[random.next(Self.syllables.count)] }.joined()
      if seen.insert(name).inserted { made.append(name) }
    }
    return made
  }

  func index(_ names: [String]) throws -> MatchIndex {
    let entries = names.enumerated().map { number, name in
      MatchEntry(
        identifier: "c\(number)", type: "contact", phrases: [MatchPhrase(name)],
        priority: number)
    }
    return try MatchIndex(entries: entries, normalizer: try Normalizer.shared)
  }

  /// "Which Allene?": the people spelled as said come first, the earliest of them first,
  /// however many earlier people have a word that sounds the same (the surname Allen).
  @Test func aFirstNameAloneGivesTheEarliestPeopleSpelledAsSaid() throws {
    let allens = surnames(150, seed: 1).map { $0.capitalized + " Allen" }
    let allenes = surnames(5, seed: 2).map { "Allene " + $0.capitalized }
    let index = try index(allens + allenes)
    #expect(MatcherTuning.crowdedWordThreshold < allens.count)
    let found = try index.matches(in: "allene", limit: 5)
    #expect(found.map(\.identifier) == (150..<155).map { "c\($0)" })
  }

  /// "Which James?" lists as many people as a router asks the matcher for (12 slot matches,
  /// `RoutingCosts.slotMatchLimit`), the earliest first, though only a few of a crowded
  /// word's phrases are in the exact-key table.
  @Test func aFirstNameAloneOffersAsManyPeopleAsARouterAsksFor() throws {
    let names = surnames(400, seed: 6)
    let index = try index(names.map { "James " + $0.capitalized })
    let found = try index.matches(in: "james", limit: 12)
    #expect(found.map(\.identifier) == (0..<12).map { "c\($0)" })
    #expect(found.allSatisfy { $0.text == "james" })
  }

  /// "call james garonemi" in a directory of 300 Jameses finds the 250th: the surname,
  /// said nearly right, is found on its own and completed, though the first name gave only
  /// the earliest Jameses.
  @Test func aLatePersonOfACrowdedFirstNameIsFoundByTheSurname() throws {
    let names = surnames(300, seed: 3)
    let index = try index(names.map { "James " + $0.capitalized })
    let meant = 250
    #expect(meant >= MatcherTuning.crowdedWordExactKeys)
    var misspelled = names[meant]
    misspelled.append(misspelled.last!)
    let found = try index.matches(in: "call james \(misspelled) now", limit: 3)
    #expect(found.first?.identifier == "c\(meant)", "\(misspelled): \(found.map(\.phrase))")
  }

  /// "call james baronemik", where 200 people are called James and 200 others Garonemi,
  /// finds James Garonemi, entered last, in an index as large ones are (no gram voting):
  /// neither word alone reaches him (the exact lookups give the earliest Jameses, and the
  /// surname, two sounds off, is too far for its own lookups), nor does the whole name, but
  /// the first name said with the words beside it does.
  @Test func aPersonBothOfWhoseNamesAreCrowdedIsFoundByThePair() throws {
    let others = surnames(400, seed: 5).map(\.capitalized)
    let names =
      others[..<200].map { "James " + $0 } + others[200...].map { $0 + " Garonemi" }
      + ["James Garonemi"]
    let entries = names.enumerated().map { number, name in
      MatchEntry(
        identifier: "c\(number)", type: "contact", phrases: [MatchPhrase(name)],
        priority: number)
    }
    let index = try MatchIndex(
      entries: entries, normalizer: try Normalizer.shared, votingPhraseLimit: 0)
    let found = try index.matches(in: "call james baronemik", limit: 3)
    #expect(found.first?.identifier == "c400", "\(found.map(\.phrase))")
  }

  /// The crowded word is not verified once per person: the matches it gives, kept or
  /// explained away, are bounded by the limit, not by the directory.
  @Test func aCrowdedWordGivesBoundedMatches() throws {
    let names = surnames(400, seed: 4)
    let index = try index(names.map { "James " + $0.capitalized })
    let utterance = try PreparedUtterance(
      "call james \(names[10])\(names[10].last!) now", normalizer: try Normalizer.shared)
    let (kept, explainedAway) = index.matchesAndExplainedAway(
      in: utterance, limit: .max, cutoff: 0.5)
    #expect(kept.first?.identifier == "c10")
    let jameses = (kept + explainedAway.map(\.match)).filter { $0.text == "james" }
    #expect(jameses.count <= MatcherTuning.crowdedWordExactKeys, "\(jameses.count) Jameses")
    #expect(MatcherTuning.crowdedWordThreshold < names.count / 4)
  }
}
