import Foundation
import Testing
import VocabKitSupport

@testable import VocabKitVocabulary

@Suite("PropertyListReader")
struct PropertyListReaderTests {
  // MARK: Malformed input

  @Test("empty data is an error, not a crash")
  func emptyData() throws {
    let result = PropertyListReader.parse(Data(), file: "Empty.plist")
    #expect(result.root == nil)
    let diagnostic = try #require(result.diagnostics.first)
    #expect(result.diagnostics.count == 1)
    #expect(diagnostic.severity == .error)
    #expect(diagnostic.code == "syntax")
    #expect(diagnostic.file == "Empty.plist")
    #expect(diagnostic.message.contains("empty"))
  }

  @Test("white space and comments only is an error")
  func blank() {
    let result = parsePlist("<?xml version=\"1.0\"?>\n<!-- nothing -->\n\n")
    #expect(result.root == nil)
    #expect(result.diagnostics.map(\.code) == ["syntax"])
  }

  @Test(
    "a plist truncated mid-way is an error at the line where it stops",
    arguments: [
      // (text, line of the error)
      ("<plist>", 1),
      ("<plist version=\"1.0\">\n<dict>\n", 3),
      ("<plist version=\"1.0\">\n<dict>\n\t<key>CFBundleIdentifier</key>\n\t<string>com.exa", 4),
      ("<plist version=\"1.0\">\n<dict>\n\t<key>CFBundleIdentifier</ke", 3),
      ("<plist version=\"1.0\">\n<dict>\n\t<key>A</key>\n\t<string>a</string>\n", 5),
      ("<plist version=\"1.0\">\n<dict>\n\t<key>A</key>\n\t<string>a</string>\n</dict>\n", 6),
      ("<plist version=\"1.0\">\n<array>\n\t<string>a</string>\n\t<str", 4),
      ("<plist version=\"1.0\">\n<array>\n<!-- a comment that never", 3),
      ("<plist version=\"1.0\">\n<array>\n<string><![CDATA[never closed", 3),
    ])
  func truncated(text: String, line: Int) throws {
    let result = parsePlist(text)
    #expect(result.root == nil)
    let diagnostic = try #require(result.diagnostics.last)
    #expect(diagnostic.severity == .error)
    #expect(diagnostic.code == "syntax")
    #expect(diagnostic.line == line, "\(diagnostic)")
  }

  @Test("every prefix of a valid plist parses or fails cleanly")
  func everyPrefix() throws {
    let url = Fixtures.sample.appendingPathComponent(
      "Taskly.app/Base.lproj/AppIntentVocabulary.plist")
    let bytes = [UInt8](try Data(contentsOf: url))
    #expect(PropertyListReader.parse(Data(bytes), file: "full").diagnostics.isEmpty)
    for length in 0..<bytes.count {
      let result = PropertyListReader.parse(Data(bytes[..<length]), file: "prefix")
      // Cutting anywhere before the final newline loses part of the document.
      if length < bytes.count - 1 {
        #expect(result.root == nil, "\(length) bytes")
      }
      if result.root == nil {
        #expect(!result.diagnostics.isEmpty)
        #expect(result.diagnostics.allSatisfy { $0.severity == .error && $0.line != nil })
      }
    }
  }

