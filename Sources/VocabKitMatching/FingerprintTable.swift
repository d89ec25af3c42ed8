import VocabKitSupport

/// Keys by a 32-bit fingerprint (of a sound skeleton, or of a key's sound symbols for exact
/// lookups), packed four bytes an entry: each entry is one `UInt32` holding the fingerprint's
/// low bits above the key's bits, and a directory on the fingerprint's top bits (a slot for
/// about every four entries up to 2¹⁶ slots, more in tables of many keys: 2¹⁹ slots of about
/// 28 entries at a million entries) says where each slot's entries are. A lookup is one
/// directory read and a binary search within a slot.
///
/// An entry matches a fingerprint when its directory slot and its low bits agree: at least
/// 28 of the fingerprint's 32 bits in a table of up to 2²⁷ keys and at least as many entries
/// (the low bits are those the key leaves free; the directory grows when they are few).
/// Fingerprints that differ only in the bits between share entries, at a rate of at most one
/// in 2²⁸ per entry and lookup, which verification sorts out.
struct FingerprintTable: Sendable {
  /// Each entry's fingerprint's low bits above its key's bits (the key's top bit is
  /// ``variantTag`` in tagged tables), ascending within each directory slot: so ordered by
  /// low bits, then untagged keys, then tagged ones.
  let entries: [UInt32]
  /// Entries whose fingerprint's top bits are *b* are `directory[b]..<directory[b + 1]`.
  let directory: [Int32]
  /// The bits of an entry that hold its key (with its tag).
  let keyBits: UInt32
  /// Whether the keys' top bit is ``variantTag``.
  let tagged: Bool
  /// The mask of an entry's key (with its tag).
  let keyMask: UInt32
  /// The tag bit of an entry's key, or 0 in an untagged table.
  let tagBit: UInt32
  /// The mask of an entry's key without its tag.
  let valueMask: UInt32

  /// The most keys a table can name: 2²⁷, so that at least 4 bits of an entry are
  /// fingerprint (an index of so many keys would need tens of gigabytes of memory).
  static let maximumKeyCount = 1 << 27

  /// The bits that hold keys below `keyCount`, one more when `tagged`.
  static func keyBits(keyCount: Int, tagged: Bool) -> UInt32 {
    precondition(keyCount <= maximumKeyCount, "more than 2^27 keys in one index")
    return UInt32(
      max(1, Int.bitWidth - max(keyCount - 1, 0).leadingZeroBitCount) + (tagged ? 1 : 0))
  }

  /// The number of top bits the directory uses for `count` entries with `keyBits` key bits:
  /// a slot for about every four entries, at most 2¹⁶ slots; or more when the keys leave
  /// fewer than 12 low bits, so that lookups compare at least 28 bits (while there are at
  /// least two entries a slot).
  static func directoryBits(count: Int, keyBits: UInt32) -> Int {
    let bySize = min(16, max(1, Int.bitWidth - (count / 4).leadingZeroBitCount))
    let byPrecision = min(Int(keyBits) - 4, Int.bitWidth - (count / 2).leadingZeroBitCount)
    return max(bySize, byPrecision)
  }

  var shift: UInt32 { UInt32(32 - Self.directoryBits(count: entries.count, keyBits: keyBits)) }

  /// The masks of an entry's key and of its tag bit (0 when untagged) with `keyBits` key
  /// bits (at most 32: the reader clamps them).
  static func masks(keyBits: UInt32, tagged: Bool) -> (key: UInt32, tag: UInt32) {
    let key: UInt32 = keyBits >= 32 ? .max : (1 << keyBits) - 1
    return (key, tagged && keyBits > 0 ? 1 << (keyBits - 1) : 0)
  }

  /// Builds the table from (fingerprint, key) pairs naming keys below `keyCount`; `tagged`
  /// when some keys carry ``variantTag``.
  ///
  /// Pairs are placed by a counting sort on their directory slot, then each slot's few
  /// entries are sorted.
  ///
  /// - Complexity: O(*n* + *b* log *b*) for *n* pairs in slots of at most *b*.
  init(_ pairs: [(fingerprint: UInt32, key: Int32)], keyCount: Int, tagged: Bool = false) {
    let keyBits = Self.keyBits(keyCount: keyCount, tagged: tagged)
    let shift = UInt32(32 - Self.directoryBits(count: pairs.count, keyBits: keyBits))
    let tag: UInt32 = tagged ? 1 << (keyBits - 1) : 0
    precondition(tagged || !pairs.contains { $0.key < 0 }, "a tagged key in an untagged table")
    var directory = [Int32](repeating: 0, count: (1 << (32 - Int(shift))) + 1)
    for pair in pairs { directory[Int(pair.fingerprint >> shift) + 1] += 1 }
    for bucket in 1..<directory.count { directory[bucket] += directory[bucket - 1] }
    var entries = [UInt32](repeating: 0, count: pairs.count)
    var fill = directory
    for pair in pairs {
      let slot = Int(pair.fingerprint >> shift)
      let key = UInt32(bitPattern: pair.key & Int32.max) | (pair.key < 0 ? tag : 0)
      entries[Int(fill[slot])] = pair.fingerprint << keyBits | key
      fill[slot] += 1
    }
    for bucket in 0..<(directory.count - 1) {
      let range = Int(directory[bucket])..<Int(directory[bucket + 1])
      if range.count > 1 { entries[range].sort() }
    }
    self.entries = entries
    self.directory = directory
    self.keyBits = keyBits
    self.tagged = tagged
    (keyMask, tagBit) = Self.masks(keyBits: keyBits, tagged: tagged)
    valueMask = keyMask & ~tagBit
  }

