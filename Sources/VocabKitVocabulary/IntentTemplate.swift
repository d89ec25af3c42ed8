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
    var textStart = example.startIndex
    var index = example.startIndex
    // One pass over the characters: "${" opens a placeholder, the next "}" closes it.
    while index < example.endIndex {
      let next = example.index(after: index)
      guard example[index] == "$", next < example.endIndex, example[next] == "{",
        let end = example[example.index(after: next)...].firstIndex(of: "}")
      else {
        if example[index] == "$", next < example.endIndex, example[next] == "{" { break }
        index = next
        continue
      }
      if index > textStart { parts.append(.text(String(example[textStart..<index]))) }
      parts.append(.placeholder(String(example[example.index(after: next)..<end])))
      index = example.index(after: end)
      textStart = index
    }
    if textStart < example.endIndex { parts.append(.text(String(example[textStart...]))) }
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
