import Testing
import VocabKitNormalization
import VocabKitSupport

@testable import VocabKitMatching

/// The compiled cache's byte layout: what is written reads back, and bad bytes are errors.
@Suite struct BinaryCodingTests {
  @Test(arguments: ["", "Inbox", "爱奇艺", "राहुल शर्मा", "สมชาย", "Александр", "👩‍👩‍👧 e\u{301}"])
  func stringsRoundTrip(text: String) throws {
    var writer = BinaryWriter()
    writer.write(text)
    writer.write(text)
    var reader = BinaryReader(writer.bytes)
    #expect(try reader.readString() == text)
    #expect(try reader.readString() == text)
    #expect(reader.isAtEnd)
  }

  /// Every kind of malformed UTF-8, including a truncated four-byte sequence whose repair
  /// (one U+FFFD) is exactly as long as the bytes it replaces.
  @Test(
    arguments: [
      [0xFF], [0xC3], [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0xED, 0xA0, 0x80], [0xC0, 0xAF],
      [0x61, 0x80, 0x62], [0xF4, 0x90, 0x80, 0x80],
    ] as [[UInt8]])
  func invalidUTF8IsAnErrorNamingItsOffset(bytes: [UInt8]) throws {
    var writer = BinaryWriter()
    writer.write(bytes.count)
    var data = writer.bytes + bytes
    var reader = BinaryReader(data)
    let error = #expect(throws: BinaryReaderError.self) { try reader.readString() }
    #expect(error?.description == "invalid UTF-8 at offset 8")
    data.removeLast()
    var truncated = BinaryReader(data)
    #expect(throws: BinaryReaderError.self) { try truncated.readString() }
  }

  /// A section is read apart from what follows it: reading past its end is an error, not a
  /// read of the next section's bytes.
  @Test func sectionsEndWhereTheyEnd() throws {
    var first = BinaryWriter()
    first.write("Inbox")
    var second = BinaryWriter()
    second.write(42)
    var writer = BinaryWriter()
    writer.write(section: first)
    writer.write(section: second)
    var reader = BinaryReader(writer.bytes)
    var section = try reader.readSection()
    var next = try reader.readSection()
    #expect(reader.isAtEnd)
    #expect(try section.readString() == "Inbox")
    #expect(section.isAtEnd)
    #expect(throws: BinaryReaderError.self) { try section.readInt() }
    #expect(try next.readInt() == 42)
  }

  /// Kinds are one byte, their position among all cases; a byte past the last is an error.
  @Test func casesAreOneByteAndUnknownOnesAreErrors() throws {
    enum Kind: CaseIterable { case primary, alternative }
    var writer = BinaryWriter()
    writer.write(case: Kind.alternative)
    writer.write(UInt8(7))
    #expect(writer.bytes == [1, 7])
    var reader = BinaryReader(writer.bytes)
    #expect(try reader.readElement(of: Kind.allCases, what: "kind") == .alternative)
    let error = #expect(throws: BinaryReaderError.self) {
      try reader.readElement(of: Kind.allCases, what: "kind")
    }
    #expect(error?.description == "unknown kind 7 at offset 1 (2 known)")
  }
}

/// A cached index's tables are used only with the entries they were compiled from.
@Suite struct CachedIndexEntryTests {
  /// Tables of Ana (two phrases) and Bo (one) given Ana with one and Bo with two: the same
  /// numbers of entries and phrases, but a key of Ana's second phrase names none.
  @Test func tablesGivenOtherEntriesAreAnError() throws {
    let normalizer = try Normalizer.shared
    let compiled = try MatchIndex(
      entries: [
        MatchEntry(
          identifier: "a", type: "t", phrases: [MatchPhrase("Ana"), MatchPhrase("Annie")]),
        MatchEntry(identifier: "b", type: "t", phrases: [MatchPhrase("Bo")]),
      ], normalizer: normalizer)
    let swapped = [
      MatchEntry(identifier: "a", type: "t", phrases: [MatchPhrase("Ana")]),
      MatchEntry(identifier: "b", type: "t", phrases: [MatchPhrase("Bo"), MatchPhrase("Beau")]),
    ]
    let error = #expect(throws: BinaryReaderError.self) {
      try MatchIndex(tables: compiled.tables, entries: swapped, normalizer: normalizer)
    }
    #expect(error?.description.contains("names no phrase") == true)
    // Another count of phrases is caught before any key is read.
    let fewer = #expect(throws: BinaryReaderError.self) {
      try MatchIndex(
        tables: compiled.tables, entries: Array(swapped.prefix(1)), normalizer: normalizer)
    }
    #expect(fewer?.description.contains("written for 2 entries of 3 phrases") == true)
    // The entries it was compiled from are fine.
    let again = try MatchIndex(
      tables: compiled.tables, entries: compiled.entries, normalizer: normalizer)
    #expect(try again.matches(in: "annie").first?.identifier == "a")
  }
}
