import Testing
import VocabKitMatching
import VocabKitVocabulary

@testable import VocabKitRouting

/// The carrier words of each shard come from the templates that may fill it and the app's
/// names, and an updated list keeps them.
@Suite struct CarrierWordShardTests {
  @Test func aShardsCarrierWordsAreItsTemplatesWordsAndTheAppsNames() throws {
    let vocabulary = sampleVocabulary
    let carriers = try CompiledVocabulary.carrierWords(
      of: vocabulary.templates, registry: vocabulary.registry, normalizer: vocabulary.normalizer)
    let playlists = try #require(
      carriers[CompiledVocabulary.ShardKey(app: "com.example.melody", source: "mediaPlaylistTitle")]
    )
    // "play my ${mediaSearch} playlist", "add this to my ${mediaDestination} playlist".
    #expect(playlists.isSuperset(of: ["play", "playlist", "melody"]))
    // Words only another app's templates say are not this shard's.
    let everyMelodyWord = carriers.filter { $0.key.app == "com.example.melody" }.values
      .reduce(into: Set<String>()) { $0.formUnion($1) }
    let everyWord = carriers.values.reduce(into: Set<String>()) { $0.formUnion($1) }
    let othersOnly = everyWord.subtracting(everyMelodyWord)
    #expect(!othersOnly.isEmpty)
    #expect(playlists.isDisjoint(with: othersOnly))
  }

  @Test func anUpdatedListKeepsItsCarrierWords() throws {
    let updated = try sampleVocabulary.updating(
      app: "com.example.melody", type: .mediaPlaylistTitle,
      items: [
        VocabularyItem(
          identifier: "playlist.morning", phrases: [VocabularyPhrase(text: "Morning Playlist")])
      ])
    let shard = try #require(
      updated.shards[
        CompiledVocabulary.ShardKey(app: "com.example.melody", source: "mediaPlaylistTitle")])
    // Only a guess at the whole name over all three words, not the word "playlist" alone.
    #expect(try shard.matches(in: "play my playlist").allSatisfy { $0.text != "playlist" })
    #expect(
      try shard.matches(in: "play my morning playlist").first?.identifier == "playlist.morning")
  }
}
