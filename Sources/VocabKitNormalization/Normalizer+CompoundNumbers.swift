extension Normalizer {
  /// The word that joins a spelled-out number's hundreds or thousands to the rest, British
  /// style, by script: "nine hundred and eighty nine" is 989.
  static let numberConjunctions: [Script: String] = [.latin: "and"]

  /// Words for a decimal point, by script: "ninety two point seven" is said for 92.7.
  /// Chinese 点 is left out: after a number it is as often "o'clock".
  static let decimalPoints: [Script: Set<String>] = [
    .latin: ["point"], .cyrillic: ["точка", "запятая"], .devanagari: ["दशमलव"], .thai: ["จุด"],
  ]

  /// `tokens` with spelled-out numbers joined across "and", a decimal point, and after a
  /// whole number of thousands.
  ///
  /// "one thousand and sixty nine" becomes one number token, 1069. "ninety two point seven"
  /// becomes one token keyed `927`, the key a recognizer's "92.7" has, so a station named
  /// either way is found said either way; it has no ``Token/number``, as it is no integer.
  /// The part after "and" must be smaller than the first part's lowest scale, and the
  /// digits after the point must be single digits ("point four five").
  ///
  /// - Complexity: O(*n*) in the number of tokens.
  static func joiningNumberParts(_ tokens: [Token], _ units: [UInt16]) -> [Token] {
    guard tokens.count > 1 else { return tokens }
    var result: [Token] = []
    result.reserveCapacity(tokens.count)
    // Whether the last token of `result` is a decimal made here, which more digits extend.
    var lastIsDecimal = false
    for token in tokens {
      let extendsDecimal = lastIsDecimal
      lastIsDecimal = false
      guard let number = token.number else {
        result.append(token)
        continue
      }
      if extendsDecimal, number.value < 10, !number.isOrdinal, isSpelled(token) {
        // One more digit after the point: "ninety two point seven five".
        var joined = join(result.removeLast(), token, units)
        joined.latinKey += String(number.value)
        result.append(joined)
        lastIsDecimal = true
        continue
      }
      // A whole number of thousands said before the rest with no "and", where ICU's parse
      // did not join them: "тысяча девятьсот восемьдесят пять" is 1985.
      if let previous = result.last, let thousands = previous.number, !thousands.isOrdinal,
        isSpelled(previous), isSpelled(token), previous.script == token.script,
        lowestScale(of: thousands.value) >= 1000, number.value > 0,
        number.value < lowestScale(of: thousands.value)
      {
        result.append(
          summed(
            join(result.removeLast(), token, units), thousands.value + number.value,
            isOrdinal: number.isOrdinal))
        continue
      }
      guard result.count >= 2 else {
        result.append(token)
        continue
      }
      let joiner = result[result.count - 1]
      let first = result[result.count - 2]
      guard joiner.number == nil, let firstNumber = first.number, !firstNumber.isOrdinal,
        isSpelled(first)
      else {
        result.append(token)
        continue
      }
      if numberConjunctions[joiner.script] == joiner.folded, isSpelled(token),
        number.value > 0, number.value < lowestScale(of: firstNumber.value)
      {
        result.removeLast(2)
        result.append(
          summed(
            join(join(first, joiner, units), token, units), firstNumber.value + number.value,
            isOrdinal: number.isOrdinal))
        continue
      }
      if decimalPoints[joiner.script]?.contains(joiner.folded) == true, isSpelled(token),
        number.value < 10, !number.isOrdinal
      {
        result.removeLast(2)
        var joined = join(join(first, joiner, units), token, units)
        joined.number = nil
        joined.latinKey = String(firstNumber.value) + String(number.value)
        result.append(joined)
        lastIsDecimal = true
        continue
      }
      result.append(token)
    }
    return result
  }

  /// True when a number token is spelled out in words, not written in digits.
  private static func isSpelled(_ token: Token) -> Bool {
    guard let first = token.folded.utf8.first else { return false }
    return !(0x30...0x39).contains(first)
  }

  /// The place the last nonzero digits of `value` start at, from the hundreds up: 100 for
  /// 900 and 1100, 1000 for 2000; 0 when `value` is not a whole number of hundreds.
  private static func lowestScale(of value: Int64) -> Int64 {
    guard value >= 100, value % 100 == 0 else { return 0 }
    var scale: Int64 = 100
    while scale <= Int64.max / 10, value % (scale * 10) == 0 { scale *= 10 }
    return scale
  }

  /// `joined` as the number `value`, keyed by its digits.
  private static func summed(_ joined: Token, _ value: Int64, isOrdinal: Bool) -> Token {
    var token = joined
    token.number = SpokenNumber(value: value, isOrdinal: isOrdinal)
    token.latinKey = String(value)
    return token
  }

  /// `first` and `second` as one token spanning both, its folded form their words.
  private static func join(_ first: Token, _ second: Token, _ units: [UInt16]) -> Token {
    var joined = first
    joined.scalarRange = first.scalarRange.lowerBound..<second.scalarRange.upperBound
    joined.utf16Range = first.utf16Range.lowerBound..<second.utf16Range.upperBound
    joined.text = String(utf16Units: units[joined.utf16Range])
    joined.folded = first.folded + " " + second.folded
    return joined
  }
}
