extension Normalizer {
  /// English decades said in words, by the Latin key of the same decade written in digits:
  /// "eighties" is keyed `80s`, as "80s" and "'80s" are.
  static let decadeKeys: [String: String] = [
    "twenties": "20s", "thirties": "30s", "forties": "40s", "fifties": "50s",
    "sixties": "60s", "seventies": "70s", "eighties": "80s", "nineties": "90s",
  ]

  /// `tokens` with each decade said in words keyed as it is written in digits, so that a
  /// playlist named "80s Classic Hits" is found said "eighties classic hits", and "Nineties
  /// Hip Hop" written "90s hip hop" by a recognizer. The token keeps its text and has no
  /// ``Token/number``: a decade is no count. Only English has such words here.
  ///
  /// - Complexity: O(*n*) in the number of tokens.
  static func keyingDecades(_ tokens: [Token]) -> [Token] {
    // Every decade word ends in "ties"; most texts have none, and are returned as they are.
    guard tokens.contains(where: { $0.script == .latin && $0.latinKey.hasSuffix("ties") })
    else { return tokens }
    return tokens.map { token in
      guard token.script == .latin, let key = decadeKeys[token.latinKey] else { return token }
      var decade = token
      decade.latinKey = key
      return decade
    }
  }
}
