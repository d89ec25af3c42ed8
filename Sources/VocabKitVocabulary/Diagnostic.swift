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
    return text
  }
}
