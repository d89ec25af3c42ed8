/// A word of normalized text, with the keys that matching compares.
public struct Token: Hashable, Sendable {
  /// The text as written in the original string.
  public var text: String
  /// The token's position in the original string, in Unicode scalar offsets (end exclusive).
  public var scalarRange: Range<Int>
  /// The NFKC case-folded form of ``text``.
  public var folded: String
  /// A lowercase ASCII key: any script romanized to Latin letters, diacritics removed, only
  /// `a`-`z` and `0`-`9` kept. A number's key is its value in decimal digits.
  public var latinKey: String
  /// The token's main writing system.
  public var script: Script
  /// True when the token mixes letters of more than one script, such as a Cyrillic "А" in
  /// "Аlex".
  public var isMixedScript: Bool
  /// The number the token spells, if it is one ("21", "twenty one", "第十集").
  public var number: SpokenNumber?
  /// The token's position in UTF-16 offsets, for slicing the original text.
  var utf16Range: Range<Int> = 0..<0

  public init(
    text: String, scalarRange: Range<Int>, folded: String, latinKey: String, script: Script,
    isMixedScript: Bool = false, number: SpokenNumber? = nil
  ) {
    self.text = text
    self.scalarRange = scalarRange
    self.folded = folded
    self.latinKey = latinKey
    self.script = script
    self.isMixedScript = isMixedScript
    self.number = number
  }

  /// True when the token is a number.
  public var isNumber: Bool { number != nil }
}

/// A number spoken or written in an utterance.
public struct SpokenNumber: Hashable, Sendable, Codable {
  /// The value: 21 for "twenty one" and for "21".
  public var value: Int64
  /// True for ordinals: "first", "10th", "第十".
  public var isOrdinal: Bool
  /// A Chinese measure word that followed the number, such as 集 (episode) in 第十集.
  public var counter: String?

  public init(value: Int64, isOrdinal: Bool = false, counter: String? = nil) {
    self.value = value
    self.isOrdinal = isOrdinal
    self.counter = counter
  }
}
