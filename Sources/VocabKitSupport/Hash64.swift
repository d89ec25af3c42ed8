/// A 64-bit hash of byte strings, 32 bytes at a step: a fingerprint and checksum, not a
/// defence against deliberate forgery.
///
/// Each eight-byte word is mixed in by xor, a multiplication by an odd constant and an
/// xor-shift, so every input bit reaches every bit of the value within a few words. Long
/// inputs are mixed in four independent lanes (words 0, 1, 2, 3 of each 32 bytes), so the
/// processor overlaps four multiplications, and the lanes are then mixed into the value; the
/// bytes after the last whole word are mixed in one at a time.
package struct Hash64 {
  package private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

  @inline(__always)
  private static func mix(_ state: UInt64, _ word: UInt64) -> UInt64 {
    let product = (state ^ word) &* 0x9e37_79b9_7f4a_7c15
    return product ^ (product >> 29)
  }

  @inline(__always)
  private mutating func mix(_ word: UInt64) { value = Self.mix(value, word) }

  package init() {}

  /// - Complexity: O(*n*) in the number of bytes.
  package mutating func add(_ bytes: UnsafeRawBufferPointer) {
    @inline(__always) func word(_ index: Int) -> UInt64 {
      UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self))
    }
    let blocks = bytes.count / 32
    if blocks > 0 {
      var lanes: (UInt64, UInt64, UInt64, UInt64) = (value, ~value, value &+ 1, ~value &- 1)
      for block in 0..<blocks {
        lanes.0 = Self.mix(lanes.0, word(block * 4))
        lanes.1 = Self.mix(lanes.1, word(block * 4 + 1))
        lanes.2 = Self.mix(lanes.2, word(block * 4 + 2))
        lanes.3 = Self.mix(lanes.3, word(block * 4 + 3))
      }
      mix(lanes.0)
      mix(lanes.1)
      mix(lanes.2)
      mix(lanes.3)
    }
    let words = bytes.count / 8
    for index in (blocks * 4)..<words { mix(word(index)) }
    for offset in (words * 8)..<bytes.count { mix(UInt64(bytes[offset])) }
    mix(UInt64(bytes.count))
  }

  package mutating func add(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { add($0) }
  }

  package mutating func add(_ number: UInt64) {
    mix(number)
  }
}
