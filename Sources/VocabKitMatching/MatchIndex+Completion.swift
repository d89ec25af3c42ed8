import VocabKitNormalization

extension MatchIndex {
  /// The completions (whole keys, each with a window) of the `limit` keys that can score
  /// best, in their given order; all of them when they name no more than `limit` keys.
  ///
  /// A first name said right in a crowded directory ("sheila gibzon", with hundreds of
  /// Sheilas) would otherwise align every Sheila's full name. Keys are ranked by an upper
  /// bound on their score (see ``CompletionBound``), the best of their windows when a key is
  /// completed from two of its words; ties go to the key whose best bound came first.
  ///
  /// - Complexity: O(*c* × (*m* + *w*² + *l*) + *p* × (*w* + 128 × *a*)) for *c* completions
  ///   of keys of at most *m* symbols, windows of at most *w* symbols and *a* distinct sounds,
  ///   *p* changes of window from one completion to the next, and *l* = `limit`.
  func closestCompletions(
    _ completions: [(key: Int32, window: Range<Int>)], _ utterance: PreparedUtterance,
    limit: Int
  ) -> [(key: Int32, window: Range<Int>)] {
    guard limit > 0 else { return [] }
    guard completions.count > limit else { return completions }
    // The best `limit` keys, by bound (descending) then the completion that gave it (the
    // first of equal bounds): the order in which the bounds are kept below is the order of
    // the loose bounds, so a later completion may give a key its first.
    var best: [(bound: Double, first: Int, key: Int32)] = []
    best.reserveCapacity(limit + 1)
    func precedes(_ a: (bound: Double, first: Int), _ b: (bound: Double, first: Int)) -> Bool {
      a.bound != b.bound ? a.bound > b.bound : a.first < b.first
    }
    withCompletionBound(utterance) { bound, keyOf in
      // The window's sound costs are prepared again only when it changes (the completions
      // of one word often share one).
      var window: Range<Int>? = nil
      func prepare(_ range: Range<Int>) {
        if range != window {
          window = range
          bound.prepare(window: range)
        }
      }
      // First the loose bound of each completion: one pass over its key, its sounds and
      // letters that the whole window lacks. Each is kept rounded up to a Float, in the top
      // half of a word whose bottom half is the completion's place, so that one sort of
      // plain integers orders them, greatest first.
      var order: [UInt64] = []
      order.reserveCapacity(completions.count)
      for (index, completion) in completions.enumerated() {
        prepare(completion.window)
        let (symbols, latin, weight) = keyOf(Int(completion.key))
        let loose = Float(bound.windowScore(key: symbols, latin: latin) * weight).nextUp
        order.append(UInt64(~max(loose, 0).bitPattern) << 32 | UInt64(index))
      }
      order.sort()
      // Then the tighter bound, loosest first, until no loose bound left can reach the last
      // kept: each completion's tighter bound is at most its loose one.
      for entry in order {
        let loose = Double(Float(bitPattern: ~UInt32(entry >> 32)))
        let index = Int(entry & 0xFFFF_FFFF)
        if best.count == limit, loose < best[limit - 1].bound { break }
        let completion = completions[index]
        let kept = best.firstIndex { $0.key == completion.key }
        if let kept, loose < best[kept].bound { continue }
        prepare(completion.window)
        let (symbols, latin, weight) = keyOf(Int(completion.key))
        let score = bound.score(key: symbols, latin: latin) * weight
        if let kept {
          guard precedes((score, index), (best[kept].bound, best[kept].first)) else { continue }
          best.remove(at: kept)
        } else if best.count == limit,
          !precedes((score, index), (best[limit - 1].bound, best[limit - 1].first))
        {
          continue
        }
        var place = best.count
        while place > 0,
          precedes((score, index), (best[place - 1].bound, best[place - 1].first))
        {
          place -= 1
        }
        best.insert((score, index, completion.key), at: place)
        if best.count > limit { best.removeLast() }
      }
    }
    // A binary search of the kept keys, sorted: a linear one costs 3% of a crowded query.
    let chosen = best.map(\.key).sorted()
    return completions.filter { completion in
      var low = 0
      var high = chosen.count
      while low < high {
        let middle = (low + high) / 2
        if chosen[middle] < completion.key { low = middle + 1 } else { high = middle }
      }
      return low < chosen.count && chosen[low] == completion.key
    }
  }

