import Testing

@testable import VocabKitRouting

/// "put on chill vibes" plays the playlist: a verb and its particle said together are the
/// template that says them together ("put on ${mediaSearch}"), not one that parts them with
/// a slot left empty ("put ${mediaSearch} on ${mediaDestination}", with nothing to put).
@Suite struct VerbParticleTests {
  let router = Router(vocabulary: sampleVocabulary)

  @Test(arguments: [
    ("put on chill vibes", "playlist.chill"), ("please put on deep focus", "playlist.deep-focus"),
    ("put on some taylor swift", "artist.taylor"),
  ])
  func aVerbAndItsParticleSaidTogetherPlay(text: String, value: String) throws {
    let result = try router.route(text)
    #expect(result.intent == "INPlayMediaIntent")
    #expect(result.slot("mediaSearch")?.value == value)
  }

  /// "put on my deep focus playlist" says "put on ${mediaSearch}" word for word; the template
  /// that adds ("put this in my ${mediaDestination} playlist") is said only in part, with
  /// nothing put, however much the learned model leans to it.
  @Test(arguments: [
    ("put on my deep focus playlist", "playlist.deep-focus"),
    ("put on my chill vibes playlist", "playlist.chill"),
  ])
  func aTemplateSaidWordForWordIsTheRequest(text: String, value: String) throws {
    let result = try router.route(text)
    #expect(result.intent == "INPlayMediaIntent")
    #expect(result.slot("mediaSearch")?.value == value)
  }

  /// With something between the two words, the template that parts them is right.
  @Test(arguments: [
    ("put this song on chill vibes", "INAddMediaIntent", "mediaDestination", "playlist.chill"),
    ("put milk on my groceries list", "INAddTasksIntent", "targetTaskList", "list.groceries"),
    (
      "put this on my deep focus playlist", "INAddMediaIntent", "mediaDestination",
      "playlist.deep-focus"
    ),
  ])
  func wordsBetweenThemKeepTheTemplateThatPartsThem(
    text: String, intent: String, slot: String, value: String
  ) throws {
    let result = try router.route(text)
    #expect(result.intent == intent)
    #expect(result.slot(slot)?.value == value)
  }
}
