import VocabKitNormalization

extension MatchIndex {
  /// The `limit` completions (whole keys, each with its window) that can score best, in
  /// their given order; all of them when there are no more than `limit`.
  ///
  /// A first name said right in a crowded directory ("sheila gibzon", with hundreds of
  /// Sheilas) would otherwise align every Sheila's full name. Completions are ranked by an
  /// upper bound on their score (see ``CompletionBound``), ties in their given order.
  ///
  /// - Complexity: O(*c* × (*m* × *a* + *w*²) + *c* log *c*) for *c* completions of keys of
  ///   at most *m* symbols, windows of at most *w* symbols and *a* distinct sounds.
  func closestCompletions(
    _ completions: [(key: Int32, window: Range<Int>)], _ utterance: PreparedUtterance,
    limit: Int
  ) -> [(key: Int32, window: Range<Int>)] {
    guard completions.count > limit else { return completions }
    // The best `limit` so far, by bound (descending) then given order: a later completion
    // enters only above the last, so ties keep the earlier one.
    var best: [(bound: Double, index: Int)] = []
    best.reserveCapacity(limit + 1)
    PhoneticKey.withCostTables { indel, substitution in
      tables.symbols.withUnsafeBufferPointer { keySymbols in
        tables.latin.withUnsafeBufferPointer { keyLatin in
          CompletionBound.withScratch(utterance, indel: indel, substitution: substitution) {
            bound in
            // Completions of one window share its sounds' costs (the window is prepared again
            // only when it changes: the completions of one word come together).
            var window: Range<Int>? = nil
            for (index, completion) in completions.enumerated() {
              if completion.window != window {
                window = completion.window
                bound.prepare(window: completion.window)
              }
              let key = Int(completion.key)
              let symbols = UnsafeBufferPointer(rebasing: keySymbols[symbolRange(ofKey: key)])
              let latin = UnsafeBufferPointer(rebasing: keyLatin[latinRange(ofKey: key)])
              let weight = Double(weight(ofKey: key))
              // The whole window's bound is above every span's, and costs a pass over the key.
              if best.count == limit,
                bound.windowScore(key: symbols, latin: latin) * weight <= best[limit - 1].bound
              {
                continue
              }
              let score = bound.score(key: symbols, latin: latin, in: completion.window) * weight
              guard best.count < limit || score > best[limit - 1].bound else { continue }
              var place = best.count
              while place > 0, best[place - 1].bound < score { place -= 1 }
              best.insert((score, index), at: place)
              if best.count > limit { best.removeLast() }
            }
          }
        }
      }
    }
    return best.map(\.index).sorted().map { completions[$0] }
  }
}

