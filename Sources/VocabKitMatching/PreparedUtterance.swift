import VocabKitNormalization

/// An utterance normalized once and reused across every candidate it is compared with.
public struct PreparedUtterance: Sendable {
  public let text: String
  public let tokens: [Token]
  /// The utterance's sound symbols, all tokens concatenated.
  let symbols: [UInt8]
  /// For each symbol position 0...n, whether a token starts there.
  let startsToken: [Bool]
  /// For each symbol position 0...n, whether a token ends there.
  let endsToken: [Bool]
  /// The token that each symbol belongs to.
  let tokenOfSymbol: [Int32]
  /// Prefix sums of the symbols' indel costs, for the weight of any span.
  let weightPrefix: [Int32]
  /// For each token, whether it is a common word (a built-in list of frequent words).
  let isCommonToken: [Bool]
  /// The tokens' Latin keys, concatenated.
  let latinBytes: [UInt8]
  /// Token *t*'s Latin key is `latinBytes[latinBounds[t]..<latinBounds[t + 1]]`.
  let latinBounds: [Int32]

  /// Normalizes `text` with `normalizer`.
  ///
  /// - Complexity: O(*n*) in the length of `text`.
  public init(_ text: String, normalizer: Normalizer) throws(ICUError) {
    self.init(text: text, tokens: try normalizer.normalize(text))
  }

  /// Prepares already normalized tokens.
  public init(text: String, tokens: [Token]) {
    self.text = text
    self.tokens = tokens
    // A key has about as many symbols as its Latin key has bytes: room for that at once, so
    // that the arrays do not grow symbol by symbol.
    let expected = tokens.reduce(8) { $0 + $1.latinKey.utf8.count }
    var symbols: [UInt8] = []
    symbols.reserveCapacity(expected)
    var tokenOfSymbol: [Int32] = []
    tokenOfSymbol.reserveCapacity(expected)
    var starts: [Bool] = [false]
    starts.reserveCapacity(expected + 1)
    var ends: [Bool] = [false]
    ends.reserveCapacity(expected + 1)
    var isCommonToken: [Bool] = []
    isCommonToken.reserveCapacity(tokens.count)
    for (index, token) in tokens.enumerated() {
      // Common words' keys are made once (one lookup also says whether a word is common).
      let common = CommonWords.phoneticKeys[token.latinKey]
      isCommonToken.append(common != nil)
      let key = common ?? PhoneticKey(latinKey: token.latinKey).symbols
      guard !key.isEmpty else { continue }
      starts[symbols.count] = true
      symbols += key
      tokenOfSymbol += repeatElement(Int32(index), count: key.count)
      starts += repeatElement(false, count: key.count)
      ends += repeatElement(false, count: key.count)
      ends[symbols.count] = true
    }
    var prefix: [Int32] = [0]
    prefix.reserveCapacity(symbols.count + 1)
    for symbol in symbols { prefix.append(prefix.last! + PhoneticKey.indelCost(symbol)) }
    self.symbols = symbols
    self.startsToken = starts
    self.endsToken = ends
    self.tokenOfSymbol = tokenOfSymbol
    self.weightPrefix = prefix
    self.isCommonToken = isCommonToken
    var latinBytes: [UInt8] = []
    latinBytes.reserveCapacity(expected)
    var latinBounds: [Int32] = [0]
    latinBounds.reserveCapacity(tokens.count + 1)
    for token in tokens {
      latinBytes += token.latinKey.utf8
      latinBounds.append(Int32(latinBytes.count))
    }
    self.latinBytes = latinBytes
    self.latinBounds = latinBounds
  }

  /// The tokens covering symbols `start..<end`.
  func tokenRange(symbols start: Int, _ end: Int) -> Range<Int> {
    Int(tokenOfSymbol[start])..<Int(tokenOfSymbol[end - 1]) + 1
  }

  /// The Latin keys of tokens in `range`, joined.
  func latin(_ range: Range<Int>) -> ArraySlice<UInt8> {
    latinBytes[Int(latinBounds[range.lowerBound])..<Int(latinBounds[range.upperBound])]
  }

  /// The original text of the tokens in `range`.
  public func text(of range: Range<Int>) -> String {
    guard let first = range.first, range.last! < tokens.count else { return "" }
    let scalars = text.unicodeScalars
    let start = scalars.index(scalars.startIndex, offsetBy: tokens[first].scalarRange.lowerBound)
    let end = scalars.index(
      start,
      offsetBy: tokens[range.last!].scalarRange.upperBound - tokens[first].scalarRange.lowerBound)
    return String(scalars[start..<end])
  }

  /// The scalar range of tokens in `range`.
  public func scalarRange(of range: Range<Int>) -> Range<Int> {
    guard let first = range.first else { return 0..<0 }
    return tokens[first].scalarRange.lowerBound..<tokens[range.last!].scalarRange.upperBound
  }
}
