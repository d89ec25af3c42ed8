/// Keys by a 32-bit fingerprint (of a sound skeleton, or of a key's sound symbols for exact
/// lookups), with a directory on the fingerprints' top bits (about one directory slot for
/// every four entries, at most 2¹⁶) and, per entry, only the low 16 bits: a lookup is one
/// directory read and a binary search over a few entries.
///
/// An entry matches a fingerprint when both its directory slot and its low 16 bits agree. With
/// 16 directory bits that is the whole fingerprint; with fewer (small tables), fingerprints
/// that differ only in the bits between can share entries, at a rate of about 4 in 65,536
/// lookups, which verification sorts out.
struct FingerprintTable: Sendable {
  /// The low 16 bits of each entry's fingerprint, ascending within each directory slot.
  let lowBits: [UInt16]
  let keys: [Int32]
  /// Entries whose fingerprint's top bits are *b* are `directory[b]..<directory[b + 1]`.
  let directory: [Int32]

  /// The number of top bits the directory uses for `count` entries.
  static func directoryBits(_ count: Int) -> Int {
    min(16, max(1, (Int.bitWidth - (count / 4).leadingZeroBitCount)))
  }

  var shift: UInt32 { UInt32(32 - Self.directoryBits(lowBits.count)) }

  /// Builds the table from (fingerprint, key) pairs.
  ///
  /// Pairs are placed by a counting sort on their directory slot, then each slot's few
  /// entries are sorted by low bits and key (packed into one integer).
  ///
  /// - Complexity: O(*n* + *b* log *b*) for *n* pairs in slots of at most *b*.
  init(_ pairs: [(fingerprint: UInt32, key: Int32)]) {
    let shift = UInt32(32 - Self.directoryBits(pairs.count))
    var directory = [Int32](repeating: 0, count: (1 << (32 - Int(shift))) + 1)
    for pair in pairs { directory[Int(pair.fingerprint >> shift) + 1] += 1 }
    for bucket in 1..<directory.count { directory[bucket] += directory[bucket - 1] }
    // Low 16 bits above the key's bit pattern, so integer order is (bits, unsigned key).
    var packed = [UInt64](repeating: 0, count: pairs.count)
    var fill = directory
    for pair in pairs {
      let slot = Int(pair.fingerprint >> shift)
      packed[Int(fill[slot])] =
        UInt64(UInt16(truncatingIfNeeded: pair.fingerprint)) << 32
        | UInt64(UInt32(bitPattern: pair.key))
      fill[slot] += 1
    }
    for bucket in 0..<(directory.count - 1) {
      let range = Int(directory[bucket])..<Int(directory[bucket + 1])
      if range.count > 1 { packed[range].sort() }
    }
    lowBits = packed.map { UInt16(truncatingIfNeeded: $0 >> 32) }
    keys = packed.map { Int32(truncatingIfNeeded: $0) }
    self.directory = directory
  }

  /// The positions in ``keys`` of the keys with `fingerprint`.
  ///
  /// - Complexity: O(log *b*) for a directory bucket of *b* entries.
  @inline(__always)
  func range(of fingerprint: UInt32, shift: UInt32) -> Range<Int> {
    range(of: fingerprint, in: slot(of: fingerprint, shift: shift))
  }

  /// The positions of the directory slot of `fingerprint`: where ``range(of:in:)`` searches.
  /// (Many lookups can read their slots first, so that the reads overlap.)
  ///
  /// - Complexity: O(1).
  @inline(__always)
  func slot(of fingerprint: UInt32, shift: UInt32) -> Range<Int> {
    let bucket = Int(fingerprint >> shift)
    return Int(directory[bucket])..<Int(directory[bucket + 1])
  }

  /// The positions in ``keys`` of the keys with `fingerprint`, in its directory slot `slot`.
  ///
  /// - Complexity: O(log *b*) for a slot of *b* entries.
  @inline(__always)
  func range(of fingerprint: UInt32, in slot: Range<Int>) -> Range<Int> {
    let wanted = UInt16(truncatingIfNeeded: fingerprint)
    var low = slot.lowerBound
    var high = slot.upperBound
    let end = high
    while low < high {
      let middle = (low + high) / 2
      if lowBits[middle] < wanted { low = middle + 1 } else { high = middle }
    }
    // The end of the equal entries: a few steps, then a binary search when there are many
    // (short skeletons name thousands of keys in a large index).
    var upper = low
    while upper < end, upper < low + 8, lowBits[upper] == wanted { upper += 1 }
    guard upper == low + 8 else { return low..<upper }
    high = end
    while upper < high {
      let middle = (upper + high) / 2
      if lowBits[middle] <= wanted { upper = middle + 1 } else { high = middle }
    }
    return low..<upper
  }

  /// The bit a table of two kinds of entries sets in the keys of the second kind (the skeleton
  /// table's deletion variants). Entries of one fingerprint are ordered by key as an unsigned
  /// number, so untagged keys come first.
  static let variantTag = Int32(bitPattern: 0x8000_0000)

  /// The position in `range` (a range of one fingerprint's entries) of the first tagged key,
  /// dividing the untagged keys from the tagged.
  ///
  /// - Complexity: O(log *n*) for a range of *n* entries.
  @inline(__always)
  func split(_ range: Range<Int>) -> Int {
    var low = range.lowerBound
    var high = range.upperBound
    while low < high {
      let middle = (low + high) / 2
      if keys[middle] >= 0 { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// Whether the table is internally consistent and names only keys below `keyCount`
  /// (`tagged`: once ``variantTag`` is cleared): every lookup then stays in bounds. (The
  /// order within a directory slot is not checked: a misordered slot could only hide or add
  /// keys, or count a variant as a key's own skeleton, never read out of bounds; and the
  /// cache's checksum rules it out.)
  ///
  /// - Complexity: O(*n*) in the number of entries, without a branch per entry.
  func isValid(keyCount: Int, tagged: Bool = false) -> Bool {
    let shift = self.shift
    guard lowBits.count == keys.count, directory.count == (1 << (32 - Int(shift))) + 1,
      directory.first == 0, Int(directory.last!) == lowBits.count
    else { return false }
    var descents = 0
    for bucket in 1..<directory.count where directory[bucket - 1] > directory[bucket] {
      descents += 1
    }
    return descents == 0 && Self.allBelow(keys, keyCount, ignoringTag: tagged)
  }

  /// Whether every key (`ignoringTag`: with ``variantTag`` cleared) is in 0..<`count` (one
  /// pass the compiler vectorizes).
  static func allBelow(_ keys: [Int32], _ count: Int, ignoringTag: Bool = false) -> Bool {
    var outside: UInt32 = 0
    let limit = UInt32(clamping: count)
    let mask: UInt32 = ignoringTag ? 0x7FFF_FFFF : 0xFFFF_FFFF
    for key in keys { outside |= UInt32(bitPattern: key) & mask >= limit ? 1 : 0 }
    return outside == 0
  }

  /// The bytes the table holds.
  var bytes: Int { lowBits.count * 6 + directory.count * 4 }

  func write(to writer: inout BinaryWriter) {
    writer.write(block: lowBits)
    writer.write(block: keys)
    writer.write(block: directory)
  }

  init(reading reader: inout BinaryReader) throws(BinaryReaderError) {
    lowBits = try reader.readBlock(of: UInt16.self)
    keys = try reader.readBlock(of: Int32.self)
    directory = try reader.readBlock(of: Int32.self)
  }
}
