/// The case forms of Russian names, so that a name is found as a request declines it:
/// "позвони Александру", "напиши Марии", "добавь в работу".
///
/// Russian puts a name after a verb or a preposition in another case than the one a
/// contact card or a list title is written in, and a recognizer writes what was said. The
/// forms are made by the regular endings of nouns and surnames (genitive, dative,
/// accusative, instrumental, prepositional, singular); indeclinable words (Кино, Мари) and
/// plurals keep their one form.
package enum RussianDeclension {
  /// The phrase in each other case, every Cyrillic word declined alike ("Александр Петров":
  /// "Александру Петрову", "Александром Петровым", …), without the phrase itself or
  /// repeats; none when no word declines.
  ///
  /// - Complexity: O(*n*) in the length of the phrase.
  package static func otherCases(of phrase: String) -> [String] {
    // Most phrases have no Cyrillic letter: a scan of their bytes, no allocation (the
    // letters U+0400...U+04FF are the only characters whose UTF-8 opens with 0xD0...0xD3).
    let hasCyrillic =
      phrase.utf8.withContiguousStorageIfAvailable { bytes in
        bytes.contains { $0 & 0xFC == 0xD0 }
      } ?? phrase.utf8.contains { $0 & 0xFC == 0xD0 }
    guard hasCyrillic else { return [] }
    let words = phrase.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    let forms = words.map(caseForms)
    guard forms.contains(where: { $0 != nil }) else { return [] }
    var seen: Set<String> = [words.joined(separator: " ")]
    var result: [String] = []
    for grammaticalCase in 0..<caseCount {
      let variant = zip(words, forms).map { word, forms in forms?[grammaticalCase] ?? word }
        .joined(separator: " ")
      if seen.insert(variant).inserted { result.append(variant) }
    }
    return result
  }

  /// Genitive, dative, accusative, instrumental, prepositional.
  private static let caseCount = 5

  /// The word's five other case forms, in the order of ``caseCount``, keeping its capitals;
  /// nil when it is not a Cyrillic word that declines.
  private static func caseForms(_ word: String) -> [String]? {
    let letters = Array(word)
    guard letters.count >= 2, letters.allSatisfy(isCyrillic) else { return nil }
    let lower = Array(word.lowercased())
    let last = lower[lower.count - 1]
    let previous = lower[lower.count - 2]
    let stem = String(letters.dropLast())
    let afterHushing = "жшчщц".contains(previous)
    let afterVelarOrHushing = "гкхжшчщ".contains(previous)
    func forms(_ endings: [String], on base: String) -> [String] { endings.map { base + $0 } }

    // Surnames: Петров, Васильев, Пушкин (-ым in the instrumental); Петрова (-ой, -у).
    let ending = String(lower.suffix(3))
    if lower.count > 3, ["ов", "ев", "ёв", "ин", "ын"].contains(where: ending.hasSuffix) {
      return forms(["а", "у", "а", "ым", "е"], on: word)
    }
    if lower.count > 4, ["ова", "ева", "ёва", "ина", "ына"].contains(ending) {
      return forms(["ой", "ой", "у", "ой", "ой"], on: stem)
    }
    switch last {
    case "а":
      // Маша: Маши, Маше, Машу, Машей; Анна: Анны, Анне, Анну, Анной.
      return forms(
        [afterVelarOrHushing ? "и" : "ы", "е", "у", afterHushing ? "ей" : "ой", "е"], on: stem)
    case "я" where previous == "и":
      // Мария: Марии, Марии, Марию, Марией, Марии.
      return forms(["и", "и", "ю", "ей", "и"], on: stem)
    case "я":
      // Таня: Тани, Тане, Таню, Таней, Тане.
      return forms(["и", "е", "ю", "ей", "е"], on: stem)
    case "й" where previous == "и":
      // Дмитрий: Дмитрия, Дмитрию, Дмитрия, Дмитрием, Дмитрии.
      return forms(["я", "ю", "я", "ем", "и"], on: stem)
    case "й":
      // Андрей: Андрея, Андрею, Андрея, Андреем, Андрее.
      return forms(["я", "ю", "я", "ем", "е"], on: stem)
    case "ь":
      // Игорь: Игоря, Игорю, Игоря, Игорем, Игоре.
      return forms(["я", "ю", "я", "ем", "е"], on: stem)
    case _ where "бвгджзклмнпрстфхцчшщ".contains(last):
      // Александр: Александра, Александру, Александра, Александром, Александре.
      return forms(["а", "у", "а", "жшчщц".contains(last) ? "ем" : "ом", "е"], on: word)
    default:
      // Ending in a vowel other than а, я (Кино, Мари): indeclinable.
      return nil
    }
  }

  private static func isCyrillic(_ character: Character) -> Bool {
    character.unicodeScalars.allSatisfy { (0x0400...0x04FF).contains($0.value) }
  }
}
