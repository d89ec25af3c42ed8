import Dispatch
import Testing
import VocabKitSupport

@testable import VocabKitNormalization

/// The single number token of `text`.
private func number(_ text: String) throws -> SpokenNumber? {
  let result = try tokens(text)
  guard result.count == 1 else { return nil }
  return result[0].number
}

@Suite("Numbers")
struct NumberTests {
  /// Runs of number words that no number spells ("thousand thousand …", a fuzzer's Thai) stay
  /// words or numbers of their own, and real numbers beside them still parse. (ICU's lenient parser is tried a few
  /// times a run and a text at most, as it costs milliseconds when it fails: see
  /// `Tests/Fixtures/FuzzCrashers/README.md`; its speed is measured with `vocab normalize`,
  /// not here.)
  @Test func runsOfNumberWordsThatSpellNoNumberStayWords() throws {
    let repeated = try tokens(Array(repeating: "thousand", count: 12).joined(separator: " "))
    #expect(repeated.count == 12)
    #expect(repeated.allSatisfy { $0.number == nil && $0.latinKey == "thousand" })
    let mixed = try tokens(
      "call me at two hundred thirty and then two hundred thirty four thousand five")
    #expect(mixed.compactMap(\.number?.value) == [230, 234_005])
    // Russian says a thousand without "one": each is a thousand, none merges with the next.
    let russian = try tokens(Array(repeating: "тысяча", count: 12).joined(separator: " "))
    #expect(russian.count == 12 && russian.allSatisfy { $0.number?.value == 1000 })
    #expect(try tokens("двести тридцать пять").compactMap(\.number?.value) == [235])
  }

  @Test(
    "Spelled and written cardinals",
    arguments: [
      ("twenty one", 21), ("twenty-one", 21), ("Twenty-One", 21), ("21", 21),
      ("zero", 0), ("one", 1), ("twelve", 12), ("ninety nine", 99), ("ninety-nine", 99),
      ("sixty-six", 66), ("one hundred", 100), ("0", 0), ("007", 7),
    ] as [(String, Int64)])
  func englishCardinals(text: String, value: Int64) throws {
    let spoken = try #require(try number(text))
    #expect(spoken.value == value)
    #expect(!spoken.isOrdinal)
    #expect(spoken.counter == nil)
    let token = try #require(try tokens(text).first)
    #expect(token.latinKey == String(value))
    #expect(token.isNumber)
    #expect(token.text == text)
    #expect(token.scalarRange == 0..<text.unicodeScalars.count)
  }

  @Test(
    "Numbers larger than the table, parsed by ICU",
    arguments: [
      ("two hundred thirty", 230),
      ("one hundred twenty-one", 121),
      ("one thousand", 1000),
      ("three thousand five hundred", 3500),
      ("сто пять", 105),
      ("двести тридцать", 230),
      ("двести", 200),
      ("пятьсот", 500),
      ("две тысячи", 2000),
      ("пять тысяч двести", 5200),
      ("दो सौ", 200),
      ("สองร้อย", 200),
    ] as [(String, Int64)])
  func longNumbers(text: String, value: Int64) throws {
    #expect(try number(text)?.value == value)
  }

  @Test(
    "Ordinals",
    arguments: [
      ("first", 1), ("10th", 10), ("1st", 1), ("2nd", 2), ("3rd", 3), ("second", 2),
      ("twenty-first", 21), ("twenty first", 21), ("третий", 3),
    ] as [(String, Int64)])
  func ordinals(text: String, value: Int64) throws {
    let spoken = try #require(try number(text))
    #expect(spoken.value == value)
    #expect(spoken.isOrdinal)
  }

  @Test(
    "Chinese numbers",
    arguments: [
      ("十", 10, false, nil), ("三", 3, false, nil), ("十一", 11, false, nil),
      ("二十一", 21, false, nil), ("一百零五", 105, false, nil), ("两千", 2000, false, nil),
      ("第十集", 10, true, "集"), ("第3季", 3, true, "季"), ("第二十一集", 21, true, "集"),
      ("第一", 1, true, nil), ("三首", 3, false, "首"),
    ] as [(String, Int64, Bool, String?)])
  func chinese(text: String, value: Int64, isOrdinal: Bool, counter: String?) throws {
    let spoken = try #require(try number(text))
    #expect(spoken == SpokenNumber(value: value, isOrdinal: isOrdinal, counter: counter))
    #expect(try tokens(text).first?.latinKey == String(value))
  }

