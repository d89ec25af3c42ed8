import Synchronization
import VocabKitNormalization

extension MatchIndex {
  /// Finds entries in an utterance, best first, one match per entry.
  ///
  /// - Parameters:
  ///   - utterance: The prepared utterance; prepare once, query many indexes or types.
  ///   - types: Only entries of these types; nil for all.
  ///   - tokens: Only spans inside these tokens; nil for the whole utterance.
  ///   - limit: The most matches returned.
  ///   - cutoff: Matches scoring below this are not returned (never a fake 0).
  /// - Complexity: O(*p* + *c* × *m* × *n*): *p* postings that share sound pairs with the
  ///   utterance, *c* ≤ ``maximumCandidates`` verified keys of *m* symbols, and an
  ///   utterance of *n* symbols.
  public func matches(
    in utterance: PreparedUtterance, types: Set<String>? = nil, tokens: Range<Int>? = nil,
    limit: Int = 10, cutoff: Double = 0.5
  ) -> [Match] {
    guard !utterance.symbols.isEmpty, !keyEntry.isEmpty, limit > 0 else { return [] }
    var allowedTypes: [Bool]? = nil
    if let types {
      allowedTypes = typeNames.map { types.contains($0) }
      if !allowedTypes!.contains(true) { return [] }
    }
    let window = symbolWindow(utterance, tokens: tokens)
    guard window.count > 0 else { return [] }
    let candidates = candidateKeys(utterance, window: window, allowedTypes: allowedTypes)
    var best: [Int32: Scored] = [:]
    for key in candidates {
      guard let scored = verify(key: key, utterance, window: window) else { continue }
      let entry = keyEntry[Int(key)]
      if let current = best[entry], current.score >= scored.score { continue }
      best[entry] = scored
    }
    let ranked = best.values.filter { $0.score >= cutoff }.sorted { a, b in
      if a.score != b.score { return a.score > b.score }
      let entryA = entries[Int(keyEntry[Int(a.key)])]
      let entryB = entries[Int(keyEntry[Int(b.key)])]
      if entryA.priority != entryB.priority { return entryA.priority < entryB.priority }
      return a.key < b.key
    }
    return ranked.prefix(limit).map { match(for: $0, utterance) }
  }

  /// Finds entries in a text; see ``matches(in:types:tokens:limit:cutoff:)-(PreparedUtterance,_,_,_,_)``.
  public func matches(
    in text: String, types: Set<String>? = nil, limit: Int = 10, cutoff: Double = 0.5
  ) throws(ICUError) -> [Match] {
    matches(
      in: try PreparedUtterance(text, normalizer: normalizer), types: types, limit: limit,
      cutoff: cutoff)
  }

  /// The most keys verified by alignment for one query.
  public static let maximumCandidates = 64
  /// Keys sharing fewer than this share of their sound pairs with the query are skipped.
  static let minimumVoteShare: Float = 0.3

  struct Scored {
    var key: Int32
    var score: Double
    var phonetic: Double
    var latin: Double
    var exact: Bool
    var shortPenalty: Double
    var start: Int
    var end: Int
  }

  /// The symbol positions allowed for spans.
  private func symbolWindow(_ utterance: PreparedUtterance, tokens: Range<Int>?) -> Range<Int> {
    guard let tokens else { return 0..<utterance.symbols.count }
    var lower = utterance.symbols.count
    var upper = 0
    for (position, token) in utterance.tokenOfSymbol.enumerated()
    where tokens.contains(Int(token)) {
      lower = min(lower, position)
      upper = max(upper, position + 1)
    }
    return lower < upper ? lower..<upper : 0..<0
  }

  /// Keys that share enough sound pairs with the utterance, most shared first.
  private func candidateKeys(
    _ utterance: PreparedUtterance, window: Range<Int>, allowedTypes: [Bool]?
  ) -> [Int32] {
    let classes = Self.classes(utterance.symbols[window])
    var buckets = [Bool](repeating: false, count: Self.bucketCount)
    if classes.count >= 2 {
      for position in 1..<classes.count {
        buckets[Int(classes[position - 1]) * Self.classCount + Int(classes[position])] = true
      }
    }
    for soundClass in classes { buckets[Self.unigramBase + Int(soundClass)] = true }
    buckets[Self.vowelBucket] = true

    return scratchPool.withScratch(keyCount: keyEntry.count) { scratch in
      for bucket in 0..<Self.bucketCount where buckets[bucket] {
        let bounds = Int(postingBounds[bucket])..<Int(postingBounds[bucket + 1])
        for posting in postings[bounds] {
          if let allowedTypes, !allowedTypes[Int(entryType[Int(keyEntry[Int(posting)])])] {
            continue
          }
          scratch.vote(posting)
        }
      }
      var ranked: [(share: Float, grams: UInt16, key: Int32)] = []
      for key in scratch.touched {
        let grams = keyGramCount[Int(key)]
        let share = Float(scratch.votes[Int(key)]) / Float(max(grams, 1))
        if share >= Self.minimumVoteShare { ranked.append((share, grams, key)) }
      }
      scratch.reset()
      if ranked.count > Self.maximumCandidates {
        ranked.sort { a, b in
          if a.share != b.share { return a.share > b.share }
          if a.grams != b.grams { return a.grams > b.grams }
          return a.key < b.key
        }
        ranked.removeLast(ranked.count - Self.maximumCandidates)
      }
      return ranked.map(\.key)
    }
  }

