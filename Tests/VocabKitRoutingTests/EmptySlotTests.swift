import Testing

@testable import VocabKitRouting

/// A slot the chosen template names but the utterance leaves empty is asked for, as Siri
/// asks "who?" (issue 20, item 4): the intent stands and the app hears what is missing.
@Suite struct EmptySlotTests {
  let router = Router(vocabulary: sampleVocabulary)

  @Test(arguments: ["call", "call <unk>", "call [noise]"])
  func aCallWithNoNameAsksWho(_ text: String) throws {
    let result = try router.route(text)
    #expect(result.intent == "INStartCallIntent")
    let contacts = try #require(result.slot("contacts"))
    #expect(contacts.resolution == .needsValue)
    #expect(contacts.value == nil && contacts.text == nil && contacts.start == nil)
  }

  @Test func aMessageWithNoRecipientAsksForOne() throws {
    let result = try router.route("send a message to")
    #expect(result.intent == "INSendMessageIntent")
    #expect(result.slot("recipients")?.resolution == .needsValue)
  }

  @Test func aTaskWithNoTitleAsksForOneAndKeepsItsList() throws {
    let result = try router.route("add to my inbox")
    #expect(result.intent == "INAddTasksIntent")
    #expect(result.slot("targetTaskList")?.value == "list.inbox")
    let title = try #require(result.slot("taskTitles"))
    #expect(title.resolution == .needsValue && title.isFreeText)
  }

  @Test func playWithNothingToPlayIsAnEmptySearch() throws {
    let result = try router.route("play")
    #expect(result.intent == "INPlayMediaIntent")
    #expect(result.mediaSearch?.isEmpty == true)
    #expect(result.slot("mediaSearch") == nil)
  }

  /// "some music" or "some songs" names a kind of media, no title: what the app recommends,
  /// not a search for a song called "music" ("unsupported").
  @Test(arguments: [
    ("play some music", "music"), ("play some songs", "song"), ("put on some tunes", "music"),
  ])
  func aKindOfMediaAloneIsAnEmptySearch(text: String, type: String) throws {
    let result = try router.route(text)
    #expect(result.intent == "INPlayMediaIntent")
    #expect(result.mediaSearch?.isEmpty == true)
    #expect(result.mediaSearch?.mediaType == type)
    #expect(result.slot("mediaSearch")?.resolution != .unsupported)
  }

  @Test func everySlotSaidIsNotAskedFor() throws {
    let result = try router.route("add milk to my inbox")
    #expect(result.slots.allSatisfy { $0.resolution != .needsValue })
  }
}
