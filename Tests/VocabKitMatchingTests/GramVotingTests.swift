import Testing
import VocabKitNormalization
import VocabKitSupport

@testable import VocabKitMatching

/// Gram voting, the fallback that finds names said across wrong word boundaries, and indexes
/// built without it (vocabularies of more than `MatcherTuning.maximumVotingPhrases` phrases).
@Suite struct GramVotingTests {
  static let names = [
    "Deep Focus", "Inbox", "Alex Kim", "Alexandra Smith", "Workout Mix", "Groceries", "Mom",
    "Bartholomew Fitzgerald", "Quarterly Planning", "Shaun Murphy", "Route Sixty Six",
  ]

  static func index(votingPhraseLimit: Int) throws -> MatchIndex {
    let entries = names.enumerated().map { offset, name in
      MatchEntry(
        identifier: "e\(offset)", type: "list", phrases: [MatchPhrase(name)], priority: offset,
        owner: "app")
    }
    return try MatchIndex(
      entries: entries, normalizer: try Normalizer.shared, votingPhraseLimit: votingPhraseLimit)
  }

  /// Utterances only gram voting resolves: no skeleton lookup sees a span close enough.
  static let votingOnly = [
    ("call bartle mew fitch gerald", "Bartholomew Fitzgerald"),
    ("open quartly plan", "Quarterly Planning"),
  ]

  /// Utterances the exact and skeleton lookups resolve by themselves ("deepfocused" on the
  /// second chance: one word less two elements).
  static let lookups = [
    ("play deep fogus", "Deep Focus"), ("add to in bocks", "Inbox"),
    ("play deepfocused", "Deep Focus"),
    ("call bartolomeo fitzgerold", "Bartholomew Fitzgerald"), ("call sean murfy", "Shaun Murphy"),
    ("play worked mix", "Workout Mix"), ("open grocery", "Groceries"),
  ]

  @Test func votingFindsNamesSaidAcrossWrongWordBoundaries() throws {
    let index = try Self.index(votingPhraseLimit: MatcherTuning.maximumVotingPhrases)
    for (text, name) in Self.votingOnly + Self.lookups {
      #expect(try index.matches(in: text, limit: 1).first?.phrase == name, "\(text)")
    }
  }

  /// The documented cost of a large vocabulary: without voting the lookups still answer, the
  /// voting-only utterances find nothing (rather than something wrong), and the index is
  /// smaller.
  @Test func anIndexWithoutVotingKeepsItsLookups() throws {
    let voting = try Self.index(votingPhraseLimit: MatcherTuning.maximumVotingPhrases)
    let index = try Self.index(votingPhraseLimit: 0)
    for (text, name) in Self.lookups {
      #expect(try index.matches(in: text, limit: 1).first?.phrase == name, "\(text)")
    }
    for (text, _) in Self.votingOnly {
      let found = try index.matches(in: text, limit: 1).map(\.phrase)
      #expect(found.isEmpty, "\(text): \(found)")
    }
    #expect(index.tables.postings.isEmpty && index.tables.keyGramCount.isEmpty)
    #expect(index.approximateIndexBytes < voting.approximateIndexBytes)
  }

  /// Both kinds of index read back from their bytes (as from a compiled cache) and answer as
  /// before.
  @Test(arguments: [0, MatcherTuning.maximumVotingPhrases])
  func indexesRoundTripThroughTheirBytes(votingPhraseLimit: Int) throws {
    let index = try Self.index(votingPhraseLimit: votingPhraseLimit)
    var writer = BinaryWriter()
    index.write(to: &writer)
    var reader = BinaryReader(writer.bytes)
    let read = try MatchIndex(
      reading: &reader, entries: index.entries, normalizer: try Normalizer.shared)
    #expect(reader.isAtEnd)
    for (text, _) in Self.votingOnly + Self.lookups {
      let before = try index.matches(in: text).map { "\($0.identifier) \($0.score)" }
      #expect(try read.matches(in: text).map { "\($0.identifier) \($0.score)" } == before)
    }
    // Entries that are not the ones the index was compiled from are refused.
    var again = BinaryReader(writer.bytes)
    #expect(throws: BinaryReaderError.self) {
      try MatchIndex(
        reading: &again, entries: Array(index.entries.dropLast()),
        normalizer: try Normalizer.shared)
    }
  }
}
