import Foundation

/// Reads XML and binary property lists into nodes that remember their lines.
///
/// Foundation's decoders report every XML error at line 1 and keep duplicate keys without a
/// word, so VocabKit parses XML plists itself: errors name the line, and a duplicate key is
/// reported with the line of its first occurrence. Binary plists are read by
/// `BinaryPropertyListReader`, not Foundation (which crashes on some of them).
package enum PropertyListReader {
  /// The largest plist read, in bytes; a larger file is an error, not a slow load.
  package static let maximumFileSize = 64 << 20
  /// The deepest nesting of arrays and dictionaries accepted.
  package static let maximumDepth = 128

  /// The outcome of reading one file: the root node if it parsed, and what was wrong.
  package struct Result: Sendable {
    package var root: PropertyListNode?
    package var diagnostics: [Diagnostic]
  }

  /// Reads the plist at `url`; `file` is the path printed in diagnostics.
  ///
  /// - Complexity: O(*n*) in the size of the file.
  package static func read(contentsOf url: URL, file: String) -> Result {
    let data: Data
    do {
      let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
      if let size = attributes[.size] as? Int, size > maximumFileSize {
        return Result(
          root: nil,
          diagnostics: [
            Diagnostic(
              .error, code: "file-too-large", file: file,
              message:
                "file is \(size) bytes; property lists larger than \(maximumFileSize) bytes are not read"
            )
          ])
      }
      data = try Data(contentsOf: url)
    } catch {
      return Result(
        root: nil,
        diagnostics: [
          Diagnostic(
            .error, code: "unreadable", file: file,
            message: "cannot read the file: \(error.localizedDescription)")
        ])
    }
    return parse(data, file: file)
  }

  /// Parses plist bytes; `file` is the path printed in diagnostics.
  ///
  /// - Complexity: O(*n*) in the size of `data`.
  package static func parse(_ data: Data, file: String) -> Result {
    if data.count > maximumFileSize {
      return Result(
        root: nil,
        diagnostics: [
          Diagnostic(
            .error, code: "file-too-large", file: file,
            message: "property lists larger than \(maximumFileSize) bytes are not read")
        ])
    }
    if data.starts(with: Array("bplist".utf8)) { return parseBinary(data, file: file) }
    var parser = XMLPropertyListParser(bytes: [UInt8](data), file: file)
    do {
      let root = try parser.parseDocument()
      return Result(root: root, diagnostics: parser.diagnostics)
    } catch {
      return Result(root: nil, diagnostics: parser.diagnostics + [error.diagnostic(file: file)])
    }
  }

  private static func parseBinary(_ data: Data, file: String) -> Result {
    var reader = BinaryPropertyListReader(bytes: [UInt8](data), file: file)
    do {
      let root = try reader.parse()
      return Result(root: root, diagnostics: reader.diagnostics)
    } catch {
      return Result(root: nil, diagnostics: reader.diagnostics + [error.diagnostic(file: file)])
    }
  }
}

/// A syntax error in an XML plist.
struct PropertyListSyntaxError: Error {
  var line: Int
  var message: String

  func diagnostic(file: String) -> Diagnostic {
    Diagnostic(.error, code: "syntax", file: file, line: line, message: message)
  }
}

extension Error {
  fileprivate func diagnostic(file: String) -> Diagnostic {
    if let syntax = self as? PropertyListSyntaxError { return syntax.diagnostic(file: file) }
    return Diagnostic(.error, code: "syntax", file: file, message: "\(self)")
  }
}

/// Where a value sits in a plist (`A[0].B`), written out only for a diagnostic: building the
/// text for every value would copy a long parent path once per element of a long array.
final class PlistKeyPath {
  enum Component {
    case key(String)
    case index(Int)
  }
  let parent: PlistKeyPath?
  let component: Component

  init(_ component: Component, in parent: PlistKeyPath?) {
    self.parent = parent
    self.component = component
  }

