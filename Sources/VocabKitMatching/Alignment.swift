import VocabKitNormalization

/// Weighted alignment of a key against spans of an utterance, in sound space.
enum Alignment {
  struct Result {
    var similarity: Double
    /// The span, in symbol positions, starting and ending at token boundaries.
    var start: Int
    var end: Int
    /// The key's weight: the sum of its symbols' indel costs
    /// (``PhoneticKey/weight(_:)-(ArraySlice<UInt8>)``).
    var keyWeight: Int32
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
    guard m > 0, !window.isEmpty else { return nil }
    return PhoneticKey.withCostTables { indel, substitution in
      key.withUnsafeBufferPointer { key in
        utterance.symbols.withUnsafeBufferPointer { text in
          utterance.startsToken.withUnsafeBufferPointer { startsToken in
            utterance.endsToken.withUnsafeBufferPointer { endsToken in
              utterance.weightPrefix.withUnsafeBufferPointer { weightPrefix in
                withUnsafeTemporaryAllocation(of: Int64.self, capacity: 4 * (m + 1)) { buffer in
                  best(
                    key: key, text: text, startsToken: startsToken, endsToken: endsToken,
                    weightPrefix: weightPrefix, window: window, indel: indel,
                    substitution: substitution, buffer: buffer.baseAddress!)
                }
              }
            }
          }
        }
      }
    }
  }

  /// The dynamic-programming core, on raw buffers: `buffer` holds four arrays of m + 1.
  ///
  /// Each cell is one 64-bit word: the cost in the high half and where the alignment starts
  /// (plus one) in the low half. The recurrence is then three additions and two minimums,
  /// without branches, and of alignments of equal cost it keeps the one starting first (the
  /// longest span, the one whose similarity is highest). Separate arrays of costs and starts
  /// took a third more instructions per cell.
  ///
  /// One function on purpose: the dynamic program's rows are one raw buffer, and the recurrence
  /// reads all of them in one loop.
  // swift-format-ignore: FunctionParameterCount
  private static func best(
    key: UnsafeBufferPointer<UInt8>, text: UnsafeBufferPointer<UInt8>,
    startsToken: UnsafeBufferPointer<Bool>, endsToken: UnsafeBufferPointer<Bool>,
    weightPrefix: UnsafeBufferPointer<Int32>, window: Range<Int>,
    indel: UnsafeBufferPointer<Int32>, substitution: UnsafeBufferPointer<Int32>,
    buffer: UnsafeMutablePointer<Int64>
  ) -> Result? {
    let m = key.count
    let infinity: Int64 = Int64(Int32.max / 4)
    // A cell of cost `cost` starting at `start` (or nowhere, -1).
    @inline(__always) func cell(_ cost: Int64, start: Int) -> Int64 {
      cost << 32 | Int64(start + 1)
    }
    // Where no alignment can start. Costs added to it stay above every reachable cost and far
    // below the sign bit (that takes millions of symbols), so they need no clamping.
    let unreachable = cell(infinity, start: -1)
    // Two columns of cells, and the key's profile: each symbol's indel cost (in the cost half)
    // and its table index.
    var previous = buffer
    var current = buffer + (m + 1)
    let keyIndel = buffer + 2 * (m + 1)
    let keySymbol = buffer + 3 * (m + 1)
    var keyWeight: Int32 = 0
    for (index, symbol) in key.enumerated() {
      let symbol = Int(symbol & 0x7F)
      keyIndel[index] = Int64(indel[symbol]) << 32
      keySymbol[index] = Int64(symbol)
      keyWeight += indel[symbol]
    }

    previous[0] = startsToken[window.lowerBound] ? cell(0, start: window.lowerBound) : unreachable
    for i in 1...m { previous[i] = previous[i - 1] &+ keyIndel[i - 1] }
    var best: Result? = nil
    var bestSimilarity = -1.0
    for j in (window.lowerBound + 1)...window.upperBound {
      let column = Int(text[j - 1] & 0x7F)
      let insertion = Int64(indel[column]) << 32
      // The substitution table is symmetric, so the text symbol's row serves as its column.
      let substitutions = substitution.baseAddress! + (column << 7)
      current[0] = j < window.upperBound && startsToken[j] ? cell(0, start: j) : unreachable
      // The neighbours of each cell are carried in registers: diagonal (previous column, one
      // key symbol back) and left (this column, one key symbol back).
      var diagonal = previous[0]
      var left = current[0]
      for i in 1...m {
        let up = previous[i]
        let substitute = diagonal &+ (Int64(substitutions[Int(keySymbol[i - 1])]) << 32)
        let cost = min(substitute, up &+ insertion, left &+ keyIndel[i - 1])
        current[i] = cost
        left = cost
        diagonal = up
      }
      let last = current[m]
      if endsToken[j], last >> 32 < infinity {
        let start = Int(last & 0xFFFF_FFFF) - 1
        let spanWeight = weightPrefix[j] - weightPrefix[start]
        let similarity =
          1 - Double(last >> 32) / Double(max(keyWeight, spanWeight, 1))
        if similarity > bestSimilarity {
          bestSimilarity = similarity
          best = Result(
            similarity: max(similarity, 0), start: start, end: j, keyWeight: keyWeight)
        }
      }
      swap(&previous, &current)
    }
    return best
  }

