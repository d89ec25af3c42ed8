import VocabKitSupport

/// Non-negative integers stored in the fewest whole bytes (one to four) that hold the
/// largest of them: a key's phrase number or an entry's type takes one byte, not four, and
/// the keys' entries in a vocabulary of 100k entries take three.
///
/// Reading one is a single unaligned four-byte load and a mask: the storage ends in three
/// bytes of padding, so the load never reads past it.
struct PackedIntegers: Sendable, Equatable {
  /// The number of integers.
  let count: Int
  /// The bytes each integer takes: 1...4.
  let width: Int
  /// The integers, little-endian, `width` bytes each, then three bytes of padding.
  let storage: [UInt8]
  /// The low `width` bytes of a four-byte load.
  let mask: UInt32

  /// Whether there are no integers.
  var isEmpty: Bool { count == 0 }

  /// The largest integer a table can hold.
  static let maximum = Int(UInt32.max)

  /// Packs `values`, each in 0...``maximum``.
  ///
  /// - Complexity: O(*n*) in the number of values.
  init<Values: Collection>(_ values: Values) where Values.Element: BinaryInteger {
    let largest = values.max() ?? 0
    precondition(values.min() ?? 0 >= 0 && largest <= Self.maximum, "an integer out of range")
    let width = max(1, (UInt32.bitWidth - UInt32(largest).leadingZeroBitCount + 7) / 8)
    // Each integer is stored as four little-endian bytes at its offset: the bytes beyond its
    // width are zeros (it fits in `width` bytes), and the next integer's store overwrites them.
    let storage = [UInt8](unsafeUninitializedCapacity: values.count * width + 3) {
      buffer, initialized in
      let raw = UnsafeMutableRawBufferPointer(buffer)
      raw.initializeMemory(as: UInt8.self, repeating: 0)
      var offset = 0
      for value in values {
        raw.storeBytes(
          of: UInt32(truncatingIfNeeded: value).littleEndian, toByteOffset: offset, as: UInt32.self)
        offset += width
      }
      initialized = raw.count
    }
    self.count = values.count
    self.width = width
    self.storage = storage
    mask = Self.mask(width: width)
  }

  /// The mask of the low `width` bytes of a `UInt32`.
  static func mask(width: Int) -> UInt32 { width >= 4 ? .max : (1 << (UInt32(width) * 8)) - 1 }

  /// The integer at `position`.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  subscript(position: Int) -> Int {
    precondition(UInt(bitPattern: position) < UInt(bitPattern: count), "position out of range")
    let raw = storage.withUnsafeBytes {
      $0.loadUnaligned(fromByteOffset: position &* width, as: UInt32.self)
    }
    return Int(UInt32(littleEndian: raw) & mask)
  }

  /// Whether every integer is below `limit`.
  ///
  /// - Complexity: O(*n*) in the number of integers.
  func allBelow(_ limit: Int) -> Bool {
    (0..<count).allSatisfy { self[$0] < limit }
  }

  /// The bytes the table holds.
  var bytes: Int { storage.count }

  func write(to writer: inout BinaryWriter) {
    writer.write(count)
    writer.write(width)
    writer.write(block: storage)
  }

  /// Reads a table ``write(to:)`` wrote, checking that its storage is as long as its count
  /// and width say.
  init(reading reader: inout BinaryReader) throws(BinaryReaderError) {
    count = try reader.readInt()
    width = try reader.readInt()
    storage = try reader.readBlock(of: UInt8.self)
    mask = Self.mask(width: max(width, 0))
    guard (1...4).contains(width), count >= 0, count <= (storage.count - 3) / width,
      storage.count == count * width + 3
    else {
      throw BinaryReaderError(
        description: "inconsistent packed integers: \(count) of \(width) bytes in "
          + "\(storage.count) bytes")
    }
  }
}
