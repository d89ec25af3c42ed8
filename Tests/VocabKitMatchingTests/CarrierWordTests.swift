import Testing
import VocabKitNormalization

@testable import VocabKitMatching

/// A word the vocabulary's templates say around a slot is no key of its own inside a longer
/// name: in "start my date item playlist on tempo music" (Whisper's hearing of "start my date
/// night playlist on Tempo Music"), "playlist" and "music" are the template's and the app's.
@Suite struct CarrierWordTests {
  static let names = ["Running Playlist", "Date Night", "Video Game Music", "House Music"]

  func index(carrierWords: Set<String>, names: [String] = names) throws -> MatchIndex {
    try MatchIndex(
      entries: names.enumerated().map {
        MatchEntry(identifier: $1, type: "playlist", phrases: [MatchPhrase($1)], priority: $0)
      }, normalizer: Normalizer.shared, carrierWords: carrierWords)
  }

  @Test func aCarrierWordAloneFindsNoLongerName() throws {
    let plain = try index(carrierWords: [])
    let carried = try index(carrierWords: ["playlist", "music"])
    let heard = "start my date item playlist on tempo music"
    // Every name with a word said ties; the first in priority wins.
    #expect(try plain.matches(in: heard).first?.identifier == "Running Playlist")
    let matches = try carried.matches(in: heard)
    #expect(matches.first?.identifier == "Date Night")
    // What is left at "music" is a guess at a whole name ("House Music" heard in part), not
    // the word "music" of a longer name, which has a partial key's weight.
    #expect(!matches.contains { $0.components.weight < 1 && $0.identifier != "Date Night" })
    #expect(try plain.matches(in: "on tempo music").contains { $0.components.weight < 1 })
    #expect(try carried.matches(in: "on tempo music").allSatisfy { $0.components.weight == 1 })
  }

  @Test func theWholeNameAndAOneWordNameStillMatch() throws {
    let carried = try index(
      carrierWords: ["playlist", "music"], names: Self.names + ["Playlist"])
    #expect(
      try carried.matches(in: "play my running playlist").first?.identifier == "Running Playlist")
    #expect(
      try carried.matches(in: "play video game music").first?.identifier == "Video Game Music")
    // A name that is the carrier word alone is its whole phrase, a key as any other.
    #expect(try carried.matches(in: "playlist").first?.identifier == "Playlist")
    // The other words of a name still find it.
    #expect(try carried.matches(in: "play video game").first?.identifier == "Video Game Music")
  }
}
