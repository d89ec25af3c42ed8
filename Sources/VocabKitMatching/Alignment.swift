import VocabKitNormalization

/// Weighted alignment of a key against spans of an utterance, in sound space.
enum Alignment {
  struct Result {
    var similarity: Double
    /// The span, in symbol positions, starting and ending at token boundaries.
    var start: Int
    var end: Int
  }

  /// The token-aligned span of the utterance most similar to `key`.
  ///
  /// A semi-global edit distance (Sellers' algorithm) with substitution costs from
  /// ``PhoneticKey``: spans may start only where a token starts and end only where one ends,
  /// but word boundaries inside the span cost nothing, so "in box" aligns with "inbox".
  /// Similarity is 1 - cost / the larger of the key's and the span's weights.
  ///
  /// - Complexity: O(*m* × *n*) for a key of *m* symbols and a window of *n*.
  static func best(key: ArraySlice<UInt8>, utterance: PreparedUtterance, window: Range<Int>)
    -> Result?
  {
    let m = key.count
    guard m > 0 else { return nil }
    let infinity = Int32.max / 4
    let key = Array(key)
    let text = utterance.symbols
    var previous = [Int32](repeating: infinity, count: m + 1)
    var previousStart = [Int32](repeating: -1, count: m + 1)
    var current = previous
    var currentStart = previousStart
    var keyWeight: Int32 = 0
    for symbol in key { keyWeight += PhoneticKey.indelCost(symbol) }

    func startColumn(_ column: inout [Int32], _ starts: inout [Int32], at position: Int) {
      if utterance.startsToken[position] {
        column[0] = 0
        starts[0] = Int32(position)
      } else {
        column[0] = infinity
        starts[0] = -1
      }
    }
    startColumn(&previous, &previousStart, at: window.lowerBound)
    for i in 1...m {
      previous[i] = previous[i - 1] &+ PhoneticKey.indelCost(key[i - 1])
      previousStart[i] = previousStart[i - 1]
    }
    var best: Result? = nil
    for j in (window.lowerBound + 1)...window.upperBound {
      let symbol = text[j - 1]
      let insertion = PhoneticKey.indelCost(symbol)
      startColumn(&current, &currentStart, at: j < window.upperBound ? j : j)
      if j == window.upperBound || !utterance.startsToken[j] {
        current[0] = infinity
        currentStart[0] = -1
      }
      for i in 1...m {
        var cost = previous[i - 1] &+ PhoneticKey.substitutionCost(key[i - 1], symbol)
        var start = previousStart[i - 1]
        let skipText = previous[i] &+ insertion
        if skipText < cost {
          cost = skipText
          start = previousStart[i]
        }
        let skipKey = current[i - 1] &+ PhoneticKey.indelCost(key[i - 1])
        if skipKey < cost {
          cost = skipKey
          start = currentStart[i - 1]
        }
        current[i] = min(cost, infinity)
        currentStart[i] = start
      }
      if utterance.endsToken[j], current[m] < infinity, currentStart[m] >= 0 {
        let start = Int(currentStart[m])
        let spanWeight = utterance.weightPrefix[j] - utterance.weightPrefix[start]
        let similarity = 1 - Double(current[m]) / Double(max(keyWeight, spanWeight, 1))
        if similarity > (best?.similarity ?? -1) {
          best = Result(similarity: max(similarity, 0), start: start, end: j)
        }
      }
      swap(&previous, &current)
      swap(&previousStart, &currentStart)
    }
    return best
  }

  /// Levenshtein distance between byte strings.
  ///
  /// - Complexity: O(*m* × *n*).
  static func levenshtein(_ a: [UInt8], _ b: [UInt8]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = previous
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        current[j] = Swift.min(
          previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1), previous[j] + 1, current[j - 1] + 1)
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
