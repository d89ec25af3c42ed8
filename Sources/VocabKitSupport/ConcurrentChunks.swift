import Dispatch

/// The values `body` makes for consecutive chunks of `0..<count`, joined in order, with the
/// chunks run on every core (in line when there is only one).
///
/// `body` gets a chunk's range and returns that chunk's values. The first error a chunk
/// throws, in chunk order, is rethrown once every chunk has run.
///
/// - Complexity: the cost of `body` over all chunks, divided among the cores, plus O(*n*) to
///   join *n* values.
package func concurrentChunks<Value: Sendable, Failure: Error>(
  count: Int, chunkSize: Int, _ body: @Sendable (Range<Int>) throws(Failure) -> [Value]
) throws(Failure) -> [Value] {
  let size = max(1, chunkSize)
  let chunks = (count + size - 1) / size
  guard chunks > 1 else { return count == 0 ? [] : try body(0..<count) }
  let results = Locked([Result<[Value], Failure>](repeating: .success([]), count: chunks))
  DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
    let range = (chunk * size)..<min(count, (chunk + 1) * size)
    let result = Result { () throws(Failure) -> [Value] in try body(range) }
    results.withLock { $0[chunk] = result }
  }
  var joined: [Value] = []
  joined.reserveCapacity(count)
  for result in results.withLock({ $0 }) { joined += try result.get() }
  return joined
}
