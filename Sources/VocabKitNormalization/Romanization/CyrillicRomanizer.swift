/// Romanizes Russian and Ukrainian Cyrillic the way names are commonly written in Latin
/// letters (BGN/PCGN-like: "Александр" → "aleksandr", "Юлия" → "yuliya").
enum CyrillicRomanizer {
  private static let table: [Character: String] = [
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "yo", "ж": "zh",
    "з": "z", "и": "i", "й": "y", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o",
    "п": "p", "р": "r", "с": "s", "т": "t", "у": "u", "ф": "f", "х": "kh", "ц": "ts",
    "ч": "ch", "ш": "sh", "щ": "shch", "ъ": "", "ы": "y", "ь": "", "э": "e", "ю": "yu",
    "я": "ya", "і": "i", "ї": "yi", "є": "ye", "ґ": "g", "ў": "w",
  ]

  /// Romanizes one lowercase word; returns nil when it holds letters outside the table.
  ///
  /// - Complexity: O(*n*) in the length of `word`.
  static func romanize(_ word: some StringProtocol) -> String? {
    var output = ""
    for character in word {
      if let latin = table[character] {
        output += latin
      } else if character.isASCII {
        output.append(character)
      } else {
        return nil
      }
    }
    return output
  }
}
