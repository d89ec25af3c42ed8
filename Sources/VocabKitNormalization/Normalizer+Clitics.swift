extension Normalizer {
  /// English clitics that recognizers and treebank tokenizers write as words of their own
  /// ("what 's", "i 'm", "do n't"), as SLURP's and Kaldi's output does.
  static let clitics: Set<String> = [
    "'s", "'m", "'re", "'ll", "'d", "'ve", "n't", "’s", "’m", "’re", "’ll", "’d", "’ve", "n’t",
  ]

  /// Words whose "'s" is "is", "has" or "us" ("what's", "it's", "let's"); after any other
  /// word it is a possessive ("jane 's birthday").
  static let contractionHosts: Set<String> = [
    "what", "that", "it", "there", "here", "who", "where", "how", "when", "why", "let", "he",
    "she", "this", "everything", "nothing", "something", "everyone", "someone",
  ]

  /// `tokens` with each clitic written apart read as if written together: a contraction
  /// joins the word before it ("i 'm" is one token, "i'm"), and a possessive's "'s" is
  /// dropped, leaving the name as said ("jane 's birthday" reads "jane birthday"), since
  /// vocabulary entries are names, not their possessives.
  ///
  /// A clitic is read so only after a Latin word that ends right before the spaces before
  /// it; a quoted word ("play 'hello'") is no clitic.
  ///
  /// - Complexity: O(*n*) in the number of tokens.
  static func joiningClitics(_ tokens: [Token], _ units: [UInt16]) -> [Token] {
    // Every clitic has an apostrophe: most texts have none, and need no new array.
    guard tokens.count > 1, units.contains(where: isApostrophe) else { return tokens }
    var result: [Token] = []
    result.reserveCapacity(tokens.count)
    for token in tokens {
      guard let previous = result.last, previous.script == .latin, token.script == .latin,
        previous.number == nil,
        let clitic = Self.clitic(of: token, units),
        previous.utf16Range.upperBound < clitic.start,
        units[previous.utf16Range.upperBound..<clitic.start].allSatisfy({ $0 == 0x20 })
      else {
        result.append(token)
        continue
      }
      let isPossessive =
        (clitic.folded == "'s" || clitic.folded == "’s")
        && !contractionHosts.contains(previous.latinKey)
      if isPossessive { continue }
      var joined = previous
      joined.scalarRange = previous.scalarRange.lowerBound..<token.scalarRange.upperBound
      joined.utf16Range = previous.utf16Range.lowerBound..<token.utf16Range.upperBound
      joined.text = String(utf16Units: units[joined.utf16Range])
      joined.folded = previous.folded + clitic.folded
      joined.latinKey = previous.latinKey + token.latinKey
      result[result.count - 1] = joined
    }
    return result
  }

  /// Where a clitic token starts (at its apostrophe, which the word breaker may leave out of
  /// the token) and its folded form with the apostrophe, or nil when `token` is no clitic.
  private static func clitic(of token: Token, _ units: [UInt16]) -> (
    start: Int, folded: String
  )? {
    if clitics.contains(token.folded) { return (token.utf16Range.lowerBound, token.folded) }
    let start = token.utf16Range.lowerBound
    guard start > 0, isApostrophe(units[start - 1]) else { return nil }
    let folded = String(utf16Units: units[(start - 1)..<start]) + token.folded
    guard clitics.contains(folded) else { return nil }
    return (start - 1, folded)
  }

  /// The ASCII apostrophe and the right single quotation mark (’).
  private static func isApostrophe(_ unit: UInt16) -> Bool { unit == 0x27 || unit == 0x2019 }
}
