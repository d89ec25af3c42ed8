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
  package let isCommonToken: [Bool]
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
  ///
  /// - Complexity: O(*n*) in the tokens' length.
  public init(text: String, tokens: [Token]) {
    self.text = text
    self.tokens = tokens
    // Each token's sound symbols; common words' are made once (the lookup that finds them
    // also says whether a word is common). Then every array is made at its final size.
    var keys: [[UInt8]] = []
    keys.reserveCapacity(tokens.count)
    var isCommonToken: [Bool] = []
    isCommonToken.reserveCapacity(tokens.count)
    var symbolCount = 0
    var latinCount = 0
    for token in tokens {
      let common = CommonWords.phoneticKey(of: token.latinKey)
      isCommonToken.append(common != nil)
      let key = common ?? PhoneticKey(latinKey: token.latinKey).symbols
      keys.append(key)
      symbolCount += key.count
      latinCount += token.latinKey.utf8.count
    }
    var symbols = [UInt8](repeating: 0, count: symbolCount)
    var tokenOfSymbol = [Int32](repeating: 0, count: symbolCount)
    var starts = [Bool](repeating: false, count: symbolCount + 1)
    var ends = [Bool](repeating: false, count: symbolCount + 1)
    var prefix = [Int32](repeating: 0, count: symbolCount + 1)
    PhoneticKey.withCostTables { indel, _ in
      symbols.withUnsafeMutableBufferPointer { symbols in
        tokenOfSymbol.withUnsafeMutableBufferPointer { tokenOfSymbol in
          starts.withUnsafeMutableBufferPointer { starts in
            ends.withUnsafeMutableBufferPointer { ends in
              prefix.withUnsafeMutableBufferPointer { prefix in
                var position = 0
                for (index, key) in keys.enumerated() where !key.isEmpty {
                  starts[position] = true
                  for symbol in key {
                    symbols[position] = symbol
                    tokenOfSymbol[position] = Int32(index)
                    prefix[position + 1] = prefix[position] &+ indel[Int(symbol & 0x7F)]
                    position += 1
                  }
                  ends[position] = true
                }
              }
            }
          }
        }
      }
    }
    self.symbols = symbols
    self.startsToken = starts
    self.endsToken = ends
    self.tokenOfSymbol = tokenOfSymbol
    self.weightPrefix = prefix
    self.isCommonToken = isCommonToken
    var latinBytes: [UInt8] = []
    latinBytes.reserveCapacity(latinCount)
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
