import Testing

@testable import VocabKitRouting

/// "That says" before a dictated message is the template's "saying" said another way: the
/// message starts after it, and a message that is nothing else is asked for.
@Suite struct MessageQuotativeTests {
  let router = Router(vocabulary: sampleVocabulary)

  @Test(arguments: [
    ("send alex chen a text that says i am home", "i am home"),
    ("text alex chen that reads see you at noon", "see you at noon"),
  ])
  func theMessageStartsAfterItsQuotative(text: String, content: String) throws {
    let result = try router.route(text)
    #expect(result.intent == "INSendMessageIntent")
    #expect(result.slot("recipients")?.value == "contact.alex-chen")
    let slot = try #require(result.slot("content"))
    #expect(slot.value == content)
    #expect(slot.start.map { Array(text.unicodeScalars)[$0...].count } == content.count)
  }

  @Test func aQuotativeAloneAsksForTheMessage() throws {
    let result = try router.route("send alex chen a text that says")
    #expect(result.intent == "INSendMessageIntent")
    let slot = try #require(result.slot("content"))
    #expect(slot.resolution == .needsValue)
    #expect(slot.value == nil && slot.text == nil)
  }
}