  /// ``CompletionBound/score(key:latin:)`` and ``CompletionBound/windowScore(key:latin:)``
  /// of key `key` in `window`, times the key's weight: each at least
  /// ``verify(key:_:window:soundingExactly:latinMasks:)``'s score there, the second at least
  /// the first. One key at a time, for tests.
  func boundsOfScore(key: Int, in window: Range<Int>, _ utterance: PreparedUtterance) -> (
    spans: Double, window: Double
  ) {
    withCompletionBound(utterance) { bound, keyOf in
      bound.prepare(window: window)
      let (symbols, latin, weight) = keyOf(key)
      return (
        bound.score(key: symbols, latin: latin) * weight,
        bound.windowScore(key: symbols, latin: latin) * weight
      )
    }
  }

  /// Calls `body` with a ``CompletionBound`` over `utterance` and a function giving each
  /// key's sound symbols, Latin letters and weight, all valid for the call.
  private func withCompletionBound<Result>(
    _ utterance: PreparedUtterance,
    _ body: (
      CompletionBound,
      (Int) -> (
        symbols: UnsafeBufferPointer<UInt8>, latin: UnsafeBufferPointer<UInt8>, weight: Double
      )
    ) -> Result
  ) -> Result {
    PhoneticKey.withCostTables { indel, substitution in
      tables.symbols.withUnsafeBufferPointer { keySymbols in
        tables.latin.withUnsafeBufferPointer { keyLatin in
          CompletionBound.withScratch(utterance, indel: indel, substitution: substitution) {
            bound in
            body(bound) { key in
              (
                UnsafeBufferPointer(rebasing: keySymbols[symbolRange(ofKey: key)]),
                UnsafeBufferPointer(rebasing: keyLatin[latinRange(ofKey: key)]),
                Double(weight(ofKey: key))
              )
            }
          }
        }
      }
    }
  }
}

/// An upper bound on a key's verified score (before its weight and penalties) in a window of
/// an utterance, from the sounds and letters alone, not their order.
///
/// For each token-aligned span, each sound the key has more times than the span must be
/// substituted or deleted, and each sound the span has more times than the key substituted
/// or inserted; one substitution serves one of each, so the alignment costs at least the
/// larger of the two sides' cheapest sums. Letters bound the Latin distance the same way, at
/// one a letter, and a span with the key's letters may be the key spelled exactly (1). The
/// score mixes the two as verification does (``MatchIndex/blend(phonetic:latin:)``).
struct CompletionBound {
  let symbols: UnsafeBufferPointer<UInt8>
  let startsToken: UnsafeBufferPointer<Bool>
  let endsToken: UnsafeBufferPointer<Bool>
  let tokenOfSymbol: UnsafeBufferPointer<Int32>
  let latinBytes: UnsafeBufferPointer<UInt8>
  let latinBounds: UnsafeBufferPointer<Int32>
  let indel: UnsafeBufferPointer<Int32>
  let substitution: UnsafeBufferPointer<Int32>
  /// Counts by sound (128 each) and by letter (256 each), all zero between uses.
  let keyCounts: UnsafeMutablePointer<Int32>
  let spanCounts: UnsafeMutablePointer<Int32>
  let keyLetters: UnsafeMutablePointer<Int32>
  let spanLetters: UnsafeMutablePointer<Int32>
  /// The prepared window's least cost of each sound the key has more of (see
  /// ``prepare(window:)``), and its count of each sound (128) and letter (256).
  let leastKey: UnsafeMutablePointer<Int32>
  let windowCounts: UnsafeMutablePointer<Int32>
  let windowLetterCounts: UnsafeMutablePointer<Int32>
  /// Each sound's least cost when the key has no more of it (see ``leastTextCosts``).
  let leastText: UnsafeMutablePointer<Int32>
  /// The distinct sounds (128) and letters (256) of the prepared window.
  let windowSounds: UnsafeMutablePointer<Int32>
  let windowLetters: UnsafeMutablePointer<Int32>
  /// The prepared window's number of distinct sounds, of distinct letters, its weight, its
  /// letters, and its bounds.
  let window: UnsafeMutablePointer<Int32>