  /// The path as diagnostics print it; empty for the root (`nil`).
  ///
  /// - Complexity: O(*d* + *l*) for a path *d* levels deep of *l* characters.
  static func text(of path: PlistKeyPath?) -> String {
    var components: [Component] = []
    var node = path
    while let current = node {
      components.append(current.component)
      node = current.parent
    }
    var text = ""
    for component in components.reversed() {
      switch component {
      case .key(let key): text += text.isEmpty ? key : ".\(key)"
      case .index(let index): text += "[\(index)]"
      }
    }
    return text
  }
}

/// A recursive-descent parser for Apple's XML plist format that tracks line numbers.
struct XMLPropertyListParser {
  private let bytes: [UInt8]
  private let file: String
  private var position = 0
  private var line = 1
  private(set) var diagnostics: [Diagnostic] = []

  init(bytes: [UInt8], file: String) {
    self.bytes = bytes
    self.file = file
  }

  mutating func parseDocument() throws(PropertyListSyntaxError) -> PropertyListNode {
    if let invalid = Self.firstInvalidUTF8(bytes) {
      let lineNumber = bytes[..<invalid].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
      throw PropertyListSyntaxError(
        line: lineNumber, message: "invalid UTF-8 at byte \(invalid); plists must be UTF-8")
    }
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    try skipMisc()
    guard position < bytes.count else {
      throw PropertyListSyntaxError(line: line, message: "the file is empty; expected a <plist>")
    }
    let tag = try readTag()
    guard tag.name == "plist", !tag.isClosing else {
      throw PropertyListSyntaxError(
        line: tag.line, message: "expected <plist>, found <\(tag.closingSlash)\(tag.name)>")
    }
    let root: PropertyListNode
    if tag.isSelfClosing {
      throw PropertyListSyntaxError(line: tag.line, message: "<plist/> holds no value")
    }
    try skipMisc()
    let valueTag = try readTag()
    root = try parseValue(valueTag, depth: 0, path: nil)
    try skipMisc()
    let end = try readTag()
    guard end.name == "plist", end.isClosing else {
      throw PropertyListSyntaxError(
        line: end.line,
        message: "expected </plist> after the root value, found <\(end.closingSlash)\(end.name)>")
    }
    try skipMisc()
    if position < bytes.count {
      throw PropertyListSyntaxError(line: line, message: "unexpected content after </plist>")
    }
    return root
  }

  // MARK: Values

