import Testing

@testable import VocabKitRouting

/// A contact group is messaged where a person would be ("text family dinner is ready"), as
/// Siri fills `INSendMessageIntent`'s speakable group name; naming a group is no evidence of
/// a message, so "call family" stays a call that finds no contact.
@Suite struct GroupMessageTests {
  let router = Router(vocabulary: sampleVocabulary)

  @Test(arguments: [
    ("text family dinner is ready", "group.family", "dinner is ready"),
    ("message the book club see you tonight", "group.book-club", "see you tonight"),
    ("send a message to family saying dinner is ready", "group.family", "dinner is ready"),
  ])
  func aGroupIsMessagedWhereAPersonWouldBe(text: String, group: String, content: String) throws {
    let result = try router.route(text)
    #expect(result.intent == "INSendMessageIntent")
    #expect(result.slot("speakableGroupName")?.value == group)
    #expect(result.slot("content")?.value == content)
    #expect(result.slot("recipients") == nil)
  }

  @Test func aPersonIsStillARecipient() throws {
    let result = try router.route("text maria hi")
    #expect(result.slot("recipients")?.value == "contact.maria")
    #expect(result.slot("speakableGroupName") == nil)
  }

  @Test func callingAGroupIsNoMessage() throws {
    let result = try router.route("call family")
    #expect(result.intent == "INStartCallIntent")
    #expect(result.slot("contacts")?.resolution == .unsupported)
  }
}
