/// A growable buffer of plain values that one query fills and the next reuses.
///
/// Hot loops reserve room once and then write through ``base`` without the uniqueness and
/// capacity checks of an `Array` append. Like ``FoundKeys``, a buffer belongs to one query's
/// ``Scratch`` at a time, so it is not shared between threads.
final class ScratchBuffer<Element: BitwiseCopyable> {
  /// The first element; valid up to ``capacity``, and changed by ``reserve(_:)``.
  private(set) var base: UnsafeMutablePointer<Element>
  private(set) var capacity: Int
  /// The elements in use, `base[0..<count]`.
  var count = 0

  /// An empty buffer with room for `capacity` elements.
  init(capacity: Int = 64) {
    self.capacity = max(capacity, 1)
    base = .allocate(capacity: self.capacity)
  }

  deinit { base.deallocate() }

  /// Makes room for at least `total` elements, keeping the first ``count``.
  ///
  /// - Complexity: O(``count``) when it grows, amortized O(1).
  @inline(__always)
  func reserve(_ total: Int) {
    if total > capacity { grow(to: total) }
  }

  /// Appends `element`, growing when full.
  ///
  /// - Complexity: Amortized O(1).
  @inline(__always)
  func append(_ element: Element) {
    if count == capacity { grow(to: count + 1) }
    base[count] = element
    count += 1
  }

  private func grow(to total: Int) {
    let newCapacity = max(total, 2 * capacity)
    let new = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
    new.initialize(from: base, count: count)
    base.deallocate()
    base = new
    capacity = newCapacity
  }
}
