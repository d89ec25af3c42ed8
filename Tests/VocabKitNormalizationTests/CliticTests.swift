import Testing

@testable import VocabKitNormalization

/// Recognizers and treebank tokenizers write English clitics apart ("what 's", "jane 's"):
/// they read as if written together, and a possessive as the name it belongs to.
@Suite("Clitics written apart")
struct CliticTests {
  @Test(
    "A contraction written apart is one word, as written together",
    arguments: [
      ("what 's on my list", ["whats", "on", "my", "list"]),
      ("i 'm home", ["im", "home"]),
      ("do n't stop", ["dont", "stop"]),
      ("let ’s go", ["lets", "go"]),
      ("we 'll see what 's new", ["well", "see", "whats", "new"]),
    ])
  func contractionsJoin(text: String, keys: [String]) throws {
    #expect(try latinKeys(text) == keys)
    let written = text.replacingOccurrences(of: " '", with: "'").replacingOccurrences(
      of: " ’", with: "’"
    ).replacingOccurrences(of: " n't", with: "n't")
    #expect(try latinKeys(written) == keys)
  }

  @Test(
    "A possessive written apart is the name it belongs to",
    arguments: [
      ("add jane 's birthday party", ["add", "jane", "birthday", "party"]),
      ("show john 's contact information", ["show", "john", "contact", "information"]),
      ("tell me about mary ’s", ["tell", "me", "about", "mary"]),
    ])
  func possessivesAreTheirNames(text: String, keys: [String]) throws {
    #expect(try latinKeys(text) == keys)
  }

  @Test(
    "Words written together, quoted words and numbers stay as they are",
    arguments: [
      ("jane's birthday", ["janes", "birthday"]),
      ("play 'hello' now", ["play", "hello", "now"]),
      ("rock 'n' roll", ["rock", "n", "roll"]),
      ("route 66 's", ["route", "66", "s"]),
      ("'s", ["s"]),
    ])
  func othersStay(text: String, keys: [String]) throws {
    #expect(try latinKeys(text) == keys)
  }

  @Test func aJoinedTokenCoversBothWordsOfTheText() throws {
    let text = "say i 'm late"
    let joined = try tokens(text)[1]
    #expect(joined.folded == "i'm")
    #expect(slice(text, joined.scalarRange) == "i 'm")
    #expect(joined.text == "i 'm")
    #expect(try tokens(text).map(\.latinKey) == ["say", "im", "late"])
  }
}
