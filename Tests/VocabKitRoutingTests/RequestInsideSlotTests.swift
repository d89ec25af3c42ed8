import Testing

@testable import VocabKitRouting

/// A request said inside another's dictated slot is that slot's words: "remind me to call
/// mom" is a task to call Mom, not a call, though "call mom" alone is one.
@Suite struct RequestInsideSlotTests {
  let router = Router(vocabulary: sampleVocabulary)

  @Test(arguments: [
    ("remind me to call mom", "call mom"), ("remind me to call mom at 5", "call mom at 5"),
    // "please" sounds like the "place" of "place a call to …": no word of the call.
    ("please remind me to call mom in half an hour", "call mom in half an hour"),
  ])
  func aReminderHoldsTheRequest(text: String, title: String) throws {
    let result = try router.route(text)
    #expect(result.intent == "INAddTasksIntent")
    #expect(result.slot("taskTitles")?.value == title)
    #expect(result.slot("contacts") == nil)
  }

  @Test(arguments: [
    ("call mom", "INStartCallIntent"), ("text mom call me back", "INSendMessageIntent"),
    ("add call the dentist to work", "INAddTasksIntent"),
    ("add this song to chill vibes", "INAddMediaIntent"),
  ])
  func theRequestAloneIsItself(text: String, intent: String) throws {
    #expect(try router.route(text).intent == intent)
  }
}
