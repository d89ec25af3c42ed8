import Testing

@testable import VocabKitRouting

/// "ok", "okay", "hey" and "please" are politeness around a request but words of a dictated
/// message: "text mom ok" sends "ok", not an empty message.
@Suite struct MessageInterjectionTests {
  let router = Router(vocabulary: sampleVocabulary)

  @Test(arguments: [
    ("text mom ok", "contact.mom", "ok"), ("text alex kim hey", "contact.alex-kim", "hey"),
    ("text mom okay see you", "contact.mom", "okay see you"),
    ("message mom please call me", "contact.mom", "please call me"),
    ("send maria a text saying ok", "contact.maria", "ok"),
  ])
  func theyAreTheMessagesWords(text: String, recipient: String, content: String) throws {
    let result = try router.route(text)
    #expect(result.intent == "INSendMessageIntent")
    #expect(result.slot("recipients")?.value == recipient)
    #expect(result.slot("content")?.value == content)
  }

  /// Before the request and after the message they are still politeness.
  @Test(arguments: [
    ("please text mom hi", "hi"), ("text mom hi please", "hi"), ("hey siri text mom hi", "hi"),
  ])
  func aroundTheRequestTheyAreNot(text: String, content: String) throws {
    #expect(try router.route(text).slot("content")?.value == content)
  }
}
