import Foundation

/// Reads `.strings` files (`"key" = "value";` with comments), as `InfoPlist.strings` uses.
enum StringsFile {
  struct Result {
    var values: [String: String]
    var diagnostics: [Diagnostic]
  }

  static func parse(contentsOf url: URL, file: String) -> Result {
    // The plists' size limit, checked before reading; a FIFO or device is not read at all.
    var status = stat()
    if stat(url.path, &status) == 0 {
      guard status.st_mode & S_IFMT == S_IFREG else {
        return Result(
          values: [:],
          diagnostics: [
            Diagnostic(
              .error, code: "unreadable", file: file,
              message: "not a regular file (a device, FIFO or folder); not read")
          ])
      }
      guard Int(status.st_size) <= PropertyListReader.maximumFileSize else {
        return Result(
          values: [:],
          diagnostics: [
            Diagnostic(
              .error, code: "file-too-large", file: file,
              message:
                "file is \(status.st_size) bytes; files larger than "
                + "\(PropertyListReader.maximumFileSize) bytes are not read")
          ])
      }
    }
    guard let data = try? Data(contentsOf: url) else {
      return Result(
        values: [:],
        diagnostics: [
          Diagnostic(.error, code: "unreadable", file: file, message: "cannot read the file")
        ])
    }
    if data.starts(with: Array("bplist".utf8)) {
      let result = PropertyListReader.parse(data, file: file)
      var values: [String: String] = [:]
      for (key, node) in result.root?.dictionary ?? [] { values[key] = node.string }
      return Result(values: values, diagnostics: result.diagnostics)
    }
    let text: String
    if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) {
      text = String(data: data, encoding: .utf16) ?? ""
    } else if let utf8 = String(data: data, encoding: .utf8) {
      text = utf8
    } else {
      return Result(
        values: [:],
        diagnostics: [
          Diagnostic(.error, code: "invalid-encoding", file: file, message: "not UTF-8 or UTF-16")
        ])
    }
    return parse(text, file: file)
  }

  /// Parses the text of a `.strings` file: `"key" = "value";` pairs, with comments.
  ///
  /// One function on purpose: the tokenizer's pieces (spaces and comments, quoted strings,
  /// escapes) share the scanner and the line count as closures over them.
  ///
  /// - Complexity: O(*n*) in the length of `text`.
  static func parse(_ text: String, file: String) -> Result {
    var values: [String: String] = [:]
    var keyLines: [String: Int] = [:]
    var diagnostics: [Diagnostic] = []
    var scanner = Array(text.unicodeScalars)[...]
    var line = 1
    func skipSpaceAndComments() {
      while let first = scanner.first {
        if first == "\n" {
          line += 1
          scanner = scanner.dropFirst()
        } else if first.properties.isWhitespace {
          scanner = scanner.dropFirst()
        } else if scanner.starts(with: "//".unicodeScalars) {
          while let next = scanner.first, next != "\n" { scanner = scanner.dropFirst() }
        } else if scanner.starts(with: "/*".unicodeScalars) {
          let start = line
          scanner = scanner.dropFirst(2)
          while !scanner.isEmpty, !scanner.starts(with: "*/".unicodeScalars) {
            if scanner.first == "\n" { line += 1 }
            scanner = scanner.dropFirst()
          }
          if scanner.isEmpty {
            diagnostics.append(
              Diagnostic(
                .error, code: "syntax", file: file, line: start,
                message:
                  "a comment that starts here never ends ('*/'); the rest of the file is ignored"
              ))
          }
          scanner = scanner.dropFirst(2)
        } else {
          return
        }
      }
    }
    /// A quoted string, or an unquoted word of letters, digits and `_$+/:.-`, as the old
    /// plist syntax of `.strings` files allows (`CFBundleName = "Pantry";`).
    func quoted() -> String? {
      if let first = scanner.first, Self.isUnquotedCharacter(first) {
        var word = String.UnicodeScalarView()
        while let next = scanner.first, Self.isUnquotedCharacter(next) {
          word.append(next)
          scanner = scanner.dropFirst()
        }
        return String(word)
      }
      guard scanner.first == "\"" else { return nil }
      scanner = scanner.dropFirst()
      var output = String.UnicodeScalarView()
      while let next = scanner.first {
        scanner = scanner.dropFirst()
        if next == "\"" { return String(output) }
        if next == "\n" { line += 1 }
        if next == "\\", let escaped = scanner.first {
          scanner = scanner.dropFirst()
          switch escaped {
          case "n": output.append("\n")
          case "t": output.append("\t")
          default: output.append(escaped)
          }
          continue
        }
        output.append(next)
      }
      return nil
    }
    while true {
      skipSpaceAndComments()
      if scanner.isEmpty { break }
      let entryLine = line
      guard let key = quoted() else {
        diagnostics.append(
          Diagnostic(
            .error, code: "syntax", file: file, line: entryLine,
            message: "expected a quoted key; the rest of the file is ignored"))
        break
      }
      skipSpaceAndComments()
      guard scanner.first == "=" else {
        diagnostics.append(
          Diagnostic(
            .error, code: "syntax", file: file, line: entryLine,
            message: "expected '=' after \"\(key)\"; the rest of the file is ignored"))
        break
      }
      scanner = scanner.dropFirst()
      skipSpaceAndComments()
      guard let value = quoted() else {
        diagnostics.append(
          Diagnostic(
            .error, code: "syntax", file: file, line: entryLine,
            message: "expected a quoted value for \"\(key)\"; the rest of the file is ignored"))
        break
      }
      skipSpaceAndComments()
      if scanner.first == ";" { scanner = scanner.dropFirst() }
      if let earlier = keyLines[key] {
        diagnostics.append(
          Diagnostic(
            .warning, code: "duplicate-key", file: file, line: entryLine,
            message: "\"\(key)\" is also set at line \(earlier); this later value is used"))
      }
      keyLines[key] = entryLine
      values[key] = value
    }
    return Result(values: values, diagnostics: diagnostics)
  }

  private static func isUnquotedCharacter(_ scalar: Unicode.Scalar) -> Bool {
    scalar.isASCII
      && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
        || "_$+/:.-".unicodeScalars.contains(scalar))
  }
}
