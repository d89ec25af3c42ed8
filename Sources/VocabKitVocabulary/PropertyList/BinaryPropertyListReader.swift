import Foundation

/// Reads binary property lists (`bplist00`) into the same `PropertyListNode` trees as the XML
/// parser, with `line` nil.
///
/// VocabKit does not hand binary plists to Foundation: swift-corelibs-foundation crashes on a
/// binary plist holding a non-empty set (see `Tests/Fixtures/FuzzCrashers/README.md`), and a
/// library that reads user files must report bad input, never crash on it.
///
/// The format, as Apple's `CFBinaryPList.c` describes it:
///
/// - an 8-byte header, `bplist00`;
/// - the objects, each a marker byte (type in the high nibble, a size or count in the low
///   nibble; a count of 15 or more is written as nibble `0xF` followed by an integer object)
///   and its payload: integers (`0x1n`, 2^n bytes, big-endian), reals (`0x2n`), dates
///   (`0x33`, a big-endian double of seconds since 2001-01-01), data (`0x4n`), ASCII strings
///   (`0x5n`), UTF-16BE strings (`0x6n`, n code units), arrays (`0xAn`, n object references)
///   and dictionaries (`0xDn`, n key references, then n value references);
/// - the offset table: the byte offset of each object, numbered from 0;
/// - a 32-byte trailer: 6 unused bytes, the byte width of an offset, the byte width of an
///   object reference, the number of objects, the number of the top object and the byte
///   offset of the offset table (these three as 8-byte big-endian integers).
///
/// Every read is bounds-checked; nesting is limited to `PropertyListReader.maximumDepth`;
/// an object that contains itself is an error; and so is a plist whose shared objects would
/// expand into more than `maximumValueCount` values (a small file whose arrays each refer
/// twice to the previous one describes 2^n values), or whose strings and data, counted at
/// every reference, come to more than ``maximumExpandedBytes`` (one long string referred to
/// by every item).
struct BinaryPropertyListReader {
  /// Why the plist could not be read, and where.
  struct Failure: Error {
    var message: String
    /// The key path of the value being read (`A[0].B`), empty for the root.
    var keyPath: String

    func diagnostic(file: String) -> Diagnostic {
      Diagnostic(.error, code: "invalid-binary", file: file, keyPath: keyPath, message: message)
    }
  }

  private enum PathComponent {
    case key(String)
    case index(Int)
  }

  private static let headerSize = 8
  private static let trailerSize = 32
  /// Seconds from 1970-01-01 to 2001-01-01, the reference date of binary plist dates.
  private static let referenceDateUnixTime = 978_307_200.0

  private let bytes: [UInt8]
  private let file: String
  /// The most values (nodes of the tree) the plist may expand into: four per byte of the
  /// file (a plist whose containers are not shared has at most one per byte), at least
  /// 65,536 and at most 4,194,304.
  let maximumValueCount: Int

  // From the trailer, once read.
  private var offsetSize = 0
  private var referenceSize = 0
  private var objectCount = 0
  private var offsetTableStart = 0

  /// Problems that do not stop the read (duplicate keys).
  private(set) var diagnostics: [Diagnostic] = []
  private var valueCount = 0
  /// Bytes of strings and data in the tree so far, a shared object counted at each reference.
  private var expandedBytes = 0
  /// The key path of the value being read.
  private var path: [PathComponent] = []
  /// The arrays and dictionaries being read, outermost first, to find reference cycles.
  private var openContainers: [Int] = []
  /// Decoded scalars (strings, numbers, data …) by object number: a shared object is
  /// decoded once, however often it is referenced.
  private var scalars: [Int: PropertyListNode.Value] = [:]

  /// The most bytes of strings and data a binary plist may expand to: what the largest XML
  /// plist read (``PropertyListReader/maximumFileSize``) could hold, so sharing objects buys
  /// no more than the XML limit allows.
  static let maximumExpandedBytes = PropertyListReader.maximumFileSize

