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
  /// - Complexity: O(1): most words are ruled out by ``mayBeDecade(_:)`` before a lookup.
  static func decadeKey(_ latinKey: String) -> String? {
    var key = latinKey
    guard key.withUTF8(mayBeDecade) else { return nil }
    return decadeKeys[latinKey]
  }

  /// Whether a word's bytes may be a decade word: 7 to 9 letters ending in "ties", in any
  /// case. Every word normalized is checked, so this reads four bytes at most.
  static func mayBeDecade(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let count = bytes.count
    return count >= 7 && count <= 9 && bytes[count - 4] | 0x20 == 0x74
      && bytes[count - 3] | 0x20 == 0x69 && bytes[count - 2] | 0x20 == 0x65
      && bytes[count - 1] | 0x20 == 0x73
  }
}