  @Test("第十集 inside a sentence")
  func chineseInSentence() throws {
    let text = "播放延禧攻略第十集"
    let result = try tokens(text)
    let episode = try #require(result.first { $0.isNumber })
    #expect(episode.text == "第十集")
    #expect(episode.number == SpokenNumber(value: 10, isOrdinal: true, counter: "集"))
    #expect(slice(text, episode.scalarRange) == "第十集")
    #expect(result.filter(\.isNumber).count == 1)
    #expect(result.map(\.latinKey).joined() == "bofangyanxigonglue10")
  }

  @Test(
    "Numerals inside words stay text",
    arguments: [
      ("一起", "yiqi"), ("一样", "yiyang"), ("统一", "tongyi"), ("一定", "yiding"),
    ])
  func numeralsInWords(text: String, key: String) throws {
    let result = try tokens(text)
    #expect(result.allSatisfy { !$0.isNumber })
    #expect(result.map(\.latinKey).joined() == key)
  }

  @Test("一起 in a sentence stays text")
  func yiqiInSentence() throws {
    let result = try tokens("我们一起看电影")
    #expect(result.allSatisfy { !$0.isNumber })
    #expect(result.contains { $0.text == "一起" })
  }

  @Test(
    "Russian numbers",
    arguments: [
      ("двадцать один", 21), ("один", 1), ("пять", 5), ("десять", 10), ("девятнадцать", 19),
      ("сорок два", 42), ("девяносто девять", 99), ("сто", 100),
    ] as [(String, Int64)])
  func russian(text: String, value: Int64) throws {
    #expect(try number(text)?.value == value)
  }

  @Test(
    "Hindi numbers",
    arguments: [
      ("एक", 1), ("दो", 2), ("तीन", 3), ("पाँच", 5), ("दस", 10), ("बीस", 20),
      ("इक्कीस", 21), ("पच्चीस", 25), ("तीस", 30), ("पचास", 50), ("सत्तर", 70), ("अस्सी", 80),
      ("निन्यानबे", 99), ("एक सौ", 100),
      // The other common spellings: anusvara for chandrabindu, no nukta.
      ("पांच", 5), ("पचहत्तर", 75),
    ] as [(String, Int64)])
  func hindi(text: String, value: Int64) throws {
    #expect(try number(text)?.value == value)
  }

  @Test(
    "Thai numbers",
    arguments: [
      ("หนึ่ง", 1), ("สอง", 2), ("ห้า", 5), ("สิบ", 10), ("สิบเอ็ด", 11), ("ยี่สิบ", 20),
      ("ยี่สิบเอ็ด", 21), ("ยี่สิบห้า", 25), ("สามสิบ", 30), ("ห้าสิบ", 50),
      ("เก้าสิบเก้า", 99), ("หนึ่งร้อย", 100),
    ] as [(String, Int64)])
  func thai(text: String, value: Int64) throws {
    #expect(try number(text)?.value == value)
  }

  @Test("Thai numbers inside a sentence")
  func thaiInSentence() throws {
    let text = "ดูตอนที่ยี่สิบเอ็ด"
    let result = try tokens(text)
    let episode = try #require(result.first { $0.isNumber })
    // ที่ before a number makes an ordinal, like 第 in Chinese: ICU's Thai ordinals.
    #expect(episode.number == SpokenNumber(value: 21, isOrdinal: true))
    #expect(episode.text == "ที่ยี่สิบเอ็ด")
    #expect(slice(text, episode.scalarRange) == "ที่ยี่สิบเอ็ด")
    #expect(result.first?.text == "ดู")
    #expect(try latinKeys("เล่นเพลงยี่สิบเอ็ด").last == "21")
  }

  @Test("Spelling out with a rule set does not change the default rule set")
  func spelloutDefault() throws {
    let spellout = try Spellout(locale: "en")
    #expect(try spellout.format(100) == "one hundred")
    #expect(try spellout.format(100, ruleSet: "%spellout-ordinal") == "one hundredth")
    #expect(try spellout.format(100) == "one hundred")
    let russian = try Spellout(locale: "ru")
    _ = try russian.format(1, ruleSet: "%spellout-ordinal-neuter")
    #expect(try russian.format(100) == "сто")
  }

