import Testing

@testable import VocabKitRouting

/// A carrier word may be heard as two tokens ("re mind" for "remind"), but a token that is the
/// word itself never takes the next one with it: the dictated message keeps its first word.
@Suite struct CarrierWordPairTests {
  let router = Router(vocabulary: sampleVocabulary)

  @Test(arguments: [
    ("text alex chen saying i am home", "i am home"),
    ("send a message to alex chen saying i am running late", "i am running late"),
  ])
  func aMessageKeepsTheWordAfterTheCarrierWord(text: String, content: String) throws {
    let result = try router.route(text)
    #expect(result.intent == "INSendMessageIntent")
    #expect(result.slot("recipients")?.value == "contact.alex-chen")
    #expect(result.slot("content")?.value == content)
  }

  @Test func aCarrierWordSplitInTwoIsStillHeard() throws {
    let result = try router.route("re mind me to buy milk")
    #expect(result.intent == "INAddTasksIntent")
    #expect(result.template == "remind me to ${taskTitles}")
    #expect(result.slot("taskTitles")?.value == "buy milk")
  }
}