  init(bytes: [UInt8], file: String) {
    self.bytes = bytes
    self.file = file
    maximumValueCount = min(max(4 * bytes.count, 1 << 16), 1 << 22)
  }

  /// Reads the whole plist; duplicate keys are left in `diagnostics`.
  ///
  /// - Complexity: O(*n* + *v*), where *n* is the size of the file and *v* the number of
  ///   values in the tree (at most `maximumValueCount`).
  mutating func parse() throws(Failure) -> PropertyListNode {
    let top = try readTrailer()
    return try readObject(top, depth: 0)
  }

  // MARK: Header and trailer

  private mutating func readTrailer() throws(Failure) -> Int {
    let size = bytes.count
    guard size >= Self.headerSize else {
      throw corrupt("the \(size)-byte file ends inside the 8-byte header")
    }
    guard bytes[6] == UInt8(ascii: "0"), bytes[7] == UInt8(ascii: "0") else {
      throw failure(
        "binary property list version '\(Self.printable(bytes[6..<8]))' is not supported"
          + " (only bplist00 is read)")
    }
    guard size >= Self.headerSize + Self.trailerSize else {
      throw corrupt(
        "the \(size)-byte file is too short for the 8-byte header and the 32-byte trailer")
    }
    let trailer = size - Self.trailerSize
    let offsetSize = Int(bytes[trailer + 6])
    let referenceSize = Int(bytes[trailer + 7])
    let objectCount = readUnsigned(at: trailer + 8, size: 8)
    let topObject = readUnsigned(at: trailer + 16, size: 8)
    let tableStart = readUnsigned(at: trailer + 24, size: 8)
    guard (1...8).contains(offsetSize) else {
      throw corrupt("the trailer gives offsets \(offsetSize) bytes wide; expected 1 to 8")
    }
    guard (1...8).contains(referenceSize) else {
      throw corrupt(
        "the trailer gives object references \(referenceSize) bytes wide; expected 1 to 8")
    }
    guard objectCount > 0 else { throw corrupt("the trailer lists no objects") }
    guard topObject < objectCount else {
      throw corrupt(
        "the top object is number \(topObject), but the trailer lists only"
          + " \(Self.plural(objectCount, "object"))")
    }
    guard tableStart > UInt64(Self.headerSize) else {
      throw corrupt(
        "the offset table at byte \(tableStart) leaves no room for objects after the header")
    }
    let (tableSize, multiplyOverflow) = objectCount.multipliedReportingOverflow(
      by: UInt64(offsetSize))
    let (tableEnd, addOverflow) = tableStart.addingReportingOverflow(tableSize)
    guard !multiplyOverflow, !addOverflow, tableEnd <= UInt64(trailer) else {
      throw corrupt(
        "the offset table at byte \(tableStart) (\(objectCount) offsets of \(offsetSize) bytes)"
          + " runs past the end of the \(size)-byte file (its trailer starts at byte \(trailer))"
      )
    }
    // All three are now below `size`, so they fit an Int.
    self.offsetSize = offsetSize
    self.referenceSize = referenceSize
    self.objectCount = Int(objectCount)
    self.offsetTableStart = Int(tableStart)
    return Int(topObject)
  }

  /// The byte offset of object `index` (below `objectCount`), checked to lie among the
  /// objects.
  private func offset(ofObject index: Int) throws(Failure) -> Int {
    let offset = readUnsigned(at: offsetTableStart + index * offsetSize, size: offsetSize)
    guard offset >= UInt64(Self.headerSize), offset < UInt64(offsetTableStart) else {
      throw corrupt(
        "object \(index) is at byte \(offset), outside the objects"
          + " (bytes 8 to \(offsetTableStart - 1))")
    }
    return Int(offset)
  }

  // MARK: Objects

