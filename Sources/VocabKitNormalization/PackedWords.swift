/// A fixed list of words, looked up by a word's bytes.
///
/// Every token of every utterance is looked up in the common-word and number-word lists, so
/// these lookups are on the hot path of a query. A `Set<String>` hashes each word with
/// SipHash; here a word of at most 16 ASCII bytes is packed into two 64-bit integers and
/// found with one multiplication and a probe or two. Other words (longer, or not ASCII, where
/// `String` equality is canonical equivalence rather than equal bytes) are kept in a
/// dictionary, so every lookup answers exactly as a `Set<String>` would.
package final class PackedWords: Sendable {
  /// One cell of the table: a word's packed bytes, its length (0: an empty cell) and value.
  private struct Cell {
    var low: UInt64 = 0
    var high: UInt64 = 0
    var length: Int32 = 0
    var value: Int32 = 0
  }

  /// Open addressing by linear probing, in a power-of-two table at most half full. (A class,
  /// so that a lookup through a struct that holds the table retains one reference, not every
  /// array of it.)
  private let cells: [Cell]
  private let shift: UInt64
  /// Words that do not pack, with their values.
  private let others: [String: Int32]

  /// The words, each with its place in `words` as its value (a repeated word keeps its first
  /// place).
  ///
  /// - Complexity: O(*n*) for *n* words.
  package init(_ words: [String]) {
    var packable: [(low: UInt64, high: UInt64, count: Int, value: Int32)] = []
    var others: [String: Int32] = [:]
    for (index, word) in words.enumerated() {
      if let packed = Self.pack(word) {
        packable.append((packed.low, packed.high, packed.count, Int32(index)))
      } else if others[word] == nil {
        others[word] = Int32(index)
      }
    }
    var bits = 4
    while 1 << bits < 2 * packable.count { bits += 1 }
    let capacity = 1 << bits
    var cells = [Cell](repeating: Cell(), count: capacity)
    let shift = UInt64(64 - bits)
    for word in packable {
      var cell = Self.cell(word.low, word.high, word.count, shift: shift)
      var repeated = false
      while cells[cell].length != 0 {
        if Int(cells[cell].length) == word.count, cells[cell].low == word.low,
          cells[cell].high == word.high
        {
          repeated = true
          break
        }
        cell = (cell + 1) & (capacity - 1)
      }
      guard !repeated else { continue }
      cells[cell] = Cell(
        low: word.low, high: word.high, length: Int32(word.count), value: word.value)
    }
    self.cells = cells
    self.shift = shift
    self.others = others
  }

  /// The value of `word` (its place in the list the table was made from), or nil when the
  /// list does not have it.
  ///
  /// - Complexity: O(*n*) in the length of `word`, and O(1) expected probes.
  @inline(__always)
  package func index(of word: String) -> Int? {
    guard let packed = Self.pack(word) else { return others[word].map(Int.init) }
    let mask = cells.count - 1
    var cell = Self.cell(packed.low, packed.high, packed.count, shift: shift)
    while cells[cell].length != 0 {
      let found = cells[cell]
      if Int(found.length) == packed.count, found.low == packed.low, found.high == packed.high {
        return Int(found.value)
      }
      cell = (cell + 1) & mask
    }
    return nil
  }

  /// Whether the list has `word`.
  ///
  /// - Complexity: O(*n*) in the length of `word`.
  @inline(__always)
  package func contains(_ word: String) -> Bool { index(of: word) != nil }

  /// The bytes of a word of 1 to 16 ASCII bytes, little-endian in two integers; nil for any
  /// other word.
  @inline(__always)
  static func pack(_ word: String) -> (low: UInt64, high: UInt64, count: Int)? {
    let contiguous = word.utf8.withContiguousStorageIfAvailable { bytes in
      pack(UnsafeRawBufferPointer(bytes))
    }
    if let contiguous { return contiguous }
    return Array(word.utf8).withUnsafeBytes { pack($0) }
  }

  /// ``pack(_:)-(String)`` of UTF-8 bytes.
  @inline(__always)
  static func pack(_ bytes: UnsafeRawBufferPointer) -> (low: UInt64, high: UInt64, count: Int)? {
    let count = bytes.count
    guard count > 0, count <= 16 else { return nil }
    var packed: (UInt64, UInt64) = (0, 0)
    withUnsafeMutableBytes(of: &packed) { $0.copyMemory(from: bytes) }
    let (low, high) = (UInt64(littleEndian: packed.0), UInt64(littleEndian: packed.1))
    guard (low | high) & 0x8080_8080_8080_8080 == 0 else { return nil }
    return (low, high, count)
  }

  /// The first cell to probe for packed bytes.
  @inline(__always)
  private static func cell(_ low: UInt64, _ high: UInt64, _ count: Int, shift: UInt64) -> Int {
    let mixed = (low ^ (high &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(count)) &* 0xBF58_476D_1CE4_E5B9
    return Int(truncatingIfNeeded: (mixed ^ (mixed >> 29)) >> shift)
  }
}
