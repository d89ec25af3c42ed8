/// Writes values into the little-endian byte layout of VocabKit's compiled cache.
package struct BinaryWriter {
  package private(set) var bytes: [UInt8] = []

  package init() {}

  package mutating func write(_ value: Int) { write(Int64(value)) }

  package mutating func write<Value: FixedWidthInteger>(_ value: Value) {
    withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
  }

  package mutating func write(_ value: Double) { write(value.bitPattern) }

  package mutating func write(_ value: Bool) { write(UInt8(value ? 1 : 0)) }

  package mutating func write(_ text: String) {
    let utf8 = Array(text.utf8)
    write(utf8.count)
    bytes += utf8
  }

  /// Writes `value` as its position among all its cases, one byte (see
  /// ``BinaryReader/readElement(of:what:)``).
  package mutating func write<Value: CaseIterable & Equatable>(case value: Value) {
    let index = Value.allCases.firstIndex(of: value)!
    write(UInt8(Value.allCases.distance(from: Value.allCases.startIndex, to: index)))
  }

  /// Writes what `section` holds behind its length, so a reader can take it as a whole (see
  /// ``BinaryReader/readSection()``) and read it apart from what follows.
  package mutating func write(section: BinaryWriter) { write(block: section.bytes) }

  package mutating func write(_ text: String?) {
    write(text != nil)
    if let text { write(text) }
  }

  /// An array of plain numbers, copied as a block (the cache is only read on the
  /// little-endian machines Swift runs on).
  package mutating func write<Element: BitwiseCopyable>(block array: [Element]) {
    write(array.count)
    array.withUnsafeBytes { bytes += $0 }
  }

  package mutating func write<Element>(
    _ array: [Element], _ element: (inout BinaryWriter, Element) -> Void
  ) {
    write(array.count)
    for value in array { element(&self, value) }
  }
}

/// Why a compiled cache could not be read.
package struct BinaryReaderError: Error, CustomStringConvertible {
  package var description: String

  @inlinable package init(description: String) { self.description = description }
}

/// Immutable bytes for a ``BinaryReader`` to read: a copy of an array, or memory that its
/// creator filled (a file read straight into place) and that `release` frees.
package final class ByteStorage: @unchecked Sendable {
  // Unchecked: the bytes are never written after `init`, and `release` runs once, in `deinit`.
  package let bytes: UnsafeRawBufferPointer
  private let release: @Sendable (UnsafeRawBufferPointer) -> Void

  /// Storage of `bytes`, which `release` frees when the storage goes away.
  package init(
    bytes: UnsafeRawBufferPointer, release: @escaping @Sendable (UnsafeRawBufferPointer) -> Void
  ) {
    self.bytes = bytes
    self.release = release
  }

  /// A copy of `array`.
  package convenience init(copying array: [UInt8]) {
    let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: array.count, alignment: 16)
    array.withUnsafeBytes { copy.copyMemory(from: $0) }
    self.init(bytes: UnsafeRawBufferPointer(copy)) { $0.deallocate() }
  }

  deinit { release(bytes) }
}