  private mutating func readObject(_ index: Int, depth: Int) throws(Failure) -> PropertyListNode {
    if openContainers.contains(index) {
      throw corrupt(
        "object \(index) contains itself (a reference cycle)")
    }
    guard depth <= PropertyListReader.maximumDepth else {
      throw failure(
        "binary property list nests deeper than \(PropertyListReader.maximumDepth) levels")
    }
    valueCount += 1
    guard valueCount <= maximumValueCount else {
      throw failure(
        "binary property list expands to more than \(maximumValueCount) values"
          + " (its objects are shared so often that the tree would be too large)")
    }
    if let value = scalars[index] {
      try countExpanded(value)
      return PropertyListNode(value, line: nil)
    }
    let offset = try offset(ofObject: index)
    let marker = bytes[offset]
    switch marker >> 4 {
    case 0xA: return try readArray(index, at: offset, depth: depth)
    case 0xD: return try readDictionary(index, at: offset, depth: depth)
    default:
      let value = try readScalar(index, at: offset)
      scalars[index] = value
      try countExpanded(value)
      return PropertyListNode(value, line: nil)
    }
  }

  private mutating func readArray(_ index: Int, at offset: Int, depth: Int) throws(Failure)
    -> PropertyListNode
  {
    let (count, start) = try readCount(index, at: offset)
    try requireBytes(
      index, at: offset, what: "an array of \(count) elements", from: start,
      count: count, width: referenceSize)
    openContainers.append(index)
    var items: [PropertyListNode] = []
    items.reserveCapacity(reservation(for: count))
    for item in 0..<count {
      let child = try readReference(at: start + item * referenceSize, in: index)
      path.append(.index(item))
      items.append(try readObject(child, depth: depth + 1))
      path.removeLast()
    }
    openContainers.removeLast()
    return PropertyListNode(.array(items), line: nil)
  }

  private mutating func readDictionary(_ index: Int, at offset: Int, depth: Int) throws(Failure)
    -> PropertyListNode
  {
    let (count, start) = try readCount(index, at: offset)
    try requireBytes(
      index, at: offset, what: "a dictionary of \(count) entries", from: start,
      count: count, width: 2 * referenceSize)
    openContainers.append(index)
    var entries: [(key: String, node: PropertyListNode)] = []
    entries.reserveCapacity(reservation(for: count))
    var firstEntries: [String: Int] = [:]
    for entry in 0..<count {
      let keyObject = try readReference(at: start + entry * referenceSize, in: index)
      let valueObject = try readReference(
        at: start + (count + entry) * referenceSize, in: index)
      let key = try readKey(keyObject, entry: entry, of: index)
      path.append(.key(key))
      let value = try readObject(valueObject, depth: depth + 1)
      if let first = firstEntries[key] {
        diagnostics.append(
          Diagnostic(
            .error, code: "duplicate-key", file: file, keyPath: keyPath,
            message:
              "duplicate key '\(key)' (first at entry \(first) of the dictionary, again at"
              + " entry \(entry)); this later value is ignored"))
      } else {
        firstEntries[key] = entry
        entries.append((key, value))
      }
      path.removeLast()
    }
    openContainers.removeLast()
    return PropertyListNode(.dictionary(entries), line: nil)
  }

  private mutating func readKey(_ object: Int, entry: Int, of dictionary: Int) throws(Failure)
    -> String
  {
    if case .string(let key) = scalars[object] {
      try countExpanded(.string(key))
      return key
    }
    let offset = try offset(ofObject: object)
    let marker = bytes[offset]
    guard marker >> 4 == 0x5 || marker >> 4 == 0x6 else {
      throw corrupt(
        "key \(entry) of the dictionary (object \(dictionary)) is object \(object),"
          + " \(Self.kind(of: marker)); dictionary keys must be strings")
    }
    let value = try readScalar(object, at: offset)
    scalars[object] = value
    try countExpanded(value)
    guard case .string(let key) = value else { return "" }  // Not reached: a string marker.
    return key
  }

  /// Room to reserve for `count` children: no more than the values still allowed, so that a
  /// huge count in a plist that will fail reserves no huge buffer.
  private func reservation(for count: Int) -> Int {
    min(count, max(0, maximumValueCount - valueCount))
  }