  /// Aligns one key against every token-aligned span of the window and scores the best.
  private func verify(key: Int32, _ utterance: PreparedUtterance, window: Range<Int>) -> Scored? {
    let keyBounds = Int(keySymbolBounds[Int(key)])..<Int(keySymbolBounds[Int(key) + 1])
    guard
      let alignment = Alignment.best(
        key: symbols[keyBounds], utterance: utterance, window: window)
    else { return nil }
    let tokenRange = utterance.tokenRange(symbols: alignment.start, alignment.end)
    let spanLatin = utterance.latin(tokenRange)
    let latinBounds = Int(keyLatinBounds[Int(key)])..<Int(keyLatinBounds[Int(key) + 1])
    let keyLatin = latin[latinBounds]
    let exact = spanLatin.elementsEqual(keyLatin)
    let latinSimilarity: Double
    if exact {
      latinSimilarity = 1
    } else {
      let distance = Alignment.levenshtein(Array(keyLatin), spanLatin)
      latinSimilarity = 1 - Double(distance) / Double(max(keyLatin.count, spanLatin.count, 1))
    }
    let keyWeight = PhoneticKey.weight(symbols[keyBounds])
    let base = exact ? 1 : 0.6 * alignment.similarity + 0.4 * latinSimilarity
    let shortPenalty = exact ? 0 : Double(max(0, 30 - keyWeight)) / 100
    let score = base * Double(self.keyWeight[Int(key)]) - shortPenalty
    return Scored(
      key: key, score: score, phonetic: alignment.similarity, latin: latinSimilarity,
      exact: exact, shortPenalty: shortPenalty, start: alignment.start, end: alignment.end)
  }

  private func match(for scored: Scored, _ utterance: PreparedUtterance) -> Match {
    let key = Int(scored.key)
    let entry = entries[Int(keyEntry[key])]
    let tokenRange = utterance.tokenRange(symbols: scored.start, scored.end)
    return Match(
      identifier: entry.identifier, type: entry.type, owner: entry.owner,
      priority: entry.priority, tokenRange: tokenRange,
      scalarRange: utterance.scalarRange(of: tokenRange), text: utterance.text(of: tokenRange),
      phrase: entry.phrases[Int(keyPhrase[key])].text, score: scored.score,
      components: ScoreComponents(
        phonetic: scored.phonetic, latin: scored.latin, exact: scored.exact,
        coverage: Double(keyCoverage[key]), weight: Double(keyWeight[key]),
        shortPenalty: scored.shortPenalty, viaPronunciation: keyViaPronunciation[key]))
  }
}

/// Per-thread vote counters, reused across queries so a query allocates nothing in
/// proportion to the vocabulary.
final class ScratchPool: Sendable {
  final class Scratch: @unchecked Sendable {  // Used by one query at a time.
    var votes: [UInt16] = []
    var touched: [Int32] = []

    func vote(_ key: Int32) {
      if votes[Int(key)] == 0 { touched.append(key) }
      votes[Int(key)] &+= 1
    }

    func reset() {
      for key in touched { votes[Int(key)] = 0 }
      touched.removeAll(keepingCapacity: true)
    }
  }

  private let idle = Mutex<[Scratch]>([])

  func withScratch<Result>(keyCount: Int, _ body: (Scratch) -> Result) -> Result {
    let scratch = idle.withLock { $0.popLast() } ?? Scratch()
    if scratch.votes.count != keyCount {
      scratch.votes = [UInt16](repeating: 0, count: keyCount)
      scratch.touched.removeAll()
    }
    let result = body(scratch)
    idle.withLock { if $0.count < 64 { $0.append(scratch) } }
    return result
  }
}
