/// A stretch of the original text that becomes one token, in UTF-16 offsets.
struct Piece {
  var range: Range<Int>
  var chineseNumber: SpokenNumber? = nil
}

/// Converts increasing UTF-16 offsets into Unicode scalar offsets in one pass.
struct ScalarOffsets {
  private let units: [UInt16]
  private var unitPosition = 0
  private var scalarPosition = 0

  init(units: [UInt16]) { self.units = units }

  private mutating func scalarOffset(of unitOffset: Int) -> Int {
    if unitOffset < unitPosition {
      unitPosition = 0
      scalarPosition = 0
    }
    while unitPosition < unitOffset {
      if !UTF16.isTrailSurrogate(units[unitPosition]) { scalarPosition += 1 }
      unitPosition += 1
    }
    return scalarPosition
  }

  mutating func scalarRange(of range: Range<Int>) -> Range<Int> {
    let start = scalarOffset(of: range.lowerBound)
    return start..<scalarOffset(of: range.upperBound)
  }
}

extension Normalizer {
  /// Characters that join two words into one token when they stand between them with no
  /// space: "Wi-Fi", "AC/DC", "R&B", "U.S".
  private static let joiners: Set<UInt16> = [
    0x2D, 0x2010, 0x2011, 0x2F, 0x27, 0x2019, 0x2E, 0x26, 0xB7,
  ]

  /// Splits pieces where Latin letters or digits meet a script written without spaces
  /// (Thai, Lao, Khmer, Myanmar): ICU keeps "ในInbox" and "เพลงRoute" as one word, but a
  /// speaker says two. Latin next to Cyrillic or Devanagari is not split: there it is a
  /// spoofing sign ("Аlex") that lint must see.
  ///
  /// - Complexity: O(*n*) in the length of the text.
  static func splitAtScriptChanges(_ pieces: [Piece], _ units: [UInt16]) -> [Piece] {
    func kind(_ unit: UInt16) -> Int {
      switch unit {
      case 0x0E00...0x0EFF, 0x1000...0x109F, 0x1780...0x17FF: return 1
      case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x00C0...0x024F: return 2
      default: return 0
      }
    }
    var result: [Piece] = []
    result.reserveCapacity(pieces.count)
    for piece in pieces {
      guard piece.chineseNumber == nil else {
        result.append(piece)
        continue
      }
      var start = piece.range.lowerBound
      var previous = 0
      for offset in piece.range {
        let current = kind(units[offset])
        if current != 0, previous != 0, current != previous {
          result.append(Piece(range: start..<offset))
          start = offset
        }
        if current != 0 { previous = current }
      }
      result.append(Piece(range: start..<piece.range.upperBound))
    }
    return result
  }

  /// Keeps the word segments and joins those linked by a single joiner character.
  ///
  /// - Complexity: O(*n*) in the number of segments.
  static func joinWords(_ pieces: [(Piece, Int32)], _ units: [UInt16]) -> [Piece] {
    var result: [Piece] = []
    var index = 0
    while index < pieces.count {
      let (piece, status) = pieces[index]
      guard status != 0 || piece.chineseNumber != nil else {
        index += 1
        continue
      }
      var merged = piece
      while merged.chineseNumber == nil, index + 2 < pieces.count {
        let (joiner, joinerStatus) = pieces[index + 1]
        let (next, nextStatus) = pieces[index + 2]
        guard joinerStatus == 0, joiner.range.count == 1,
          joiners.contains(units[joiner.range.lowerBound]),
          nextStatus != 0, next.chineseNumber == nil,
          !(400..<500).contains(nextStatus), !(400..<500).contains(status)
        else { break }
        merged.range = merged.range.lowerBound..<next.range.upperBound
        index += 2
      }
      result.append(merged)
      index += 1
    }
    return result
  }

