import VocabKitNormalization

/// The other words for a family member whom a contact card names by relationship: a card
/// called "Mom" is found by "call my mother", "позвони маме" and 给妈妈打电话, as Siri finds
/// a card by its relationship label.
package enum KinshipNames {
  /// The other words of the group `phrase` is in, in its script (lowercased): a card
  /// named "Mom" is found by "mother", not by Thai แม่, whose Latin key "mae" is near
  /// English words; none when the phrase is not one word of a group.
  ///
  /// - Complexity: O(*n*) in the length of the phrase.
  package static func synonyms(of phrase: String) -> [String] {
    // Every word of a group is short: a longer phrase is no relationship, and costs a byte
    // count, not a hash.
    let bytes = phrase.utf8
    guard let first = bytes.first, bytes.count <= longestWord,
      firstBytes[Int(first) >> 6] & (1 << (UInt64(first) & 63)) != 0,
      let group = groupOfWord[phrase]
    else { return [] }
    let key = phrase.lowercased()
    let script = scriptKind(key)
    return groups[group].filter { $0 != key && scriptKind($0) == script }
  }

  /// The group of family members `word` names (lowercased, as the normalizer folds it), in
  /// any script and, in Russian, in any case ("маме"); nil when it names none.
  ///
  /// - Complexity: O(*n*) in the length of the word.
  package static func group(of word: String) -> Int? {
    // Most phrases are ruled out by their length or first byte, before a hash (a declined
    // word starts as its word does).
    let bytes = word.utf8
    guard let first = bytes.first, bytes.count <= longestSaidWord,
      firstBytes[Int(first) >> 6] & (1 << (UInt64(first) & 63)) != 0
    else { return nil }
    return groupOfWord[word] ?? declinedGroupOfWord[word]
  }

  /// Whether two words are written in the same script, as far as telling the groups'
  /// scripts apart (a letter's cases share its block).
  package static func sameScript(_ a: String, _ b: String) -> Bool {
    scriptKind(a) == scriptKind(b)
  }

  /// The first letter's Unicode block, as far as telling the groups' scripts apart.
  private static func scriptKind(_ word: String) -> UInt32 {
    (word.unicodeScalars.first?.value ?? 0) >> 7
  }

  /// Words that name one family member, in each first-class language. Not the short ones
  /// that are words of their own too ("ma", "pa", Thai ตา "grandfather" and "eye").
  private static let groups: [[String]] = [
    [
      "mom", "mother", "mum", "mommy", "mummy", "mama", "мама", "мамочка", "мать", "माँ", "मां",
      "मम्मी", "妈妈", "我妈", "母亲", "แม่",
    ],
    [
      "dad", "father", "daddy", "papa", "папа", "отец", "पापा", "पिता", "爸爸", "我爸", "父亲",
      "พ่อ",
    ],
    ["grandma", "grandmother", "granny", "бабушка", "दादी", "奶奶"],
    ["grandpa", "grandfather", "granddad", "дедушка", "दादा", "爷爷"],
    ["wife", "жена", "पत्नी", "老婆", "妻子"],
    ["husband", "муж", "पति", "老公", "丈夫"],
  ]

  /// Each word's group, under its spellings as a card writes it ("mom", "Mom", "MOM").
  private static let groupOfWord: [String: Int] = {
    var result: [String: Int] = [:]
    for (index, group) in groups.enumerated() {
      for word in group {
        for spelling in [word, word.prefix(1).uppercased() + word.dropFirst(), word.uppercased()] {
          result[spelling] = index
        }
      }
    }
    return result
  }()

  private static let longestWord = groupOfWord.keys.map(\.utf8.count).max() ?? 0

  /// Each Russian word's group in its other cases ("маме", "папе"), as a request says it.
  private static let declinedGroupOfWord: [String: Int] = {
    var result: [String: Int] = [:]
    for (index, group) in groups.enumerated() {
      for word in group where scriptKind(word) == scriptKind("а") {
        for declined in RussianDeclension.otherCases(of: word) where result[declined] == nil {
          result[declined] = index
        }
      }
    }
    return result
  }()

  private static let longestSaidWord = max(
    longestWord, declinedGroupOfWord.keys.map(\.utf8.count).max() ?? 0)

  /// The first bytes of the spellings, as a 256-bit set: most phrases are ruled out by
  /// their first byte, before a hash.
  private static let firstBytes: [UInt64] = {
    var set = [UInt64](repeating: 0, count: 4)
    for word in groupOfWord.keys {
      guard let byte = word.utf8.first else { continue }
      set[Int(byte) >> 6] |= 1 << (UInt64(byte) & 63)
    }
    return set
  }()
}