  @Test("Every value ICU spells out from 1 to 100 reads back", arguments: ["en", "ru", "hi", "th"])
  func icuRoundTrip(locale: String) throws {
    let spellout = try Spellout(locale: locale)
    for value: Int64 in 1...100 {
      let spelled = try spellout.format(value)
      // People do not type ICU's zero-width spaces between Thai words.
      let typed = String(
        String.UnicodeScalarView(spelled.unicodeScalars.filter { $0 != "\u{200B}" }))
      for text in Set([spelled, typed]) {
        let result = try tokens(text)
        #expect(result.count == 1, "\(locale) \(value): \(text)")
        #expect(result.first?.number?.value == value, "\(locale) \(value): \(text)")
      }
    }
  }

  @Test(
    "Spelled and written numbers give the same keys",
    arguments: [
      ("route sixty six", "route 66"),
      ("route sixty-six", "route 66"),
      ("play season twenty one", "play season 21"),
      ("第十集", "第10集"),
      ("двадцать один день", "21 день"),
    ])
  func sameKeys(spoken: String, written: String) throws {
    #expect(try latinKeys(spoken) == latinKeys(written))
  }

  @Test(
    "Hundreds joined to the rest by \"and\"",
    arguments: [
      ("nine hundred and eighty nine", 989, false), ("one thousand and sixty nine", 1069, false),
      ("two thousand and five", 2005, false), ("one hundred and first", 101, true),
      ("three thousand and five hundred", 3500, false),
    ] as [(String, Int64, Bool)])
  func britishAnd(text: String, value: Int64, isOrdinal: Bool) throws {
    let spoken = try #require(try number(text))
    #expect(spoken.value == value)
    #expect(spoken.isOrdinal == isOrdinal)
    let token = try #require(try tokens(text).first)
    #expect(token.text == text && token.folded == text)
    #expect(token.scalarRange == 0..<text.unicodeScalars.count)
  }

  /// Russian and Hindi say a thousand without "one", and a year with the thousand before the
  /// rest: "тысяча девятьсот восемьдесят пять" is 1985. English "thousand" alone is a word.
  @Test(
    "A thousand said bare, and the rest after a whole number of thousands",
    arguments: [
      ("тысяча", 1000), ("тысяча девятьсот восемьдесят пять", 1985),
      ("тысяча шестьдесят девять", 1069), ("две тысячи пять", 2005), ("हज़ार", 1000),
      ("दो हज़ार पाँच", 2005),
    ] as [(String, Int64)])
  func bareThousands(text: String, value: Int64) throws {
    #expect(try number(text)?.value == value)
  }

  /// A station or channel said with a decimal point has the key of its number written with
  /// one, so "Nash FM 92.7" is found said "nash fm ninety two point seven" and the other way;
  /// a decade said in words has the key of the decade written in digits, so a playlist named
  /// "80s Classic Hits" is found said "eighties classic hits".
  @Test(
    "Decimals and decades said and written give the same keys",
    arguments: [
      ("nash fm ninety two point seven", "nash fm 92.7"),
      ("tune to one hundred and six point nine", "tune to 106.9"),
      ("ninety nine point one five", "99.15"),
      ("сто шесть точка девять", "106.9"),
      ("the eighties classic hits", "the 80s classic hits"),
      ("Nineties Hip Hop", "90's hip hop"),
      ("sixties soul", "'60s soul"),
      ("songs from the twenties", "songs from the 20s"),
    ])
  func saidAndWritten(spoken: String, written: String) throws {
    #expect(try latinKeys(spoken) == latinKeys(written))
  }

  @Test("A decimal is one token with no integer value")
  func decimalToken() throws {
    let result = try tokens("tune to eighty nine point seven fm")
    #expect(result.map(\.latinKey) == ["tune", "to", "897", "fm"])
    #expect(result[2].text == "eighty nine point seven")
    #expect(result[2].scalarRange == 8..<31)
    #expect(result[2].number == nil)
  }

  /// A decade word stays one word, with no number, and "sixty" alone is still sixty.
  @Test("A decade word keeps its text and has no number")
  func decadeToken() throws {
    let result = try tokens("play Seventies rock")
    #expect(result.map(\.latinKey) == ["play", "70s", "rock"])
    #expect(result[1].text == "Seventies" && result[1].number == nil)
    #expect(try latinKeys("sixty ties") == ["60", "ties"])
    #expect(try tokens("sixty").first?.number?.value == 60)
  }

  @Test("route sixty six")
  func route66() throws {
    #expect(try latinKeys("route sixty six") == ["route", "66"])
    let result = try tokens("Route Sixty Six")
    #expect(result.count == 2)
    #expect(result[1].text == "Sixty Six")
    #expect(result[1].scalarRange == 6..<15)
  }

