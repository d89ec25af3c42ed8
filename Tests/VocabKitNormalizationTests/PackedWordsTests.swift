import Testing
import VocabKitSupport

@testable import VocabKitNormalization

@Suite("Packed word lists")
struct PackedWordsTests {
  /// A random word: ASCII letters and digits of 1 to 20 bytes (so some do not pack), now and
  /// then with a hyphen, a space or a letter outside ASCII.
  static func randomWord(_ random: inout SplitMix64) -> String {
    let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")
    var word = String(
      (0..<(1 + random.next(20))).map { _ in alphabet[random.next(alphabet.count)] })
    switch random.next(10) {
    case 0: word += "-" + word
    case 1: word.insert("é", at: word.startIndex)
    case 2: word += " x"
    default: break
    }
    return word
  }

  @Test("Lookups answer as a dictionary of the first places does, on seeded random words")
  func matchesTheReference() {
    var random = SplitMix64(seed: 7)
    for _ in 0..<20 {
      let words = (0..<(1 + random.next(300))).map { _ in Self.randomWord(&random) }
      var reference: [String: Int] = [:]
      for (index, word) in words.enumerated() where reference[word] == nil {
        reference[word] = index
      }
      let table = PackedWords(words)
      // Every word of the list, and as many others (some equal to listed words by chance).
      let probes = words + (0..<words.count).map { _ in Self.randomWord(&random) }
      for probe in probes {
        #expect(table.index(of: probe) == reference[probe], "'\(probe)'")
        #expect(table.contains(probe) == (reference[probe] != nil))
      }
    }
  }

  @Test("Edge cases: the empty word, 16 and 17 bytes, canonically equal spellings")
  func edgeCases() {
    let sixteen = String(repeating: "a", count: 16)
    let seventeen = String(repeating: "a", count: 17)
    let precomposed = "caf\u{E9}"
    let table = PackedWords(["", sixteen, seventeen, precomposed, "a", "a"])
    #expect(table.index(of: "") == 0)
    #expect(table.index(of: sixteen) == 1)
    #expect(table.index(of: seventeen) == 2)
    #expect(table.index(of: String(repeating: "a", count: 15)) == nil)
    // Swift strings compare by canonical equivalence: "e" and a combining acute accent is
    // the same word as "é".
    #expect(table.index(of: "cafe\u{301}") == 3)
    // A repeated word keeps its first place.
    #expect(table.index(of: "a") == 4)
    #expect(table.index(of: "b") == nil)
    #expect(PackedWords([]).index(of: "a") == nil)
  }
}
