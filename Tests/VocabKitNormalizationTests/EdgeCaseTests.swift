import Testing

@testable import VocabKitNormalization

@Suite("Edge cases")
struct EdgeCaseTests {
  @Test(
    "Turkish dotted and dotless i",
    arguments: [
      ("İstanbul", "istanbul"), ("ISTANBUL", "istanbul"), ("ılık", "ilik"), ("İ", "i"), ("ı", "i"),
      ("DİYARBAKIR", "diyarbakir"),
    ])
  func turkish(text: String, key: String) throws {
    let result = try tokens(text)
    #expect(result.count == 1)
    #expect(result.first?.latinKey == key)
    #expect(result.first?.script == .latin)
  }

  @Test(
    "Sharp s folds to ss",
    arguments: [("ß", "ss"), ("Straße", "strasse"), ("STRASSE", "strasse"), ("ẞ", "ss")])
  func sharpS(text: String, key: String) throws {
    let result = try tokens(text)
    #expect(result.count == 1)
    #expect(result.first?.latinKey == key)
    #expect(result.first?.folded == key)
  }

  @Test(
    "Full-width and compatibility forms",
    arguments: [
      ("ＡＢＣ", "abc"), ("ａｂｃ", "abc"), ("１２３", "123"), ("ﬁle", "file"), ("Ⅻ", "xii"),
    ])
  func compatibility(text: String, key: String) throws {
    #expect(try joinedLatinKey(text) == key)
  }

  @Test("Full-width digits are numbers")
  func fullWidthDigits() throws {
    let result = try tokens("１２３")
    #expect(result.count == 1)
    #expect(result.first?.number?.value == 123)
  }

  @Test(
    "Combining marks are removed from keys",
    arguments: [
      ("e\u{301}", "e"), ("e\u{301}cole", "ecole"), ("\u{E9}cole", "ecole"), ("n\u{303}", "n"),
      ("a\u{308}\u{304}", "a"), ("o\u{338}", "o"),
    ])
  func combiningMarks(text: String, key: String) throws {
    let result = try tokens(text)
    #expect(result.count == 1)
    #expect(result.first?.latinKey == key)
    #expect(result.first?.scalarRange == 0..<text.unicodeScalars.count)
  }

  @Test("Precomposed and decomposed text give the same tokens' keys")
  func canonicalEquivalence() throws {
    #expect(try latinKeys("Cre\u{300}me bru\u{302}le\u{301}e") == latinKeys("Crème brûlée"))
    #expect(try tokens("e\u{301}").first?.folded == tokens("\u{E9}").first?.folded)
  }

  @Test(
    "Emoji are dropped",
    arguments: [
      ("😀", [String]()),
      ("😀 hi 👍🏽", ["hi"]),
      ("play 🎵 music 🎶", ["play", "music"]),
      ("👨‍👩‍👧‍👦 family", ["family"]),
      ("🇹🇭 thai flag", ["thai", "flag"]),
      ("hi😀there", ["hi", "there"]),
      ("❤️", [String]()),
      ("1️⃣ one", ["1"]),
    ])
  func emoji(text: String, expected: [String]) throws {
    let keys = try latinKeys(text)
    // A keycap "1️⃣" may or may not count as a digit; it must not produce anything else.
    if text.hasPrefix("1️⃣") {
      #expect(keys.allSatisfy { $0 == "1" })
      #expect(keys.count >= 1)
    } else {
      #expect(keys == expected)
    }
  }

  @Test(
    "Invisible characters are dropped from keys",
    arguments: [
      ("Wi\u{200D}Fi", "wifi"),
      ("Wi\u{200B}Fi", "wifi"),
      ("\u{202E}hello", "hello"),
      ("\u{2066}hello\u{2069}", "hello"),
      ("hel\u{200C}lo", "hello"),
      ("\u{FEFF}hello", "hello"),
      ("hel\u{AD}lo", "hello"),
      ("\u{200F}\u{200E}hello\u{202C}", "hello"),
      ("सम\u{200D}झ", "samajh"),
    ])
  func invisibles(text: String, joinedKey: String) throws {
    let result = try tokens(text)
    #expect(result.map(\.latinKey).joined() == joinedKey)
    for token in result {
      #expect(!token.latinKey.isEmpty)
      #expect(token.folded.unicodeScalars.allSatisfy { !$0.properties.isDefaultIgnorableCodePoint })
      #expect(slice(text, token.scalarRange) == token.text)
    }
  }

