extension Normalizer {
  /// English decades said in words, by the Latin key of the same decade written in digits:
  /// "eighties" is keyed `80s`, as "80s" and "'80s" are.
  static let decadeKeys: [String: String] = [
    "twenties": "20s", "thirties": "30s", "forties": "40s", "fifties": "50s",
    "sixties": "60s", "seventies": "70s", "eighties": "80s", "nineties": "90s",
  ]

  /// The key of a decade said in words ("eighties" → `80s`), the key a recognizer's "80s" or
  /// "'80s" has, so that a playlist named "80s Classic Hits" is found said "eighties classic
  /// hits", and "Nineties Hip Hop" written "90s hip hop"; nil for any other key. The token
  /// keeps its text and has no ``Token/number``: a decade is no count. Only English has such
  /// words here.
  ///
  /// - Complexity: O(1): decade words have 7 to 9 letters and end in "ties", which rules out
  ///   nearly every word before a lookup (the ASCII path checks the same on the bytes first).
  static func decadeKey(_ latinKey: String) -> String? {
    let bytes = latinKey.utf8
    guard bytes.count >= 7, bytes.count <= 9, bytes.suffix(4).elementsEqual("ties".utf8)
    else { return nil }
    return decadeKeys[latinKey]
  }
}
