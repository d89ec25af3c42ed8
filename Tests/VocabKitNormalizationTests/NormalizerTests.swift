import Testing

@testable import VocabKitNormalization

@Suite("Segmentation")
struct SegmentationTests {
  @Test(
    "Thai and Chinese without spaces split into several tokens",
    arguments: [
      ("สมชายใจดี", 2, "somchaichaidi"),
      ("用爱奇艺播放延禧攻略", 4, "yongaiqiyibofangyanxigonglue"),
    ])
  func unspacedScripts(text: String, minimumTokens: Int, joinedKey: String) throws {
    let result = try tokens(text)
    #expect(result.count >= minimumTokens)
    #expect(result.map(\.latinKey).joined() == joinedKey)
    // With no spaces or punctuation, the tokens tile the text.
    #expect(result.map(\.text).joined() == text)
    var position = 0
    for token in result {
      #expect(token.scalarRange.lowerBound == position)
      position = token.scalarRange.upperBound
    }
    #expect(position == text.unicodeScalars.count)
  }

  @Test("Thai word boundaries")
  func thaiWords() throws {
    let result = try tokens("สมชายใจดี")
    #expect(result.first?.text == "สมชาย")
    #expect(result.first?.latinKey == "somchai")
    #expect(result.allSatisfy { $0.script == .thai })
  }

  @Test(
    "Latin inside Thai is its own word; Latin inside Cyrillic stays (a spoofing sign)",
    arguments: [
      ("เพิ่มนมในInbox", ["เพิ่ม", "นม", "ใน", "Inbox"]),
      ("ถึงPriyaว่า", ["ถึง", "Priya", "ว่า"]),
      ("เปิดเพลงRoute 66", ["เปิด", "เพลง", "Route", "66"]),
      ("Аlex", ["Аlex"]),
    ])
  func latinMeetsOtherScripts(text: String, words: [String]) throws {
    #expect(try tokens(text).map(\.text) == words)
  }

  @Test("Chinese tokens are Han")
  func chineseScript() throws {
    let result = try tokens("用爱奇艺播放延禧攻略")
    #expect(result.allSatisfy { $0.script == .han })
    #expect(result.contains { $0.text == "播放" && $0.latinKey == "bofang" })
  }

  @Test(
    "Spaces and punctuation are dropped",
    arguments: [
      ("Hello, world!", ["hello", "world"]),
      ("  play   music  ", ["play", "music"]),
      ("stop. now?! (please)", ["stop", "now", "please"]),
      ("«Привет», — сказал он…", ["privet", "skazal", "on"]),
      ("你好，世界！", ["nihao", "shijie"]),
      ("tab\tand\nnewline\r\nend", ["tab", "and", "newline", "end"]),
      ("one;two:three", ["1", "2", "3"]),
    ])
  func punctuationDropped(text: String, expected: [String]) throws {
    #expect(try latinKeys(text) == expected)
  }

  @Test(
    "Joined words form one token",
    arguments: [
      ("don't", "dont"),
      ("Don’t", "dont"),
      ("Wi-Fi", "wifi"),
      ("AC/DC", "acdc"),
      ("R&B", "rb"),
      ("U.S", "us"),
    ])
  func joinedWords(text: String, key: String) throws {
    let result = try tokens(text)
    #expect(result.count == 1)
    #expect(result.first?.latinKey == key)
    #expect(result.first?.text == text)
    #expect(result.first?.scalarRange == 0..<text.unicodeScalars.count)
  }

  @Test("Joined words inside a sentence")
  func joinedInSentence() throws {
    let text = "I don't like Wi-Fi, play AC/DC."
    #expect(try latinKeys(text) == ["i", "dont", "like", "wifi", "play", "acdc"])
  }

  @Test("A joiner with spaces around it does not join")
  func spacedJoiner() throws {
    #expect(try latinKeys("rock - paper / scissors") == ["rock", "paper", "scissors"])
  }