  /// Numbers side by side, or across "and" or "point", that are no one number keep their own
  /// keys: "and" joins only a part smaller than the first part's lowest scale after a number
  /// spelled in words, "point" only a spelled number and single digits, and a number follows
  /// only a whole number of thousands.
  @Test(
    "Adjacent numbers do not merge into nonsense",
    arguments: [
      ("one two three", ["1", "2", "3"]),
      ("five six", ["5", "6"]),
      ("пять шесть", ["5", "6"]),
      ("two thousand one two", ["2001", "2"]),
      ("тысяча тысяча", ["1000", "1000"]),
      ("thousand island", ["thousand", "island"]),
      ("five and six", ["5", "and", "6"]),
      ("two hundred and three hundred", ["200", "and", "300"]),
      ("one hundred five and six", ["105", "and", "6"]),
      ("100 and 5", ["100", "and", "5"]),
      ("one hundred and", ["100", "and"]),
      ("point five", ["point", "5"]),
      ("match point", ["match", "point"]),
      ("twenty point", ["20", "point"]),
      ("five point twenty", ["5", "point", "20"]),
      ("first point two", ["1", "point", "2"]),
    ])
  func adjacent(text: String, expected: [String]) throws {
    #expect(try latinKeys(text) == expected)
  }

  @Test(
    "Number words among other words",
    arguments: [
      ("I have two cats", ["i", "have", "2", "cats"]),
      ("channel forty two please", ["channel", "42", "please"]),
    ])
  func amongWords(text: String, expected: [String]) throws {
    #expect(try latinKeys(text) == expected)
  }

  @Test("Digits with other suffixes are not numbers", arguments: ["3d", "4k", "mp3", "10x"])
  func notNumbers(text: String) throws {
    let result = try tokens(text)
    #expect(result.allSatisfy { !$0.isNumber })
  }

  @Test("Very long digit strings do not overflow")
  func longDigits() throws {
    let text = String(repeating: "9", count: 40)
    let result = try tokens(text)
    #expect(result.count == 1)
    #expect(result.first?.number == nil)
    #expect(result.first?.latinKey == text)
  }

  /// Runs of 亿 far past any integer are not read as a (wrapped) number: their words stay
  /// as they were said, nothing lost.
  @Test("Huge Chinese numbers do not overflow")
  func hugeChinese() throws {
    for text in ["九千九百九十九亿九千九百九十九万亿亿亿亿", "第九千九百九十九亿亿亿亿亿亿集"] {
      let result = try tokens(text)
      #expect(result.map(\.text).joined() == text)
      #expect(result.allSatisfy { $0.number == nil }, "\(result.map(\.number))")
      #expect(result.filter { $0.text == "亿" }.count >= 4)
    }
  }
}

/// Each locale's table is made when a token of its script first needs it; looking a token up
/// in its own script's table alone finds every number the four tables together would.
@Suite struct NumberTablesTests {
  /// Every key of each locale's table is written in that locale's script (digits and marks
  /// aside), so no other script's token can be one of its words.
  @Test(arguments: [Script.latin, .cyrillic, .devanagari, .thai])
  func eachLocaleWritesItsNumbersInOneScript(script: Script) throws {
    let table = try #require(try Normalizer.shared.numbers.table(for: script))
    #expect(table.entries.count > 100)
    for key in table.entries.keys {
      let scripts = Set(key.unicodeScalars.map(Script.of)).subtracting([.common, .inherited])
      #expect(scripts == [script], "\(key) in the \(script) table")
    }
  }

  @Test func scriptsWithoutSpelledNumbersHaveNoTable() throws {
    #expect(try Normalizer.shared.numbers.table(for: .han) == nil)
    #expect(NumberLexicon.locale(of: .common) == nil)
  }

  /// Threads that need the same table at once all get it, made once.
  @Test func tablesMadeWhileOtherThreadsNormalize() throws {
    let normalizer = try Normalizer()
    let texts = ["twenty one", "двадцать один", "इक्कीस", "ยี่สิบเอ็ด"]
    let values = Locked<[Int64?]>([])
    DispatchQueue.concurrentPerform(iterations: 16) { index in
      let value = try? normalizer.normalize(texts[index % texts.count]).first?.number?.value
      values.withLock { $0.append(value ?? nil) }
    }
    #expect(values.withLock { $0 }.allSatisfy { $0 == 21 })
  }
}