  @Test("binary garbage after bplist00 is invalid-binary, not a crash")
  func binaryGarbage() throws {
    var generator = SystemRandomNumberGenerator()
    for length in [0, 1, 8, 32, 100, 4096] {
      var bytes = Array("bplist00".utf8)
      bytes += (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
      let result = PropertyListReader.parse(Data(bytes), file: "Info.plist")
      #expect(result.root == nil)
      let diagnostic = try #require(result.diagnostics.first)
      #expect(result.diagnostics.count == 1)
      #expect(diagnostic.code == "invalid-binary")
      #expect(diagnostic.severity == .error)
      #expect(diagnostic.file == "Info.plist")
      #expect(diagnostic.line == nil)
    }
  }

  @Test("a truncated binary plist is invalid-binary; the full one parses")
  func truncatedBinary() throws {
    let object: [String: Any] = [
      "CFBundleIdentifier": "com.example.taskly", "CFBundleName": "Taskly",
      "INAlternativeAppNames": [["INAlternativeAppName": "Tasks"]],
    ]
    let data = try PropertyListSerialization.data(
      fromPropertyList: object, format: .binary, options: 0)
    let full = PropertyListReader.parse(data, file: "Info.plist")
    #expect(full.diagnostics.isEmpty)
    let root = try #require(full.root)
    #expect(root["CFBundleIdentifier"]?.string == "com.example.taskly")
    #expect(root["INAlternativeAppNames"]?.array?.first?["INAlternativeAppName"]?.string == "Tasks")
    for length in [6, 8, 9, data.count / 2, data.count - 1] {
      let result = PropertyListReader.parse(data.prefix(length), file: "Info.plist")
      #expect(result.root == nil, "\(length) bytes")
      #expect(result.diagnostics.map(\.code) == ["invalid-binary"], "\(length) bytes")
    }
  }

  @Test("binary plists keep their value types")
  func binaryTypes() throws {
    let object: [String: Any] = [
      "string": "s", "integer": 42, "real": 1.5, "true": true, "false": false,
      "data": Data([1, 2, 3]), "array": ["a", "b"],
    ]
    let data = try PropertyListSerialization.data(
      fromPropertyList: object, format: .binary, options: 0)
    let root = try #require(PropertyListReader.parse(data, file: "b.plist").root)
    #expect(root["string"]?.string == "s")
    guard case .integer(42) = root["integer"]?.value else {
      Issue.record("integer: \(String(describing: root["integer"]?.value))")
      return
    }
    guard case .real(1.5) = root["real"]?.value else {
      Issue.record("real: \(String(describing: root["real"]?.value))")
      return
    }
    guard case .boolean(true) = root["true"]?.value, case .boolean(false) = root["false"]?.value
    else {
      Issue.record("booleans: \(String(describing: root["true"]?.value))")
      return
    }
    guard case .data(let bytes) = root["data"]?.value else {
      Issue.record("data")
      return
    }
    #expect(bytes == Data([1, 2, 3]))
    #expect(root["array"]?.array?.compactMap(\.string) == ["a", "b"])
  }

  @Test("invalid UTF-8 inside a <string> is reported at its line")
  func invalidUTF8() throws {
    var bytes = Array(plistDocument("<dict>\n\t<key>CFBundleName</key>\n\t<string>Task").utf8)
    // Drop the trailing "\n</plist>\n" and finish the document by hand.
    bytes.removeLast("\n</plist>\n".utf8.count)
    bytes += [0xFF, 0xC3, 0x28]  // not UTF-8
    bytes += Array("ly</string>\n</dict>\n</plist>\n".utf8)
    let result = PropertyListReader.parse(Data(bytes), file: "Info.plist")
    #expect(result.root == nil)
    let diagnostic = try #require(result.diagnostics.first)
    #expect(diagnostic.code == "syntax")
    #expect(diagnostic.line == 6, "\(diagnostic)")
    #expect(diagnostic.message.contains("UTF-8"))
  }

  @Test(
    "invalid UTF-8 sequences are found at their byte offset",
    arguments: [
      ([0xFF], 0), ([0x61, 0x80], 1), ([0x61, 0x62, 0xC3], 2), ([0xE2, 0x82], 0),
      ([0x61, 0xED, 0xA0, 0x80], 1),  // an encoded surrogate
      ([0x61, 0xC0, 0xAF], 1),  // an overlong "/"
      ([0xF0, 0x9F, 0x98, 0x80, 0xFE], 4),
    ] as [([UInt8], Int)])
  func invalidUTF8Offset(bytes: [UInt8], offset: Int) {
    #expect(XMLPropertyListParser.firstInvalidUTF8(bytes) == offset)
  }

  @Test("the UTF-8 check finds what the standard library's decoder finds, on seeded random bytes")
  func utf8CheckMatchesTheDecoder() {
    /// The slow reference: the offset where the standard library's decoder first fails.
    func reference(_ bytes: [UInt8]) -> Int? {
      var iterator = bytes.makeIterator()
      var decoder = UTF8()
      var offset = 0
      while true {
        switch decoder.decode(&iterator) {
        case .scalarValue(let scalar): offset += UTF8.width(scalar)
        case .emptyInput: return nil
        case .error: return offset
        }
      }
    }
    var generator = SplitMix64(seed: 19)
    // Pieces that make long ASCII runs, valid sequences of every length and ill-formed ones.
    let pieces: [[UInt8]] = [
      Array("<string>".utf8), Array("a".utf8), Array("é".utf8), Array("爱".utf8),
      Array("😀".utf8), Array("राहुल".utf8), [0x80], [0xC0, 0xAF], [0xE0, 0x80, 0x80],
      [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF0, 0x9F], [0xFF], [0xC3],
    ]
    for _ in 0..<20_000 {
      var bytes: [UInt8] = []
      for _ in 0..<generator.next(12) {
        if generator.next(4) == 0 {
          bytes.append(UInt8(truncatingIfNeeded: generator.next()))
        } else {
          bytes += pieces[generator.next(pieces.count)]
        }
      }
      #expect(XMLPropertyListParser.firstInvalidUTF8(bytes) == reference(bytes), "\(bytes)")
    }
    // Every two-byte sequence, after an ASCII run that spans a word.
    for first in 0...255 {
      for second in 0...255 {
        let bytes = Array("abcdefghi".utf8) + [UInt8(first), UInt8(second)]
        #expect(XMLPropertyListParser.firstInvalidUTF8(bytes) == reference(bytes))
      }
    }
  }

  @Test("valid UTF-8 passes the check")
  func validUTF8() {
    #expect(XMLPropertyListParser.firstInvalidUTF8([]) == nil)
    #expect(XMLPropertyListParser.firstInvalidUTF8(Array("爱奇艺 राहुल 😀".utf8)) == nil)
  }

  @Test("a byte-order mark is accepted")
  func byteOrderMark() throws {
    let bytes = [0xEF, 0xBB, 0xBF] + Array(plistDocument("<string>x</string>").utf8)
    let result = PropertyListReader.parse(Data(bytes), file: "bom.plist")
    #expect(result.diagnostics.isEmpty)
    #expect(result.root?.string == "x")
  }

  // MARK: Depth

  func nestedArrays(_ depth: Int) -> String {
    String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth)
  }

