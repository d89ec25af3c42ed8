import Testing

@testable import VocabKitNormalization

/// Normalizes `text` with the shared normalizer.
func tokens(_ text: String) throws -> [Token] {
  try Normalizer.shared.normalize(text)
}

/// The Latin keys of the tokens of `text`.
func latinKeys(_ text: String) throws -> [String] {
  try tokens(text).map(\.latinKey)
}

/// The Latin keys of the tokens of `text`, joined without separators.
func joinedLatinKey(_ text: String) throws -> String {
  try latinKeys(text).joined()
}

/// The text of the original string that a token's scalar range points at.
func slice(_ text: String, _ range: Range<Int>) -> String {
  let scalars = Array(text.unicodeScalars)
  var result = ""
  result.unicodeScalars.append(contentsOf: scalars[range])
  return result
}

/// Weighted edit distance between two phonetic keys with ``PhoneticKey``'s own costs.
func phoneticDistance(_ a: PhoneticKey, _ b: PhoneticKey) -> Int32 {
  let x = a.symbols
  let y = b.symbols
  var previous = [Int32](repeating: 0, count: y.count + 1)
  for j in 0..<y.count { previous[j + 1] = previous[j] + PhoneticKey.indelCost(y[j]) }
  for i in 0..<x.count {
    var current = [Int32](repeating: 0, count: y.count + 1)
    current[0] = previous[0] + PhoneticKey.indelCost(x[i])
    for j in 0..<y.count {
      current[j + 1] = min(
        previous[j] + PhoneticKey.substitutionCost(x[i], y[j]),
        previous[j + 1] + PhoneticKey.indelCost(x[i]),
        current[j] + PhoneticKey.indelCost(y[j]))
    }
    previous = current
  }
  return previous[y.count]
}

/// 1 for identical keys, 0 for keys with nothing in common: 1 - distance / max(weights).
func phoneticSimilarity(_ a: PhoneticKey, _ b: PhoneticKey) -> Double {
  let weight = max(PhoneticKey.weight(a.symbols), PhoneticKey.weight(b.symbols))
  guard weight > 0 else { return 1 }
  return 1 - Double(phoneticDistance(a, b)) / Double(weight)
}
