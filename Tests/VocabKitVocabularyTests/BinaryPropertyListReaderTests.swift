import Foundation
import Testing
import VocabKitNormalization
import VocabKitSupport

@testable import VocabKitVocabulary

// MARK: Helpers

/// A plist value without lines and with dictionaries unordered, to compare the trees of a
/// binary plist (whose writer orders keys by hash) and an XML one.
indirect enum PlistTree: Equatable, CustomStringConvertible {
  case string(String)
  case integer(Int64)
  /// The bit pattern, so that NaN equals itself.
  case real(UInt64)
  case boolean(Bool)
  case date(String)
  case data(Data)
  case array([PlistTree])
  case dictionary([String: PlistTree])

  init(_ node: PropertyListNode) {
    switch node.value {
    case .string(let text): self = .string(text)
    case .integer(let value): self = .integer(value)
    case .real(let value): self = .real(value.bitPattern)
    case .boolean(let flag): self = .boolean(flag)
    case .date(let text): self = .date(text)
    case .data(let data): self = .data(data)
    case .array(let items): self = .array(items.map(PlistTree.init))
    case .dictionary(let entries):
      self = .dictionary(
        Dictionary(entries.map { ($0.key, PlistTree($0.node)) }, uniquingKeysWith: { a, _ in a }))
    }
  }

  var description: String {
    switch self {
    case .string(let text): return "\"\(text)\""
    case .integer(let value): return "\(value)"
    case .real(let bits): return "\(Double(bitPattern: bits))"
    case .boolean(let flag): return "\(flag)"
    case .date(let text): return "date(\(text))"
    case .data(let data): return "data(\(data.count) bytes)"
    case .array(let items): return "[\(items.map(\.description).joined(separator: ", "))]"
    case .dictionary(let entries):
      return
        "{\(entries.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", "))}"
    }
  }
}

/// True if no node of the tree has a line or a key line (as binary plists have none).
private func hasNoLines(_ node: PropertyListNode) -> Bool {
  guard node.line == nil, node.keyLine == nil else { return false }
  switch node.value {
  case .array(let items): return items.allSatisfy(hasNoLines)
  case .dictionary(let entries): return entries.allSatisfy { hasNoLines($0.node) }
  default: return true
  }
}

private func foundationData(_ object: Any, _ format: PropertyListSerialization.PropertyListFormat)
  throws -> Data
{
  try PropertyListSerialization.data(fromPropertyList: object, format: format, options: 0)
}

/// Lays out a binary plist by hand: the header, `objects` in order, the offset table and the
/// trailer. The keyword arguments override what the trailer and offset table would say.
private func bplist(
  _ objects: [[UInt8]], top: UInt64 = 0, offsetSize: Int = 1, referenceSize: Int = 1,
  objectCount: UInt64? = nil, tableOffset: UInt64? = nil, offsets: [UInt64]? = nil,
  header: String = "bplist00"
) -> Data {
  var bytes = Array(header.utf8)
  var computedOffsets: [UInt64] = []
  for object in objects {
    computedOffsets.append(UInt64(bytes.count))
    bytes += object
  }
  let table = UInt64(bytes.count)
  for offset in offsets ?? computedOffsets {
    bytes += bigEndian(offset, size: offsetSize)
  }
  bytes += [
    0, 0, 0, 0, 0, 0, UInt8(truncatingIfNeeded: offsetSize),
    UInt8(truncatingIfNeeded: referenceSize),
  ]
  bytes += bigEndian(objectCount ?? UInt64(objects.count), size: 8)
  bytes += bigEndian(top, size: 8)
  bytes += bigEndian(tableOffset ?? table, size: 8)
  return Data(bytes)
}

