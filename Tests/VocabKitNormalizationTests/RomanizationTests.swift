import Testing

@testable import VocabKitNormalization

@Suite("Romanization")
struct RomanizationTests {
  @Test(
    "Hindi names as people type them",
    arguments: [
      ("राहुल", "rahul"),
      ("शर्मा", "sharma"),
      ("अमित", "amit"),
      ("प्रिया", "priya"),
      ("सुनील", "sunil"),
      ("दिल्ली", "dilli"),
      ("कमला", "kamla"),
      ("मुंबई", "mumbai"),
      ("संपर्क", "sampark"),
      ("अंबानी", "ambani"),
      ("हिंदी", "hindi"),
      ("गांधी", "gandhi"),
      ("लड़का", "ladka"),
      ("पढ़ाई", "padhai"),
      ("जोड़ो", "jodo"),
      ("जोडो", "jodo"),
    ])
  func devanagari(word: String, expected: String) throws {
    #expect(DevanagariRomanizer.romanize(word) == expected)
    #expect(try joinedLatinKey(word) == expected)
  }

  @Test(
    "Russian names and words, BGN/PCGN-like",
    arguments: [
      ("Александр", "aleksandr"),
      ("Юлия", "yuliya"),
      ("Москва", "moskva"),
      ("Щукин", "shchukin"),
      ("Жуков", "zhukov"),
      ("Чайковский", "chaykovskiy"),
      ("Ёлка", "yolka"),
      ("Привет", "privet"),
    ])
  func cyrillic(word: String, expected: String) throws {
    #expect(try joinedLatinKey(word) == expected)
  }

  @Test("Ukrainian letters", arguments: [("Київ", "kiyiv"), ("Євген", "yevgen")])
  func ukrainian(word: String, expected: String) throws {
    #expect(try joinedLatinKey(word) == expected)
  }

  @Test(
    "Thai words with implicit vowels",
    arguments: [
      ("สมชาย", "somchai"),
      ("ใจดี", "chaidi"),
      ("สบาย", "sabai"),
      ("ไทย", "thai"),
      ("กรุงเทพ", "krungthep"),
      ("ขอบคุณ", "khopkhun"),
      ("ครับ", "khrap"),
      ("ปลา", "pla"),
      ("ขวา", "khwa"),
      ("กลาง", "klang"),
      // ว and ล after other consonants start a new syllable: no cluster.
      ("เวลา", "wela"),
      ("สวัสดี", "sawatdi"),
      ("สลัด", "salat"),
      // เ◌ิ is "oe", as in RTGS; เ◌ีย stays "ia".
      ("เปิด", "poet"),
      ("เดิน", "doen"),
      ("เกิด", "koet"),
      ("เสีย", "sia"),
    ])
  func thai(word: String, expected: String) throws {
    #expect(ThaiRomanizer.romanize(word) == expected)
  }

  @Test(
    "Thai keys through the normalizer",
    arguments: [
      ("สมชาย", "somchai"),
      ("ขอบคุณ", "khopkhun"),
    ])
  func thaiJoined(text: String, expected: String) throws {
    #expect(try joinedLatinKey(text) == expected)
  }

  @Test(
    "Chinese toneless pinyin",
    arguments: [
      ("张伟", "zhangwei"),
      ("爱奇艺", "aiqiyi"),
      ("北京", "beijing"),
      ("播放", "bofang"),
      ("王菲", "wangfei"),
    ])
  func chinese(text: String, expected: String) throws {
    #expect(try joinedLatinKey(text) == expected)
  }

  @Test(
    "Other scripts fall back to ICU's Any-Latin",
    arguments: [
      ("Αθήνα", "athena"),
      ("東京", "dongjing"),
    ])
  func otherScripts(text: String, expected: String) throws {
    #expect(try joinedLatinKey(text) == expected)
  }

  @Test(
    "Latin keys are lowercase ASCII letters and digits only",
    arguments: [
      "Crème Brûlée", "Ærøskøbing", "Łódź", "Александр Пушкин", "राहुल शर्मा", "สมชายใจดี",
      "用爱奇艺播放延禧攻略", "Ελληνικά", "한국어", "日本語のテキスト", "العربية", "עברית",
    ])
  func asciiOnly(text: String) throws {
    for token in try tokens(text) {
      #expect(!token.latinKey.isEmpty)
      #expect(
        token.latinKey.unicodeScalars.allSatisfy {
          ("a"..."z").contains($0) || ("0"..."9").contains($0)
        })
    }
  }

  @Test(
    "Diacritics are removed",
    arguments: [
      ("Crème Brûlée", ["creme", "brulee"]),
      ("Beyoncé", ["beyonce"]),
      ("Zoë", ["zoe"]),
      ("São Paulo", ["sao", "paulo"]),
    ])
  func diacritics(text: String, expected: [String]) throws {
    #expect(try latinKeys(text) == expected)
  }
}
