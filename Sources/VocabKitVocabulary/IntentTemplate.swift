/// Placeholders in intent examples: `${parameter}` and `${applicationName}`.
package enum IntentTemplate {
  /// One part of a template: literal text or a placeholder's name.
  package enum Part: Hashable, Sendable {
    case text(String)
    case placeholder(String)
  }

  /// Splits an example into literal text and placeholders.
  ///
  /// - Complexity: O(*n*) in the length of `example`.
  package static func parts(of example: String) -> [Part] {
    var parts: [Part] = []
    var rest = Substring(example)
    while let start = rest.range(of: "${") {
      guard let end = rest[start.upperBound...].firstIndex(of: "}") else { break }
      if start.lowerBound > rest.startIndex {
        parts.append(.text(String(rest[..<start.lowerBound])))
      }
      parts.append(.placeholder(String(rest[start.upperBound..<end])))
      rest = rest[rest.index(after: end)...]
    }
    if !rest.isEmpty { parts.append(.text(String(rest))) }
    return parts
  }

  /// The placeholder names in an example, in order.
  package static func placeholders(in example: String) -> [String] {
    parts(of: example).compactMap {
      if case .placeholder(let name) = $0 { return name }
      return nil
    }
  }
}

/// Levenshtein distance, for suggestions.
package enum EditDistance {
  /// The number of single-character edits between two strings.
  ///
  /// - Complexity: O(*m* × *n*).
  package static func characters(_ a: String, _ b: String) -> Int {
    characters(Array(a), Array(b))
  }

  /// The number of single-character edits between two character arrays.
  ///
  /// - Complexity: O(*m* × *n*).
  package static func characters(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    var previous = Array(0...b.count)
    var current = previous
    for i in 1...a.count {
      current[0] = i
      if !b.isEmpty {
        for j in 1...b.count {
          current[j] = min(
            previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1), previous[j] + 1, current[j - 1] + 1)
        }
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