private func bigEndian(_ value: UInt64, size: Int) -> [UInt8] {
  (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
}

/// Marker and bytes of an ASCII string object.
private func ascii(_ text: String) -> [UInt8] {
  let bytes = Array(text.utf8)
  if bytes.count < 15 { return [0x50 | UInt8(bytes.count)] + bytes }
  return [0x5F, 0x11] + bigEndian(UInt64(bytes.count), size: 2) + bytes
}

/// Marker and bytes of a UTF-16 string object made of `units`.
private func utf16(_ units: [UInt16]) -> [UInt8] {
  [0x60 | UInt8(units.count)] + units.flatMap { bigEndian(UInt64($0), size: 2) }
}

/// An array of one-byte references.
private func array(_ references: [UInt8]) -> [UInt8] {
  [0xA0 | UInt8(references.count)] + references
}

/// A dictionary of one-byte references.
private func dictionary(keys: [UInt8], values: [UInt8]) -> [UInt8] {
  [0xD0 | UInt8(keys.count)] + keys + values
}

/// A malformed binary plist, the words its error must contain, and its key path.
struct MalformedBinaryCase: Sendable, CustomTestStringConvertible {
  var name: String
  var data: Data
  var messageContains: String
  var keyPath: String = ""

  var testDescription: String { name }
}

private let surrogateCases = [
  MalformedBinaryCase(
    name: "a lone high surrogate at the end", data: bplist([utf16([0x61, 0xD83D])]),
    messageContains: "unpaired surrogate 0xD83D at code unit 1"),
  MalformedBinaryCase(
    name: "a lone low surrogate", data: bplist([utf16([0xDE00, 0x61])]),
    messageContains: "unpaired surrogate 0xDE00 at code unit 0"),
  MalformedBinaryCase(
    name: "a high surrogate before a letter", data: bplist([utf16([0xD83D, 0x61])]),
    messageContains: "unpaired surrogate 0xD83D at code unit 0"),
  MalformedBinaryCase(
    name: "two high surrogates", data: bplist([utf16([0xD83D, 0xD83D, 0xDE00])]),
    messageContains: "unpaired surrogate 0xD83D at code unit 0"),
]

private let malformedCases: [MalformedBinaryCase] = [
  MalformedBinaryCase(
    name: "only the magic", data: Data("bplist".utf8),
    messageContains: "ends inside the 8-byte header"),
  MalformedBinaryCase(
    name: "only the header", data: Data("bplist00".utf8), messageContains: "too short"),
  MalformedBinaryCase(
    name: "another version", data: bplist([ascii("a")], header: "bplist15"),
    messageContains: "version '15' is not supported"),
  MalformedBinaryCase(
    name: "an offset past the end", data: bplist([ascii("a")], offsetSize: 2, offsets: [5000]),
    messageContains: "object 0 is at byte 5000, outside the objects"),
  MalformedBinaryCase(
    name: "an offset inside the header", data: bplist([ascii("a")], offsets: [3]),
    messageContains: "object 0 is at byte 3, outside the objects"),
  MalformedBinaryCase(
    name: "an offset inside the offset table", data: bplist([ascii("a")], offsets: [10]),
    messageContains: "object 0 is at byte 10, outside the objects"),
  MalformedBinaryCase(
    name: "a reference past the last object", data: bplist([array([7])]),
    messageContains: "object 0 refers to object 7, but there are only 1 object"),
  MalformedBinaryCase(
    name: "an array that contains itself", data: bplist([array([0])]),
    messageContains: "object 0 contains itself", keyPath: "[0]"),
  MalformedBinaryCase(
    name: "two arrays that contain each other", data: bplist([array([1]), array([0])]),
    messageContains: "object 0 contains itself", keyPath: "[0][0]"),
  MalformedBinaryCase(
    name: "a dictionary that contains itself",
    data: bplist([dictionary(keys: [1], values: [0]), ascii("k")]),
    messageContains: "object 0 contains itself", keyPath: "k"),
  MalformedBinaryCase(
    name: "2^40 objects", data: bplist([ascii("a")], objectCount: 1 << 40),
    messageContains: "(1099511627776 offsets of 1 bytes) runs past the end of the"),
  MalformedBinaryCase(
    name: "an object count whose offset table size overflows",
    data: bplist([ascii("a")], offsetSize: 8, objectCount: .max),
    messageContains: "runs past the end of the"),
  MalformedBinaryCase(
    name: "an offset table past the end",
    data: bplist([ascii("a")], tableOffset: 1 << 62),
    messageContains: "the offset table at byte 4611686018427387904"),
  MalformedBinaryCase(
    name: "an offset table inside the header", data: bplist([ascii("a")], tableOffset: 4),
    messageContains: "leaves no room for objects"),
  MalformedBinaryCase(
    name: "no objects", data: bplist([ascii("a")], objectCount: 0),
    messageContains: "lists no objects"),
  MalformedBinaryCase(
    name: "a top object past the last", data: bplist([ascii("a")], top: 5),
    messageContains: "the top object is number 5, but the trailer lists only 1 object"),
  MalformedBinaryCase(
    name: "offsets 0 bytes wide", data: bplist([ascii("a")], offsetSize: 0),
    messageContains: "offsets 0 bytes wide"),
  MalformedBinaryCase(
    name: "offsets 9 bytes wide", data: bplist([ascii("a")], offsetSize: 9),
    messageContains: "offsets 9 bytes wide"),
  MalformedBinaryCase(
    name: "references 0 bytes wide", data: bplist([ascii("a")], referenceSize: 0),
    messageContains: "object references 0 bytes wide"),
  MalformedBinaryCase(
    name: "an integer key",
    data: bplist([dictionary(keys: [1], values: [2]), [0x10, 5], ascii("v")]),
    messageContains: "key 0 of the dictionary (object 0) is object 1, an integer;"
      + " dictionary keys must be strings"),
  MalformedBinaryCase(
    name: "an array key", data: bplist([dictionary(keys: [1], values: [1]), array([])]),
    messageContains: "is object 1, an array; dictionary keys must be strings"),
  MalformedBinaryCase(
    name: "a UID at the root", data: bplist([[0x80, 0x07]]),
    messageContains: "UIDs are not supported in vocabulary plists"),
  MalformedBinaryCase(
    name: "a UID in a dictionary",
    data: bplist([dictionary(keys: [1], values: [2]), ascii("$top"), [0x80, 0x01]]),
    messageContains: "has a UID (object 2 at byte", keyPath: "$top"),
  MalformedBinaryCase(
    name: "a set in a vocabulary",
    data: bplist([
      dictionary(keys: [1], values: [2]), ascii("ParameterVocabularies"), array([3]),
      dictionary(keys: [4], values: [5]), ascii("ParameterVocabulary"), [0xC2, 6, 7],
      ascii("a"), ascii("b"),
    ]),
    messageContains: "has a set (object 5 at byte 64); sets are not supported in vocabulary plists",
    keyPath: "ParameterVocabularies[0].ParameterVocabulary"),
  MalformedBinaryCase(
    name: "an empty set", data: bplist([[0xC0]]), messageContains: "sets are not supported"),
  MalformedBinaryCase(
    name: "an ordered set", data: bplist([[0xB1, 1], ascii("a")]),
    messageContains: "ordered sets are not supported"),
  MalformedBinaryCase(
    name: "a null", data: bplist([array([1]), [0x00]]),
    messageContains: "has a null (object 1 at byte 10)", keyPath: "[0]"),
  MalformedBinaryCase(
    name: "a fill byte", data: bplist([[0x0F]]), messageContains: "unknown marker 0x0F"),
  MalformedBinaryCase(
    name: "marker 0x70", data: bplist([[0x71, 0x61]]), messageContains: "unknown marker 0x71"),
  MalformedBinaryCase(
    name: "marker 0xF0", data: bplist([[0xF0]]), messageContains: "unknown marker 0xF0"),
  MalformedBinaryCase(
    name: "a non-ASCII byte in an ASCII string", data: bplist([[0x52, 0x61, 0xE9]]),
    messageContains: "non-ASCII byte 0xE9 at byte 10"),
  MalformedBinaryCase(
    name: "a count that is not an integer", data: bplist([[0x5F, 0x51, 0x61]]),
    messageContains: "should be followed by its count"),
  MalformedBinaryCase(
    name: "a count of 16 bytes", data: bplist([[0x5F, 0x14] + [UInt8](repeating: 0, count: 16)]),
    messageContains: "should be followed by its count"),
  MalformedBinaryCase(
    name: "a huge count",
    data: bplist([[0x5F, 0x13, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]]),
    messageContains: "claims 9223372036854775807 elements"),
  MalformedBinaryCase(
    name: "a count of 2^64 - 1",
    data: bplist([[0xAF, 0x13, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]]),
    messageContains: "claims 18446744073709551615 elements"),
  MalformedBinaryCase(
    name: "a count cut off", data: bplist([[0x5F, 0x12, 0x00]]),
    messageContains: "cut off inside its count"),
  MalformedBinaryCase(
    name: "a string past the objects", data: bplist([[0x55, 0x61, 0x62]]),
    messageContains: "object 0 at byte 8, an ASCII string of 5 bytes, runs to byte 14"),
  MalformedBinaryCase(
    name: "a UTF-16 string past the objects", data: bplist([[0x62, 0x00, 0x61, 0x00]]),
    messageContains: "a UTF-16 string of 2 code units, runs to byte 13"),
  MalformedBinaryCase(
    name: "an array past the objects", data: bplist([[0xA3, 0x00]]),
    messageContains: "an array of 3 elements, runs to byte 12"),
  MalformedBinaryCase(
    name: "a dictionary past the objects", data: bplist([[0xD1, 0x00]]),
    messageContains: "a dictionary of 1 entries, runs to byte 11"),
  MalformedBinaryCase(
    name: "data past the objects", data: bplist([[0x4F, 0x10, 0x05, 0x00]]),
    messageContains: "data of 5 bytes, runs to byte 16"),
  MalformedBinaryCase(
    name: "an integer past the objects", data: bplist([[0x13, 0x00]]),
    messageContains: "an integer, runs to byte 17"),
  MalformedBinaryCase(
    name: "a 16-byte integer over Int64.max",
    data: bplist([
      [0x14] + [UInt8](repeating: 0, count: 8) + [0x80] + [UInt8](repeating: 0, count: 7)
    ]),
    messageContains: "does not fit in 64 bits"),
  MalformedBinaryCase(
    name: "a 16-byte integer under Int64.min",
    data: bplist([
      [0x14] + [UInt8](repeating: 0xFF, count: 8) + [0x7F] + [UInt8](repeating: 0, count: 7)
    ]),
    messageContains: "does not fit in 64 bits"),
  MalformedBinaryCase(
    name: "a 32-byte integer", data: bplist([[0x15] + [UInt8](repeating: 0, count: 32)]),
    messageContains: "an integer of 32 bytes"),
  MalformedBinaryCase(
    name: "a 2-byte real", data: bplist([[0x21, 0, 0]]), messageContains: "expected 4 or 8"),
  MalformedBinaryCase(
    name: "a date with marker 0x30", data: bplist([[0x30] + [UInt8](repeating: 0, count: 8)]),
    messageContains: "dates are 0x33"),
  MalformedBinaryCase(
    name: "a NaN date", data: bplist([[0x33, 0x7F, 0xF8, 0, 0, 0, 0, 0, 0]]),
    messageContains: "outside the years 1 to 9999"),
  MalformedBinaryCase(
    name: "a date in the year 10000",
    data: bplist([[0x33] + bigEndian(Double(1e12).bitPattern, size: 8)]),
    messageContains: "outside the years 1 to 9999"),
]

private let roundTripSamples: [(name: String, value: any Sendable)] = [
  (
    "nested containers",
    [
      "a": [
        "b": [1, 2, ["c": "d", "e": [[String: Int]]()] as [String: any Sendable]] as [any Sendable]
      ],
      "f": [:] as [String: Int],
    ] as [String: any Sendable]
  ),
  (
    "unicode strings",
    [
      "爱奇艺", "राहुल द्रविड़", "😀 emoji 👍🏽 flags 🇮🇳", "Ünïcödé", "", "ascii",
      "Привет, мир", "สวัสดี", "tab\tnewline\n", "é vs e\u{301}",
      "中文字符串超过十五个字符的长度测试一二三四五六七八九十",
      String(repeating: "ascii ", count: 60),
    ]
  ),
  (
    "integers of every width",
    [
      0, 1, 14, 15, 127, 128, 255, 256, 65_535, 65_536, 4_294_967_295, 4_294_967_296,
      Int(Int64.max), -1, -128, -255, -65_536, -4_294_967_296, Int(Int64.min),
    ]
  ),
  ("reals", [1.5, -0.25, 1e300, -1e-300, 3.141592653589793, 0.1, 0.0, 2.0, 1e16]),
  ("booleans", ["t": true, "f": false, "list": [true, false, true]] as [String: any Sendable]),
  (
    "data",
    [
      Data(), Data([0, 1, 2]), Data((0..<14).map { UInt8($0) }),
      Data((0..<300).map { UInt8($0 % 256) }),
    ]
  ),
  (
    "dates",
    [
      Date(timeIntervalSinceReferenceDate: 0), Date(timeIntervalSince1970: 0),
      Date(timeIntervalSince1970: 1_709_210_096), Date(timeIntervalSince1970: -2_208_988_800),
      Date(timeIntervalSinceReferenceDate: 1_000_000_000),
    ]
  ),
  ("a 20-element array", (0..<20).map { "item \($0)" }),
  ("a 300-element array", (0..<300).map { $0 }),
  ("a 20-key dictionary", Dictionary(uniqueKeysWithValues: (0..<20).map { ("key\($0)", $0) })),
  ("a string as the root", "just a string"),
  ("an integer as the root", 42),
]

// MARK: Tests

@Suite("BinaryPropertyListReader")
struct BinaryPropertyListReaderTests {
  /// Parses `data`, which must be a binary plist that reads without a diagnostic.
  func parseClean(_ data: Data, _ comment: String = "") throws -> PropertyListNode {
    let result = PropertyListReader.parse(data, file: "b.plist")
    #expect(result.diagnostics.isEmpty, "\(comment): \(result.diagnostics)")
    let root = try #require(result.root, "\(comment)")
    #expect(hasNoLines(root), "\(comment)")
    return root
  }

  // MARK: Round trips through Foundation's writer

  @Test(
    "Foundation's binary plists read as the same tree as its XML ones",
    arguments: roundTripSamples.indices)
  func roundTrip(index: Int) throws {
    let (name, value) = roundTripSamples[index]
    let binary = try foundationData(value, .binary)
    let xml = try foundationData(value, .xml)
    let fromBinary = try parseClean(binary, name)
    let fromXML = try #require(PropertyListReader.parse(xml, file: "x.plist").root)
    #expect(PlistTree(fromBinary) == PlistTree(fromXML), "\(name)")
  }

  @Test("round-tripped values are what was written")
  func roundTripValues() throws {
    let root = try parseClean(
      try foundationData(
        [
          "big": Int(Int64.max), "small": Int(Int64.min), "minus": -1, "byte": 200,
          "pi": 3.25, "no": false, "hindi": "राहुल", "emoji": "😀",
          "when": Date(timeIntervalSince1970: 1_709_210_096), "bytes": Data([1, 2, 3]),
          "long": (0..<16).map { $0 },
        ] as [String: Any], .binary))
    #expect(PlistTree(root["big"]!) == .integer(.max))
    #expect(PlistTree(root["small"]!) == .integer(.min))
    #expect(PlistTree(root["minus"]!) == .integer(-1))
    #expect(PlistTree(root["byte"]!) == .integer(200))
    #expect(PlistTree(root["pi"]!) == .real(3.25.bitPattern))
    #expect(PlistTree(root["no"]!) == .boolean(false))
    #expect(root["hindi"]?.string == "राहुल")
    #expect(root["emoji"]?.string == "😀")
    #expect(PlistTree(root["when"]!) == .date("2024-02-29T12:34:56Z"))
    #expect(PlistTree(root["bytes"]!) == .data(Data([1, 2, 3])))
    #expect(PlistTree(root["long"]!) == .array((0..<16).map { .integer($0) }))
  }

  @Test("every sample vocabulary plist reads the same as binary and as XML")
  func sampleVocabulary() throws {
    let enumerator = try #require(FileManager.default.enumerator(atPath: Fixtures.sample.path))
    var compared = 0
    for case let relative as String in enumerator where relative.hasSuffix(".plist") {
      let url = Fixtures.sample.appendingPathComponent(relative)
      let xml = try Data(contentsOf: url)
      let fromXML = PropertyListReader.parse(xml, file: relative)
      #expect(fromXML.diagnostics.isEmpty, "\(relative): \(fromXML.diagnostics)")
      let object = try PropertyListSerialization.propertyList(from: xml, format: nil)
      let binary = try foundationData(object, .binary)
      let fromBinary = try parseClean(binary, relative)
      #expect(PlistTree(fromBinary) == PlistTree(try #require(fromXML.root)), "\(relative)")
      compared += 1
    }
    #expect(compared >= 30)
  }

  @Test("the sample registry loads the same from binary plists")
  func sampleRegistryFromBinary() throws {
    let directory = try makeTemporaryDirectory()
    defer { cleanUp(directory) }
    let copy = directory.appendingPathComponent("vocab")
    try FileManager.default.copyItem(at: Fixtures.sample, to: copy)
    let enumerator = try #require(FileManager.default.enumerator(atPath: copy.path))
    for case let relative as String in enumerator where relative.hasSuffix(".plist") {
      let url = copy.appendingPathComponent(relative)
      let object = try PropertyListSerialization.propertyList(
        from: try Data(contentsOf: url), format: nil)
      try foundationData(object, .binary).write(to: url)
    }
    let fromXML = try VocabularyRegistry.load(directory: Fixtures.sample)
    let fromBinary = try VocabularyRegistry.load(directory: copy)
    #expect(fromBinary.errors.isEmpty, "\(fromBinary.errors)")
    #expect(fromBinary.apps.count == fromXML.apps.count)
    #expect(fromBinary.apps == fromXML.apps)
    // The same problems (the sample has warnings only), without lines.
    func problems(_ registry: VocabularyRegistry) -> [String] {
      registry.diagnostics.map { "\($0.severity) \($0.code) \($0.file) \($0.keyPath)" }.sorted()
    }
    #expect(problems(fromBinary) == problems(fromXML))
  }

  // MARK: Hand-built plists

  @Test(
    "integers of every width, signed as the format says",
    arguments: [
      ([0x10, 0xFF], 255), ([0x11, 0xFF, 0xFF], 65_535),
      ([0x12, 0xFF, 0xFF, 0xFF, 0xFF], 4_294_967_295),
      ([0x13] + [UInt8](repeating: 0xFF, count: 8), -1),
      ([0x13, 0x80] + [UInt8](repeating: 0, count: 7), .min),
      ([0x14] + [UInt8](repeating: 0, count: 16), 0),
      (
        [0x14] + [UInt8](repeating: 0, count: 8) + [0x7F] + [UInt8](repeating: 0xFF, count: 7), .max
      ),
      ([0x14] + [UInt8](repeating: 0xFF, count: 15) + [0xFB], -5),
      (
        [0x14] + [UInt8](repeating: 0xFF, count: 8) + [0x80] + [UInt8](repeating: 0, count: 7), .min
      ),
    ] as [([UInt8], Int64)])
  func integerWidths(bytes: [UInt8], value: Int64) throws {
    let root = try parseClean(bplist([bytes]))
    #expect(PlistTree(root) == .integer(value))
  }

  @Test("4- and 8-byte reals")
  func reals() throws {
    let float = try parseClean(bplist([[0x22] + bigEndian(UInt64(Float(1.5).bitPattern), size: 4)]))
    #expect(PlistTree(float) == .real(1.5.bitPattern))
    let double = try parseClean(bplist([[0x23] + bigEndian((-2.25).bitPattern, size: 8)]))
    #expect(PlistTree(double) == .real((-2.25).bitPattern))
  }

  @Test(
    "dates are written as the XML form writes them",
    arguments: [
      (0, "2001-01-01T00:00:00Z"), (-978_307_200, "1970-01-01T00:00:00Z"),
      (730_902_896, "2024-02-29T12:34:56Z"), (1.75, "2001-01-01T00:00:01Z"),
      (-0.5, "2000-12-31T23:59:59Z"), (-3_187_296_000, "1900-01-01T00:00:00Z"),
      (-63_113_904_000, "0001-01-01T00:00:00Z"), (252_423_993_599, "9999-12-31T23:59:59Z"),
      (1_000_000_000, "2032-09-09T01:46:40Z"),
    ] as [(Double, String)])
  func dates(seconds: Double, text: String) throws {
    #expect(BinaryPropertyListReader.iso8601(secondsSinceReferenceDate: seconds) == text)
    let root = try parseClean(bplist([[0x33] + bigEndian(seconds.bitPattern, size: 8)]))
    #expect(PlistTree(root) == .date(text))
  }

  @Test("dates outside the years 1 to 9999 have no text")
  func datesOutOfRange() {
    for seconds in [-63_113_904_001, 252_423_993_600, .infinity, -.infinity, .nan, 1e300] {
      #expect(BinaryPropertyListReader.iso8601(secondsSinceReferenceDate: seconds) == nil)
    }
  }

  @Test("UTF-16 strings decode, surrogate pairs included")
  func utf16Strings() throws {
    let root = try parseClean(bplist([utf16([0x0062, 0x0068, 0x00E9, 0xD83D, 0xDE00, 0x4E2D])]))
    #expect(root.string == "bhé😀中")
    // A count of 15 or more follows the marker as an integer object.
    let units = Array("राहुल द्रविड़ and more".utf16)
    let long: [UInt8] =
      [0x6F, 0x10, UInt8(units.count)] + units.flatMap { bigEndian(UInt64($0), size: 2) }
    #expect(try parseClean(bplist([long])).string == "राहुल द्रविड़ and more")
  }

  @Test("dictionaries keep their file order")
  func dictionaryOrder() throws {
    let root = try parseClean(
      bplist([dictionary(keys: [1, 2], values: [3, 3]), ascii("zebra"), ascii("apple"), [0x09]]))
    #expect(root.dictionary?.map(\.key) == ["zebra", "apple"])
  }

  @Test("wide offsets and references are read")
  func wideOffsetsAndReferences() throws {
    let objects: [[UInt8]] = [[0xA2, 0, 0, 0, 1, 0, 0, 0, 2], ascii("a"), ascii("b")]
    let root = try parseClean(bplist(objects, offsetSize: 8, referenceSize: 4))
    #expect(root.array?.compactMap(\.string) == ["a", "b"])
  }

  @Test("a shared string is read once and appears everywhere it is referenced")
  func sharedObjects() throws {
    let root = try parseClean(
      bplist(
        [[0xAF, 0x11, 0x03, 0xE8] + [UInt8](repeating: 1, count: 1000), ascii("same")],
        offsetSize: 2))
    let items = try #require(root.array)
    #expect(items.count == 1000)
    #expect(items.allSatisfy { $0.string == "same" })
  }

  @Test("a duplicate key is reported with its key path; the first value is kept")
  func duplicateKey() throws {
    let data = bplist([
      dictionary(keys: [1], values: [2]), ascii("INAlternativeAppNames"), array([3, 4]),
      dictionary(keys: [5], values: [6]), dictionary(keys: [5, 7, 5], values: [6, 6, 8]),
      ascii("INAlternativeAppName"), ascii("A"), ascii("Other"), ascii("B"),
    ])
    let result = PropertyListReader.parse(data, file: "Info.plist")
    let root = try #require(result.root)
    let second = try #require(root["INAlternativeAppNames"]?.array?.last)
    #expect(second.dictionary?.map(\.key) == ["INAlternativeAppName", "Other"])
    #expect(second["INAlternativeAppName"]?.string == "A")
    let diagnostic = try #require(result.diagnostics.first)
    #expect(result.diagnostics.count == 1)
    #expect(diagnostic.severity == .error)
    #expect(diagnostic.code == "duplicate-key")
    #expect(diagnostic.file == "Info.plist")
    #expect(diagnostic.line == nil)
    #expect(diagnostic.keyPath == "INAlternativeAppNames[1].INAlternativeAppName")
    #expect(
      diagnostic.message
        == "duplicate key 'INAlternativeAppName' (first at entry 0 of the dictionary, again at"
        + " entry 2); this later value is ignored")
  }

  @Test("a duplicate key before a fatal error is reported with it")
  func duplicateKeyThenError() throws {
    let data = bplist([
      dictionary(keys: [1, 1, 2], values: [1, 1, 3]), ascii("k"), ascii("j"), [0x80, 0],
    ])
    let result = PropertyListReader.parse(data, file: "b.plist")
    #expect(result.root == nil)
    #expect(result.diagnostics.map(\.code) == ["duplicate-key", "invalid-binary"])
    #expect(result.diagnostics.map(\.keyPath) == ["k", "j"])
  }

  @Test("nesting up to maximumDepth is accepted, one more level is not")
  func depth() throws {
    func chain(_ arrays: Int) -> Data {
      bplist((0..<arrays).map { array([UInt8($0 + 1)]) } + [ascii("leaf")], offsetSize: 2)
    }
    // The root is at depth 0, so the leaf under maximumDepth arrays is at maximumDepth.
    var node = try parseClean(chain(PropertyListReader.maximumDepth))
    var levels = 0
    while let child = node.array?.first {
      node = child
      levels += 1
    }
    #expect(levels == PropertyListReader.maximumDepth)
    #expect(node.string == "leaf")
    let result = PropertyListReader.parse(chain(PropertyListReader.maximumDepth + 1), file: "deep")
    #expect(result.root == nil)
    let diagnostic = try #require(result.diagnostics.first)
    #expect(diagnostic.code == "invalid-binary")
    #expect(diagnostic.message == "binary property list nests deeper than 128 levels")
    #expect(diagnostic.keyPath == String(repeating: "[0]", count: 129))
  }

  @Test("one long string shared by every item is bounded by the bytes it expands to")
  func sharedStringExpansion() throws {
    // Levels of arrays of six references each, over one 60,000-byte string: six levels of
    // sharing make 6^4 = 1,296 references to it, 78 MB of text from a 60 KB file.
    func shared(levels: Int) -> Data {
      let text = String(repeating: "abcdefghij", count: 6_000)
      return bplist(
        (0..<levels).map { array(Array(repeating: UInt8($0 + 1), count: 6)) } + [ascii(text)],
        offsetSize: 4)
    }
    let result = PropertyListReader.parse(shared(levels: 4), file: "shared.plist")
    #expect(result.root == nil)
    let diagnostic = try #require(result.diagnostics.first)
    #expect(diagnostic.code == "invalid-binary")
    #expect(diagnostic.message.contains("expands to more than 64 MiB of strings"), "\(diagnostic)")
    // 216 references (13 MB) are read.
    #expect(try parseClean(shared(levels: 3)).array?.count == 6)
  }

  @Test("shared arrays that expand exponentially are an error, not a hang")
  func exponentialExpansion() throws {
    // Each array refers twice to the next: 2^41 values from 41 objects.
    let levels = 40
    let data = bplist((0..<levels).map { array([UInt8($0 + 1), UInt8($0 + 1)]) } + [ascii("x")])
    let result = PropertyListReader.parse(data, file: "dag.plist")
    #expect(result.root == nil)
    let diagnostic = try #require(result.diagnostics.first)
    #expect(result.diagnostics.count == 1)
    #expect(diagnostic.code == "invalid-binary")
    #expect(diagnostic.message.contains("expands to more than 65536 values"), "\(diagnostic)")
    // A few levels of sharing are fine.
    let small = bplist((0..<10).map { array([UInt8($0 + 1), UInt8($0 + 1)]) } + [ascii("x")])
    var node = try parseClean(small)
    for _ in 0..<10 {
      #expect(node.array?.count == 2)
      node = try #require(node.array?.last)
    }
    #expect(node.string == "x")
  }

  @Test(
    "malformed binary plists are errors that say what and where",
    arguments: malformedCases + surrogateCases)
  func malformed(_ test: MalformedBinaryCase) throws {
    let result = PropertyListReader.parse(test.data, file: "bad.plist")
    #expect(result.root == nil)
    let diagnostic = try #require(result.diagnostics.first)
    #expect(result.diagnostics.count == 1)
    #expect(diagnostic.severity == .error)
    #expect(diagnostic.code == "invalid-binary")
    #expect(diagnostic.file == "bad.plist")
    #expect(diagnostic.line == nil)
    #expect(diagnostic.message.contains(test.messageContains), "\(diagnostic.message)")
    #expect(diagnostic.keyPath == test.keyPath)
  }

  @Test("the message of a truncated offset table gives its byte and the file size")
  func offsetTableMessage() throws {
    let result = PropertyListReader.parse(bplist([ascii("a")], tableOffset: 812), file: "t.plist")
    #expect(
      result.diagnostics.first?.message
        == "binary property list is truncated or corrupt: the offset table at byte 812"
        + " (1 offsets of 1 bytes) runs past the end of the 43-byte file (its trailer starts at"
        + " byte 11)")
  }

  // MARK: Fuzz crashers, seeds, truncation and mutation

  @Test("every saved fuzz crasher is an error, not a crash")
  func fuzzCrashers() throws {
    let folder = Fixtures.packageRoot.appendingPathComponent(
      "Tests/Fixtures/FuzzCrashers/FuzzPlist")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(names.count >= 2)
    for name in names {
      let data = try Data(contentsOf: folder.appendingPathComponent(name))
      let result = PropertyListReader.parse(data, file: name)
      #expect(result.root == nil, "\(name)")
      let diagnostic = try #require(result.diagnostics.last, "\(name)")
      #expect(diagnostic.code == "invalid-binary", "\(name)")
      if name.contains("set") {
        #expect(diagnostic.message.contains("sets are not supported"), "\(name): \(diagnostic)")
      }
    }
  }

  @Test(
    "the edge-case fuzz seeds read as expected",
    arguments: [
      ("edge-date", "date(2032-09-09T01:46:40Z)"), ("edge-float4", "1.5"), ("edge-int16", "1"),
      ("edge-real-nan", "nan"), ("edge-utf16", "\"hé\""),
      ("edge-deep250", "nests deeper than 128 levels"),
      ("edge-dict-int-key", "dictionary keys must be strings"),
      ("edge-empty-set", "sets are not supported"), ("edge-null", "null is not supported"),
      ("edge-ordset", "ordered sets are not supported"), ("edge-uid", "UIDs are not supported"),
      ("edge-uint64max", "does not fit in 64 bits"),
    ])
  func seeds(name: String, expected: String) throws {
    let url = Fixtures.packageRoot.appendingPathComponent("Fuzz/Seeds/FuzzPlist/\(name).bplist")
    let result = PropertyListReader.parse(try Data(contentsOf: url), file: name)
    if let root = result.root {
      #expect(result.diagnostics.isEmpty)
      #expect(PlistTree(root).description == expected)
    } else {
      #expect(result.diagnostics.map(\.code) == ["invalid-binary"])
      #expect(result.diagnostics.first?.message.contains(expected) == true, "\(result.diagnostics)")
    }
  }

  @Test("the all-types seed reads the same as its XML twin")
  func allTypesSeed() throws {
    let seeds = Fixtures.packageRoot.appendingPathComponent("Fuzz/Seeds/FuzzPlist")
    let binary = try parseClean(
      try Data(contentsOf: seeds.appendingPathComponent("all-types.bplist")))
    let xml = PropertyListReader.parse(
      try Data(contentsOf: seeds.appendingPathComponent("all-types.xml.plist")), file: "x")
    #expect(PlistTree(binary) == PlistTree(try #require(xml.root)))
  }

  @Test("every prefix of a binary plist is an error, never a crash")
  func everyPrefix() throws {
    let data = try foundationData(
      [
        "CFBundleIdentifier": "com.example.taskly", "CFBundleName": "Taskly",
        "INAlternativeAppNames": [["INAlternativeAppName": "टास्कली 😀"]], "n": 70_000,
        "r": 2.5, "d": Data([1, 2]), "t": true,
      ] as [String: Any], .binary)
    _ = try parseClean(data)
    for length in 0..<data.count {
      let result = PropertyListReader.parse(data.prefix(length), file: "prefix")
      #expect(result.root == nil, "\(length) bytes")
      #expect(!result.diagnostics.isEmpty, "\(length) bytes")
      if length >= 6 {
        #expect(result.diagnostics.map(\.code) == ["invalid-binary"], "\(length) bytes")
      }
    }
  }

  @Test("2,000 seeded random mutations each give a tree or an error")
  func randomMutations() throws {
    var generator = SplitMix64(seed: 20_240_229)
    let bases = [
      try foundationData(
        [
          "ParameterVocabularies": [
            [
              "ParameterNames": ["INPlayMediaIntent.mediaContainer"],
              "ParameterVocabulary": [
                [
                  "VocabularyItemIdentifier": "list.inbox",
                  "VocabularyItemSynonyms": [["VocabularyItemPhrase": "收件箱 इनबॉक्स"]],
                ]
              ],
            ]
          ],
          "IntentPhrases": [["IntentName": "x", "IntentExamples": ["a", "b", "c"]]],
          "numbers": [1, 300, 70_000, -5, 2.5], "flag": true, "data": Data([1, 2, 3]),
          "date": Date(timeIntervalSinceReferenceDate: 12345),
        ] as [String: Any], .binary),
      bplist([
        array([1, 1, 2]), dictionary(keys: [3], values: [2]), utf16([0x61, 0xD83D, 0xDE00]),
        ascii("k"),
      ]),
    ]
    var parsed = 0
    var failed = 0
    for mutation in 0..<2_000 {
      var bytes = [UInt8](bases[mutation % bases.count])
      for _ in 0..<Int.random(in: 1...4, using: &generator) {
        // Half the flips hit the trailer and offset table, where one byte moves everything.
        let position =
          Bool.random(using: &generator)
          ? Int.random(in: 8..<bytes.count, using: &generator)
          : Int.random(in: max(8, bytes.count - 48)..<bytes.count, using: &generator)
        bytes[position] = UInt8.random(in: 0...255, using: &generator)
      }
      let result = PropertyListReader.parse(Data(bytes), file: "mutant")
      if result.root == nil {
        failed += 1
        #expect(result.diagnostics.contains { $0.severity == .error }, "mutation \(mutation)")
      } else {
        parsed += 1
      }
    }
    #expect(parsed > 0)
    #expect(failed > 0)
  }
}