  /// Reads an object that is not an array or a dictionary.
  ///
  /// One function on purpose: one case per object marker, as the binary format's table lists them.
  private func readScalar(_ index: Int, at offset: Int) throws(Failure) -> PropertyListNode.Value {
    let marker = bytes[offset]
    let low = Int(marker & 0x0F)
    let place = "object \(index) at byte \(offset)"
    switch marker >> 4 {
    case 0x0:
      switch marker {
      case 0x08: return .boolean(false)
      case 0x09: return .boolean(true)
      case 0x00:
        throw failure(
          "binary property list has a null (\(place)); null is not supported in vocabulary"
            + " plists")
      default:
        throw corrupt("\(place) has the unknown marker \(Self.hex(marker))")
      }
    case 0x1:
      guard low <= 4 else {
        throw corrupt("\(place) is an integer of \(1 << low) bytes; at most 16 are supported")
      }
      let width = 1 << low
      try requireBytes(index, at: offset, what: "an integer", from: offset + 1, count: width)
      return .integer(try readInteger(at: offset + 1, width: width, place: place))
    case 0x2:
      guard low == 2 || low == 3 else {
        throw corrupt("\(place) is a real number of \(1 << low) bytes; expected 4 or 8")
      }
      let width = 1 << low
      try requireBytes(index, at: offset, what: "a real number", from: offset + 1, count: width)
      let bits = readUnsigned(at: offset + 1, size: width)
      if width == 4 { return .real(Double(Float(bitPattern: UInt32(truncatingIfNeeded: bits)))) }
      return .real(Double(bitPattern: bits))
    case 0x3:
      guard marker == 0x33 else {
        throw corrupt("\(place) has the unknown marker \(Self.hex(marker)); dates are 0x33")
      }
      try requireBytes(index, at: offset, what: "a date", from: offset + 1, count: 8)
      let seconds = Double(bitPattern: readUnsigned(at: offset + 1, size: 8))
      guard let text = Self.iso8601(secondsSinceReferenceDate: seconds) else {
        throw corrupt(
          "\(place) is the date \(seconds) seconds after 2001-01-01, outside the years 1 to 9999"
        )
      }
      return .date(text)
    case 0x4:
      let (count, start) = try readCount(index, at: offset)
      try requireBytes(index, at: offset, what: "data of \(count) bytes", from: start, count: count)
      return .data(Data(bytes[start..<start + count]))
    case 0x5:
      let (count, start) = try readCount(index, at: offset)
      try requireBytes(
        index, at: offset, what: "an ASCII string of \(count) bytes", from: start, count: count)
      let text = bytes[start..<start + count]
      if let bad = text.firstIndex(where: { $0 >= 0x80 }) {
        throw corrupt(
          "\(place) is an ASCII string with the non-ASCII byte \(Self.hex(bytes[bad]))"
            + " at byte \(bad)")
      }
      return .string(String(decoding: text, as: UTF8.self))
    case 0x6:
      let (count, start) = try readCount(index, at: offset)
      try requireBytes(
        index, at: offset, what: "a UTF-16 string of \(count) code units", from: start,
        count: count, width: 2)
      return .string(try readUTF16(from: start, count: count, place: place))
    case 0x8:
      throw failure(
        "binary property list has a UID (\(place)), as NSKeyedArchiver writes;"
          + " UIDs are not supported in vocabulary plists")
    case 0xB:
      throw failure(
        "binary property list has an ordered set (\(place)); ordered sets are not supported in"
          + " vocabulary plists")
    case 0xC:
      throw failure(
        "binary property list has a set (\(place)); sets are not supported in vocabulary plists"
      )
    default:
      throw corrupt("\(place) has the unknown marker \(Self.hex(marker))")
    }
  }

