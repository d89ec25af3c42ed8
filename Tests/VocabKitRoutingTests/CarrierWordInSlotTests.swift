import Testing

@testable import VocabKitRouting

/// A template whose own carrier word ends up inside its free-text slot, unmatched where the
/// template says it, proves nothing by its other unsaid words: "create a camping list" fits
/// "create a ${title} list", not "create a list called ${title}" with the title "list".
@Suite struct CarrierWordInSlotTests {
  let router = Router(vocabulary: sampleVocabulary)

  @Test(arguments: [
    ("create a camping list", "camping"), ("create a grocery list", "grocery"),
    ("create a list called camping", "camping"), ("make a camping list in taskly", "camping"),
  ])
  func theTitleIsWhatTheListIsCalled(text: String, title: String) throws {
    let result = try router.route(text)
    #expect(result.intent == "INCreateTaskListIntent")
    #expect(result.slot("title")?.value == title)
  }
}