extension MatchIndex {
  /// ``CompletionBound/score(key:latin:in:)`` and ``CompletionBound/windowScore(key:latin:)``
  /// of key `key` in `window`, times the key's weight: each at least
  /// ``verify(key:_:window:soundingExactly:latinMasks:)``'s score there, the second at least
  /// the first. One key at a time, for tests.
  func boundsOfScore(key: Int, in window: Range<Int>, _ utterance: PreparedUtterance) -> (
    spans: Double, window: Double
  ) {
    PhoneticKey.withCostTables { indel, substitution in
      tables.symbols.withUnsafeBufferPointer { keySymbols in
        tables.latin.withUnsafeBufferPointer { keyLatin in
          CompletionBound.withScratch(utterance, indel: indel, substitution: substitution) {
            bound in
            bound.prepare(window: window)
            let symbols = UnsafeBufferPointer(rebasing: keySymbols[symbolRange(ofKey: key)])
            let latin = UnsafeBufferPointer(rebasing: keyLatin[latinRange(ofKey: key)])
            let weight = Double(weight(ofKey: key))
            return (
              bound.score(key: symbols, latin: latin, in: window) * weight,
              bound.windowScore(key: symbols, latin: latin) * weight
            )
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
/// one a letter. The score mixes the two as verification does.
struct CompletionBound {
  let symbols: UnsafeBufferPointer<UInt8>
  let startsToken: UnsafeBufferPointer<Bool>
  let endsToken: UnsafeBufferPointer<Bool>
  let tokenOfSymbol: UnsafeBufferPointer<Int32>
  let latinBytes: UnsafeBufferPointer<UInt8>
  let latinBounds: UnsafeBufferPointer<Int32>
  let indel: UnsafeBufferPointer<Int32>
  let substitution: UnsafeBufferPointer<Int32>
  /// Counts by sound (128 each) and by letter (256 each), all zero between uses, and the
  /// prepared window's least cost of each sound (see ``prepare(window:)``).
  let keyCounts: UnsafeMutablePointer<Int32>
  let spanCounts: UnsafeMutablePointer<Int32>
  let leastKey: UnsafeMutablePointer<Int32>
  let keyLetters: UnsafeMutablePointer<Int32>
  let spanLetters: UnsafeMutablePointer<Int32>
  /// The prepared window's count of each sound (128) and letter (256).
  let windowCounts: UnsafeMutablePointer<Int32>
  let windowLetterCounts: UnsafeMutablePointer<Int32>
  /// Each sound's least cost when the key has no more of it (see ``leastTextCosts``).
  let leastText: UnsafeMutablePointer<Int32>
  /// The distinct sounds (128) and letters (256) of the prepared window, and their counts.
  let windowSounds: UnsafeMutablePointer<Int32>
  let windowLetters: UnsafeMutablePointer<Int32>
  /// The prepared window's distinct sounds, distinct letters, weight and letters.
  let windowSizes: UnsafeMutablePointer<Int32>

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
                withUnsafeTemporaryAllocation(of: Int32.self, capacity: 6 * 128 + 4 * 256 + 4) {
                  scratch in
                  let base = scratch.baseAddress!
                  base.initialize(repeating: 0, count: scratch.count)
                  for symbol in 0..<128 { base[1024 + symbol] = Self.leastTextCosts[symbol] }
                  return body(
                    CompletionBound(
                      symbols: symbols, startsToken: startsToken, endsToken: endsToken,
                      tokenOfSymbol: tokenOfSymbol, latinBytes: latinBytes,
                      latinBounds: latinBounds, indel: indel, substitution: substitution,
                      keyCounts: base, spanCounts: base + 128, leastKey: base + 256,
                      keyLetters: base + 512, spanLetters: base + 768,
                      windowCounts: base + 1408, windowLetterCounts: base + 1536,
                      leastText: base + 1024, windowSounds: base + 384,
                      windowLetters: base + 1152, windowSizes: base + 1792))
                }
              }
            }
          }
        }
      }
    }
  }

  /// Readies the costs of `window`'s sounds for ``score(key:latin:in:)``: each sound's least
  /// cost when the window has no more of it, its indel or its substitution by another sound
  /// of the window.
  ///
  /// - Complexity: O(*w* + 128 × *a*) for a window of *w* symbols and *a* distinct sounds.
  func prepare(window: Range<Int>) {
    // The window prepared before leaves its counts.
    for sound in 0..<Int(windowSizes[0]) { windowCounts[Int(windowSounds[sound])] = 0 }
    for letter in 0..<Int(windowSizes[1]) { windowLetterCounts[Int(windowLetters[letter])] = 0 }
    var windowSoundCount = 0
    var windowWeight: Int32 = 0
    for position in window {
      let symbol = Int(symbols[position] & 0x7F)
      if windowCounts[symbol] == 0 {
        windowSounds[windowSoundCount] = Int32(symbol)
        windowSoundCount += 1
      }
      windowCounts[symbol] += 1
      windowWeight += indel[symbol]
    }
    var windowLetterCount = 0
    let tokens = Int(tokenOfSymbol[window.lowerBound])...Int(tokenOfSymbol[window.upperBound - 1])
    let letters = Int(latinBounds[tokens.lowerBound])..<Int(latinBounds[tokens.upperBound + 1])
    for index in letters {
      let letter = Int(latinBytes[index])
      if windowLetterCounts[letter] == 0 {
        windowLetters[windowLetterCount] = Int32(letter)
        windowLetterCount += 1
      }
      windowLetterCounts[letter] += 1
    }
    windowSizes[0] = Int32(windowSoundCount)
    windowSizes[1] = Int32(windowLetterCount)
    windowSizes[2] = windowWeight
    windowSizes[3] = Int32(letters.count)
    for symbol in 0..<128 {
      var cost = indel[symbol]
      for w in 0..<windowSoundCount where Int(windowSounds[w]) != symbol {
        cost = min(cost, substitution[symbol << 7 | Int(windowSounds[w])])
      }
      leastKey[symbol] = cost
    }
  }

  /// A looser bound than ``score(key:latin:in:)``, in one pass over the key: its sounds and
  /// letters that the whole prepared window lacks. Every span holds at most the window's,
  /// and weighs at most as much.
  ///
  /// - Complexity: O(*m*) for a key of *m* symbols.
  func windowScore(key: UnsafeBufferPointer<UInt8>, latin: UnsafeBufferPointer<UInt8>) -> Double {
    var keyWeight: Int32 = 0
    var keyExcess: Int32 = 0
    for symbol in key {
      let symbol = Int(symbol & 0x7F)
      keyCounts[symbol] += 1
      keyWeight += indel[symbol]
      if keyCounts[symbol] > windowCounts[symbol] { keyExcess += leastKey[symbol] }
    }
    var letterExcess = 0
    for letter in latin {
      let letter = Int(letter)
      keyLetters[letter] += 1
      if keyLetters[letter] > windowLetterCounts[letter] { letterExcess += 1 }
    }
    for symbol in key { keyCounts[Int(symbol & 0x7F)] = 0 }
    for letter in latin { keyLetters[Int(letter)] = 0 }
    let phonetic = 1 - Double(keyExcess) / Double(max(keyWeight, windowSizes[2], 1))
    let letters = 1 - Double(letterExcess) / Double(max(latin.count, Int(windowSizes[3]), 1))
    return 0.6 * max(phonetic, 0) + 0.4 * letters
  }

  /// The bound of the key with sound symbols `key` and Latin letters `latin` in `window`
  /// (the one last prepared), in 0...1.
  ///
  /// - Complexity: O(*m* + *w*²) for a key of *m* symbols and a window of *w*.
  func score(
    key: UnsafeBufferPointer<UInt8>, latin: UnsafeBufferPointer<UInt8>, in window: Range<Int>
  )
    -> Double
  {
    guard !key.isEmpty, !window.isEmpty else { return 0 }
    var keyWeight: Int32 = 0
    var keyExcessAll: Int32 = 0
    for symbol in key {
      let symbol = Int(symbol & 0x7F)
      keyCounts[symbol] += 1
      keyWeight += indel[symbol]
      keyExcessAll += leastKey[symbol]
    }
    for letter in latin { keyLetters[Int(letter)] += 1 }
    var best = 0.0
    for start in window where startsToken[start] {
      var keyExcess = keyExcessAll
      var textExcess: Int32 = 0
      var spanWeight: Int32 = 0
      var keyLetterExcess = latin.count
      var spanLetterExcess = 0
      var spanLength = 0
      for position in start..<window.upperBound {
        if position == start || startsToken[position] {
          let token = Int(tokenOfSymbol[position])
          for index in Int(latinBounds[token])..<Int(latinBounds[token + 1]) {
            let letter = Int(latinBytes[index])
            if spanLetters[letter] < keyLetters[letter] {
              keyLetterExcess -= 1
            } else {
              spanLetterExcess += 1
            }
            spanLetters[letter] += 1
            spanLength += 1
          }
        }
        let symbol = Int(symbols[position] & 0x7F)
        spanWeight += indel[symbol]
        if spanCounts[symbol] < keyCounts[symbol] {
          keyExcess -= leastKey[symbol]
        } else {
          textExcess += leastText[symbol]
        }
        spanCounts[symbol] += 1
        guard endsToken[position + 1] else { continue }
        let phonetic =
          1 - Double(max(keyExcess, textExcess)) / Double(max(keyWeight, spanWeight, 1))
        let letters =
          1 - Double(max(keyLetterExcess, spanLetterExcess))
          / Double(max(latin.count, spanLength, 1))
        best = max(best, 0.6 * max(phonetic, 0) + 0.4 * letters)
      }
      // Clear the span's counts for the next start.
      for sound in 0..<Int(windowSizes[0]) { spanCounts[Int(windowSounds[sound])] = 0 }
      for letter in 0..<Int(windowSizes[1]) { spanLetters[Int(windowLetters[letter])] = 0 }
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
