/// A thread-safe cache with a bound on its size: when full it is emptied and refilled.
package final class BoundedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  private let storage = Locked<[Key: Value]>([:])
  private let limit: Int

  package init(limit: Int) { self.limit = limit }

  package func value(for key: Key) -> Value? { storage.withLock { $0[key] } }

  package func store(_ value: Value, for key: Key) {
    storage.withLock { storage in
      if storage.count >= limit { storage.removeAll(keepingCapacity: true) }
      storage[key] = value
    }
  }
}