  /// Finds Chinese numbers such as 十, 第十集 and 第3季 and makes each one piece, cutting the
  /// word segments around them.
  ///
  /// A run of numerals counts as a number when it follows 第, is followed by a measure word
  /// (集, 季, 首 …), or is a whole word by itself; numerals inside words (一起) stay text.
  ///
  /// - Complexity: O(*n*) in the length of the text.
  ///
  /// One function on purpose: one pass over the segments that cuts each at the numbers it holds,
  /// with the three rules for what counts as a number side by side.
  static func splitChineseNumbers(_ segments: [WordBreaker.Segment], _ units: [UInt16])
    -> [(Piece, Int32)]
  {
    // The segment boundaries, collected only when the text has a numeral at all.
    var boundaries: Set<Int>? = nil
    func isBoundary(_ offset: Int) -> Bool {
      if boundaries == nil {
        var all = Set<Int>()
        for segment in segments {
          all.insert(segment.range.lowerBound)
          all.insert(segment.range.upperBound)
        }
        boundaries = all
      }
      return boundaries!.contains(offset)
    }
    var matches: [Piece] = []
    var position = 0
    func character(_ at: Int) -> Character? {
      guard at < units.count, let scalar = Unicode.Scalar(units[at]) else { return nil }
      return Character(scalar)
    }
    func isDigit(_ at: Int) -> Bool { at < units.count && (0x30...0x39).contains(units[at]) }
    while position < units.count {
      // Every Chinese numeral and 第 lies at or above U+3007 (〇): skip other text cheaply.
      guard units[position] >= 0x3007, let first = character(position),
        first == ChineseNumerals.ordinalPrefix || ChineseNumerals.isNumeral(first)
      else {
        position += 1
        continue
      }
      var end = position
      let isOrdinal = first == ChineseNumerals.ordinalPrefix
      if isOrdinal { end += 1 }
      let numeralStart = end
      var hanNumerals = 0
      var digits = 0
      while end < units.count {
        if let next = character(end), ChineseNumerals.isNumeral(next) {
          hanNumerals += 1
        } else if isDigit(end) {
          digits += 1
        } else {
          break
        }
        end += 1
      }
      guard end > numeralStart, hanNumerals == 0 || digits == 0 else {
        position = max(end, position + 1)
        continue
      }
      let numeralEnd = end
      var counter: String? = nil
      if let next = character(end), ChineseNumerals.counters.contains(next) {
        counter = String(next)
        end += 1
      }
      let wholeWord = isBoundary(position) && isBoundary(numeralEnd)
      let text = String(utf16Units: units[numeralStart..<numeralEnd])
      let value = hanNumerals > 0 ? ChineseNumerals.value(of: text) : Int64(text)
      let accepted = isOrdinal || counter != nil || (hanNumerals > 0 && wholeWord)
      if accepted, let value {
        matches.append(
          Piece(
            range: position..<end,
            chineseNumber: SpokenNumber(value: value, isOrdinal: isOrdinal, counter: counter)))
        position = end
      } else {
        position = numeralEnd
      }
    }
    guard !matches.isEmpty else { return segments.map { (Piece(range: $0.range), $0.ruleStatus) } }

    var result: [(Piece, Int32)] = []
    var matchIndex = 0
    for segment in segments {
      var start = segment.range.lowerBound
      while start < segment.range.upperBound {
        while matchIndex < matches.count, matches[matchIndex].range.upperBound <= start {
          matchIndex += 1
        }
        guard matchIndex < matches.count,
          matches[matchIndex].range.lowerBound < segment.range.upperBound
        else {
          result.append((Piece(range: start..<segment.range.upperBound), segment.ruleStatus))
          break
        }
        let match = matches[matchIndex]
        if match.range.lowerBound > start {
          result.append((Piece(range: start..<match.range.lowerBound), segment.ruleStatus))
        }
        if match.range.lowerBound >= start {
          result.append((match, 400))
        }
        start = match.range.upperBound
      }
    }
    return result
  }