  /// - Parameter path: The key path of the value (`A[0].B`, nil for the root), for
  ///   diagnostics.
  ///
  /// One function on purpose: one case per plist element, so the grammar the parser accepts is in
  /// one place.
  private mutating func parseValue(_ tag: Tag, depth: Int, path: PlistKeyPath?)
    throws(PropertyListSyntaxError) -> PropertyListNode
  {
    guard depth <= PropertyListReader.maximumDepth else {
      throw PropertyListSyntaxError(
        line: tag.line,
        message: "nesting deeper than \(PropertyListReader.maximumDepth) levels")
    }
    guard !tag.isClosing else {
      throw PropertyListSyntaxError(
        line: tag.line, message: "expected a value, found </\(tag.name)>")
    }
    switch tag.name {
    case "dict":
      if tag.isSelfClosing { return PropertyListNode(.dictionary([]), line: tag.line) }
      var entries: [(key: String, node: PropertyListNode)] = []
      var firstLines: [String: Int] = [:]
      while true {
        try skipMisc()
        let next = try readTag()
        if next.isClosing && next.name == "dict" { break }
        guard next.name == "key", !next.isClosing else {
          throw PropertyListSyntaxError(
            line: next.line,
            message:
              "expected <key> or </dict> in a dictionary, found <\(next.closingSlash)\(next.name)>")
        }
        let key = next.isSelfClosing ? "" : try readText(until: "key")
        try skipMisc()
        let valueTag = try readTag()
        if valueTag.isClosing && valueTag.name == "dict" {
          throw PropertyListSyntaxError(
            line: valueTag.line, message: "key '\(key)' has no value before </dict>")
        }
        let keyPath = PlistKeyPath(.key(key), in: path)
        var value = try parseValue(valueTag, depth: depth + 1, path: keyPath)
        value.keyLine = next.line
        if let first = firstLines[key] {
          diagnostics.append(
            Diagnostic(
              .error, code: "duplicate-key", file: file, line: next.line,
              keyPath: PlistKeyPath.text(of: keyPath),
              message:
                "duplicate key '\(key)' (first at line \(first)); this later value is ignored"))
          continue
        }
        firstLines[key] = next.line
        entries.append((key, value))
      }
      return PropertyListNode(.dictionary(entries), line: tag.line)
    case "array":
      if tag.isSelfClosing { return PropertyListNode(.array([]), line: tag.line) }
      var items: [PropertyListNode] = []
      while true {
        try skipMisc()
        let next = try readTag()
        if next.isClosing && next.name == "array" { break }
        items.append(
          try parseValue(
            next, depth: depth + 1, path: PlistKeyPath(.index(items.count), in: path)))
      }
      return PropertyListNode(.array(items), line: tag.line)
    case "string":
      let text = tag.isSelfClosing ? "" : try readText(until: "string")
      return PropertyListNode(.string(text), line: tag.line)
    case "integer":
      let text = tag.isSelfClosing ? "" : try readText(until: "integer")
      let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
      guard let value = Int64(trimmed) ?? parseHex(trimmed) else {
        throw PropertyListSyntaxError(line: tag.line, message: "'\(text)' is not an integer")
      }
      return PropertyListNode(.integer(value), line: tag.line)
    case "real":
      let text = tag.isSelfClosing ? "" : try readText(until: "real")
      guard let value = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
        throw PropertyListSyntaxError(line: tag.line, message: "'\(text)' is not a real number")
      }
      return PropertyListNode(.real(value), line: tag.line)
    case "true", "false":
      if !tag.isSelfClosing {
        try skipMisc()
        let end = try readTag()
        guard end.isClosing, end.name == tag.name else {
          throw PropertyListSyntaxError(line: end.line, message: "expected </\(tag.name)>")
        }
      }
      return PropertyListNode(.boolean(tag.name == "true"), line: tag.line)
    case "date":
      let text = tag.isSelfClosing ? "" : try readText(until: "date")
      return PropertyListNode(.date(text), line: tag.line)
    case "data":
      let text = tag.isSelfClosing ? "" : try readText(until: "data")
      let compact = text.filter { !$0.isWhitespace }
      guard let data = Data(base64Encoded: compact) else {
        throw PropertyListSyntaxError(line: tag.line, message: "<data> is not valid base64")
      }
      return PropertyListNode(.data(data), line: tag.line)
    default:
      throw PropertyListSyntaxError(
        line: tag.line,
        message:
          "unknown element <\(tag.name)>; expected dict, array, string, integer, real, true, false, date or data"
      )
    }
  }

  private func parseHex(_ text: String) -> Int64? {
    guard text.lowercased().hasPrefix("0x") else { return nil }
    return Int64(text.dropFirst(2), radix: 16)
  }

  // MARK: Lexing

  private struct Tag {
    var name: String
    var isClosing: Bool
    var isSelfClosing: Bool
    var line: Int
    var closingSlash: String { isClosing ? "/" : "" }
  }

  private mutating func advance() {
    if bytes[position] == 0x0A { line += 1 }
    position += 1
  }

  /// Whether the bytes at the position start with `prefix` (compared in place: this runs for
  /// every element of a file).
  private func hasPrefix(_ prefix: StaticString) -> Bool {
    let count = prefix.utf8CodeUnitCount
    guard position + count <= bytes.count else { return false }
    return prefix.withUTF8Buffer { utf8 in
      for offset in 0..<count where bytes[position + offset] != utf8[offset] { return false }
      return true
    }
  }

  /// Skips white space, comments, the XML declaration and the DOCTYPE.
  private mutating func skipMisc() throws(PropertyListSyntaxError) {
    while position < bytes.count {
      let byte = bytes[position]
      if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
        advance()
      } else if byte != UInt8(ascii: "<") {
        return
      } else if hasPrefix("<!--") {
        try skip(past: "-->", what: "comment")
      } else if hasPrefix("<?") {
        try skip(past: "?>", what: "processing instruction")
      } else if hasPrefix("<!DOCTYPE") {
        try skip(past: ">", what: "DOCTYPE")
      } else {
        return
      }
    }
  }

  private mutating func skip(past terminator: StaticString, what: String)
    throws(PropertyListSyntaxError)
  {
    let startLine = line
    while position < bytes.count {
      if hasPrefix(terminator) {
        for _ in 0..<terminator.utf8CodeUnitCount { advance() }
        return
      }
      advance()
    }
    throw PropertyListSyntaxError(line: startLine, message: "unterminated \(what)")
  }

  private mutating func readTag() throws(PropertyListSyntaxError) -> Tag {
    guard position < bytes.count else {
      throw PropertyListSyntaxError(line: line, message: "unexpected end of file (truncated?)")
    }
    guard bytes[position] == UInt8(ascii: "<") else {
      throw PropertyListSyntaxError(line: line, message: "expected an element, found text")
    }
    let startLine = line
    advance()
    var isClosing = false
    if position < bytes.count, bytes[position] == UInt8(ascii: "/") {
      isClosing = true
      advance()
    }
    let nameStart = position
    while position < bytes.count, bytes[position] != UInt8(ascii: ">"),
      bytes[position] != UInt8(ascii: "/"), bytes[position] != 0x20, bytes[position] != 0x0A,
      bytes[position] != 0x09, bytes[position] != 0x0D
    {
      advance()
    }
    let name = bytes[nameStart..<position]
    // Attributes (such as version="1.0") are skipped.
    var isSelfClosing = false
    while position < bytes.count, bytes[position] != UInt8(ascii: ">") {
      if bytes[position] == UInt8(ascii: "/") { isSelfClosing = true }
      advance()
    }
    guard position < bytes.count else {
      throw PropertyListSyntaxError(line: startLine, message: "unterminated element (truncated?)")
    }
    advance()
    return Tag(
      name: String(decoding: name, as: UTF8.self), isClosing: isClosing,
      isSelfClosing: isSelfClosing, line: startLine)
  }

  /// Reads character data up to `</name>`, decoding entities and CDATA sections.
  ///
  /// The usual value, one run of plain text closed by exactly `</name>`, is decoded from the
  /// file's bytes in place, without a copy or a parsed closing tag.
  ///
  /// One function on purpose: plain runs, entities, CDATA and comments are the cases of one
  /// loop that share the pending run and the decoded output.
  private mutating func readText(until name: StaticString) throws(PropertyListSyntaxError)
    -> String
  {
    let startLine = line
    var output: [UInt8] = []
    // The text while it is one plain run, not yet copied into `output`.
    var run: Range<Int>? = nil
    func flushRun() {
      if let pending = run {
        output += bytes[pending]
        run = nil
      }
    }
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "<") {
        if isClosingTag(name) {
          let text =
            run.map { String(decoding: bytes[$0], as: UTF8.self) }
            ?? String(decoding: output, as: UTF8.self)
          position += name.utf8CodeUnitCount + 3
          return text
        }
        if hasPrefix("<![CDATA[") {
          flushRun()
          try readCDATA(into: &output, startLine: startLine)
          continue
        }
        if hasPrefix("<!--") {
          try skip(past: "-->", what: "comment")
          continue
        }
        let tag = try readTag()
        guard tag.isClosing, tag.name == "\(name)" else {
          throw PropertyListSyntaxError(
            line: tag.line,
            message:
              "expected </\(name)> to close the element opened at line \(startLine), found <\(tag.closingSlash)\(tag.name)>"
          )
        }
        flushRun()
        return String(decoding: output, as: UTF8.self)
      }
      if byte == UInt8(ascii: "&") {
        flushRun()
        output += try readEntity()
        continue
      }
      // Plain text up to the next markup or entity, taken at once.
      let start = position
      while position < bytes.count, bytes[position] != UInt8(ascii: "<"),
        bytes[position] != UInt8(ascii: "&")
      {
        advance()
      }
      if run == nil, output.isEmpty {
        run = start..<position
      } else {
        flushRun()
        output += bytes[start..<position]
      }
    }
    throw PropertyListSyntaxError(
      line: startLine, message: "unterminated <\(name)> (truncated?)")
  }

  /// Appends the contents of the CDATA section at the position to `output`, verbatim.
  private mutating func readCDATA(into output: inout [UInt8], startLine: Int)
    throws(PropertyListSyntaxError)
  {
    for _ in 0..<9 { advance() }
    while position < bytes.count, !hasPrefix("]]>") {
      output.append(bytes[position])
      advance()
    }
    guard position < bytes.count else {
      throw PropertyListSyntaxError(line: startLine, message: "unterminated CDATA section")
    }
    for _ in 0..<3 { advance() }
  }

  /// Whether the bytes at the position are exactly `</name>`.
  private func isClosingTag(_ name: StaticString) -> Bool {
    let count = name.utf8CodeUnitCount
    guard position + count + 3 <= bytes.count, bytes[position] == UInt8(ascii: "<"),
      bytes[position + 1] == UInt8(ascii: "/"), bytes[position + count + 2] == UInt8(ascii: ">")
    else { return false }
    return name.withUTF8Buffer { utf8 in
      for offset in 0..<count where bytes[position + 2 + offset] != utf8[offset] { return false }
      return true
    }
  }

  private mutating func readEntity() throws(PropertyListSyntaxError) -> [UInt8] {
    let startLine = line
    var name: [UInt8] = []
    advance()
    while position < bytes.count, bytes[position] != UInt8(ascii: ";"), name.count < 12 {
      name.append(bytes[position])
      advance()
    }
    guard position < bytes.count, bytes[position] == UInt8(ascii: ";") else {
      throw PropertyListSyntaxError(line: startLine, message: "unterminated entity '&'")
    }
    advance()
    let text = String(decoding: name, as: UTF8.self)
    switch text {
    case "lt": return Array("<".utf8)
    case "gt": return Array(">".utf8)
    case "amp": return Array("&".utf8)
    case "quot": return Array("\"".utf8)
    case "apos": return Array("'".utf8)
    default:
      var scalarValue: UInt32?
      if text.hasPrefix("#x") || text.hasPrefix("#X") {
        scalarValue = UInt32(text.dropFirst(2), radix: 16)
      } else if text.hasPrefix("#") {
        scalarValue = UInt32(text.dropFirst())
      }
      guard let scalarValue, let scalar = Unicode.Scalar(scalarValue) else {
        throw PropertyListSyntaxError(line: startLine, message: "unknown entity '&\(text);'")
      }
      return Array(String(scalar).utf8)
    }
  }

  /// The offset of the first byte that is not valid UTF-8, if any: where the first
  /// ill-formed sequence starts (the Unicode Standard's table 3-7 of well-formed sequences).
  ///
  /// Runs of ASCII are skipped eight bytes at a time: a plist is mostly markup.
  ///
  /// - Complexity: O(*n*) in the number of bytes.
  static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
    bytes.withUnsafeBufferPointer { buffer -> Int? in
      guard let base = buffer.baseAddress else { return nil }
      let count = buffer.count
      var index = 0
      while index < count {
        if index + 8 <= count,
          UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080
            == 0
        {
          index += 8
          continue
        }
        let lead = buffer[index]
        if lead < 0x80 {
          index += 1
          continue
        }
        // The length of the sequence `lead` starts, and the range its second byte must be in
        // (narrower than 0x80...0xBF where a wider one would be overlong, a surrogate or past
        // U+10FFFF).
        let length: Int
        let second: ClosedRange<UInt8>
        switch lead {
        case 0xC2...0xDF: (length, second) = (2, 0x80...0xBF)
        case 0xE0: (length, second) = (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (length, second) = (3, 0x80...0xBF)
        case 0xED: (length, second) = (3, 0x80...0x9F)
        case 0xF0: (length, second) = (4, 0x90...0xBF)
        case 0xF1...0xF3: (length, second) = (4, 0x80...0xBF)
        case 0xF4: (length, second) = (4, 0x80...0x8F)
        default: return index
        }
        guard index + 1 < count, second.contains(buffer[index + 1]) else { return index }
        for next in (index + 2)..<(index + length) {
          guard next < count, (0x80...0xBF).contains(buffer[next]) else { return index }
        }
        index += length
      }
      return nil
    }
  }
}