  /// Reads a 1-, 2-, 4-, 8- or 16-byte integer: the first three are unsigned, 8 bytes are
  /// two's complement, and 16 bytes must fit an `Int64`.
  private func readInteger(at start: Int, width: Int, place: String) throws(Failure) -> Int64 {
    switch width {
    case 16:
      let high = readUnsigned(at: start, size: 8)
      let low = readUnsigned(at: start + 8, size: 8)
      let lowIsNegative = low >= 1 << 63
      guard (high == 0 && !lowIsNegative) || (high == .max && lowIsNegative) else {
        throw failure(
          "binary property list has an integer that does not fit in 64 bits (\(place))")
      }
      return Int64(bitPattern: low)
    case 8: return Int64(bitPattern: readUnsigned(at: start, size: 8))
    default: return Int64(readUnsigned(at: start, size: width))
    }
  }

  /// Decodes big-endian UTF-16; an unpaired surrogate is an error.
  private func readUTF16(from start: Int, count: Int, place: String) throws(Failure) -> String {
    func unit(_ position: Int) -> UInt32 {
      UInt32(bytes[start + 2 * position]) << 8 | UInt32(bytes[start + 2 * position + 1])
    }
    var scalars = String.UnicodeScalarView()
    var position = 0
    while position < count {
      let first = unit(position)
      var scalar: Unicode.Scalar?
      if first < 0xD800 || first > 0xDFFF {
        scalar = Unicode.Scalar(first)
        position += 1
      } else if first <= 0xDBFF, position + 1 < count,
        (0xDC00...0xDFFF).contains(unit(position + 1))
      {
        let second = unit(position + 1)
        scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
        position += 2
      }
      guard let scalar else {
        throw corrupt(
          "\(place) is a UTF-16 string with an unpaired surrogate \(Self.hex(first, digits: 4))"
            + " at code unit \(position)")
      }
      scalars.append(scalar)
    }
    return String(scalars)
  }

  // MARK: Counts and references

  /// The count in a marker's low nibble, or the integer object after it when the nibble is
  /// 0xF, and the offset of the payload that follows.
  private func readCount(_ index: Int, at offset: Int) throws(Failure) -> (count: Int, start: Int) {
    let nibble = Int(bytes[offset] & 0x0F)
    if nibble != 0x0F { return (nibble, offset + 1) }
    let place = "object \(index) at byte \(offset)"
    let countOffset = offset + 1
    guard countOffset < offsetTableStart else {
      throw corrupt("\(place) is cut off before its count, where the offset table starts")
    }
    let marker = bytes[countOffset]
    guard marker >> 4 == 0x1, marker & 0x0F <= 3 else {
      throw corrupt(
        "\(place) should be followed by its count (an integer of 1 to 8 bytes), but the next"
          + " marker is \(Self.hex(marker))")
    }
    let width = 1 << Int(marker & 0x0F)
    guard width <= offsetTableStart - countOffset - 1 else {
      throw corrupt("\(place) is cut off inside its count, where the offset table starts")
    }
    let count = readUnsigned(at: countOffset + 1, size: width)
    // Every element takes at least a byte, so a count past the objects is corrupt (and an
    // Int can hold every count that is not).
    guard count < UInt64(offsetTableStart) else {
      throw corrupt(
        "\(place) claims \(count) elements, more than the file could hold")
    }
    return (Int(count), countOffset + 1 + width)
  }

  /// Checks that `count` items of `width` bytes from `start` end before the offset table.
  private func requireBytes(
    _ index: Int, at offset: Int, what: String, from start: Int, count: Int, width: Int = 1
  ) throws(Failure) {
    // start and count are below the file size, so neither product nor sum overflows.
    let end = start + count * width
    guard start <= offsetTableStart, end <= offsetTableStart else {
      throw corrupt(
        "object \(index) at byte \(offset), \(what), runs to byte \(end), past the end of the"
          + " objects at byte \(offsetTableStart)")
    }
  }

  private func readReference(at position: Int, in container: Int) throws(Failure) -> Int {
    let reference = readUnsigned(at: position, size: referenceSize)
    guard reference < UInt64(objectCount) else {
      throw corrupt(
        "object \(container) refers to object \(reference), but there are only"
          + " \(Self.plural(objectCount, "object"))")
    }
    return Int(reference)
  }

