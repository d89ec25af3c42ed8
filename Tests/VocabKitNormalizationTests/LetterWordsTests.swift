import Testing
import VocabKitSupport

@testable import VocabKitNormalization

/// The fast path for texts of ASCII letters and spaces against the general path through ICU.
@Suite("Letter words")
struct LetterWordsTests {
  /// Seeded random texts of letter words in any case, spelled-out number words and runs of
  /// spaces: both paths give the same tokens, field for field.
  @Test("Texts of letters and spaces normalize as the general path normalizes them")
  func fastPathMatchesTheGeneralPath() throws {
    let normalizer = try Normalizer.shared
    let numberWords = [
      "twenty", "One", "hundred", "FIRST", "thousand", "sixty", "six", "and", "a", "second",
    ]
    var random = SplitMix64(seed: 0x1E77E25)
    var checked = 0
    for _ in 0..<2_000 {
      var text = String(repeating: " ", count: random.next(3))
      for index in 0..<(1 + random.next(8)) {
        if index > 0 { text += String(repeating: " ", count: 1 + random.next(3)) }
        if random.next(3) == 0 {
          text += numberWords[random.next(numberWords.count)]
        } else {
          for _ in 0..<(1 + random.next(8)) {
            let letter = UInt8(ascii: "a") + UInt8(random.next(26))
            text.unicodeScalars.append(
              Unicode.Scalar(random.next(4) == 0 ? letter - 0x20 : letter))
          }
        }
      }
      text += String(repeating: " ", count: random.next(3))
      #expect(Normalizer.letterWords(text) != nil, "'\(text)' took the general path")
      #expect(try normalizer.normalize(text) == normalizer.normalizeInGeneral(text), "'\(text)'")
      checked += 1
    }
    #expect(checked == 2_000)
  }

  @Test(
    "Anything but ASCII letters and spaces takes the general path",
    arguments: ["", "route 66", "don't", "Wi-Fi", "tab\there", "café", "AC/DC", "Alex.", "爱奇艺"])
  func otherTextsTakeTheGeneralPath(text: String) {
    #expect(Normalizer.letterWords(text) == nil)
  }
}
