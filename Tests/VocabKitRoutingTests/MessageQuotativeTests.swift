import Testing

@testable import VocabKitRouting

/// "That says" before a dictated message is the template's "saying" said another way: the
/// message starts after it, even where the template has no place for it, and a message that
/// is nothing else is asked for.
@Suite struct MessageQuotativeTests {
  let router = Router(vocabulary: sampleVocabulary)

  @Test(arguments: [
    ("send alex chen a text that says i am home", "i am home"),
    ("text alex chen that reads see you at noon", "see you at noon"),
    ("text alex chen and say good night", "good night"),
    ("message alex chen to say see you soon", "see you soon"),
    // "That" before the message's subject opens it, as "that says" does.
    ("message alex chen that i'll be there at six", "i'll be there at six"),
    ("text alex chen that we landed", "we landed"),
  ])
  func theMessageStartsAfterItsQuotative(text: String, content: String) throws {
    let result = try router.route(text)
    #expect(result.intent == "INSendMessageIntent")
    #expect(result.slot("recipients")?.value == "contact.alex-chen")
    let slot = try #require(result.slot("content"))
    #expect(slot.value == content)
    #expect(slot.start.map { Array(text.unicodeScalars)[$0...].count } == content.count)
  }

  /// Russian что opens the message as "that says" does, where the template has no что
  /// ("напиши ${recipients} ${content}") or no place for the message at all.
  @Test(arguments: [
    "напиши маме что я уже еду", "отправь сообщение маме что я уже еду",
  ])
  func russianChtoOpensTheMessage(text: String) throws {
    let result = try router.route(text)
    #expect(result.intent == "INSendMessageIntent")
    #expect(result.slot("recipients")?.value == "contact.mom")
    #expect(result.slot("content")?.value == "я уже еду")
  }

  /// The words after the quotative are sent, not dropped with a template that has no
  /// place for them ("send a text to ${recipients}", which once fitted best), and not made
  /// part of the recipient.
  @Test func theMessageAfterAQuotativeIsKept() throws {
    let text = "send a text to maria that says see you soon"
    let result = try router.route(text)
    #expect(result.intent == "INSendMessageIntent")
    #expect(result.slot("recipients")?.value == "contact.maria")
    let slot = try #require(result.slot("content"))
    #expect(slot.value == "see you soon" && slot.resolution == .success)
    #expect(slot.start == 31 && slot.end == 43)
  }

  /// Whom a message goes to ends where its words begin: the recipients never hold a
  /// quotative ("send ${content} to ${recipients}" took "text that says love you" as the
  /// recipient and "maria" as the message).
  @Test func theRecipientsEndWhereTheQuotativeBegins() throws {
    let result = try router.route("send maria the text that says love you")
    #expect(result.intent == "INSendMessageIntent")
    #expect(result.slot("recipients")?.value == "contact.maria")
    #expect(result.slot("content")?.value == "love you")
  }

  /// A name the message says is not whom it goes to, and the recipient after the message
  /// is not part of it: the words from the quotative to the recipient are the message, even
  /// for a template with no place for it ("send a text to ${recipients}").
  @Test(arguments: [
    ("send a text to maria that says call mom", "contact.maria", "call mom"),
    ("send a text that says hi to maria", "contact.maria", "hi"),
    ("send a text that says see you soon to alex chen", "contact.alex-chen", "see you soon"),
  ])
  func aNameInsideTheMessageIsNotTheRecipient(
    text: String, recipient: String, content: String
  ) throws {
    let result = try router.route(text)
    #expect(result.slot("recipients")?.value == recipient)
    #expect(result.slot("content")?.value == content)
  }

  /// "That" before anything but a subject is the message's own word.
  @Test func thatBeforeANounStaysInTheMessage() throws {
    let result = try router.route("text alex chen that song was great")
    #expect(result.intent == "INSendMessageIntent")
    #expect(result.slot("content")?.value == "that song was great")
  }

  @Test func aQuotativeAloneAsksForTheMessage() throws {
    let result = try router.route("send alex chen a text that says")
    #expect(result.intent == "INSendMessageIntent")
    let slot = try #require(result.slot("content"))
    #expect(slot.resolution == .needsValue)
    #expect(slot.value == nil && slot.text == nil)
  }
}
