/// Something the matcher can find in an utterance: a list, a contact, an app name.
public struct MatchEntry: Hashable, Sendable, Codable {
  /// The identifier a match reports, such as `list.inbox`.
  public var identifier: String
  /// The entry's type, such as `notebookItemTitle`; queries can be limited to some types.
  public var type: String
  /// The ways to say the entry.
  public var phrases: [MatchPhrase]
  /// 0 is the most important; an earlier entry wins a tie.
  public var priority: Int
  /// Free data for the caller (for example the app an entry belongs to); not matched.
  public var owner: String

  public init(
    identifier: String, type: String, phrases: [MatchPhrase], priority: Int = 0, owner: String = ""
  ) {
    self.identifier = identifier
    self.type = type
    self.phrases = phrases
    self.priority = priority
    self.owner = owner
  }
}

/// One way to say an entry, with an optional pronunciation hint.
public struct MatchPhrase: Hashable, Sendable, Codable {
  public var text: String
  /// How the phrase sounds when its spelling misleads: `shawn` for Sean, or pinyin with
  /// tone digits such as `ai4 qi2 yi4`.
  public var pronunciation: String?
  /// How much a match on this phrase counts, in 0...1 (1 for names and synonyms).
  public var weight: Double

  public init(_ text: String, pronunciation: String? = nil, weight: Double = 1) {
    self.text = text
    self.pronunciation = pronunciation
    self.weight = weight
  }
}
