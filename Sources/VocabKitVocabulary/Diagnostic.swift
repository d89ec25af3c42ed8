/// A problem found while loading or linting a vocabulary, with where it is.
public struct Diagnostic: Hashable, Sendable, Codable, CustomStringConvertible {
  /// How bad the problem is.
  public enum Severity: String, Hashable, Sendable, Codable, CaseIterable {
    /// The entry or file could not be used; what was skipped is said in the message.
    case error
    /// The vocabulary loads, but something is likely wrong (fails `vocab lint --strict`).
    case warning
    /// Worth knowing, but deliberate and harmless (never fails `vocab lint`, not even with `--strict`).
    case note
  }

  public var severity: Severity
  /// A stable identifier of the kind of problem, such as `missing-key` or `confusable`.
  public var code: String
  /// The file, as given (relative to the vocabulary directory when loaded from one).
  public var file: String
  /// The 1-based line in an XML plist, when known.
  public var line: Int?
  /// Where in the plist: `ParameterVocabularies[0].ParameterVocabulary[2].VocabularyItemSynonyms[0]`.
  public var keyPath: String
  public var message: String

  public init(
    _ severity: Severity, code: String, file: String, line: Int? = nil, keyPath: String = "",
    message: String
  ) {
    self.severity = severity
    self.code = code
    self.file = file
    self.line = line
    self.keyPath = keyPath
    self.message = message
  }

  /// `path:line: error: message (at KeyPath)`, as compilers print it.
  public var description: String {
    var location = file
    if let line { location += ":\(line)" }
    var text = "\(location): \(severity.rawValue): \(message)"
    if !keyPath.isEmpty { text += " (at \(keyPath))" }
    // One finding, one line: file names, keys and quoted values are the vocabulary's.
    return text.escapingControlCharacters
  }
}

extension String {
  /// The text with every control character (newlines and escapes included) and every bidi
  /// override written as `\u{…}`: what a vocabulary or an utterance holds can then neither
  /// move the terminal's cursor, set its title, nor forge a line of output.
  ///
  /// - Complexity: O(*n*) in the length of the text.
  package var escapingControlCharacters: String {
    guard unicodeScalars.contains(where: Self.needsEscape) else { return self }
    var result = ""
    for scalar in unicodeScalars {
      if Self.needsEscape(scalar) {
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.generalCategory == .control
      || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
  }
}