  @Test("nesting up to maximumDepth is accepted")
  func depthAtLimit() throws {
    // The root is at depth 0, so maximumDepth + 1 arrays reach depth maximumDepth.
    let result = parsePlist(plistDocument(nestedArrays(PropertyListReader.maximumDepth + 1)))
    #expect(result.diagnostics.isEmpty)
    var node = try #require(result.root)
    var levels = 1
    while let child = node.array?.first {
      node = child
      levels += 1
    }
    #expect(levels == PropertyListReader.maximumDepth + 1)
  }

  @Test(
    "nesting deeper than maximumDepth is an error, not a crash",
    arguments: [PropertyListReader.maximumDepth + 2, 1_000, 200_000])
  func tooDeep(depth: Int) throws {
    let result = parsePlist(plistDocument(nestedArrays(depth)))
    #expect(result.root == nil)
    let diagnostic = try #require(result.diagnostics.first)
    #expect(diagnostic.severity == .error)
    #expect(diagnostic.line == 4)
    #expect(diagnostic.message.contains("\(PropertyListReader.maximumDepth)"))
  }

  @Test("deep dictionaries are limited too")
  func tooDeepDictionaries() throws {
    let depth = PropertyListReader.maximumDepth + 5
    let text =
      String(repeating: "<dict><key>k</key>\n", count: depth) + "<string>x</string>"
      + String(repeating: "</dict>", count: depth)
    let result = parsePlist(plistDocument(text))
    #expect(result.root == nil)
    let diagnostic = try #require(result.diagnostics.first)
    #expect(diagnostic.line == 4 + PropertyListReader.maximumDepth + 1)
  }

