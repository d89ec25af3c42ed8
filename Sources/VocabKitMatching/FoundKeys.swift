/// The keys one query's skeleton lookups have found, each with its place in the query's list
/// of found keys.
///
/// An open-addressing table sized by the keys found (about a hundred a query), not by the
/// index: it stays in the fastest cache however large the vocabulary, where a stamp per key
/// of the index costs a cache miss for every key found. Entries are stamped with the query
/// (an epoch), so starting a query clears nothing.
///
/// One query uses a table at a time (``ScratchPool`` hands each query its own), so it is not
/// shared between threads.
final class FoundKeys {
  private var capacity: Int
  private var keys: UnsafeMutablePointer<Int32>
  private var places: UnsafeMutablePointer<Int32>
  private var stamps: UnsafeMutablePointer<UInt32>
  private var epoch: UInt32 = 1
  private var count = 0

  /// An empty table with room for `capacity` cells (a power of two).
  init(capacity: Int = 512) {
    precondition(capacity > 0 && capacity & (capacity - 1) == 0, "capacity is a power of two")
    self.capacity = capacity
    keys = .allocate(capacity: capacity)
    places = .allocate(capacity: capacity)
    stamps = .allocate(capacity: capacity)
    stamps.initialize(repeating: 0, count: capacity)
  }

  deinit {
    keys.deallocate()
    places.deallocate()
    stamps.deallocate()
  }

  /// Forgets every key, for the next query.
  ///
  /// - Complexity: O(1), except once every 2³² queries.
  func removeAll() {
    epoch &+= 1
    if epoch == 0 {  // Wrapped: stale stamps could collide with the new epoch.
      stamps.update(repeating: 0, count: capacity)
      epoch = 1
    }
    count = 0
  }

  /// The cell where `key` is, or the empty cell where it would go.
  @inline(__always)
  private func cell(of key: Int32) -> Int {
    let mask = capacity - 1
    // Fibonacci hashing: keys found together are often neighbors.
    var cell =
      Int(truncatingIfNeeded: (UInt64(UInt32(bitPattern: key)) &* 0x9E37_79B9_7F4A_7C15) >> 32)
      & mask
    while stamps[cell] == epoch, keys[cell] != key { cell = (cell + 1) & mask }
    return cell
  }

  /// The place recorded for `key` in this query, if it was found before, and the cell where
  /// ``record(_:place:in:)`` records it when it was not: one probe for both. Makes room for
  /// one more key first, so the cell stays valid until that record.
  ///
  /// - Complexity: O(1) expected.
  @inline(__always)
  func find(_ key: Int32) -> (place: Int?, cell: Int) {
    if 2 * (count + 1) > capacity { grow() }
    let cell = cell(of: key)
    return (stamps[cell] == epoch ? Int(places[cell]) : nil, cell)
  }

  /// Records `key`, which ``find(_:)`` did not find, at `place`, in the cell `find` gave
  /// (with no other change to the table in between).
  ///
  /// - Complexity: O(1).
  @inline(__always)
  func record(_ key: Int32, place: Int, in cell: Int) {
    keys[cell] = key
    places[cell] = Int32(place)
    stamps[cell] = epoch
    count += 1
  }

  /// Doubles the table, keeping this query's keys.
  private func grow() {
    let (oldCapacity, oldKeys, oldPlaces, oldStamps) = (capacity, keys, places, stamps)
    let oldEpoch = epoch
    capacity *= 2
    keys = .allocate(capacity: capacity)
    places = .allocate(capacity: capacity)
    stamps = .allocate(capacity: capacity)
    stamps.initialize(repeating: 0, count: capacity)
    epoch = 1
    for cell in 0..<oldCapacity where oldStamps[cell] == oldEpoch {
      let new = self.cell(of: oldKeys[cell])
      keys[new] = oldKeys[cell]
      places[new] = oldPlaces[cell]
      stamps[new] = epoch
    }
    oldKeys.deallocate()
    oldPlaces.deallocate()
    oldStamps.deallocate()
  }
}