  /// A big-endian unsigned integer of `size` (1 to 8) bytes; the caller checks the bounds.
  private func readUnsigned(at position: Int, size: Int) -> UInt64 {
    var value: UInt64 = 0
    for byte in bytes[position..<position + size] { value = value << 8 | UInt64(byte) }
    return value
  }

  // MARK: Errors

  private var keyPath: String {
    var text = ""
    for component in path {
      switch component {
      case .key(let key): text += text.isEmpty ? key : ".\(key)"
      case .index(let index): text += "[\(index)]"
      }
    }
    return text
  }

  /// Adds a scalar's bytes (UTF-8 for strings) to the expanded size, failing past the limit.
  private mutating func countExpanded(_ value: PropertyListNode.Value) throws(Failure) {
    switch value {
    case .string(let text): expandedBytes += text.utf8.count
    case .data(let data): expandedBytes += data.count
    default: return
    }
    guard expandedBytes <= Self.maximumExpandedBytes else {
      throw failure(
        "binary property list expands to more than \(Self.maximumExpandedBytes >> 20) MiB of"
          + " strings and data (one object referred to many times); an XML plist of that size"
          + " would be over the limit too")
    }
  }

  private func failure(_ message: String) -> Failure {
    Failure(message: message, keyPath: keyPath)
  }

  private func corrupt(_ detail: String) -> Failure {
    failure("binary property list is truncated or corrupt: \(detail)")
  }

  // MARK: Formatting

  /// `0x0F`, or with `digits: 4`, `0xD800`.
  static func hex(_ value: some BinaryInteger, digits: Int = 2) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return "0x" + String(repeating: "0", count: max(0, digits - text.count)) + text
  }

  /// `1 object`, `2 objects`.
  private static func plural(_ count: some BinaryInteger, _ noun: String) -> String {
    count == 1 ? "1 \(noun)" : "\(count) \(noun)s"
  }

  private static func printable(_ bytes: ArraySlice<UInt8>) -> String {
    if bytes.allSatisfy({ (0x20..<0x7F).contains($0) }) {
      return String(decoding: bytes, as: UTF8.self)
    }
    return bytes.map { hex($0) }.joined(separator: " ")
  }

  /// The kind of object a marker starts, for messages: "an array".
  static func kind(of marker: UInt8) -> String {
    switch marker >> 4 {
    case 0x0:
      switch marker {
      case 0x00: return "a null"
      case 0x08, 0x09: return "a boolean"
      default: return "an object with the unknown marker \(hex(marker))"
      }
    case 0x1: return "an integer"
    case 0x2: return "a real number"
    case 0x3: return "a date"
    case 0x4: return "data"
    case 0x5, 0x6: return "a string"
    case 0x8: return "a UID"
    case 0xA: return "an array"
    case 0xB: return "an ordered set"
    case 0xC: return "a set"
    case 0xD: return "a dictionary"
    default: return "an object with the unknown marker \(hex(marker))"
    }
  }

  /// A binary plist date as the XML form writes it, `2024-01-02T03:04:05Z` (UTC, fractions
  /// of a second dropped), or nil outside the years 1 to 9999.
  static func iso8601(secondsSinceReferenceDate seconds: Double) -> String? {
    guard seconds.isFinite else { return nil }
    let unixTime = (seconds + referenceDateUnixTime).rounded(.down)
    // 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z.
    guard unixTime >= -62_135_596_800, unixTime <= 253_402_300_799 else { return nil }
    let time = Int(unixTime)
    var days = time / 86_400
    var secondOfDay = time % 86_400
    if secondOfDay < 0 {
      secondOfDay += 86_400
      days -= 1
    }
    // Civil date from days since 1970-01-01 (the proleptic Gregorian calendar, computed in
    // 400-year eras that start on March 1).
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    func padded(_ value: Int, _ width: Int) -> String {
      let text = String(value)
      return String(repeating: "0", count: max(0, width - text.count)) + text
    }
    return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
      + "T\(padded(secondOfDay / 3_600, 2)):\(padded(secondOfDay / 60 % 60, 2))"
      + ":\(padded(secondOfDay % 60, 2))Z"
  }
}
