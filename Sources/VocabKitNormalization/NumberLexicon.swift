import VocabKitSupport

/// Spelled-out numbers in English, Russian, Hindi and Thai, generated from ICU's rule-based
/// number format so that every form ICU knows ("twenty-one", "двадцать один", "इक्कीस",
/// "ยี่สิบเอ็ด") maps back to its value.
///
/// Keys are the case-folded words of a number joined without separators, so "twenty one",
/// "twenty-one" and "twentyone" share a key, and Thai, written without spaces, matches
/// however the word breaker splits it.
final class NumberLexicon: Sendable {
  /// The locales whose spelled-out numbers are recognized.
  static let locales = ["en", "ru", "hi", "th"]
  /// Ordinal rule sets tried for each locale; a locale lacking one simply has no such forms.
  static let ordinalRuleSets = [
    "%spellout-ordinal", "%spellout-ordinal-masculine", "%spellout-ordinal-feminine",
    "%spellout-ordinal-neuter",
  ]
  /// The largest value spelled out into the table.
  static let tableLimit: Int64 = 100
  /// Locales that say a thousand and a million without "one" ("тысяча", "हज़ार"), as the
  /// everyday form; the bare word is in their table too. English is not among them ("a
  /// thousand"), nor Thai, where พันห้า means 1500.
  static let bareScaleLocales: Set<String> = ["ru", "hi"]
  /// Round values whose last word starts longer numbers; they are in the table too.
  static let scales: [Int64] = [
    100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 2000, 5000, 1_000_000, 2_000_000,
    5_000_000,
  ]

  /// One locale's spelled-out numbers.
  ///
  /// A class: the normalizer asks for the table of every token's script, and handing out a
  /// reference costs one retain where a copy of the fields cost one for each.
  final class Table: Sendable {
    /// Joined folded words → number.
    let entries: [String: SpokenNumber]
    /// Every folded word that occurs in some spelled-out number.
    let words: WordSet
    /// Words for hundreds, thousands and millions, which start longer numbers parsed by ICU.
    let scaleWords: WordSet
    /// The most words any entry has.
    let longestEntry: Int

    init(entries: [String: SpokenNumber], words: WordSet, scaleWords: WordSet, longestEntry: Int) {
      self.entries = entries
      self.words = words
      self.scaleWords = scaleWords
      self.longestEntry = longestEntry
    }
  }

  /// The locale whose numbers are written in `script`: each locale writes its number words in
  /// one script of its own (a test checks this), so a token's script names the one table
  /// that can hold it.
  static func locale(of script: Script) -> String? {
    switch script {
    case .latin: "en"
    case .cyrillic: "ru"
    case .devanagari: "hi"
    case .thai: "th"
    default: nil
    }
  }

  /// Splits a spelled-out number into folded words, as the normalizer splits text.
  private let segmenter: @Sendable (String) throws(ICUError) -> [String]
  /// Each locale's table and ICU number format, made on first use: a process that sees
  /// only English never spells out Russian, Hindi or Thai (about 10 ms at start). ICU
  /// number formats are not documented as thread-safe for parsing: one caller at a time.
  private let localeTables = Locked<[String: (table: Table, spellout: Spellout)]>([:])

  init(segmenter: @escaping @Sendable (String) throws(ICUError) -> [String]) {
    self.segmenter = segmenter
  }

  /// The table of the locale written in `script`, made on first use; nil for a script no
  /// locale writes its numbers in.
  ///
  /// - Throws: ``ICUError`` when ICU cannot spell out numbers in that locale.
  func table(for script: Script) throws(ICUError) -> Table? {
    guard let locale = Self.locale(of: script) else { return nil }
    return try localeTables.withLock { (made) throws(ICUError) -> Table in
      try Self.made(locale, in: &made, segmenter: segmenter).table
    }
  }

