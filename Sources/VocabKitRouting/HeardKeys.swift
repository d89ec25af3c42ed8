import VocabKitNormalization

/// The sound keys of an utterance that carrier words are compared with: each token's, then
/// each pair of adjacent tokens' said as one word.
///
/// Stored flat, so that comparing a word with all of them copies and retains nothing: every
/// carrier word of every template the router bounds is compared with each.
struct HeardKeys {
  /// Key *i* is `symbols[starts[i]..<starts[i + 1]]`.
  private var symbols: [UInt8] = []
  private var starts: [Int] = [0]
  private var weights: [Int32] = []
  private var symbolSets: [ErrorModel.SymbolSet] = []

  /// The number of tokens: the first keys are theirs.
  let tokenCount: Int

  /// The keys of `tokens`, then of each pair of adjacent tokens.
  init(tokens: [[UInt8]]) {
    tokenCount = tokens.count
    for key in tokens { append(key) }
    for (first, second) in zip(tokens, tokens.dropFirst()) { append(first + second) }
  }

  private mutating func append(_ key: [UInt8]) {
    symbols += key
    starts.append(symbols.count)
    weights.append(Self.errorModel.weight(key))
    symbolSets.append(ErrorModel.SymbolSet(key))
  }

  /// The number of keys: 2*n* - 1 for *n* tokens.
  var count: Int { weights.count }

  /// `word`'s cost against each key in order, or with `tokensOnly` against each token's (see
  /// ``wordCost(_:_:minimumSimilarity:)``).
  ///
  /// - Complexity: O(*k* × *l*²) for *k* keys of at most *l* symbols, much less when the keys
  ///   share few sounds with the word.
  func costs(of word: [UInt8], minimumSimilarity: Double, tokensOnly: Bool = false) -> [Double] {
    let spoken = Key(word)
    return Self.errorModel.indel.withUnsafeBufferPointer { indel in
      Self.errorModel.substitution.withUnsafeBufferPointer { substitution in
        Self.symbolBound.charges.withUnsafeBufferPointer { charges in
          word.withUnsafeBufferPointer { word in
            symbols.withUnsafeBufferPointer { symbols in
              let tables = Tables(
                indel: indel, substitution: substitution, charges: charges,
                weightGap: Self.weightGap)
              return (0..<(tokensOnly ? tokenCount : count)).map { index in
                Self.wordCost(
                  word, spoken,
                  UnsafeBufferPointer(rebasing: symbols[starts[index]..<starts[index + 1]]),
                  Key(weight: weights[index], symbolSet: symbolSets[index]), tables,
                  minimumSimilarity: minimumSimilarity)
              }
            }
          }
        }
      }
    }
  }

  /// The error model's costs and the symbol bound's charges, held in place for many pairs.
  private struct Tables {
    var indel: UnsafeBufferPointer<Int32>
    var substitution: UnsafeBufferPointer<Int32>
    var charges: UnsafeBufferPointer<ErrorModel.SymbolBound.Charge>
    /// ``HeardKeys/weightGap``, read once rather than once a pair.
    var weightGap: Double
  }

  /// What comparing a key needs besides its symbols.
  private struct Key {
    /// ``ErrorModel/weight(_:)`` of the symbols.
    var weight: Int32
    var symbolSet: ErrorModel.SymbolSet

    init(weight: Int32, symbolSet: ErrorModel.SymbolSet) {
      self.weight = weight
      self.symbolSet = symbolSet
    }

    init(_ symbols: [UInt8]) {
      self.init(
        weight: HeardKeys.errorModel.weight(symbols), symbolSet: ErrorModel.SymbolSet(symbols))
    }
  }

  /// The error model carrier words are compared with.
  private static let errorModel = ErrorModel.standard

  /// The least a substitution costs per unit of weight gap between its symbols.
  private static let weightGap = ErrorModel.standard.weightGapBound

  /// A lower bound on ``errorModel``'s distances from the symbols of the two keys alone.
  private static let symbolBound = ErrorModel.SymbolBound(.standard)

  /// 1 - the phonetic similarity of a carrier word and a token, or 1 when they are less alike
  /// than `minimumSimilarity` (``RoutingCosts/minimumWordSimilarity`` when routing): the
  /// alignment is cut off as soon as it costs more than the minimum allows, and skipped when
  /// the two weights, or the symbols one key lacks, alone cost more.
  static func wordCost(_ word: [UInt8], _ token: [UInt8], minimumSimilarity: Double) -> Double {
    HeardKeys(tokens: [token]).costs(of: word, minimumSimilarity: minimumSimilarity)[0]
  }

  /// ``wordCost(_:_:minimumSimilarity:)`` with each key's weight and symbols known.
  private static func wordCost(
    _ word: UnsafeBufferPointer<UInt8>, _ wordKey: Key, _ token: UnsafeBufferPointer<UInt8>,
    _ tokenKey: Key, _ tables: Tables, minimumSimilarity: Double
  ) -> Double {
    if word.count == token.count, word.indices.allSatisfy({ word[$0] == token[$0] }) {
      return 0
    }
    if word.isEmpty || token.isEmpty { return 1 }
    let weight = max(wordKey.weight, tokenKey.weight, 1)
    // Similar enough only when the distance is at most this.
    let limit = Int32(((1 - minimumSimilarity) * Double(weight)).rounded(.down))
    if Double(abs(wordKey.weight - tokenKey.weight)) * tables.weightGap > Double(limit) {
      return 1
    }
    let bound = ErrorModel.SymbolBound.distance(
      wordKey.symbolSet, tokenKey.symbolSet, charges: tables.charges)
    if bound > limit { return 1 }
    let distance = ErrorModel.distance(
      word, token, atMost: limit, indel: tables.indel, substitution: tables.substitution)
    guard distance <= limit else { return 1 }
    let similarity = max(0, 1 - Double(distance) / Double(weight))
    return similarity < minimumSimilarity ? 1 : 1 - similarity
  }
}
