import VocabKitSupport

/// Turns text into tokens with folded forms, Latin keys, scripts and numbers.
///
/// Both sides of every comparison, vocabulary entries and utterances, go through the same
/// normalizer. One normalizer is safe to use from many threads at once: it keeps a pool of
/// ICU handles, one per concurrent caller, and caches romanizations of Chinese characters
/// and of rare-script tokens.
///
/// ```swift
/// let tokens = try Normalizer.shared.normalize("Call राहुल शर्मा")
/// tokens.map(\.latinKey)  // ["call", "rahul", "sharma"]
/// ```
public final class Normalizer: Sendable {
  /// A normalizer shared by the whole process; creating one costs a few milliseconds.
  public static var shared: Normalizer {
    get throws(ICUError) { try sharedResult.get() }
  }
  private static let sharedResult = Result { () throws(ICUError) -> Normalizer in try Normalizer() }

  private let wordBreakers: HandlePool<WordBreaker>
  private let anyLatin: HandlePool<Transliterator>
  private let latinASCII: HandlePool<Transliterator>
  private let hanLatin: HandlePool<Transliterator>
  private let hanCache = BoundedCache<UInt32, String>(limit: 100_000)
  private let tokenCache = BoundedCache<String, String>(limit: 100_000)
  let numbers: NumberLexicon

  /// Opens the ICU objects the normalizer needs.
  ///
  /// - Throws: ``ICUError`` when ICU lacks break rules (a broken ICU installation). A
  ///   transliterator ICU lacks is an error from the first ``normalize(_:)`` that needs it;
  ///   VocabKit never falls back silently to weaker keys.
  public init() throws(ICUError) {
    let breaker = try WordBreaker(locale: "")
    wordBreakers = HandlePool(breaker) { (handle) throws(ICUError) in try handle.clone() }
    let clone: @Sendable (Transliterator) throws(ICUError) -> Transliterator = {
      (handle) throws(ICUError) in try handle.clone()
    }
    // Transliterators open when first needed: text in Latin letters never needs Any-Latin.
    func pool(_ identifier: String) -> HandlePool<Transliterator> {
      HandlePool(
        open: { () throws(ICUError) in try Transliterator(identifier: identifier) }, clone: clone)
    }
    anyLatin = pool("Any-Latin; Latin-ASCII")
    latinASCII = pool("Latin-ASCII")
    hanLatin = pool("Han-Latin; Latin-ASCII")
    // The lexicon spells out a locale's numbers when a text first needs them, maybe while
    // other threads normalize: it segments with a breaker of its own from the pool.
    let breakers = wordBreakers
    numbers = NumberLexicon { (text) throws(ICUError) in
      try breakers.withHandle { (breaker) throws(ICUError) in
        try Self.words(of: text, breaker: breaker)
      }
    }
  }

  /// The case-folded words of `text`, used to build the number lexicon.
  private static func words(of text: String, breaker: WordBreaker) throws(ICUError) -> [String] {
    let units = Array(text.utf16)
    let segments = try units.withUnsafeBufferPointer { (buffer) throws(ICUError) in
      try breaker.segments(of: buffer)
    }
    var words: [String] = []
    for segment in segments where segment.ruleStatus != 0 {
      let word = String(utf16Units: units[segment.range])
      words.append(try CaseFolding.fold(word))
    }
    return words
  }

  /// Splits `text` into tokens.
  ///
  /// Spaces, punctuation, emoji and invisible characters separate tokens and are dropped, and
  /// so are a recognizer's marks for what it could not transcribe (`<unk>`, `[noise]`).
  /// Words joined by a hyphen, slash, apostrophe or period with no space ("Wi-Fi", "AC/DC",
  /// "don't") form one token. Thai and Chinese are split by ICU's dictionaries. Spelled-out
  /// and Chinese numbers become single number tokens; English decades said in words are keyed
  /// as written in digits ("eighties" as "80s").
  ///
  /// - Complexity: O(*n*) in the length of `text`.
  public func normalize(_ text: String) throws(ICUError) -> [Token] {
    if let words = Self.letterWords(text) {
      return try mergeSpelledNumbers(words) { Array(text.utf16) }
    }
    return try normalizeInGeneral(text)
  }

