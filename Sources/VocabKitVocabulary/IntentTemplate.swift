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
