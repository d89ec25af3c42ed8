import Testing

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
}
