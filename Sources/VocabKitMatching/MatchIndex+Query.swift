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
    var candidates = candidateKeys(utterance, window: window, allowedTypes: allowedTypes)
    candidates += exactCandidates(utterance, window: window, allowedTypes: allowedTypes)
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
    // The query's sound pairs in order, and its single classes (for keys of one class).
    var pairs: [(bucket: Int, position: Int)] = []
    if classes.count >= 2 {
      for position in 1..<classes.count {
        pairs.append(
          (Int(classes[position - 1]) * Self.classCount + Int(classes[position]), position - 1))
      }
    }
    var unigrams = [Bool](repeating: false, count: Self.classCount)
    for soundClass in classes { unigrams[Int(soundClass)] = true }

    return scratchPool.withScratch(keyCount: keyEntry.count) { scratch in
      var touched = scratch.touched
      touched.removeAll(keepingCapacity: true)
      let ranked = scratch.withBuffers { votes, diagonals, votesB, diagonalsB in
        postings.withUnsafeBufferPointer { postings in
          postingPositions.withUnsafeBufferPointer { positions in
            // Diagonal voting: a key's pairs count together only when they stand at about
            // the same offset in the query as in the key (within 3 classes, for edits), so
            // pairs scattered over a long sentence do not add up. Two diagonals are kept
            // per key so that early chance hits cannot lock out the real position.
            func vote(_ index: Int, queryPosition: Int) {
              let key = Int(postings[index])
              if let allowedTypes, !allowedTypes[Int(entryType[Int(keyEntry[key])])] {
                return
              }
              let diagonal = Int16(clamping: queryPosition - Int(positions[index]))
              if votes[key] == 0 && votesB[key] == 0 {
                touched.append(Int32(key))
                votes[key] = 1
                diagonals[key] = diagonal
              } else if votes[key] > 0, abs(Int(diagonals[key]) - Int(diagonal)) <= 3 {
                votes[key] &+= 1
              } else if votesB[key] > 0, abs(Int(diagonalsB[key]) - Int(diagonal)) <= 3 {
                votesB[key] &+= 1
              } else if votesB[key] <= 1 {
                votesB[key] = 1
                diagonalsB[key] = diagonal
              } else if votes[key] <= 1 {
                votes[key] = 1
                diagonals[key] = diagonal
              }
            }
            for (bucket, position) in pairs {
              for index in Int(postingBounds[bucket])..<Int(postingBounds[bucket + 1]) {
                vote(index, queryPosition: position)
              }
            }
            for soundClass in 0..<Self.classCount where unigrams[soundClass] {
              let bucket = Self.unigramBase + soundClass
              for index in Int(postingBounds[bucket])..<Int(postingBounds[bucket + 1]) {
                vote(index, queryPosition: 0)
              }
            }
            for index in Int(
              postingBounds[Self.vowelBucket])..<Int(
                postingBounds[Self.vowelBucket + 1])
            {
              vote(index, queryPosition: 0)
            }
          }
        }
        for key in touched { votes[Int(key)] = max(votes[Int(key)], votesB[Int(key)]) }
        let selected = select(touched, votes: UnsafeBufferPointer(votes))
        for key in touched {
          votes[Int(key)] = 0
          votesB[Int(key)] = 0
        }
        return selected
      }
      scratch.touched = touched
      return ranked
    }
  }

  /// The keys that share more sound pairs with the query than chance explains, best first.
  ///
  /// A key of *g* pairs shares *v* of them (on one diagonal) with the query; by chance it
  /// would share about *g·d* for a small local density *d*. Keys are ranked by the standardized excess
  /// (v - g·d) / √(g·d·(1-d)), so neither short keys (which share all their few pairs
  /// easily) nor long ones (which share many pairs by chance) crowd out the right one.
  /// Selection uses a histogram of that score, linear in the keys touched.
  private func select(_ touched: [Int32], votes: UnsafeBufferPointer<UInt16>) -> [Int32] {
    // Votes now come from a window about as long as the key: chance density is low.
    let d: Float = 0.03
    func level(_ key: Int32) -> Int? {
      let v = Float(votes[Int(key)])
      let g = Float(max(keyGramCount[Int(key)], 1))
      guard v / g >= Self.minimumVoteShare else { return nil }
      // Shared pairs weighted by the share of the key they cover (v²/g), less chance.
      let strength = v * v / g - g * d
      return min(max(Int(strength * 16), 0), 1023)
    }
    var histogram = [Int](repeating: 0, count: 1024)
    for key in touched { if let level = level(key) { histogram[level] += 1 } }
    var threshold = 1023
    var above = 0
    while threshold > 0, above + histogram[threshold] < Self.maximumCandidates {
      above += histogram[threshold]
      threshold -= 1
    }
    var result: [Int32] = []
    var tier: [Int32] = []
    for key in touched {
      guard let level = level(key) else { continue }
      if level > threshold {
        result.append(key)
      } else if level == threshold {
        tier.append(key)
      }
    }
    let room = Self.maximumCandidates - result.count
    if tier.count > room { tier.removeLast(tier.count - room) }
    return result + tier
  }

  /// Keys that sound exactly like some token-aligned span of the window.
  ///
  /// - Complexity: O(*n* × *w*) hash lookups for *n* symbols and spans of up to the longest
  ///   key's length.
  private func exactCandidates(
    _ utterance: PreparedUtterance, window: Range<Int>, allowedTypes: [Bool]?
  ) -> [Int32] {
    var result: [Int32] = []
    for start in window where utterance.startsToken[start] {
      var end = start + 1
      while end <= window.upperBound, end - start <= longestKey {
        if utterance.endsToken[end], let keys = exactKeys[Array(utterance.symbols[start..<end])] {
          for key in keys {
            if let allowedTypes, !allowedTypes[Int(entryType[Int(keyEntry[Int(key)])])] {
              continue
            }
            result.append(key)
          }
        }
        end += 1
      }
    }
    return result
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
    var diagonals: [Int16] = []
    var votesB: [UInt16] = []
    var diagonalsB: [Int16] = []
    var touched: [Int32] = []

    /// The vote counters as raw buffers, without exclusivity checks in the hot loop.
    func withBuffers<Result>(
      _ body: (
        UnsafeMutableBufferPointer<UInt16>, UnsafeMutableBufferPointer<Int16>,
        UnsafeMutableBufferPointer<UInt16>, UnsafeMutableBufferPointer<Int16>
      ) -> Result
    ) -> Result {
      votes.withUnsafeMutableBufferPointer { votes in
        diagonals.withUnsafeMutableBufferPointer { diagonals in
          votesB.withUnsafeMutableBufferPointer { votesB in
            diagonalsB.withUnsafeMutableBufferPointer { diagonalsB in
              body(votes, diagonals, votesB, diagonalsB)
            }
          }
        }
      }
    }
  }

  private let idle = Mutex<[Scratch]>([])

  func withScratch<Result>(keyCount: Int, _ body: (Scratch) -> Result) -> Result {
    let scratch = idle.withLock { $0.popLast() } ?? Scratch()
    if scratch.votes.count != keyCount {
      scratch.votes = [UInt16](repeating: 0, count: keyCount)
      scratch.diagonals = [Int16](repeating: 0, count: keyCount)
      scratch.votesB = [UInt16](repeating: 0, count: keyCount)
      scratch.diagonalsB = [Int16](repeating: 0, count: keyCount)
      scratch.touched.removeAll()
    }
    let result = body(scratch)
    idle.withLock { if $0.count < 64 { $0.append(scratch) } }
    return result
  }
}
