import Testing
import VocabKitSupport

@testable import VocabKitNormalization

@Suite("UTF-16 decoding")
struct UTF16DecodingTests {
  @Test(
    "Known texts decode as the standard library decodes them",
    arguments: [
      "", "a", "inbox", "Ünïcödé", "राहुल शर्मा", "สมชาย", "爱奇艺", "Александр", "🎵 play 🎧",
      "fifteen bytes!!", "sixteen bytes!!!", "é", "\u{0}", "\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}",
    ])
  func known(text: String) {
    let units = Array(text.utf16)
    let decoded = String(utf16Units: units[...])
    #expect(decoded == text)
    #expect(Array(decoded.utf8) == Array(text.utf8))
  }

  @Test("Unpaired surrogates become U+FFFD, as in the standard library")
  func unpairedSurrogates() {
    let cases: [[UInt16]] = [
      [0xD800], [0xDC00], [0x61, 0xD83D], [0xDE00, 0x61], [0xD83D, 0xD83D, 0xDE00],
      [0xDBFF, 0xDFFF], [0xDC00, 0xD800],
    ]
    for units in cases {
      let expected = String(decoding: units, as: UTF16.self)
      #expect(Array(String(utf16Units: units[...]).utf8) == Array(expected.utf8), "\(units)")
    }
  }

  /// The fast decoder against the standard library's on 20,000 random sequences of code
  /// units drawn from every range (ASCII, two- and three-byte, surrogates of both kinds,
  /// noncharacters): a seeded reference check, the same on every run.
  @Test("Random code units decode as the standard library decodes them")
  func random() {
    var generator = SplitMix64(seed: 0x5EED)
    let ranges: [ClosedRange<UInt16>] = [
      0...0x7F, 0x80...0x7FF, 0x800...0xD7FF, 0xD800...0xDBFF, 0xDC00...0xDFFF, 0xE000...0xFFFF,
    ]
    for _ in 0..<20_000 {
      let count = Int.random(in: 0...24, using: &generator)
      let units = (0..<count).map { _ in
        UInt16.random(in: ranges.randomElement(using: &generator)!, using: &generator)
      }
      let expected = String(decoding: units, as: UTF16.self)
      let decoded = String(utf16Units: units[...])
      guard Array(decoded.utf8) == Array(expected.utf8) else {
        Issue.record("\(units): \(Array(decoded.utf8)) != \(Array(expected.utf8))")
        return
      }
    }
  }
}