  @Test("a binary plist nested too deeply is an error, not a crash")
  func tooDeepBinary() throws {
    var object: Any = "leaf"
    for _ in 0..<(PropertyListReader.maximumDepth + 10) { object = [object] }
    let data = try PropertyListSerialization.data(
      fromPropertyList: object, format: .binary, options: 0)
    let result = PropertyListReader.parse(data, file: "deep.plist")
    #expect(result.root == nil)
    #expect(result.diagnostics.map(\.code) == ["invalid-binary"])
  }

  // MARK: Text

  @Test("entities are decoded")
  func entities() throws {
    let result = parsePlist(
      plistDocument(
        "<array><string>Tom &amp; Jerry</string><string>&#x41;&#66;&#x1F600;</string>"
          + "<string>&lt;b&gt; &quot;q&quot; &apos;a&apos;</string><key>x</key></array>"))
    // <key> inside an array is not a value.
    #expect(result.root == nil)
    let good = parsePlist(
      plistDocument(
        "<array><string>Tom &amp; Jerry</string><string>&#x41;&#66;&#x1F600;</string>"
          + "<string>&lt;b&gt; &quot;q&quot; &apos;a&apos;</string></array>"))
    #expect(good.diagnostics.isEmpty)
    #expect(
      good.root?.array?.compactMap(\.string) == ["Tom & Jerry", "AB😀", "<b> \"q\" 'a'"])
  }

  @Test(
    "unknown or broken entities are errors",
    arguments: ["&nbsp;", "&#xZZ;", "&#x110000;", "&#xD800;", "& Jerry", "&amp"])
  func badEntities(entity: String) throws {
    let result = parsePlist(plistDocument("<string>Tom \(entity)</string>"))
    #expect(result.root == nil)
    let diagnostic = try #require(result.diagnostics.first)
    #expect(diagnostic.code == "syntax")
    #expect(diagnostic.line == 4)
  }

  @Test("CDATA sections are kept verbatim")
  func cdata() throws {
    let result = parsePlist(
      plistDocument("<string>a <![CDATA[<b> & ${x}]]> c&amp;<![CDATA[]]>d</string>"))
    #expect(result.diagnostics.isEmpty)
    #expect(result.root?.string == "a <b> & ${x} c&d")
  }

  @Test(
    "text is read whole however its runs, entities, comments and closing tag fall",
    arguments: [
      ("<string>plain</string>", "plain"), ("<string></string>", ""),
      ("<string>a<!-- c -->b</string>", "ab"), ("<string><!-- c --></string>", ""),
      ("<string>a<!-- c --></string>", "a"), ("<string>a&amp;b</string>", "a&b"),
      ("<string>&lt;a</string>", "<a"), ("<string>a<![CDATA[<x>]]></string>", "a<x>"),
      ("<string>plain</string >", "plain"), ("<string>a&amp;</string  >", "a&"),
      ("<string>a\nb</string>", "a\nb"),
    ] as [(String, String)])
  func textRuns(body: String, text: String) throws {
    let result = parsePlist(plistDocument(body))
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    #expect(result.root?.string == text)
  }

  @Test("a closing tag of another name is an error naming both")
  func mismatchedClosingTag() throws {
    let result = parsePlist(plistDocument("<string>x</strin>"))
    #expect(result.root == nil)
    let message = try #require(result.diagnostics.first?.message)
    #expect(message.contains("expected </string>"), "\(message)")
    #expect(message.contains("found </strin>"), "\(message)")
  }

  @Test("comments inside and between values are skipped")
  func comments() throws {
    let result = parsePlist(
      plistDocument(
        "<dict>\n<!-- a -->\n<key>A<!-- b --></key>\n<!-- c\n-->\n<string>x</string>\n</dict>"))
    #expect(result.diagnostics.isEmpty)
    #expect(result.root?["A"]?.string == "x")
    #expect(result.root?["A"]?.line == 9)
  }

  @Test("values and their lines")
  func values() throws {
    let text = plistDocument(
      """
      <dict>
      \t<key>s</key>
      \t<string>text</string>
      \t<key>i</key>
      \t<integer>-7</integer>
      \t<key>h</key>
      \t<integer>0x1F</integer>
      \t<key>r</key>
      \t<real>2.5</real>
      \t<key>t</key>
      \t<true/>
      \t<key>f</key>
      \t<false></false>
      \t<key>d</key>
      \t<date>2024-01-02T03:04:05Z</date>
      \t<key>b</key>
      \t<data>AQID</data>
      \t<key>e</key>
      \t<string/>
      \t<key>a</key>
      \t<array/>
      \t<key>m</key>
      \t<dict/>
      </dict>
      """)
    let result = parsePlist(text)
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    let root = try #require(result.root)
    #expect(root.line == 4)
    #expect(root.dictionary?.map(\.key) == ["s", "i", "h", "r", "t", "f", "d", "b", "e", "a", "m"])
    #expect(root["s"]?.string == "text")
    #expect(root["s"]?.line == 6)
    #expect(root["s"]?.keyLine == 5)
    #expect(root.keyLine == nil)
    guard case .integer(-7) = root["i"]?.value, case .integer(31) = root["h"]?.value,
      case .real(2.5) = root["r"]?.value, case .boolean(true) = root["t"]?.value,
      case .boolean(false) = root["f"]?.value,
      case .date("2024-01-02T03:04:05Z") = root["d"]?.value,
      case .data(let data) = root["b"]?.value
    else {
      Issue.record("unexpected values: \(root.dictionary!.map { "\($0.key)=\($0.node.value)" })")
      return
    }
    #expect(data == Data([1, 2, 3]))
    #expect(root["e"]?.string == "")
    #expect(root["a"]?.array?.isEmpty == true)
    #expect(root["m"]?.dictionary?.isEmpty == true)
    #expect(root["m"]?.line == 26)
    #expect(root["m"]?.typeName == "a dictionary")
    #expect(root["missing"] == nil)
  }

  @Test(
    "bad scalar values are errors at their line",
    arguments: [
      "<integer>12a</integer>", "<real>fast</real>", "<data>!!!</data>", "<true>x</true>",
      "<color>red</color>", "</string>",
    ])
  func badScalars(value: String) throws {
    let result = parsePlist(plistDocument("<array>\n\(value)\n</array>"))
    #expect(result.root == nil)
    let diagnostic = try #require(result.diagnostics.first)
    #expect(diagnostic.code == "syntax")
    #expect(diagnostic.line == 5, "\(diagnostic)")
  }

  @Test(
    "structural errors are reported",
    arguments: [
      "<dict><string>no key</string></dict>", "<dict><key>k</key></dict>",
      "<dict><key>k</key><string>v</string></array>", "<string>a</key>",
    ])
  func structure(body: String) throws {
    let result = parsePlist(plistDocument(body))
    #expect(result.root == nil)
    #expect(result.diagnostics.first?.code == "syntax")
    #expect(result.diagnostics.first?.line == 4)
  }

  @Test("content after </plist> and a missing <plist> are errors")
  func outsidePlist() {
    #expect(parsePlist(plistDocument("<string>a</string>") + "<string>b</string>").root == nil)
    #expect(parsePlist("<dict></dict>").root == nil)
    #expect(parsePlist("<plist/>").root == nil)
    #expect(parsePlist("<plist><string>a</string><string>b</string></plist>").root == nil)
    #expect(parsePlist("hello").root == nil)
  }

  // MARK: Duplicate keys

  @Test("a duplicate key is reported with the lines of both occurrences")
  func duplicateKey() throws {
    let text = plistDocument(
      """
      <dict>
      \t<key>CFBundleName</key>
      \t<string>First</string>
      \t<key>CFBundleName</key>
      \t<string>Second</string>
      </dict>
      """)
    let result = parsePlist(text, file: "Info.plist")
    let root = try #require(result.root)
    #expect(root.dictionary?.count == 1)
    #expect(root["CFBundleName"]?.string == "First")
    let diagnostic = try #require(result.diagnostics.first)
    #expect(result.diagnostics.count == 1)
    #expect(diagnostic.severity == .error)
    #expect(diagnostic.code == "duplicate-key")
    #expect(diagnostic.file == "Info.plist")
    #expect(diagnostic.line == 7)
    #expect(diagnostic.message.contains("line 5"))
    #expect(diagnostic.keyPath == "CFBundleName")
  }

  @Test("a duplicate key in a nested dictionary names its full key path")
  func nestedDuplicateKey() throws {
    let text = plistDocument(
      """
      <dict>
      \t<key>INAlternativeAppNames</key>
      \t<array>
      \t\t<dict>
      \t\t\t<key>INAlternativeAppName</key>
      \t\t\t<string>A</string>
      \t\t</dict>
      \t\t<dict>
      \t\t\t<key>INAlternativeAppName</key>
      \t\t\t<string>B</string>
      \t\t\t<key>INAlternativeAppName</key>
      \t\t\t<string>C</string>
      \t\t</dict>
      \t</array>
      </dict>
      """)
    let result = parsePlist(text)
    #expect(result.root != nil)
    let diagnostic = try #require(result.diagnostics.first)
    #expect(result.diagnostics.count == 1)
    #expect(diagnostic.code == "duplicate-key")
    #expect(diagnostic.line == 14)
    #expect(diagnostic.message.contains("line 12"))
    #expect(diagnostic.keyPath == "INAlternativeAppNames[1].INAlternativeAppName")
  }

  @Test("the same key in different dictionaries is not a duplicate")
  func sameKeyDifferentDictionaries() {
    let result = parsePlist(
      plistDocument(
        "<array><dict><key>k</key><string>a</string></dict><dict><key>k</key><string>b</string></dict></array>"
      ))
    #expect(result.diagnostics.isEmpty)
  }

  // MARK: Size and files

  @Test("input over 64 MB is rejected with file-too-large")
  func tooLarge() throws {
    #expect(PropertyListReader.maximumFileSize == 64 << 20)
    let data = Data(count: PropertyListReader.maximumFileSize + 1)
    let result = PropertyListReader.parse(data, file: "Huge.plist")
    #expect(result.root == nil)
    let diagnostic = try #require(result.diagnostics.first)
    #expect(result.diagnostics.count == 1)
    #expect(diagnostic.code == "file-too-large")
    #expect(diagnostic.severity == .error)
    #expect(diagnostic.file == "Huge.plist")

    // A binary header does not get past the size check either.
    var binary = Data("bplist00".utf8)
    binary.append(Data(count: PropertyListReader.maximumFileSize))
    #expect(
      PropertyListReader.parse(binary, file: "b").diagnostics.map(\.code) == ["file-too-large"])
  }

  @Test("exactly maximumFileSize bytes is not rejected for its size")
  func atSizeLimit() throws {
    var bytes = Array(plistDocument("<string>x</string>").utf8)
    bytes += [UInt8](repeating: 0x20, count: PropertyListReader.maximumFileSize - bytes.count)
    let result = PropertyListReader.parse(Data(bytes), file: "big.plist")
    #expect(result.diagnostics.isEmpty)
    #expect(result.root?.string == "x")
  }

  @Test("reading a missing file is unreadable")
  func missingFile() throws {
    let result = PropertyListReader.read(
      contentsOf: URL(fileURLWithPath: "/nonexistent/VocabKit/Info.plist"), file: "Info.plist")
    #expect(result.root == nil)
    #expect(result.diagnostics.map(\.code) == ["unreadable"])
    #expect(result.diagnostics.first?.file == "Info.plist")
  }

  @Test("reading a file gives the same result as parsing its bytes")
  func readFile() throws {
    let url = Fixtures.broken("DuplicateKey").appendingPathComponent("Taskly.app/Info.plist")
    let read = PropertyListReader.read(contentsOf: url, file: "Taskly.app/Info.plist")
    let parsed = PropertyListReader.parse(try Data(contentsOf: url), file: "Taskly.app/Info.plist")
    #expect(read.diagnostics == parsed.diagnostics)
    #expect(read.root?.dictionary?.map(\.key) == parsed.root?.dictionary?.map(\.key))
  }
}
