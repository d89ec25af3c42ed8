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

    /// Errors first.
    var rank: Int {
      switch self {
      case .error: 0
      case .warning: 1
      case .note: 2
      }
    }
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

  /// Diagnostics of one code kept for one file; past it, one diagnostic says how many more
  /// there were. A broken 64 MiB plist can hold millions of the same mistake, and a list
  /// of them all would cost gigabytes and say nothing the first thousand do not.
  public static let maximumPerFileAndCode = 1_000

  /// `diagnostics` with at most ``maximumPerFileAndCode`` of each file and code, in their
  /// order, and after them a `more-diagnostics` diagnostic for each file and code cut short,
  /// of the most severe severity cut.
  ///
  /// - Complexity: O(*n*) for *n* diagnostics.
  public static func limited(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
    var limiter = Limiter()
    let kept = diagnostics.filter { limiter.admit($0.code, in: $0.file, severity: $0.severity) }
    return kept + limiter.takeOmissions()
  }

  /// Keeps count of diagnostics by file and code: admits the first
  /// ``Diagnostic/maximumPerFileAndCode`` of each and tallies the rest, so that one
  /// `more-diagnostics` diagnostic can say how many were left out.
  struct Limiter {
    private struct Key: Hashable {
      var file: String
      var code: String
    }

    private var counts: [Key: Int] = [:]
    /// Those left out, in the order each file and code was first cut short.
    private var omitted: [(key: Key, severity: Severity, count: Int)] = []
    private var omittedIndex: [Key: Int] = [:]

    /// True when a diagnostic of `code` in `file` would be admitted now.
    func wouldAdmit(_ code: String, in file: String) -> Bool {
      counts[Key(file: file, code: code), default: 0] < maximumPerFileAndCode
    }

    /// Counts a diagnostic of `code` in `file`: true when it is to be kept, false when it is
    /// tallied as left out.
    ///
    /// - Complexity: O(1) on average.
    mutating func admit(_ code: String, in file: String, severity: Severity) -> Bool {
      let key = Key(file: file, code: code)
      let count = counts[key, default: 0] + 1
      counts[key] = count
      if count <= maximumPerFileAndCode { return true }
      if let index = omittedIndex[key] {
        omitted[index].count += 1
        if severity.rank < omitted[index].severity.rank { omitted[index].severity = severity }
      } else {
        omittedIndex[key] = omitted.count
        omitted.append((key, severity, 1))
      }
      return false
    }

    /// A `more-diagnostics` diagnostic for each file and code left out since the last call,
    /// of the most severe severity left out; the counts admitted so far stay.
    mutating func takeOmissions() -> [Diagnostic] {
      defer {
        omitted = []
        omittedIndex = [:]
      }
      return omitted.map { key, severity, count in
        Diagnostic(
          severity, code: "more-diagnostics", file: key.file,
          message:
            "\(count) more '\(key.code)' diagnostics in this file are not shown (the first \(maximumPerFileAndCode) are)"
        )
      }
    }
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

  /// Control characters (general category Cc is exactly U+0000-U+001F and U+007F-U+009F,
  /// stable since Unicode 1.1) and the bidirectional embeddings, overrides and isolates.
  private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    return value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
      || (0x2066...0x2069).contains(value)
  }
}
