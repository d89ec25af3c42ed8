import Synchronization

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

  /// Joined folded words → number.
  let entries: [String: SpokenNumber]
  /// Every folded word that occurs in some spelled-out number.
  let words: Set<String>
  /// Words for hundreds, thousands and millions, which start longer numbers parsed by ICU.
  let scaleWords: Set<String>
  /// The most words any table entry has.
  let longestEntry: Int
  /// ICU number formats are not documented as thread-safe for parsing: one caller at a time.
  private let spellouts: Mutex<[String: Spellout]>

  init(segmenter: (String) throws(ICUError) -> [String]) throws(ICUError) {
    var builder = Builder()
    var spellouts: [String: Spellout] = [:]
    for locale in Self.locales {
      let spellout = try Spellout(locale: locale)
      spellouts[locale] = spellout
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
      for scale: Int64 in [100, 1000, 1_000_000] {
        let scaleTokens = try segmenter(spellout.format(scale))
        if let last = scaleTokens.last { builder.scaleWords.insert(last) }
        builder.words.formUnion(scaleTokens)
      }
    }
    entries = builder.entries
    words = builder.words
    scaleWords = builder.scaleWords
    longestEntry = builder.longestEntry
    self.spellouts = Mutex(spellouts)
  }

  private struct Builder {
    var entries: [String: SpokenNumber] = [:]
    var words: Set<String> = []
    var scaleWords: Set<String> = []
    var longestEntry = 1

    mutating func add(
      _ spelled: String, _ number: SpokenNumber, _ segmenter: (String) throws(ICUError) -> [String]
    ) throws(ICUError) {
      let tokens = try segmenter(spelled)
      guard !tokens.isEmpty else { return }
      let key = tokens.joined()
      if entries[key] == nil { entries[key] = number }
      words.formUnion(tokens)
      longestEntry = max(longestEntry, tokens.count)
    }
  }

  /// Parses words with a scale ("two hundred thirty") leniently with ICU, trying each locale.
  func parseLong(_ text: String) -> Int64? {
    spellouts.withLock { spellouts in
      for locale in Self.locales {
        if let value = spellouts[locale]?.parse(text) { return value }
      }
      return nil
    }
  }
}
