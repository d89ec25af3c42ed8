import Testing

@testable import VocabKitRouting

/// An app named for a request it has no intent for ("call priya on melody": Melody plays
/// music) is no intent, not the named app's nearest intent, which would play music.
@Suite struct NamedAppWithoutTheIntentTests {
  let router = Router(vocabulary: sampleVocabulary)

  @Test(arguments: [
    "call priya on melody", "text mom on melody", "play chill vibes on chatter",
    "add milk to groceries in melody",
  ])
  func aRequestTheNamedAppCannotServeIsNoIntent(text: String) throws {
    let result = try router.route(text)
    #expect(result.intent == nil)
    #expect(result.app == nil)
  }

  @Test(arguments: [
    ("play route 66 on melody", "com.example.melody"),
    ("call alex chen on chatter", "com.example.chatter"),
    ("add milk to inbox in taskly", "com.example.taskly"),
  ])
  func aRequestTheNamedAppServesIsItsOwn(text: String, app: String) throws {
    let result = try router.route(text)
    #expect(result.app == app)
    #expect(result.appChoice == .named)
  }
}