  /// The key of the entry at `position`, without its tag.
  @inline(__always)
  func key(at position: Int) -> Int32 {
    Int32(bitPattern: entries[position] & valueMask)
  }

  /// Whether the key of the entry at `position` carries ``variantTag``.
  @inline(__always)
  func isTagged(at position: Int) -> Bool { entries[position] & tagBit != 0 }

  /// The positions in ``entries`` of the keys with `fingerprint`.
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

  /// The first position in `range` whose entry is at least `value` (entries are ascending
  /// within a directory slot).
  ///
  /// - Complexity: O(log *n*) for a range of *n* entries.
  @inline(__always)
  func firstPosition(notBelow value: UInt32, in range: Range<Int>) -> Int {
    var low = range.lowerBound
    var high = range.upperBound
    while low < high {
      let middle = (low + high) / 2
      if entries[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The positions in ``entries`` of the keys with `fingerprint`, in its directory slot `slot`.
  ///
  /// - Complexity: O(log *b*) for a slot of *b* entries.
  @inline(__always)
  func range(of fingerprint: UInt32, in slot: Range<Int>) -> Range<Int> {
    let first = fingerprint << keyBits
    let low = firstPosition(notBelow: first, in: slot)
    // The end of the equal entries: a few steps, then a binary search when there are many
    // (short skeletons name thousands of keys in a large index).
    let end = slot.upperBound
    let mask = ~keyMask
    var upper = low
    while upper < end, upper < low + 8, entries[upper] & mask == first { upper += 1 }
    guard upper == low + 8 else { return low..<upper }
    let next = first &+ (1 << keyBits)
    // Wrapping past the top means every later entry of the slot has these low bits.
    return low..<(next == 0 ? end : firstPosition(notBelow: next, in: upper..<end))
  }

  /// The bit that marks the keys of the second kind in the pairs a tagged table is built
  /// from (the skeleton table's deletion variants). In the table it becomes the top bit of
  /// the entry's key, so entries of one fingerprint have untagged keys first.
  static let variantTag = Int32(bitPattern: 0x8000_0000)

  /// The position in `range` (a range of one fingerprint's entries) of the first tagged key,
  /// dividing the untagged keys from the tagged.
  ///
  /// - Complexity: O(log *n*) for a range of *n* entries.
  @inline(__always)
  func split(_ range: Range<Int>) -> Int {
    let tagBit = self.tagBit
    var low = range.lowerBound
    var high = range.upperBound
    while low < high {
      let middle = (low + high) / 2
      if entries[middle] & tagBit == 0 { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// Whether the table is internally consistent and names only keys below `keyCount`, with
  /// the key bits and tag such a table is built with: every lookup then stays in bounds.
  /// (The order within a directory slot is not checked: a misordered slot could only hide or
  /// add keys, or count a variant as a key's own skeleton, never read out of bounds; and the
  /// cache's checksum rules it out.)
  ///
  /// - Complexity: O(*n*) in the number of entries, without a branch per entry.
  func isValid(keyCount: Int, tagged: Bool = false) -> Bool {
    guard keyCount >= 0, keyCount <= Self.maximumKeyCount, tagged == self.tagged,
      keyBits == Self.keyBits(keyCount: keyCount, tagged: tagged)
    else { return false }
    let shift = self.shift
    guard directory.count == (1 << (32 - Int(shift))) + 1,
      directory.first == 0, Int(directory.last!) == entries.count
    else { return false }
    var descents = 0
    for bucket in 1..<directory.count where directory[bucket - 1] > directory[bucket] {
      descents += 1
    }
    var outside: UInt32 = 0
    let mask = valueMask
    let limit = UInt32(keyCount)
    for entry in entries { outside |= entry & mask >= limit ? 1 : 0 }
    return descents == 0 && outside == 0
  }

  /// The bytes the table holds.
  var bytes: Int { entries.count * 4 + directory.count * 4 }

  func write(to writer: inout BinaryWriter) {
    writer.write(Int(keyBits))
    writer.write(tagged ? 1 : 0)
    writer.write(block: entries)
    writer.write(block: directory)
  }

  init(reading reader: inout BinaryReader) throws(BinaryReaderError) {
    // Checked by isValid(keyCount:tagged:) against the index's key count.
    keyBits = UInt32(clamping: max(0, min(32, try reader.readInt())))
    tagged = try reader.readInt() != 0
    entries = try reader.readBlock(of: UInt32.self)
    directory = try reader.readBlock(of: Int32.self)
    (keyMask, tagBit) = Self.masks(keyBits: keyBits, tagged: tagged)
    valueMask = keyMask & ~tagBit
  }
}