  /// A locale's table and number format from `made`, made and stored there first if needed.
  private static func made(
    _ locale: String, in made: inout [String: (table: Table, spellout: Spellout)],
    segmenter: (String) throws(ICUError) -> [String]
  ) throws(ICUError) -> (table: Table, spellout: Spellout) {
    if let known = made[locale] { return known }
    var builder = Builder()
    let spellout = try Spellout(locale: locale)
    for value in 0...Self.tableLimit {
      try builder.add(spellout.format(value), SpokenNumber(value: value), segmenter)
    }
    for ruleSet in Self.ordinalRuleSets {
      // ICU reports an unknown rule set as an illegal argument: that locale has none.
      guard (try? spellout.format(1, ruleSet: ruleSet)) != nil else { continue }
      for value in 1...Self.tableLimit {
        try builder.add(
          spellout.format(value, ruleSet: ruleSet), SpokenNumber(value: value, isOrdinal: true),
          segmenter)
      }
    }
    // Hundreds and the inflected forms of thousands and millions have words of their own
    // in Russian ("двести", "тысячи", "миллионов"), so each is spelled out.
    for scale: Int64 in Self.scales {
      let spelled = try spellout.format(scale)
      let scaleTokens = try segmenter(spelled)
      if let last = scaleTokens.last { builder.scaleWords.insert(last) }
      try builder.add(spelled, SpokenNumber(value: scale), segmenter)
      if Self.bareScaleLocales.contains(locale), scale == 1000 || scale == 1_000_000,
        scaleTokens.count > 1, let last = scaleTokens.last
      {
        try builder.add(last, SpokenNumber(value: scale), segmenter)
      }
    }
    let table = Table(
      entries: builder.entries, words: WordSet(builder.words),
      scaleWords: WordSet(builder.scaleWords), longestEntry: builder.longestEntry)
    made[locale] = (table, spellout)
    return (table, spellout)
  }

  private struct Builder {
    var entries: [String: SpokenNumber] = [:]
    var words: Set<String> = []
    var scaleWords: Set<String> = []
    var longestEntry = 1

    mutating func add(
      _ spelled: String, _ number: SpokenNumber, _ segmenter: (String) throws(ICUError) -> [String]
    ) throws(ICUError) {
      // ICU separates Thai number words with zero-width spaces ("ยี่\u{200B}สิบ\u{200B}เอ็ด"),
      // which people do not type; the word breaker splits the unspaced text differently
      // ("ยี่สิบ" + "เอ็ด"), so both splits contribute words. Both give the same key.
      let unspaced = String(
        String.UnicodeScalarView(spelled.unicodeScalars.filter { $0 != "\u{200B}" }))
      // Hindi is written both with chandrabindu and with anusvara (पाँच, पांच), and with or
      // without nukta (हज़ार, हजार): each spelling is a key.
      let plainHindi = String(
        String.UnicodeScalarView(
          unspaced.unicodeScalars.compactMap { scalar -> Unicode.Scalar? in
            switch scalar {
            case "\u{0901}": return "\u{0902}"
            case "\u{093C}": return nil
            default: return scalar
            }
          }))
      var texts = [spelled]
      for variant in [unspaced, plainHindi] where !texts.contains(variant) {
        texts.append(variant)
      }
      for text in texts {
        let tokens = try segmenter(text)
        guard !tokens.isEmpty else { continue }
        let key = tokens.joined()
        if entries[key] == nil { entries[key] = number }
        words.formUnion(tokens)
        longestEntry = max(longestEntry, tokens.count)
      }
    }
  }

  /// Parses words with a scale ("two hundred thirty") leniently with ICU, in the locale of
  /// their script (Latin: English), or nil for scripts without one. Results are cached.
  func parseLong(_ text: String, script: Script) throws(ICUError) -> Int64? {
    guard let locale = Self.locale(of: script) else { return nil }
    let key = locale + " " + text
    if let cached = parsed.value(for: key) { return cached }
    let value = try localeTables.withLock { (made) throws(ICUError) -> Int64? in
      try Self.made(locale, in: &made, segmenter: segmenter).spellout.parse(text)
    }
    parsed.store(value, for: key)
    return value
  }

  /// The most words given to ICU's lenient parse at once ("two hundred thirty four thousand
  /// five" has six); longer runs fall back to the table.
  static let maximumParsedWords = 6
  /// The most lenient parses tried in one run of number words, from successive words.
  static let maximumParseAttempts = 2
  /// The most lenient parses tried in one text; later runs use the table alone. This bounds
  /// the parser's cost per text (about 0.2 s in Russian, the slowest) at any length.
  static let maximumParsesPerText = 4
  /// Lenient parses by locale and text, failures included (they cost the most).
  private let parsed = BoundedCache<String, Int64?>(limit: 10_000)
}

/// A set of words (number words, scale words), for the lookup of every token.
///
/// A `Set<String>` would hash each token with SipHash and, for an English word probing a set
/// that also holds Russian or Hindi words, compare strings the slow Unicode way;
/// ``PackedWords`` finds short ASCII words by their bytes.
struct WordSet: Sendable {
  private let words: PackedWords

  init(_ words: Set<String>) {
    self.words = PackedWords(words.sorted())
  }

  /// Whether `word` is in the set.
  ///
  /// - Complexity: O(*n*) in the length of `word`.
  func contains(_ word: String) -> Bool { words.contains(word) }
}