  /// Calls `body` with a bound over `utterance` whose scratch lives for the call.
  static func withScratch<Result>(
    _ utterance: PreparedUtterance, indel: UnsafeBufferPointer<Int32>,
    substitution: UnsafeBufferPointer<Int32>, _ body: (CompletionBound) -> Result
  ) -> Result {
    utterance.symbols.withUnsafeBufferPointer { symbols in
      utterance.startsToken.withUnsafeBufferPointer { startsToken in
        utterance.endsToken.withUnsafeBufferPointer { endsToken in
          utterance.tokenOfSymbol.withUnsafeBufferPointer { tokenOfSymbol in
            utterance.latinBytes.withUnsafeBufferPointer { latinBytes in
              utterance.latinBounds.withUnsafeBufferPointer { latinBounds in
                withUnsafeTemporaryAllocation(of: Int32.self, capacity: 6 * 128 + 4 * 256 + 6) {
                  scratch in
                  let base = scratch.baseAddress!
                  base.initialize(repeating: 0, count: scratch.count)
                  for symbol in 0..<128 { base[1024 + symbol] = Self.leastTextCosts[symbol] }
                  return body(
                    CompletionBound(
                      symbols: symbols, startsToken: startsToken, endsToken: endsToken,
                      tokenOfSymbol: tokenOfSymbol, latinBytes: latinBytes,
                      latinBounds: latinBounds, indel: indel, substitution: substitution,
                      keyCounts: base, spanCounts: base + 128, keyLetters: base + 512,
                      spanLetters: base + 768, leastKey: base + 256, windowCounts: base + 1408,
                      windowLetterCounts: base + 1536, leastText: base + 1024,
                      windowSounds: base + 384, windowLetters: base + 1152,
                      window: base + 1792))
                }
              }
            }
          }
        }
      }
    }
  }

  /// Readies `window` for ``score(key:latin:)`` and ``windowScore(key:latin:)``: its counts,
  /// and each sound's least cost when the window has no more of it, its indel or its
  /// substitution by another sound of the window.
  ///
  /// - Complexity: O(*w* + 128 × *a*) for a window of *w* symbols and *a* distinct sounds.
  func prepare(window range: Range<Int>) {
    // The window prepared before leaves its counts.
    for sound in 0..<Int(window[0]) { windowCounts[Int(windowSounds[sound])] = 0 }
    for letter in 0..<Int(window[1]) { windowLetterCounts[Int(windowLetters[letter])] = 0 }
    for field in 0..<6 { window[field] = 0 }
    guard !range.isEmpty else { return }
    var soundCount = 0
    var weight: Int32 = 0
    for position in range {
      let symbol = Int(symbols[position] & 0x7F)
      if windowCounts[symbol] == 0 {
        windowSounds[soundCount] = Int32(symbol)
        soundCount += 1
      }
      windowCounts[symbol] += 1
      weight += indel[symbol]
    }
    var letterCount = 0
    let tokens = Int(tokenOfSymbol[range.lowerBound])...Int(tokenOfSymbol[range.upperBound - 1])
    let letters = Int(latinBounds[tokens.lowerBound])..<Int(latinBounds[tokens.upperBound + 1])
    for index in letters {
      let letter = Int(latinBytes[index])
      if windowLetterCounts[letter] == 0 {
        windowLetters[letterCount] = Int32(letter)
        letterCount += 1
      }
      windowLetterCounts[letter] += 1
    }
    window[0] = Int32(soundCount)
    window[1] = Int32(letterCount)
    window[2] = weight
    window[3] = Int32(letters.count)
    window[4] = Int32(range.lowerBound)
    window[5] = Int32(range.upperBound)
    for symbol in 0..<128 {
      var cost = indel[symbol]
      for sound in 0..<soundCount where Int(windowSounds[sound]) != symbol {
        cost = min(cost, substitution[symbol << 7 | Int(windowSounds[sound])])
      }
      leastKey[symbol] = cost
    }
  }

