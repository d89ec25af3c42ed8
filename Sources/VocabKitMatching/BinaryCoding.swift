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

/// Reads what ``BinaryWriter`` wrote, checking every length against the bytes left.
package struct BinaryReader {
  @usableFromInline let bytes: [UInt8]
  @usableFromInline package private(set) var offset: Int

  @inlinable package init(_ bytes: [UInt8], offset: Int = 0) {
    self.bytes = bytes
    self.offset = offset
  }

  package var isAtEnd: Bool { offset == bytes.count }

  @inlinable
  mutating func take(_ count: Int) throws(BinaryReaderError) -> ArraySlice<UInt8> {
    guard count >= 0, count <= bytes.count - offset else {
      throw BinaryReaderError(
        description: "truncated: needed \(count) bytes at offset \(offset) of \(bytes.count)")
    }
    defer { offset += count }
    return bytes[offset..<(offset + count)]
  }

  @inlinable
  package mutating func read<Value: FixedWidthInteger>(_: Value.Type) throws(BinaryReaderError)
    -> Value
  {
    let slice = try take(MemoryLayout<Value>.size)
    var value = Value.zero
    withUnsafeMutableBytes(of: &value) { $0.copyBytes(from: slice) }
    return Value(littleEndian: value)
  }

  @inlinable
  package mutating func readInt() throws(BinaryReaderError) -> Int {
    Int(try read(Int64.self))
  }

  /// A count of things, each at least `minimumSize` bytes, that must fit in what is left.
  @inlinable
  package mutating func readCount(minimumSize: Int = 1) throws(BinaryReaderError) -> Int {
    let count = try readInt()
    guard count >= 0, count <= (bytes.count - offset) / max(minimumSize, 1) else {
      throw BinaryReaderError(description: "implausible count \(count) at offset \(offset)")
    }
    return count
  }

  @inlinable
  package mutating func readDouble() throws(BinaryReaderError) -> Double {
    Double(bitPattern: try read(UInt64.self))
  }

  @inlinable
  package mutating func readBool() throws(BinaryReaderError) -> Bool {
    switch try read(UInt8.self) {
    case 0: return false
    case 1: return true
    case let other:
      throw BinaryReaderError(description: "invalid boolean \(other) at offset \(offset - 1)")
    }
  }

  @inlinable
  package mutating func readString() throws(BinaryReaderError) -> String {
    let count = try readCount()
    return try Self.string(try take(count), at: offset - count)
  }

  /// The case of `Value` whose raw value the next string spells, compared byte by byte (no
  /// string is created), or an error quoting the string when no case has it.
  @inlinable
  package mutating func readCase<Value: RawRepresentable<String> & CaseIterable>(
    of _: Value.Type
  ) throws(BinaryReaderError) -> Value {
    let count = try readCount()
    let bytes = try take(count)
    for value in Value.allCases where value.rawValue.utf8.elementsEqual(bytes) { return value }
    throw BinaryReaderError(
      description: "unknown kind '\(String(decoding: bytes, as: UTF8.self))'")
  }

  /// The text of some UTF-8 bytes, or an error naming `offset` when they are not valid.
  ///
  /// Decoding with repair and comparing is much faster here than the generic
  /// `String(validating:as:)`, and exact: the repaired text equals the bytes only when
  /// nothing needed repair.
  @inlinable
  static func string(_ slice: ArraySlice<UInt8>, at offset: Int) throws(BinaryReaderError)
    -> String
  {
    let valid = slice.withUnsafeBufferPointer { bytes -> String? in
      // ASCII (most identifiers and names) is valid as it stands: no repair to look for.
      var ascii: UInt8 = 0
      for byte in bytes { ascii |= byte }
      if ascii < 0x80 { return String(decoding: bytes, as: UTF8.self) }
      var text = String(decoding: bytes, as: UTF8.self)
      let same = text.withUTF8 { $0.count == bytes.count && $0.elementsEqual(bytes) }
      return same ? text : nil
    }
    guard let valid else {
      throw BinaryReaderError(description: "invalid UTF-8 at offset \(offset)")
    }
    return valid
  }

  @inlinable
  package mutating func readOptionalString() throws(BinaryReaderError) -> String? {
    try readBool() ? try readString() : nil
  }

  @inlinable
  package mutating func readBlock<Element: BitwiseCopyable>(of _: Element.Type)
    throws(BinaryReaderError) -> [Element]
  {
    let size = MemoryLayout<Element>.stride
    let count = try readCount(minimumSize: size)
    let slice = try take(count * size)
    return [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
      slice.withUnsafeBytes { source in
        UnsafeMutableRawBufferPointer(buffer).copyMemory(from: source)
      }
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
