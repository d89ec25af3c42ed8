import Testing

@testable import VocabKitRouting

/// "open Taskly and add milk to groceries": an app opened before the request names the app
/// and is no part of the request; "open Taskly" alone asks for nothing the app does.
@Suite struct AppLaunchTests {
  let router = Router(vocabulary: sampleVocabulary)

  @Test(arguments: [
    ("open taskly and add milk to groceries", "com.example.taskly", "taskTitles", "milk"),
    ("use melody to play deep focus", "com.example.melody", "mediaSearch", "playlist.deep-focus"),
    ("launch melody and play chill vibes", "com.example.melody", "mediaSearch", "playlist.chill"),
    ("please open chatter and call mom", "com.example.chatter", "contacts", "contact.mom"),
  ])
  func theAppOpenedFirstIsNamed(text: String, app: String, slot: String, value: String) throws {
    let result = try router.route(text)
    #expect(result.app == app)
    #expect(result.appChoice == .named)
    #expect(result.slot(slot)?.value == value)
  }

  @Test(arguments: ["open taskly", "open melody", "launch chatter", "please open melody"])
  func openingAnAppAloneIsNoIntent(text: String) throws {
    #expect(try router.route(text).intent == nil)
  }
}
