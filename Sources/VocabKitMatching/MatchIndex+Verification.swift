import VocabKitSupport

extension MatchIndex {
  struct Scored {
    var key: Int32
    var score: Double
    var phonetic: Double
    var latin: Double
    var exact: Bool
    var shortPenalty: Double
    var commonWordPenalty: Double
    var start: Int
    var end: Int
    /// How many tokens of the span are neither common words nor the index's carrier words.
    var namingTokens: Int
    /// The best score of the entry's whole phrase over two or more words that are not common
    /// words (or that sound like the name), 0 when none was aligned there; set when the
    /// entry's matches are ranked.
    var wholePhraseScore = 0.0

    /// Whether this match's span contains `other`'s and is longer.
    func strictlyContains(_ other: Scored) -> Bool {
      start <= other.start && end >= other.end && end - start > other.end - other.start
    }
  }

  /// Reads what verification reads of each of `keys` (where its symbols and letters are, the
  /// first letter and, with `symbols`, the first symbol, its weight, flags and entry), all
  /// before any is verified: in a large index each is a cache miss, and in this short loop the
  /// processor waits for many at once, where verifying them one by one would wait for each in
  /// turn. What was read is kept in `space`, so that the reads are made.
  ///
  /// - Complexity: O(*k*) for *k* keys.
  func readAhead(_ keys: some Sequence<Int32>, symbols readsSymbols: Bool, into space: LookupSpace)
  {
    var read = 0
    tables.symbols.withUnsafeBufferPointer { symbols in
      tables.latin.withUnsafeBufferPointer { latin in
        for key in keys {
          let key = Int(key)
          let symbolStart = tables.keySymbolStart[key]
          let latinStart = tables.keyLatinStart[key]
          if readsSymbols, symbolStart < symbols.count { read &+= Int(symbols[symbolStart]) }
          if latinStart < latin.count { read &+= Int(latin[latinStart]) }
          read &+= tables.keySymbolLength[key] &+ tables.keyLatinLength[key]
          read &+= tables.keyWeightIndex[key] &+ Int(tables.keyFlags[key]) &+ tables.keyEntry[key]
        }
      }
    }
    space.readAhead = read
  }

  /// Aligns one key against every token-aligned span of the window and scores the best.
  ///
  /// With `soundingExactly`, the window is a span whose symbols are the key's: aligning the
  /// key there costs nothing, and any other span of the window (each shorter) costs more,
  /// so the alignment is the window itself with similarity 1, without the alignment table.
  ///
  /// A token in `carrierTokens` (the index's carrier words in the utterance) counts as a
  /// common word: a span of only such words is a weak witness for an entry it resembles
  /// ("email" for a person Ismail, in "send an email to …"). With `readsCarrierTails`, a
  /// name ending with one said once may lose ``MatcherTuning/carrierTailPenalty``.
  func verify(
    key: Int32, _ utterance: PreparedUtterance, window: Range<Int>, soundingExactly: Bool,
    latinMasks: UnsafeMutableBufferPointer<UInt64>,
    latinMemo: UnsafeMutablePointer<LatinMemo>? = nil, carrierTokens: [Bool]? = nil,
    readsCarrierTails: Bool = false
  ) -> Scored? {
    // Sounding exactly, the window's symbols are the key's: weighed there, by the utterance's
    // prefix sums, not at the key's place in the index (a crowded word verifies hundreds of
    // keys).
    guard
      let alignment = soundingExactly
        ? Alignment.Result(
          similarity: 1, start: window.lowerBound, end: window.upperBound,
          keyWeight: utterance.weightPrefix[window.upperBound]
            - utterance.weightPrefix[window.lowerBound])
        : Alignment.best(
          key: tables.symbols[symbolRange(ofKey: Int(key))], utterance: utterance, window: window)
    else { return nil }
    let tokenRange = utterance.tokenRange(symbols: alignment.start, alignment.end)
    let (latinSimilarity, exact) = latinSimilarity(
      key: Int(key), utterance, tokens: tokenRange, latinMasks: latinMasks, memo: latinMemo)
    let keyWeight = alignment.keyWeight
    let base = exact ? 1 : Self.blend(phonetic: alignment.similarity, latin: latinSimilarity)
    let shortPenalty = exact ? 0 : Double(max(0, 30 - keyWeight)) / 100
    // Common words are penalized unless they are exactly the entry's one word: "this to"
    // for an entry "Thisto" is two common words run together, not a name; more when they
    // are spelled otherwise than the entry ("please" for Plise) than when they spell it
    // ("to do" for To-Do).
    var namingTokens = 0
    for token in tokenRange
    where !utterance.isCommonToken[token] && carrierTokens?[token] != true {
      namingTokens += 1
    }
    let commonPenalty: Double
    if namingTokens > 0 {
      commonPenalty = 0
    } else if !exact {
      commonPenalty = MatcherTuning.inexactCommonWordPenalty
    } else {
      commonPenalty = tokenRange.count > 1 ? MatcherTuning.commonWordPenalty : 0
    }
    let tailPenalty =
      readsCarrierTails && carrierTokens != nil
        && hasCarrierTail(
          key: Int(key), utterance, symbols: alignment.start..<alignment.end, tokens: tokenRange)
      ? MatcherTuning.carrierTailPenalty : 0
    let score =
      base * Double(weight(ofKey: Int(key))) - shortPenalty - commonPenalty - tailPenalty
    return Scored(
      key: key, score: score, phonetic: alignment.similarity, latin: latinSimilarity,
      exact: exact, shortPenalty: shortPenalty, commonWordPenalty: commonPenalty + tailPenalty,
      start: alignment.start, end: alignment.end,
      namingTokens: namingTokens)
  }

