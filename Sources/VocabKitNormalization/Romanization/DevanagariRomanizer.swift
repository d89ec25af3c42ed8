/// Romanizes Hindi (Devanagari) the way people type Hindi names in Latin letters.
///
/// ICU's Devanagari-Latin follows ISO 15919 and keeps every inherent vowel ("rāhula
/// śarmā"); people write "rahul sharma". This romanizer uses common Hindi spellings ("sh" for
/// श and ष, "ch" for च) and deletes the inherent schwa at the end of a word and in the
/// middle of a word between a vowel-consonant and a consonant-vowel (Ohala's rule).
enum DevanagariRomanizer {
  private struct Syllable {
    var consonant: String
    /// The vowel, or nil after a virama (a consonant cluster).
    var vowel: String?
    var hasInherentVowel: Bool
    var coda: String = ""
  }

  private static let consonants: [UInt32: String] = [
    0x0915: "k", 0x0916: "kh", 0x0917: "g", 0x0918: "gh", 0x0919: "n",
    0x091A: "ch", 0x091B: "chh", 0x091C: "j", 0x091D: "jh", 0x091E: "n",
    0x091F: "t", 0x0920: "th", 0x0921: "d", 0x0922: "dh", 0x0923: "n",
    0x0924: "t", 0x0925: "th", 0x0926: "d", 0x0927: "dh", 0x0928: "n", 0x0929: "n",
    0x092A: "p", 0x092B: "ph", 0x092C: "b", 0x092D: "bh", 0x092E: "m",
    0x092F: "y", 0x0930: "r", 0x0931: "r", 0x0932: "l", 0x0933: "l", 0x0934: "l",
    0x0935: "v", 0x0936: "sh", 0x0937: "sh", 0x0938: "s", 0x0939: "h",
    0x0958: "q", 0x0959: "kh", 0x095A: "g", 0x095B: "z", 0x095C: "d", 0x095D: "dh",
    0x095E: "f", 0x095F: "y",
  ]
  /// Consonants changed by a following nukta (U+093C). ड़ and ढ़ stay "d" and "dh", as
  /// Hindi is typed in Latin letters ("ladka", "padhai") and as a recognizer or a writer
  /// that leaves the nukta out spells them: "जोडो" is "जोड़ो".
  private static let nukta: [String: String] = [
    "k": "q", "kh": "kh", "g": "g", "j": "z", "d": "d", "dh": "dh", "ph": "f", "y": "y",
  ]
  private static let independentVowels: [UInt32: String] = [
    0x0905: "a", 0x0906: "a", 0x0907: "i", 0x0908: "i", 0x0909: "u", 0x090A: "u",
    0x090B: "ri", 0x090F: "e", 0x0910: "ai", 0x0911: "o", 0x0913: "o", 0x0914: "au",
    0x0960: "ri",
  ]
  private static let vowelSigns: [UInt32: String] = [
    0x093E: "a", 0x093F: "i", 0x0940: "i", 0x0941: "u", 0x0942: "u", 0x0943: "ri",
    0x0945: "e", 0x0947: "e", 0x0948: "ai", 0x0949: "o", 0x094B: "o", 0x094C: "au",
  ]
  private static let digits: [UInt32: String] = [
    0x0966: "0", 0x0967: "1", 0x0968: "2", 0x0969: "3", 0x096A: "4",
    0x096B: "5", 0x096C: "6", 0x096D: "7", 0x096E: "8", 0x096F: "9",
  ]

  /// Romanizes one word; characters outside Devanagari pass through unchanged.
  ///
  /// - Complexity: O(*n*) in the length of `word`.
  static func romanize(_ word: some StringProtocol) -> String {
    var syllables: [Syllable] = []
    var output = ""
    func flush() {
      deleteSchwas(&syllables)
      for (index, syllable) in syllables.enumerated() {
        output += syllable.consonant
        if let vowel = syllable.vowel { output += vowel }
        // An anusvara before p, b or m is written "m": मुंबई is "mumbai", not "munbai".
        if syllable.coda.hasSuffix("n"), index + 1 < syllables.count,
          let next = syllables[index + 1].consonant.first, "pbm".contains(next)
        {
          output += syllable.coda.dropLast() + "m"
        } else {
          output += syllable.coda
        }
      }
      syllables.removeAll()
    }
    for scalar in word.unicodeScalars {
      let value = scalar.value
      if let consonant = consonants[value] {
        syllables.append(Syllable(consonant: consonant, vowel: "a", hasInherentVowel: true))
      } else if let vowel = independentVowels[value] {
        syllables.append(Syllable(consonant: "", vowel: vowel, hasInherentVowel: false))
      } else if let sign = vowelSigns[value], !syllables.isEmpty {
        syllables[syllables.count - 1].vowel = sign
        syllables[syllables.count - 1].hasInherentVowel = false
      } else if value == 0x094D, !syllables.isEmpty {  // virama
        syllables[syllables.count - 1].vowel = nil
        syllables[syllables.count - 1].hasInherentVowel = false
      } else if value == 0x093C, !syllables.isEmpty {  // nukta
        let last = syllables[syllables.count - 1].consonant
        syllables[syllables.count - 1].consonant = nukta[last] ?? last
      } else if value == 0x0902 || value == 0x0901, !syllables.isEmpty {  // anusvara, candrabindu
        syllables[syllables.count - 1].coda += "n"
        syllables[syllables.count - 1].hasInherentVowel = false
      } else if value == 0x0903, !syllables.isEmpty {  // visarga
        syllables[syllables.count - 1].coda += "h"
      } else if let digit = digits[value] {
        flush()
        output += digit
      } else if (0x0900...0x097F).contains(value) {
        continue  // Other signs (avagraha, stress marks) carry no sound of their own.
      } else {
        flush()
        output.unicodeScalars.append(scalar)
      }
    }
    flush()
    return output
  }

  /// Deletes inherent schwas: at the end of a word of more than one syllable, and in the
  /// middle of a word where the syllable is preceded by a vowel and followed by a
  /// consonant with a vowel, scanning from the right.
  private static func deleteSchwas(_ syllables: inout [Syllable]) {
    guard syllables.count > 1 else { return }
    let last = syllables.count - 1
    if syllables[last].hasInherentVowel && syllables[last].coda.isEmpty {
      syllables[last].vowel = nil
    }
    var index = last - 1
    while index >= 1 {
      let previous = syllables[index - 1]
      let next = syllables[index + 1]
      if syllables[index].hasInherentVowel, syllables[index].coda.isEmpty,
        previous.vowel != nil, !next.consonant.isEmpty, next.vowel != nil
      {
        syllables[index].vowel = nil
        index -= 2  // The preceding syllable now closes the cluster; keep its vowel.
      } else {
        index -= 1
      }
    }
  }
}
