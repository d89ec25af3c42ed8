import Testing
import VocabKitMatching
import VocabKitNormalization

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

  /// With no other words around it, nothing tells the entries apart but their priority.
  @Test func aWordAloneKeepsThePriorityOrder() throws {
    let matches = try Self.index.matches(in: "allen")
    #expect(matches.map(\.identifier).first == "James Allen")
  }
}