  /// Merges runs of number words into number tokens: "twenty one" → 21, "двадцать один" →
  /// 21, "two hundred thirty" → 230 (ICU's lenient spell-out parser for runs with a scale),
  /// then joined across "and" and a decimal point (``joiningNumberParts(_:_:)``).
  /// `units` gives the text's UTF-16 code units, asked for only when there is something to
  /// merge.
  ///
  /// - Complexity: O(*n*) in the number of tokens.
  ///
  /// One function on purpose: one pass over the tokens that shares the per-text budget of ICU parse
  /// attempts between the runs of number words it finds.
  func mergeSpelledNumbers(_ tokens: [Token], units: () -> [UInt16]) throws(ICUError) -> [Token] {
    // Each token is looked up in the table of its script's locale, made on first use. A text
    // is mostly in one script: the last table asked for is kept at hand.
    var last: (script: Script, table: NumberLexicon.Table?)? = nil
    func table(_ script: Script) throws(ICUError) -> NumberLexicon.Table? {
      if let last, last.script == script { return last.table }
      let table = try numbers.table(for: script)
      last = (script, table)
      return table
    }
    // The number words of each token: one for "twenty", two for the joined "twenty-one".
    // Most texts have none, and then nothing is made.
    var numberWordsOfTokens: [[String]?]? = nil
    for index in tokens.indices {
      guard tokens[index].number == nil, let lexicon = try table(tokens[index].script),
        let tokenWords = numberWords(tokens[index].folded, lexicon)
      else { continue }
      if numberWordsOfTokens == nil {
        numberWordsOfTokens = Array(repeating: nil, count: tokens.count)
      }
      numberWordsOfTokens?[index] = tokenWords
    }
    guard let words = numberWordsOfTokens else { return tokens }
    let units = units()
    func wordsOf(_ range: Range<Int>) -> [String] { words[range].flatMap { $0 ?? [] } }
    var result: [Token] = []
    result.reserveCapacity(tokens.count)
    var index = 0
    // ICU's lenient parse costs milliseconds when it fails (tens in Russian), so each run of
    // number words gets a few attempts and each text a few more: a fuzzer found 173 bytes of
    // Thai number words that took 35 ms, and twelve Russian ones took 850 ms.
    var textAttempts = 0
    var runAttempts = 0
    var attemptedRunEnd = 0
    while index < tokens.count {
      guard words[index] != nil else {
        result.append(tokens[index])
        index += 1
        continue
      }
      var runEnd = index
      var hasScale = false
      while runEnd < tokens.count, let runWords = words[runEnd], runEnd - index < 12 {
        if let lexicon = try table(tokens[runEnd].script),
          runWords.contains(where: lexicon.scaleWords.contains)
        {
          hasScale = true
        }
        runEnd += 1
      }
      var merged: (end: Int, number: SpokenNumber)? = nil
      if index >= attemptedRunEnd { runAttempts = 0 }
      let runWords = wordsOf(index..<runEnd)
      if hasScale, (2...NumberLexicon.maximumParsedWords).contains(runWords.count),
        runAttempts < NumberLexicon.maximumParseAttempts,
        textAttempts < NumberLexicon.maximumParsesPerText,
        // No spelled-out number repeats a word back to back ("thousand thousand").
        !zip(runWords, runWords.dropFirst()).contains(where: { $0 == $1 })
      {
        runAttempts += 1
        textAttempts += 1
        attemptedRunEnd = max(attemptedRunEnd, runEnd)
        let phrase = runWords.joined(separator: " ")
        if let value = try numbers.parseLong(phrase, script: tokens[index].script) {
          merged = (runEnd, SpokenNumber(value: value))
        }
      }
      // A run's first word is a number word, so its script has a table.
      if merged == nil, let lexicon = try table(tokens[index].script) {
        var end = min(runEnd, index + lexicon.longestEntry + 2)
        while end > index {
          let key = wordsOf(index..<end).joined()
          if let number = lexicon.entries[key] {
            merged = (end, number)
            break
          }
          end -= 1
        }
      }
      guard let (end, number) = merged else {
        result.append(tokens[index])
        index += 1
        continue
      }
      let first = tokens[index]
      let last = tokens[end - 1]
      let range = first.scalarRange.lowerBound..<last.scalarRange.upperBound
      let utf16Range = first.utf16Range.lowerBound..<last.utf16Range.upperBound
      var token = Token(
        text: String(utf16Units: units[utf16Range]), scalarRange: range,
        folded: tokens[index..<end].map(\.folded).joined(separator: " "),
        latinKey: String(number.value), script: first.script, number: number)
      token.utf16Range = utf16Range
      result.append(token)
      index = end
    }
    return Self.joiningNumberParts(result, units)
  }

  /// The number words a token consists of, given its folded form: that form when it is a
  /// number word, or the parts of a hyphenated word ("twenty-one", joined into one token by
  /// ``joinWords``) when each part is one; nil otherwise.
  private func numberWords(_ folded: String, _ lexicon: NumberLexicon.Table) -> [String]? {
    if lexicon.words.contains(folded) { return [folded] }
    // NFKC folding has already turned U+2011 (non-breaking hyphen) into U+2010 (whose UTF-8
    // starts with 0xE2). One pass over the bytes, as most words have neither.
    let hyphenated =
      folded.utf8.withContiguousStorageIfAvailable { bytes in
        bytes.contains { $0 == 0x2D || $0 == 0xE2 }
      } ?? folded.utf8.contains { $0 == 0x2D || $0 == 0xE2 }
    guard hyphenated, folded.utf8.contains(0x2D) || folded.contains("\u{2010}") else {
      return nil
    }
    let parts = folded.split { $0 == "-" || $0 == "\u{2010}" }.map(String.init)
    guard parts.count >= 2, parts.allSatisfy(lexicon.words.contains) else { return nil }
    return parts
  }
}