  @Test(
    "Scalar ranges point at the original text",
    arguments: [
      "Call राहुल शर्मा now",
      "  Wi-Fi, AC/DC & don't!",
      "用爱奇艺播放延禧攻略",
      "สมชายใจดี ครับ",
      "😀 emoji 👍🏽 then Александр",
      "e\u{301}cole ÉCOLE",
      "𝔘𝔫𝔦𝔠𝔬𝔡𝔢 𠀀𠀁 text",
      "第十集 and twenty one",
      "ＡＢＣ ｄｅｆ",
    ])
  func rangesPointAtOriginal(text: String) throws {
    let result = try tokens(text)
    #expect(!result.isEmpty)
    var previousEnd = 0
    for token in result {
      #expect(slice(text, token.scalarRange) == token.text)
      #expect(token.scalarRange.lowerBound >= previousEnd)
      #expect(token.scalarRange.upperBound <= text.unicodeScalars.count)
      previousEnd = token.scalarRange.upperBound
    }
  }

  @Test("Ranges after astral characters count scalars, not UTF-16 units")
  func astralRanges() throws {
    let result = try tokens("😀😀 hi")
    #expect(result.count == 1)
    #expect(result.first?.scalarRange == 3..<5)
  }

  @Test("Folded forms are NFKC case folded")
  func foldedForms() throws {
    let result = try tokens("HELLO Straße ＡＢＣ")
    #expect(result.map(\.folded) == ["hello", "strasse", "abc"])
    #expect(result.map(\.text) == ["HELLO", "Straße", "ＡＢＣ"])
  }

  @Test(
    "latinKey(of:) agrees with normalize for single words",
    arguments: [
      "Hello", "Александр", "राहुल", "สมชาย", "Wi-Fi", "Ｚürich", "Eighties",
    ])
  func latinKeyOfWord(word: String) throws {
    let viaNormalize = try joinedLatinKey(word)
    #expect(try Normalizer.shared.latinKey(of: word) == viaNormalize)
  }

  @Test("Normalization is deterministic")
  func deterministic() throws {
    let text = "Play 第十集 of 延禧攻略 on Wi-Fi, राहुल, สมชาย, Александр twenty one"
    #expect(try tokens(text) == tokens(text))
    #expect(try tokens(text) == Normalizer().normalize(text))
  }
}

@Suite("Cross-script keys")
struct CrossScriptTests {
  @Test(
    "Latin keys of words in other scripts",
    arguments: [
      ("Call राहुल शर्मा", ["call", "rahul", "sharma"]),
      ("राहुल शर्मा", ["rahul", "sharma"]),
      ("Александр", ["aleksandr"]),
      ("Юлия Иванова", ["yuliya", "ivanova"]),
      ("สมชาย", ["somchai"]),
    ])
  func latinKeysAcrossScripts(text: String, expected: [String]) throws {
    #expect(try latinKeys(text) == expected)
  }

  @Test(
    "Latin keys joined over tokens",
    arguments: [
      ("राहुल शर्मा", "rahulsharma"),
      ("张伟", "zhangwei"),
      ("爱奇艺", "aiqiyi"),
      ("延禧攻略", "yanxigonglue"),
      ("北京", "beijing"),
      ("สมชาย", "somchai"),
      ("Александр Пушкин", "aleksandrpushkin"),
    ])
  func joinedKeys(text: String, expected: String) throws {
    #expect(try joinedLatinKey(text) == expected)
  }

  @Test(
    "Scripts of tokens",
    arguments: [
      ("राहुल", Script.devanagari),
      ("Александр", Script.cyrillic),
      ("สมชาย", Script.thai),
      ("张", Script.han),
      ("hello", Script.latin),
      ("21", Script.common),
    ])
  func scripts(text: String, script: Script) throws {
    let result = try tokens(text)
    #expect(result.count == 1)
    #expect(result.first?.script == script)
    #expect(result.first?.isMixedScript == false)
  }

  @Test("Александр sounds close to alexander")
  func aleksandrAlexander() throws {
    let key = try #require(try tokens("Александр").first).latinKey
    #expect(key == "aleksandr")
    let similarity = phoneticSimilarity(
      PhoneticKey(latinKey: key), PhoneticKey(latinKey: "alexander"))
    #expect(similarity >= 0.8)
  }

  @Test(
    "Romanized names sound close to their English spellings",
    arguments: [
      ("राहुल शर्मा", "rahul sharma"),
      ("Михаил", "mikhail"),
      ("Наташа", "natasha"),
      ("สมชาย", "somchai"),
      ("张伟", "zhang wei"),
    ])
  func namesSoundClose(native: String, english: String) throws {
    let nativeKey = PhoneticKey(latinKeys: try latinKeys(native))
    let englishKey = PhoneticKey(latinKeys: try latinKeys(english))
    #expect(phoneticSimilarity(nativeKey, englishKey) >= 0.8)
  }
}
