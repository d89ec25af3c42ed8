/// Levenshtein distance: suggestions, lint's spelling comparison and the matcher's long keys.
package enum EditDistance {
  /// The number of single-character edits between two strings.
  ///
  /// - Complexity: O(*m* × *n*).
  package static func characters(_ a: String, _ b: String) -> Int {
    elements(Array(a), Array(b))
  }

  /// The number of single-character edits between two character arrays.
  ///
  /// - Complexity: O(*m* × *n*).
  package static func characters(_ a: [Character], _ b: [Character]) -> Int {
    elements(a, b)
  }

  /// The number of insertions, deletions and substitutions that turn `a` into `b`.
  ///
  /// - Complexity: O(*m* × *n*).
  @inlinable
  package static func elements<Element: Equatable>(_ a: [Element], _ b: [Element]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = previous
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        current[j] = min(
          previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1), previous[j] + 1, current[j - 1] + 1)
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
