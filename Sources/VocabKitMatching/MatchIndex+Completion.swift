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
    var bounds: [(bound: Double, index: Int)] = []
    bounds.reserveCapacity(completions.count)
    PhoneticKey.withCostTables { indel, substitution in
      tables.symbols.withUnsafeBufferPointer { keySymbols in
        tables.latin.withUnsafeBufferPointer { keyLatin in
          CompletionBound.withScratch(utterance, indel: indel, substitution: substitution) {
            bound in
            // Completions of one window share its sounds' costs.
            let byWindow = completions.indices.sorted {
              let (a, b) = (completions[$0].window, completions[$1].window)
              return (a.lowerBound, a.upperBound, $0) < (b.lowerBound, b.upperBound, $1)
            }
            var window: Range<Int>? = nil
            for index in byWindow {
              let completion = completions[index]
              if completion.window != window {
                window = completion.window
                bound.prepare(window: completion.window)
              }
              let key = Int(completion.key)
              let score = bound.score(
                key: UnsafeBufferPointer(rebasing: keySymbols[symbolRange(ofKey: key)]),
                latin: UnsafeBufferPointer(rebasing: keyLatin[latinRange(ofKey: key)]),
                in: completion.window)
              bounds.append((score * Double(weight(ofKey: key)), index))
            }
          }
        }
      }
    }
    bounds.sort { $0.bound != $1.bound ? $0.bound > $1.bound : $0.index < $1.index }
    return bounds.prefix(limit).map(\.index).sorted().map { completions[$0] }
  }
}

extension MatchIndex {
  /// ``CompletionBound`` of key `key` in `window`, times the key's weight: at least
  /// ``verify(key:_:window:soundingExactly:latinMasks:)``'s score there. One key at a time,
  /// for tests.
  func boundOfScore(key: Int, in window: Range<Int>, _ utterance: PreparedUtterance) -> Double {
    PhoneticKey.withCostTables { indel, substitution in
      tables.symbols.withUnsafeBufferPointer { keySymbols in
        tables.latin.withUnsafeBufferPointer { keyLatin in
          CompletionBound.withScratch(utterance, indel: indel, substitution: substitution) {
            bound in
            bound.prepare(window: window)
            return bound.score(
              key: UnsafeBufferPointer(rebasing: keySymbols[symbolRange(ofKey: key)]),
              latin: UnsafeBufferPointer(rebasing: keyLatin[latinRange(ofKey: key)]),
              in: window) * Double(weight(ofKey: key))
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
  /// The distinct sounds of the window (128).
  let windowSounds: UnsafeMutablePointer<Int32>

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
                withUnsafeTemporaryAllocation(of: Int32.self, capacity: 4 * 128 + 2 * 256) {
                  scratch in
                  let base = scratch.baseAddress!
                  base.initialize(repeating: 0, count: scratch.count)
                  return body(
                    CompletionBound(
                      symbols: symbols, startsToken: startsToken, endsToken: endsToken,
                      tokenOfSymbol: tokenOfSymbol, latinBytes: latinBytes,
                      latinBounds: latinBounds, indel: indel, substitution: substitution,
                      keyCounts: base, spanCounts: base + 128, leastKey: base + 256,
                      keyLetters: base + 512, spanLetters: base + 768, windowSounds: base + 384))
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
    var windowSoundCount = 0
    for symbol in 0..<128 { spanCounts[symbol] = 0 }
    for position in window {
      let symbol = Int(symbols[position] & 0x7F)
      if spanCounts[symbol] == 0 {
        spanCounts[symbol] = 1
        windowSounds[windowSoundCount] = Int32(symbol)
        windowSoundCount += 1
      }
    }
    for symbol in 0..<128 {
      spanCounts[symbol] = 0
      var cost = indel[symbol]
      for w in 0..<windowSoundCount where Int(windowSounds[w]) != symbol {
        cost = min(cost, substitution[symbol << 7 | Int(windowSounds[w])])
      }
      leastKey[symbol] = cost
    }
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
    let leastText = Self.leastText
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
      for position in start..<window.upperBound {
        spanCounts[Int(symbols[position] & 0x7F)] = 0
        if position == start || startsToken[position] {
          let token = Int(tokenOfSymbol[position])
          for index in Int(latinBounds[token])..<Int(latinBounds[token + 1]) {
            spanLetters[Int(latinBytes[index])] = 0
          }
        }
      }
    }
    for symbol in key { keyCounts[Int(symbol & 0x7F)] = 0 }
    for letter in latin { keyLetters[Int(letter)] = 0 }
    return best
  }

  /// Each sound's least cost when the key has no more of it: its indel, or its substitution
  /// by any other sound.
  static let leastText: [Int32] = PhoneticKey.withCostTables { indel, substitution in
    (0..<128).map { symbol in
      var cost = indel[symbol]
      for other in 0..<128 where other != symbol {
        cost = min(cost, substitution[symbol << 7 | other])
      }
      return cost
    }
  }
}
