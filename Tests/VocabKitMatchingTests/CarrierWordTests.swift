import Testing
import VocabKitNormalization
import VocabKitSupport

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

  /// A span of only carrier words is a weak witness, as a span of common words is: "email"
  /// in "send an email to …" loses the deduction for a person Ismail it merely resembles.
  @Test func aSpanOfCarrierWordsIsAWeakWitness() throws {
    func index(_ carrierWords: Set<String>) throws -> MatchIndex {
      try MatchIndex(
        entries: [
          MatchEntry(identifier: "ismail", type: "person", phrases: [MatchPhrase("Ismail")])
        ],
        normalizer: Normalizer.shared, carrierWords: carrierWords)
    }
    let text = "send an email to jane"
    let plain = try #require(try index([]).matches(in: text, cutoff: 0).first)
    let carried = try #require(try index(["email", "send"]).matches(in: text, cutoff: 0).first)
    #expect(plain.text == "email" && carried.text == "email")
    #expect(plain.components.commonWordPenalty == 0)
    #expect(carried.components.commonWordPenalty == MatcherTuning.inexactCommonWordPenalty)
    #expect(abs(plain.score - carried.score - MatcherTuning.inexactCommonWordPenalty) < 1e-9)
    // Said exactly, a one-word name is not a weak witness, carrier word or not.
    let exact = try #require(try index(["ismail"]).matches(in: "call ismail").first)
    #expect(exact.components.commonWordPenalty == 0)
  }

  /// A name of several words that are all carrier words is still found when said exactly,
  /// with the deduction of a name of common words said as it is spelled ("To Do").
  @Test func aNameOfCarrierWordsSaidExactlyIsFoundWithTheCommonWordDeduction() throws {
    let index = try MatchIndex(
      entries: [
        MatchEntry(
          identifier: "music-playlist", type: "playlist", phrases: [MatchPhrase("Music Playlist")])
      ], normalizer: Normalizer.shared, carrierWords: ["music", "playlist"])
    let match = try #require(try index.matches(in: "play music playlist").first)
    #expect(match.identifier == "music-playlist" && match.components.exact)
    #expect(match.components.commonWordPenalty == MatcherTuning.commonWordPenalty)
  }

  /// A cached index keeps its carrier words.
  @Test func theCarrierWordsAreCached() throws {
    let compiled = try index(carrierWords: ["playlist", "music"])
    var writer = BinaryWriter()
    compiled.write(to: &writer)
    var reader = BinaryReader(writer.bytes)
    let read = try MatchIndex(
      reading: &reader, entries: compiled.entries, normalizer: Normalizer.shared)
    #expect(read.tables.carrierWords == ["music", "playlist"])
    let heard = "start my date item playlist on tempo music"
    #expect(
      try read.matches(in: heard).map(\.identifier) == compiled.matches(in: heard).map(\.identifier)
    )
  }

  /// For the matcher alone, a name's last word that is a carrier word, said once, is the
  /// sentence's when the index also has the name without it: "remove eggs from my shopping
  /// list" is Shopping when both Shopping and Shopping List are lists; "… my shopping list
  /// list" is Shopping List.
  @Test func aCarrierWordEndingANameSaidOnceIsTheSentences() throws {
    let both = try index(carrierWords: ["list"], names: ["Shopping", "Shopping List", "Reading"])
    #expect(
      try both.matches(in: "remove eggs from my shopping list").first?.identifier == "Shopping")
    #expect(
      try both.matches(in: "add eggs to my shopping list list").first?.identifier
        == "Shopping List")
    // Without the shorter name, or without carrier words, the whole name is the match.
    let alone = try index(carrierWords: ["list"], names: ["Shopping List", "Reading"])
    #expect(
      try alone.matches(in: "remove eggs from my shopping list").first?.identifier
        == "Shopping List")
    let plain = try index(carrierWords: [], names: ["Shopping", "Shopping List", "Reading"])
    #expect(
      try plain.matches(in: "remove eggs from my shopping list").first?.identifier
        == "Shopping List")
  }
}
