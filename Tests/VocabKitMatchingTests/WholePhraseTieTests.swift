import Testing
import VocabKitNormalization

@testable import VocabKitMatching

/// Entries that match one word equally are ranked by how well their whole phrase fits the
/// words around it: a recognizer that writes "nani allen" for Danny Allen got "allen" right
/// and "danny" nearly.
@Suite struct WholePhraseTieTests {
  static let index = try! MatchIndex(
    entries: ["James Allen", "Ruth Allen", "Danny Allen", "Rickey Allen"].enumerated().map {
      MatchEntry(
        identifier: $1, type: "contact", phrases: [MatchPhrase($1)], priority: $0)
    }, normalizer: Normalizer.shared)

  @Test func theWholePhraseBreaksATieOnOneWord() throws {
    let matches = try Self.index.matches(in: "i want to talk to nani allen")
    #expect(matches.count >= 2)
    #expect(matches.first?.identifier == "Danny Allen")
    // The tie is on the score: the whole phrase only orders matches of equal score.
    #expect(matches.first?.score == matches.dropFirst().first?.score)
    #expect(
      (matches.first?.components.wholePhraseScore ?? 0)
        > (matches.dropFirst().first?.components.wholePhraseScore ?? 0))
    #expect(matches.sorted(by: Match.isRankedBefore).map(\.identifier) == matches.map(\.identifier))
  }

  /// Common words that sound like the rest of a name are that name misheard ("mary also"
  /// for Mary Olson, "that rock" for Dad Rock); common words beside a name that do not
  /// ("alex on") leave the tie to the priority order.
  @Test(arguments: [
    (["Mary Rosenberg", "Mary Olson"], "tell mary also i left my key at home", "Mary Olson"),
    (["Classic Rock", "Dad Rock"], "add this onto that rock", "Dad Rock"),
    (["Alex Kim", "Alex Chen"], "call alex on chatter", "Alex Kim"),
  ])
  func commonWordsCountWhenTheySoundLikeTheName(
    names: [String], text: String, expected: String
  ) throws {
    let index = try MatchIndex(
      entries: names.enumerated().map {
        MatchEntry(identifier: $1, type: "contact", phrases: [MatchPhrase($1)], priority: $0)
      }, normalizer: Normalizer.shared)
    let matches = try index.matches(in: text)
    #expect(matches.count == 2)
    #expect(matches.first?.identifier == expected)
    #expect(matches.first?.score == matches.last?.score)
  }

  /// With no other words around it, nothing tells the entries apart but their priority.
  @Test func aWordAloneKeepsThePriorityOrder() throws {
    let matches = try Self.index.matches(in: "allen")
    #expect(matches.map(\.identifier).first == "James Allen")
  }
}

/// Resolution of matches tied on one word: a whole phrase that fits clearly best is offered
/// for confirmation; otherwise the tie is a question.
@Suite struct WholePhraseResolutionTests {
  func match(_ identifier: String, score: Double, whole: Double) -> Match {
    Match(
      identifier: identifier, type: "contact", owner: "app", priority: 0, tokenRange: 0..<1,
      scalarRange: 0..<5, text: "allen", phrase: identifier, score: score,
      components: ScoreComponents(
        phonetic: 1, latin: 1, exact: true, coverage: 0.5, weight: 0.85, shortPenalty: 0,
        viaPronunciation: false, wholePhraseScore: whole))
  }

  @Test func aClearlyBetterWholePhraseIsConfirmed() {
    let policy = ResolutionPolicy()
    let tied = [
      match("Danny Allen", score: 0.85, whole: 0.78),
      match("James Allen", score: 0.85, whole: 0.62),
    ]
    #expect(policy.resolve(tied) == .confirmationRequired(tied[0]))
  }

  @Test(arguments: [(0.78, 0.76), (0.55, 0.0), (0.0, 0.0)])
  func otherwiseATieIsAQuestion(first: Double, second: Double) {
    let tied = [
      match("Danny Allen", score: 0.85, whole: first),
      match("James Allen", score: 0.85, whole: second),
    ]
    #expect(ResolutionPolicy().resolve(tied).outcome == .disambiguation)
  }
}