/// Reads what ``BinaryWriter`` wrote, checking every length against the bytes left.
///
/// Unchecked `Sendable`: ``bytes`` point into a ``ByteStorage`` that the reader keeps alive and
/// that is never written.
package struct BinaryReader: @unchecked Sendable {
  /// Keeps ``bytes`` alive.
  @usableFromInline let storage: ByteStorage
  /// The storage's bytes, held here so that reading does not go through the storage object.
  @usableFromInline let bytes: UnsafeRawBufferPointer
  @usableFromInline package private(set) var offset: Int
  /// Where this reader's bytes end (before the storage's end for a section).
  @usableFromInline let end: Int

  /// A reader of a copy of `bytes`, starting at `offset`.
  @inlinable package init(_ bytes: [UInt8], offset: Int = 0) {
    self.init(ByteStorage(copying: bytes), offset: offset)
  }

  @inlinable package init(_ storage: ByteStorage, offset: Int = 0) {
    self.storage = storage
    bytes = storage.bytes
    self.offset = offset
    end = storage.bytes.count
  }

  @inlinable init(_ storage: ByteStorage, range: Range<Int>) {
    self.storage = storage
    bytes = storage.bytes
    offset = range.lowerBound
    end = range.upperBound
  }

  /// A reader of the next section (its length, then that many bytes, as
  /// ``BinaryWriter/write(section:)`` wrote it), moving past the section.
  @inlinable
  package mutating func readSection() throws(BinaryReaderError) -> BinaryReader {
    let count = try readCount()
    let start = try advance(by: count)
    return BinaryReader(storage, range: start..<(start + count))
  }

  package var isAtEnd: Bool { offset == end }

  /// Checks that `count` bytes are left and moves past them, returning where they start.
  @inlinable @inline(__always)
  mutating func advance(by count: Int) throws(BinaryReaderError) -> Int {
    guard count >= 0, count <= end - offset else {
      throw BinaryReaderError(
        description: "truncated: needed \(count) bytes at offset \(offset) of \(end)")
    }
    defer { offset += count }
    return offset
  }

  @inlinable @inline(__always)
  package mutating func read<Value: FixedWidthInteger>(_: Value.Type) throws(BinaryReaderError)
    -> Value
  {
    let start = try advance(by: MemoryLayout<Value>.size)
    // Loaded in place: no slice, so no reference counting of the bytes per number.
    return Value(littleEndian: bytes.loadUnaligned(fromByteOffset: start, as: Value.self))
  }

  @inlinable @inline(__always)
  package mutating func readInt() throws(BinaryReaderError) -> Int {
    Int(try read(Int64.self))
  }

  /// A count of things, each at least `minimumSize` bytes, that must fit in what is left.
  @inlinable @inline(__always)
  package mutating func readCount(minimumSize: Int = 1) throws(BinaryReaderError) -> Int {
    let count = try readInt()
    guard count >= 0, count <= (end - offset) / max(minimumSize, 1) else {
      throw BinaryReaderError(description: "implausible count \(count) at offset \(offset)")
    }
    return count
  }

  @inlinable
  package mutating func readDouble() throws(BinaryReaderError) -> Double {
    Double(bitPattern: try read(UInt64.self))
  }

  @inlinable @inline(__always)
  package mutating func readBool() throws(BinaryReaderError) -> Bool {
    switch try read(UInt8.self) {
    case 0: return false
    case 1: return true
    case let other:
      throw BinaryReaderError(description: "invalid boolean \(other) at offset \(offset - 1)")
    }
  }

  @inlinable @inline(__always)
  package mutating func readString() throws(BinaryReaderError) -> String {
    let count = try readCount()
    let start = try advance(by: count)
    return try Self.string(
      UnsafeRawBufferPointer(rebasing: bytes[start..<(start + count)]).assumingMemoryBound(
        to: UInt8.self),
      at: start)
  }

  /// The element of `table` at the index the next byte gives, or an error naming the byte when
  /// the table has no such element (kinds are written as their position among all cases).
  @inlinable @inline(__always)
  package mutating func readElement<Element>(of table: [Element], what: String)
    throws(BinaryReaderError) -> Element
  {
    let index = Int(try read(UInt8.self))
    guard index < table.count else {
      throw BinaryReaderError(
        description: "unknown \(what) \(index) at offset \(offset - 1) (\(table.count) known)")
    }
    return table[index]
  }

  /// The text of some UTF-8 bytes, or an error naming `offset` when they are not valid.
  ///
  /// Decoding with repair and comparing is much faster here than the generic
  /// `String(validating:as:)`, and exact: the repaired text equals the bytes only when
  /// nothing needed repair.
  @inlinable
  static func string(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int)
    throws(BinaryReaderError) -> String
  {
    // ASCII (most identifiers and names) is valid as it stands: no repair to look for.
    var ascii: UInt8 = 0
    for byte in bytes { ascii |= byte }
    if ascii < 0x80 { return String(decoding: bytes, as: UTF8.self) }
    var text = String(decoding: bytes, as: UTF8.self)
    guard text.withUTF8({ $0.count == bytes.count && $0.elementsEqual(bytes) }) else {
      throw BinaryReaderError(description: "invalid UTF-8 at offset \(offset)")
    }
    return text
  }

  /// Moves past a string without decoding it.
  @inlinable @inline(__always)
  package mutating func skipString() throws(BinaryReaderError) {
    _ = try advance(by: try readCount())
  }

  @inlinable @inline(__always)
  package mutating func readOptionalString() throws(BinaryReaderError) -> String? {
    try readBool() ? try readString() : nil
  }

  @inlinable
  package mutating func readBlock<Element: BitwiseCopyable>(of _: Element.Type)
    throws(BinaryReaderError) -> [Element]
  {
    let size = MemoryLayout<Element>.stride
    let count = try readCount(minimumSize: size)
    let start = try advance(by: count * size)
    return [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
      UnsafeMutableRawBufferPointer(buffer).copyMemory(
        from: UnsafeRawBufferPointer(rebasing: bytes[start..<(start + count * size)]))
      initialized = count
    }
  }

  @inlinable
  package mutating func readArray<Element>(
    _ element: (inout BinaryReader) throws(BinaryReaderError) -> Element
  ) throws(BinaryReaderError) -> [Element] {
    let count = try readCount()
    var result: [Element] = []
    result.reserveCapacity(count)
    for _ in 0..<count { result.append(try element(&self)) }
    return result
  }
}