  /// The tokens of a text made only of ASCII letters and spaces (most names, and English as
  /// recognizers write it), or nil for any other text.
  ///
  /// The words of such a text are its runs of letters, which fold to lowercase and are
  /// their own Latin keys: exactly what the general path (ICU word breaks, case folding and
  /// scripts) makes of them, without ICU. `NormalizerTests` checks the two on seeded random
  /// texts.
  ///
  /// - Complexity: O(*n*) in the length of `text`.
  static func letterWords(_ text: String) -> [Token]? {
    var text = text
    return text.withUTF8 { bytes -> [Token]? in
      guard !bytes.isEmpty else { return nil }
      var tokens: [Token] = []
      // Room for every word at once (at most one more than the spaces).
      tokens.reserveCapacity(bytes.reduce(1) { $0 + ($1 == 0x20 ? 1 : 0) })
      var start: Int? = nil
      func word(_ range: Range<Int>) -> Token {
        let slice = UnsafeBufferPointer(rebasing: bytes[range])
        // The bytes are ASCII letters: copied as they are, with no validation.
        let text = String(unsafeUninitializedCapacity: range.count) { buffer in
          UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(slice))
          return range.count
        }
        // ASCII letters fold by setting the lowercase bit; a lowercase word is its own fold.
        let folded =
          slice.allSatisfy { $0 >= 0x61 }
          ? text
          : String(unsafeUninitializedCapacity: range.count) { buffer in
            for (index, byte) in slice.enumerated() { buffer[index] = byte | 0x20 }
            return range.count
          }
        var token = Token(
          text: text, scalarRange: range, folded: folded,
          latinKey: Self.mayBeDecade(slice) ? Self.decadeKey(folded) ?? folded : folded,
          script: .latin)
        token.utf16Range = range
        return token
      }
      for (index, byte) in bytes.enumerated() {
        switch byte {
        case 0x20:
          if let first = start { tokens.append(word(first..<index)) }
          start = nil
        case 0x41...0x5A, 0x61...0x7A:
          if start == nil { start = index }
        default:
          return nil
        }
      }
      if let first = start { tokens.append(word(first..<bytes.count)) }
      return tokens
    }
  }

  /// ``normalize(_:)`` for any text, through ICU.
  func normalizeInGeneral(_ text: String) throws(ICUError) -> [Token] {
    let units = Array(text.utf16)
    let segments = try wordBreakers.withHandle { (breaker) throws(ICUError) in
      try units.withUnsafeBufferPointer { (buffer) throws(ICUError) in
        try breaker.segments(of: buffer)
      }
    }
    var pieces = Self.splitAtScriptChanges(
      Self.joinWords(Self.splitChineseNumbers(segments, units), units), units)
    let marks = Self.recognizerMarks(in: units)
    if !marks.isEmpty {
      pieces.removeAll { piece in marks.contains { $0.overlaps(piece.range) } }
    }
    var offsets = ScalarOffsets(units: units)
    var tokens: [Token] = []
    tokens.reserveCapacity(pieces.count)
    for piece in pieces {
      let original = String(utf16Units: units[piece.range])
      let folded = try CaseFolding.fold(original)
      if folded.isEmpty { continue }
      let (script, isMixed) = Self.scripts(of: folded)
      var latinKey: String
      var number: SpokenNumber? = nil
      if let chinese = piece.chineseNumber {
        number = chinese
        latinKey = String(chinese.value)
      } else {
        latinKey = try self.latinKey(folded, script: script, isMixed: isMixed)
        if let digits = Self.digitNumber(folded) {
          number = digits
          latinKey = String(digits.value)
        }
      }
      guard !latinKey.isEmpty || number != nil else { continue }
      if script == .latin, let decade = Self.decadeKey(latinKey) { latinKey = decade }
      let range = offsets.scalarRange(of: piece.range)
      var token = Token(
        text: original, scalarRange: range, folded: folded, latinKey: latinKey, script: script,
        isMixedScript: isMixed, number: number)
      token.utf16Range = piece.range
      tokens.append(token)
    }
    return try mergeSpelledNumbers(Self.joiningClitics(tokens, units)) { units }
  }

  /// Returns the Latin key of one word: romanized, lowercase ASCII letters and digits only.
  ///
  /// - Complexity: O(*n*) in the length of `word`; romanizations through ICU are cached.
  public func latinKey(of word: String) throws(ICUError) -> String {
    let folded = try CaseFolding.fold(word)
    let (script, isMixed) = Self.scripts(of: folded)
    let key = try latinKey(folded, script: script, isMixed: isMixed)
    return script == .latin ? Self.decadeKey(key) ?? key : key
  }

  private func latinKey(_ folded: String, script: Script, isMixed: Bool) throws(ICUError)
    -> String
  {
    if folded.utf8.allSatisfy({ $0 < 0x80 }) { return Self.asciiKey(folded) }
    if isMixed {
      // Romanize each run of one script on its own, so "Аlex" gives "alex".
      var key = ""
      for run in Self.scriptRuns(of: folded) {
        key += try latinKey(run.text, script: run.script, isMixed: false)
      }
      return key
    }
    switch script {
    case .devanagari: return Self.asciiKey(DevanagariRomanizer.romanize(folded))
    case .thai: return Self.asciiKey(ThaiRomanizer.romanize(folded))
    case .cyrillic:
      if let latin = CyrillicRomanizer.romanize(folded) { return Self.asciiKey(latin) }
    case .han: return try hanKey(folded)
    case .latin, .common, .inherited:
      if let cached = tokenCache.value(for: folded) { return cached }
      let key = Self.asciiKey(
        try latinASCII.withHandle { (handle) throws(ICUError) in try handle.transliterate(folded) })
      tokenCache.store(key, for: folded)
      return key
    default: break
    }
    if let cached = tokenCache.value(for: folded) { return cached }
    let key = Self.asciiKey(
      try anyLatin.withHandle { (handle) throws(ICUError) in try handle.transliterate(folded) })
    tokenCache.store(key, for: folded)
    return key
  }

  /// Toneless pinyin of a Chinese word, one character at a time from a cache (ICU's Han
  /// transliteration costs about 12 µs a character).
  private func hanKey(_ folded: String) throws(ICUError) -> String {
    var key = ""
    for scalar in folded.unicodeScalars {
      if scalar.isASCII {
        key.unicodeScalars.append(scalar)
        continue
      }
      if let cached = hanCache.value(for: scalar.value) {
        key += cached
        continue
      }
      let latin = Self.asciiKey(
        try hanLatin.withHandle { (handle) throws(ICUError) in
          try handle.transliterate(String(scalar))
        })
      hanCache.store(latin, for: scalar.value)
      key += latin
    }
    return Self.asciiKey(key)
  }

  /// Keeps lowercase ASCII letters and digits.
  static func asciiKey(_ text: String) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
      switch byte {
      case 0x61...0x7A, 0x30...0x39: bytes.append(byte)
      case 0x41...0x5A: bytes.append(byte + 0x20)
      default: continue
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The main script of a folded word and whether it mixes scripts.
  static func scripts(of folded: String) -> (Script, Bool) {
    var main: Script? = nil
    var mixed = false
    for scalar in folded.unicodeScalars {
      let script = Script.of(scalar)
      if script == .common || script == .inherited { continue }
      if let current = main {
        if current != script { mixed = true }
      } else {
        main = script
      }
    }
    return (main ?? .common, mixed)
  }

  /// Splits a word into runs of one script; common and inherited characters join the run
  /// before them.
  static func scriptRuns(of folded: String) -> [(text: String, script: Script)] {
    var runs: [(text: String, script: Script)] = []
    for scalar in folded.unicodeScalars {
      var script = Script.of(scalar)
      if script == .common || script == .inherited, let last = runs.last { script = last.script }
      if let last = runs.last, last.script == script {
        runs[runs.count - 1].text.unicodeScalars.append(scalar)
      } else {
        runs.append((String(scalar), script))
      }
    }
    return runs
  }

  /// Digits with an optional English ordinal suffix: "21", "10th", "1st".
  static func digitNumber(_ folded: String) -> SpokenNumber? {
    let bytes = Array(folded.utf8)
    guard let first = bytes.first, (0x30...0x39).contains(first) else { return nil }
    let digitCount = bytes.prefix { (0x30...0x39).contains($0) }.count
    guard digitCount <= 18 else { return nil }
    let suffix = String(decoding: bytes[digitCount...], as: UTF8.self)
    let value = Int64(String(decoding: bytes[..<digitCount], as: UTF8.self))!
    switch suffix {
    case "": return SpokenNumber(value: value)
    case "st", "nd", "rd", "th": return SpokenNumber(value: value, isOrdinal: true)
    default: return nil
    }
  }
}
