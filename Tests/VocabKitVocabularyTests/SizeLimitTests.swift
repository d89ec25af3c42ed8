import Foundation
import Testing

@testable import VocabKitVocabulary

/// The documented size limits (README, "Limits"): what loads below them and the error above.
@Suite("Size limits")
struct SizeLimitTests {
  /// An app folder with an Info.plist and a UserVocabulary.plist of `contacts`, padded with
  /// whitespace between elements up to about `paddedTo` bytes.
  func writeApp(in directory: URL, contacts: [String], paddedTo size: Int = 0) throws -> URL {
    let app = directory.appendingPathComponent("Big.app")
    try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
    try Data(
      plistDocument(
        """
        <dict>
          <key>CFBundleIdentifier</key><string>com.example.big</string>
          <key>CFBundleName</key><string>Big</string>
        </dict>
        """
      ).utf8
    ).write(to: app.appendingPathComponent("Info.plist"))
    var body = "<dict>\n<key>contactName</key>\n<array>\n"
    for name in contacts { body += "<string>\(name)</string>\n" }
    let padding = max(0, size - body.utf8.count - 300)
    body += String(repeating: " ", count: padding)
    body += "</array>\n</dict>"
    let url = app.appendingPathComponent("UserVocabulary.plist")
    try Data(plistDocument(body).utf8).write(to: url)
    return url
  }

  @Test("a 50 MB plist, under the 64 MiB limit, loads every entry")
  func fiftyMegabytePlistLoads() throws {
    let directory = try makeTemporaryDirectory()
    defer { cleanUp(directory) }
    let url = try writeApp(
      in: directory, contacts: ["Alex Kim", "Priya Patel", "Somchai"], paddedTo: 50_001_000)
    let size = try #require(
      try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int)
    #expect(size >= 50_000_000 && size <= PropertyListReader.maximumFileSize)
    let registry = try VocabularyRegistry.load(directory: directory)
    #expect(registry.errors.isEmpty)
    let app = try #require(registry.apps.first)
    #expect(app.userIdentifiers(.contactName) == ["Alex Kim", "Priya Patel", "Somchai"])
  }

  @Test("a plist over 64 MiB is an error naming the file and its size, and is not read")
  func oversizedPlistIsAnError() throws {
    let directory = try makeTemporaryDirectory()
    defer { cleanUp(directory) }
    let url = try writeApp(in: directory, contacts: ["Alex Kim"])
    // A sparse file: over the limit on disk at no cost.
    let handle = try FileHandle(forWritingTo: url)
    try handle.truncate(atOffset: UInt64(PropertyListReader.maximumFileSize + 1))
    try handle.close()
    let registry = try VocabularyRegistry.load(directory: directory)
    let error = try #require(registry.errors.first)
    #expect(registry.errors.count == 1)
    #expect(error.code == "file-too-large")
    #expect(error.file == "Big.app/UserVocabulary.plist")
    #expect(
      error.message
        == "file is \(PropertyListReader.maximumFileSize + 1) bytes; property lists larger than \(PropertyListReader.maximumFileSize) bytes are not read"
    )
    // The app itself still loads from its Info.plist; only the oversized file is skipped.
    #expect(registry.apps.map(\.bundleIdentifier) == ["com.example.big"])
  }

  @Test("nesting deeper than the limit is an error at the line where it happens")
  func deepNestingIsAnError() throws {
    let depth = PropertyListReader.maximumDepth + 10
    let body =
      String(repeating: "<array>\n", count: depth) + String(repeating: "</array>\n", count: depth)
    let result = parsePlist(plistDocument(body))
    #expect(result.root == nil)
    let diagnostic = try #require(result.diagnostics.first)
    #expect(diagnostic.severity == .error)
    // The root is depth 0, so the first array refused is the one at depth maximumDepth + 1.
    #expect(diagnostic.line == 4 + PropertyListReader.maximumDepth + 1)
    #expect(diagnostic.message.contains("nesting deeper than"))
  }
}