  /// The Levenshtein distance between `pattern` (at most 64 bytes of 7-bit ASCII) and
  /// `text`, by Myers' bit-parallel algorithm (in Hyyrö's formulation): one pass over `text`
  /// with a few word operations per byte. `equal` is scratch space of 128 words, all zero on
  /// entry and on return.
  ///
  /// - Complexity: O(*n*) for a text of *n* bytes.
  static func bitParallelDistance(
    _ pattern: UnsafeBufferPointer<UInt8>, _ text: UnsafeBufferPointer<UInt8>,
    equal: UnsafeMutableBufferPointer<UInt64>
  ) -> Int {
    let m = pattern.count
    guard m > 0 else { return text.count }
    precondition(m <= 64, "bitParallelDistance takes patterns of at most 64 bytes")
    setPattern(pattern, in: equal)
    let score = bitParallelDistance(patternLength: m, text, equal: equal)
    clearPattern(pattern, in: equal)
    return score
  }

  /// Marks where each byte of `pattern` (at most 64 bytes of 7-bit ASCII) stands, in `equal`
  /// (all zero before), for ``bitParallelDistance(patternLength:_:equal:)``: one pattern can
  /// then be compared with many texts.
  @inline(__always)
  static func setPattern(
    _ pattern: UnsafeBufferPointer<UInt8>, in equal: UnsafeMutableBufferPointer<UInt64>
  ) {
    for (index, byte) in pattern.enumerated() { equal[Int(byte & 0x7F)] |= 1 << UInt64(index) }
  }

  /// Sets `equal` back to all zero after ``setPattern(_:in:)`` with `pattern`.
  @inline(__always)
  static func clearPattern(
    _ pattern: UnsafeBufferPointer<UInt8>, in equal: UnsafeMutableBufferPointer<UInt64>
  ) {
    for byte in pattern { equal[Int(byte & 0x7F)] = 0 }
  }

  /// The Levenshtein distance between the pattern of `patternLength` bytes (1...64) marked
  /// in `equal` by ``setPattern(_:in:)`` and `text`.
  ///
  /// - Complexity: O(*n*) for a text of *n* bytes.
  @inline(__always)
  static func bitParallelDistance(
    patternLength m: Int, _ text: UnsafeBufferPointer<UInt8>,
    equal: UnsafeMutableBufferPointer<UInt64>
  ) -> Int {
    let lastBit = UInt64(m - 1)
    var positive: UInt64 = m == 64 ? ~0 : (1 << UInt64(m)) - 1
    var negative: UInt64 = 0
    var score = m
    for byte in text {
      let match = equal[Int(byte & 0x7F)]
      let vertical = match | negative
      let horizontal = (((match & positive) &+ positive) ^ positive) | match
      var horizontalPositive = negative | ~(horizontal | positive)
      var horizontalNegative = positive & horizontal
      // The last row's change, without branches (the two bits are never both set).
      score &+=
        Int(truncatingIfNeeded: (horizontalPositive >> lastBit) & 1)
        &- Int(truncatingIfNeeded: (horizontalNegative >> lastBit) & 1)
      horizontalPositive = (horizontalPositive << 1) | 1
      horizontalNegative <<= 1
      positive = horizontalNegative | ~(vertical | horizontalPositive)
      negative = horizontalPositive & vertical
    }
    return score
  }
}