  /// A looser bound than ``score(key:latin:)``, in one pass over the key: its sounds and
  /// letters that the whole prepared window lacks. Every span holds at most the window's,
  /// and weighs at most as much.
  ///
  /// - Complexity: O(*m*) for a key of *m* symbols.
  func windowScore(key: UnsafeBufferPointer<UInt8>, latin: UnsafeBufferPointer<UInt8>) -> Double {
    guard !key.isEmpty, window[5] > window[4] else { return 0 }
    var keyWeight: Int32 = 0
    var keyExcess: Int32 = 0
    for symbol in key {
      let symbol = Int(symbol & 0x7F)
      keyCounts[symbol] &+= 1
      keyWeight &+= indel[symbol]
      if keyCounts[symbol] > windowCounts[symbol] { keyExcess &+= leastKey[symbol] }
    }
    var letterExcess = 0
    for letter in latin {
      let letter = Int(letter)
      keyLetters[letter] &+= 1
      if keyLetters[letter] > windowLetterCounts[letter] { letterExcess &+= 1 }
    }
    for symbol in key { keyCounts[Int(symbol & 0x7F)] = 0 }
    for letter in latin { keyLetters[Int(letter)] = 0 }
    // A span may spell the key exactly, whatever its sounds.
    if letterExcess == 0 { return 1 }
    let phonetic = 1 - Double(keyExcess) / Double(max(keyWeight, window[2], 1))
    let letters = 1 - Double(letterExcess) / Double(max(latin.count, Int(window[3]), 1))
    return MatchIndex.blend(phonetic: max(phonetic, 0), latin: letters)
  }

  /// The bound of the key with sound symbols `key` and Latin letters `latin` in the prepared
  /// window, in 0...1.
  ///
  /// - Complexity: O(*m* + *w*²) for a key of *m* symbols and a window of *w*.
  func score(key: UnsafeBufferPointer<UInt8>, latin: UnsafeBufferPointer<UInt8>) -> Double {
    let range = Int(window[4])..<Int(window[5])
    guard !key.isEmpty, !range.isEmpty else { return 0 }
    var keyWeight: Int32 = 0
    var keyExcessAll: Int32 = 0
    for symbol in key {
      let symbol = Int(symbol & 0x7F)
      keyCounts[symbol] &+= 1
      keyWeight &+= indel[symbol]
      keyExcessAll &+= leastKey[symbol]
    }
    for letter in latin { keyLetters[Int(letter)] &+= 1 }
    var best = 0.0
    for start in range where startsToken[start] {
      var keyExcess = keyExcessAll
      var textExcess: Int32 = 0
      var spanWeight: Int32 = 0
      var keyLetterExcess = latin.count
      var spanLetterExcess = 0
      var spanLength = 0
      // A span's letters are its tokens', those without sounds between them included.
      var lastToken = Int(tokenOfSymbol[start]) - 1
      for position in start..<range.upperBound {
        let token = Int(tokenOfSymbol[position])
        if token > lastToken {
          for index in Int(latinBounds[lastToken + 1])..<Int(latinBounds[token + 1]) {
            let letter = Int(latinBytes[index])
            if spanLetters[letter] < keyLetters[letter] {
              keyLetterExcess &-= 1
            } else {
              spanLetterExcess &+= 1
            }
            spanLetters[letter] &+= 1
            spanLength &+= 1
          }
          lastToken = token
        }
        let symbol = Int(symbols[position] & 0x7F)
        spanWeight &+= indel[symbol]
        if spanCounts[symbol] < keyCounts[symbol] {
          keyExcess &-= leastKey[symbol]
        } else {
          textExcess &+= leastText[symbol]
        }
        spanCounts[symbol] &+= 1
        guard endsToken[position + 1] else { continue }
        if keyLetterExcess == 0, spanLetterExcess == 0 {
          best = 1  // the key's letters: maybe the key spelled exactly
          continue
        }
        let phonetic =
          1 - Double(max(keyExcess, textExcess)) / Double(max(keyWeight, spanWeight, 1))
        let letters =
          1 - Double(max(keyLetterExcess, spanLetterExcess))
          / Double(max(latin.count, spanLength, 1))
        best = max(best, MatchIndex.blend(phonetic: max(phonetic, 0), latin: letters))
      }
      // Clear the span's counts for the next start.
      for sound in 0..<Int(window[0]) { spanCounts[Int(windowSounds[sound])] = 0 }
      for letter in 0..<Int(window[1]) { spanLetters[Int(windowLetters[letter])] = 0 }
    }
    for symbol in key { keyCounts[Int(symbol & 0x7F)] = 0 }
    for letter in latin { keyLetters[Int(letter)] = 0 }
    return best
  }

  /// Each sound's least cost when the key has no more of it: its indel, or its substitution
  /// by any other sound.
  static let leastTextCosts: [Int32] = PhoneticKey.withCostTables { indel, substitution in
    (0..<128).map { symbol in
      var cost = indel[symbol]
      for other in 0..<128 where other != symbol {
        cost = min(cost, substitution[symbol << 7 | other])
      }
      return cost
    }
  }
}