  /// Whether whole key `key`, found over `tokens` (symbols `symbols`), ends with a carrier
  /// word said once ("shopping list", not "shopping list list") that the index also has a
  /// phrase without: in "remove eggs from my shopping list" the sentence says "list", and
  /// the name is Shopping, when both Shopping and Shopping List are entries.
  ///
  /// - Complexity: O(*m*) hash steps for a span of *m* symbols, only when its last token
  ///   is a carrier word.
  func hasCarrierTail(
    key: Int, _ utterance: PreparedUtterance, symbols: Range<Int>, tokens: Range<Int>
  ) -> Bool {
    guard tokens.count > 1, !isPartial(key) else { return false }
    let last = tokens.upperBound - 1
    let tail = utterance.tokens[last].latinKey
    guard carrierWordSet.contains(tail),
      tokens.upperBound == utterance.tokens.count
        || utterance.tokens[tokens.upperBound].latinKey != tail
    else { return false }
    // The span without its last word, in symbols, sounding exactly like another whole key.
    var cut = symbols.upperBound
    while cut > symbols.lowerBound, Int(utterance.tokenOfSymbol[cut - 1]) == last { cut -= 1 }
    let start = symbols.lowerBound..<cut
    guard !start.isEmpty else { return false }
    var hash = Self.hashSeed
    for symbol in utterance.symbols[start] { hash = Self.hash(hash, symbol) }
    return tables.symbols.withUnsafeBufferPointer { keySymbols in
      utterance.symbols.withUnsafeBufferPointer { text in
        let span = UnsafeBufferPointer(rebasing: text[start])
        for position in tables.exactKeys.range(of: Self.fold(hash), shift: tables.exactKeys.shift) {
          let other = Int(tables.exactKeys.key(at: position))
          guard !isPartial(other), tables.keyEntry[other] != tables.keyEntry[key] else { continue }
          let bounds = symbolRange(ofKey: other)
          if bounds.count == span.count,
            Self.equalBytes(UnsafeBufferPointer(rebasing: keySymbols[bounds]), span)
          {
            return true
          }
        }
        return false
      }
    }
  }

  /// The Latin similarity of key `key` to the tokens `tokens` (one less their edit distance
  /// over the longer), and whether they spell it exactly; on the bytes in place, as
  /// verification runs hundreds of times a query. With `memo`, a distance is computed once
  /// for a span and a spelling, and kept for the next key spelled the same.
  func latinSimilarity(
    key: Int, _ utterance: PreparedUtterance, tokens: Range<Int>,
    latinMasks: UnsafeMutableBufferPointer<UInt64>, memo: UnsafeMutablePointer<LatinMemo>? = nil
  ) -> (similarity: Double, exact: Bool) {
    let keyRange = latinRange(ofKey: key)
    let spanRange =
      Int(utterance.latinBounds[tokens.lowerBound])..<Int(utterance.latinBounds[tokens.upperBound])
    return tables.latin.withUnsafeBufferPointer { keys in
      utterance.latinBytes.withUnsafeBufferPointer { text in
        let keyLatin = UnsafeBufferPointer(rebasing: keys[keyRange])
        let spanLatin = UnsafeBufferPointer(rebasing: text[spanRange])
        if Self.equalBytes(keyLatin, spanLatin) { return (1, true) }
        if let memo, memo.pointee.span == spanRange,
          Self.equalBytes(keyLatin, UnsafeBufferPointer(rebasing: keys[memo.pointee.key]))
        {
          return (memo.pointee.similarity, false)
        }
        let distance =
          keyLatin.count <= 64
          ? Alignment.bitParallelDistance(keyLatin, spanLatin, equal: latinMasks)
          : EditDistance.elements(Array(keyLatin), Array(spanLatin))
        let similarity = 1 - Double(distance) / Double(max(keyLatin.count, spanLatin.count, 1))
        memo?.pointee = LatinMemo(key: keyRange, span: spanRange, similarity: similarity)
        return (similarity, false)
      }
    }
  }

  /// Whether `a` and `b` hold the same bytes: lengths first, then a plain loop (the generic
  /// `elementsEqual` costs ten times as much, and lookups compare hundreds of keys a query).
  @inline(__always)
  static func equalBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    guard a.count == b.count else { return false }
    var position = 0
    while position < a.count, a[position] == b[position] { position += 1 }
    return position == a.count
  }

  /// A match's score before its weight and penalties, from its phonetic and Latin
  /// similarities: the sound counts more, as recognizers misspell what they hear right.
  @inline(__always)
  static func blend(phonetic: Double, latin: Double) -> Double { 0.6 * phonetic + 0.4 * latin }

  func match(for scored: Scored, _ utterance: PreparedUtterance) -> Match {
    let key = Int(scored.key)
    let entry = entries[tables.keyEntry[key]]
    let tokenRange = utterance.tokenRange(symbols: scored.start, scored.end)
    return Match(
      identifier: entry.identifier, type: entry.type, owner: entry.owner,
      priority: entry.priority, tokenRange: tokenRange,
      scalarRange: utterance.scalarRange(of: tokenRange), text: utterance.text(of: tokenRange),
      phrase: entry.phrases[tables.keyPhrase[key]].text, score: scored.score,
      components: ScoreComponents(
        phonetic: scored.phonetic, latin: scored.latin, exact: scored.exact,
        coverage: Double(coverage(ofKey: key)), weight: Double(weight(ofKey: key)),
        shortPenalty: scored.shortPenalty, commonWordPenalty: scored.commonWordPenalty,
        viaPronunciation: isViaPronunciation(key), wholePhraseScore: scored.wholePhraseScore))
  }
}
