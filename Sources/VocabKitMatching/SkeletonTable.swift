/// Sound skeletons: a key's sound classes with each run of vowels reduced to one vowel mark,
/// so "index" and "inbox" are `V n t V k s` and `V n p V k s`, one element apart.
///
/// A ``SkeletonTable`` maps 32-bit fingerprints of skeletons to the keys that have them.
/// The index keeps two: every key's own skeleton, and the one-deletion variants of every
/// whole-phrase skeleton. A span of the utterance whose skeleton is within one insertion,
/// deletion or substitution of a key's shares a fingerprint with it in one of four lookups
/// (span in own, span in variants, variant of span in own, variant in variants), as in
/// SymSpell's symmetric deletion, but over sound classes rather than letters.
enum Skeleton {
  /// The element for vowels; consonant classes are 0..<``MatchIndex/classCount``.
  static let vowel: UInt8 = 22

  /// The skeleton of some sound symbols ("h" and anything without a class is skipped).
  static func elements(_ symbols: some Sequence<UInt8>) -> [UInt8] {
    var result: [UInt8] = []
    for symbol in symbols { append(symbol, to: &result) }
    return result
  }

  /// Appends one symbol's element, merging a vowel into a vowel before it.
  @inline(__always)
  static func append(_ symbol: UInt8, to skeleton: inout [UInt8]) {
    let soundClass = MatchIndex.classIndex[Int(symbol & 0x7F)]
    if soundClass != 255 {
      skeleton.append(soundClass)
    } else if MatchIndex.isVowel(symbol), skeleton.last != vowel {
      skeleton.append(vowel)
    }
  }

  /// The fingerprint of `skeleton` without the elements at `skipping` and `second` (nil:
  /// none), with vowels that the deletions bring together counted once.
  @inline(__always)
  static func fingerprint(
    _ skeleton: UnsafeBufferPointer<UInt8>, skipping: Int? = nil, and second: Int? = nil
  ) -> UInt32 {
    var hash = MatchIndex.hashSeed
    var previous: UInt8 = 255
    for (index, element) in skeleton.enumerated() where index != skipping && index != second {
      if element == vowel, previous == vowel { continue }
      hash = MatchIndex.hash(hash, element)
      previous = element
    }
    return MatchIndex.fold(hash)
  }

  /// The distinct fingerprints of the one-deletion variants of `skeleton`.
  static func deletionFingerprints(_ skeleton: [UInt8]) -> [UInt32] {
    skeleton.withUnsafeBufferPointer { buffer in
      var seen: [UInt32] = []
      for index in buffer.indices {
        let fingerprint = fingerprint(buffer, skipping: index)
        if !seen.contains(fingerprint) { seen.append(fingerprint) }
      }
      return seen
    }
  }
}

/// Keys by skeleton fingerprint, with a directory on the fingerprints' top bits (about one
/// directory slot for every four entries, at most 2¹⁶) and, per entry, only the low 16 bits:
/// a lookup is one directory read and a binary search over a few entries.
///
/// An entry matches a fingerprint when both its directory slot and its low 16 bits agree. With
/// 16 directory bits that is the whole fingerprint; with fewer (small tables), fingerprints
/// that differ only in the bits between can share entries, at a rate of about 4 in 65,536
/// lookups, which verification sorts out.
struct SkeletonTable: Sendable {
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
    // Low 16 bits above the key (keys are non-negative), so integer order is (bits, key).
    var packed = [UInt64](repeating: 0, count: pairs.count)
    var fill = directory
    for pair in pairs {
      let slot = Int(pair.fingerprint >> shift)
      packed[Int(fill[slot])] =
        UInt64(UInt16(truncatingIfNeeded: pair.fingerprint)) << 32 | UInt64(UInt32(pair.key))
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
    let bucket = Int(fingerprint >> shift)
    let wanted = UInt16(truncatingIfNeeded: fingerprint)
    var low = Int(directory[bucket])
    var high = Int(directory[bucket + 1])
    let end = high
    while low < high {
      let middle = (low + high) / 2
      if lowBits[middle] < wanted { low = middle + 1 } else { high = middle }
    }
    var upper = low
    while upper < end, lowBits[upper] == wanted { upper += 1 }
    return low..<upper
  }

  /// Whether the table is internally consistent and names only keys below `keyCount`.
  func isValid(keyCount: Int) -> Bool {
    let shift = self.shift
    guard lowBits.count == keys.count, directory.count == (1 << (32 - Int(shift))) + 1,
      directory.first == 0, Int(directory.last!) == lowBits.count
    else { return false }
    for bucket in 0..<(directory.count - 1) {
      let lower = Int(directory[bucket])
      let upper = Int(directory[bucket + 1])
      guard lower <= upper else { return false }
      for index in stride(from: lower + 1, to: upper, by: 1)
      where lowBits[index - 1] > lowBits[index] {
        return false
      }
    }
    return keys.allSatisfy { $0 >= 0 && Int($0) < keyCount }
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