  @Test(
    "Only invisible characters give no tokens",
    arguments: [
      "\u{200D}", "\u{200B}\u{200B}", "\u{202E}", "\u{2066}\u{2069}", "\u{FEFF}",
      "\u{200D}\u{200B}\u{202E}\u{2066}",
    ])
  func onlyInvisibles(text: String) throws {
    #expect(try tokens(text).isEmpty)
  }

  @Test(
    "Mixed-script words are flagged and romanized per run",
    arguments: [
      ("Аlex", "alex"),  // Cyrillic А
      ("pаypal", "paypal"),  // Cyrillic а
      ("Mоscow", "moscow"),  // Cyrillic о
    ])
  func mixedScript(text: String, key: String) throws {
    let result = try tokens(text)
    #expect(result.count == 1)
    #expect(result.first?.isMixedScript == true)
    #expect(result.first?.latinKey == key)
  }

  @Test(
    "Single-script words are not mixed", arguments: ["Alex", "Алекс", "Wi-Fi", "é", "21st", "R2D2"])
  func notMixed(text: String) throws {
    #expect(try tokens(text).allSatisfy { !$0.isMixedScript })
  }

  @Test("Empty and blank input gives no tokens", arguments: ["", " ", "   \t\n", "\r\n"])
  func empty(text: String) throws {
    #expect(try tokens(text) == [])
  }

  @Test(
    "Punctuation only gives no tokens",
    arguments: [
      ".", "!?", "...", "—", "«»", "()[]{}", "-/-'", "。，！？", "#@$%^&*", "、・「」", "।॥", "๏๚",
    ])
  func punctuationOnly(text: String) throws {
    #expect(try tokens(text) == [])
  }

  @Test("Control characters and lone surrogates do not crash")
  func oddInput() throws {
    _ = try tokens("\u{0}\u{1}\u{7F}hello\u{0}")
    let broken = String(decoding: [0xD800, 0x0041, 0xDC00] as [UInt16], as: UTF16.self)
    let result = try tokens(broken)
    #expect(result.map(\.latinKey) == ["a"])
  }

  @Test(
    "Isolated marks and joiners do not crash",
    arguments: [
      "\u{301}", "\u{301}\u{301}a", "\u{0E31}", "\u{094D}", "\u{094D}क", "\u{0E4C}", "\u{0E40}",
      "ก\u{0E4C}",
      "\u{200D}\u{301}", "-a", "a-", "--a--b--", "a''b", "a..b", "a/ /b",
    ])
  func oddSequences(text: String) throws {
    let result = try tokens(text)
    for token in result {
      #expect(slice(text, token.scalarRange) == token.text)
    }
  }

  @Test("A 1 MB input normalizes")
  func oneMegabyte() throws {
    let sentence = "Play 延禧攻略 on Wi-Fi, call राहुल, สมชาย, Александр twenty one 😀 "
    let repeats = 1_000_000 / sentence.utf8.count + 1
    let text = String(repeating: sentence, count: repeats)
    #expect(text.utf8.count >= 1_000_000)
    let result = try tokens(text)
    let perSentence = try tokens(sentence).count
    #expect(perSentence >= 9)
    // Sentences end in a space: the big text splits exactly like its parts.
    #expect(result.count == perSentence * repeats)
    let last = try #require(result.last)
    #expect(slice(text, last.scalarRange) == last.text)
    #expect(last.scalarRange.upperBound <= text.unicodeScalars.count)
  }

  @Test("A long word without spaces normalizes")
  func longWord() throws {
    let text = String(repeating: "a", count: 100_000)
    let result = try tokens(text)
    #expect(result.count == 1)
    #expect(result.first?.latinKey.count == 100_000)
  }
}
