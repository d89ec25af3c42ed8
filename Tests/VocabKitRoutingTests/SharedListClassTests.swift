import Testing
import VocabKitMatching
import VocabKitVocabulary

@testable import VocabKitRouting

/// A list that several intents share (Snips' artists, SLURP's people) is one slot class to
/// the intent model: the class an utterance's name is spotted as is the class every intent
/// taking the list learned, not only the intent named first.
@Suite struct SharedListClassTests {
  static let vocabulary: CompiledVocabulary = try! musicVocabulary()

  /// Two intents whose `artist` parameters share one list; the first in name order adds to
  /// playlists, the second plays.
  static func musicVocabulary() throws -> CompiledVocabulary {
    let items = { StandardPhrasingTests.items($0, kind: $1) }
    let artists = items(["Adele", "Andrew Hewitt", "Queen", "Sara Bareilles", "Rush"], "artist")
    let add = "AddToPlaylist"
    let play = "PlayMusic"
    let app = App(
      bundleIdentifier: "com.example.music", folder: "Music.app", name: "Music",
      names: [AppName(text: "Music", kind: .bundleName)],
      intents: [
        Intent(
          name: add,
          examples: StandardPhrasingTests.examples([
            "add ${artist} to ${playlist}", "put some ${artist} on my ${playlist} playlist",
            "add this ${artist} song to ${playlist}",
          ])),
        Intent(
          name: play,
          examples: StandardPhrasingTests.examples([
            "play ${artist}", "play some music by ${artist}", "i want to hear ${artist}",
          ])),
      ],
      parameterVocabularies: [
        ParameterName(intent: add, parameter: "artist"): artists,
        ParameterName(intent: play, parameter: "artist"): artists,
        ParameterName(intent: add, parameter: "playlist"): items(
          ["Workout", "Chill Evening", "Road Trip"], "playlist"),
      ])
    return try CompiledVocabulary(registry: VocabularyRegistry(apps: [app]))
  }

  /// The weight the model learned for each intent on the slot class that `text`'s name is
  /// spotted as (the class alone, feature kind 7).
  func classWeights(_ text: String) throws -> [String: Float] {
    var context = RoutingContext(
      vocabulary: Self.vocabulary, policy: ResolutionPolicy(),
      utterance: try PreparedUtterance(text, normalizer: Self.vocabulary.normalizer))
    let features = context.intentFeatures(apps: String?.none).features
    let spotted = ["AddToPlaylist.artist", "PlayMusic.artist"].map {
      FeatureHash(kind: 7).adding(FeatureHash(kind: 0).adding("§").adding($0).value).value
    }.filter { features.hashes.contains($0) }
    try #require(spotted.count == 1)
    let model = Self.vocabulary.intentModel
    let row = Int(try #require(model.rows[spotted[0]]))
    var result: [String: Float] = [:]
    for (index, label) in model.labels.enumerated() {
      result[label.intent] = model.weights[row * model.labels.count + index]
    }
    return result
  }

  @Test(arguments: ["andrew hewitt", "play queen", "add adele to workout"])
  func theSpottedClassIsEvidenceForEveryIntentThatTakesIt(_ text: String) throws {
    let weights = try classWeights(text)
    #expect(try #require(weights["PlayMusic"]) > 0)
    #expect(try #require(weights["AddToPlaylist"]) > 0)
    #expect(try #require(weights[""]) < 0)
  }

  @Test(arguments: ["hear andrew hewitt", "let me hear sara bareilles", "play queen"])
  func playingASharedArtistRoutesToPlay(_ text: String) throws {
    let result = try Router(vocabulary: Self.vocabulary).route(text)
    #expect(result.intent == "PlayMusic")
    #expect(result.slot("artist")?.resolution == .success)
  }
}
