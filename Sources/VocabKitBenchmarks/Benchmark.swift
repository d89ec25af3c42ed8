import Foundation
import VocabKitRouting
import VocabKitSupport

/// The suites of `vocab bench`: normalization, matching, loading, routing and scaling speed,
/// and matching accuracy over generated and census-drawn vocabularies (numbers to read, not
/// tests).
///
/// Every suite reports through an `emit` closure, one ``Result`` at a time, so the command
/// can print each as it comes.
package enum Benchmark {
  /// One measured line: a suite's name for what was timed, medians and accuracy.
  package struct Result: Encodable, Sendable {
    package var suite: String
    package var name: String
    package var count: Int
    package var medianMicroseconds: Double
    package var p99Microseconds: Double
    package var top1: Double?
    package var compileSeconds: Double?
    package var indexBytesPerEntry: Double?
    package var microsecondsPerThousandCharacters: Double? = nil
    package var threads: Int? = nil
    package var queriesPerSecond: Double? = nil
    package var singleThreadQueriesPerSecond: Double? = nil

    package init(
      suite: String, name: String, count: Int, medianMicroseconds: Double,
      p99Microseconds: Double, top1: Double? = nil, compileSeconds: Double? = nil,
      indexBytesPerEntry: Double? = nil, microsecondsPerThousandCharacters: Double? = nil,
      threads: Int? = nil, queriesPerSecond: Double? = nil,
      singleThreadQueriesPerSecond: Double? = nil
    ) {
      self.suite = suite
      self.name = name
      self.count = count
      self.medianMicroseconds = medianMicroseconds
      self.p99Microseconds = p99Microseconds
      self.top1 = top1
      self.compileSeconds = compileSeconds
      self.indexBytesPerEntry = indexBytesPerEntry
      self.microsecondsPerThousandCharacters = microsecondsPerThousandCharacters
      self.threads = threads
      self.queriesPerSecond = queriesPerSecond
      self.singleThreadQueriesPerSecond = singleThreadQueriesPerSecond
    }
  }

  /// Receives each result as its suite measures it.
  package typealias Emit = (Result) throws -> Void

  /// A suite that could not run or measured something meaningless; printed as the error.
  package struct Failure: Error, CustomStringConvertible {
    package var description: String

    package init(description: String) { self.description = description }
  }

  /// Median and 99th percentile of samples in microseconds.
  static func summary(_ samples: [Double]) -> (Double, Double) {
    let sorted = samples.sorted()
    guard !sorted.isEmpty else { return (0, 0) }
    return (sorted[sorted.count / 2], sorted[min(sorted.count - 1, sorted.count * 99 / 100)])
  }

  static func time(_ body: () throws -> Void) rethrows -> Double {
    try timed(body).microseconds
  }

  /// The microseconds `body` takes, and its result, released by the caller after the clock
  /// stops (freeing a large vocabulary is not part of loading it).
  static func timed<Value>(_ body: () throws -> Value) rethrows -> (
    microseconds: Double, value: Value
  ) {
    let start = ContinuousClock.now
    let value = try body()
    let elapsed = ContinuousClock.now - start
    let microseconds =
      Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12
    return (microseconds, value)
  }

  /// Fails when a generated vocabulary did not load whole (a plist over the size limit): a
  /// time measured on what is left would be meaningless.
  static func requireNoErrors(_ vocabulary: CompiledVocabulary) throws {
    if let error = vocabulary.registry.diagnostics.first(where: { $0.severity == .error }) {
      throw Failure(description: "the generated vocabulary did not load: \(error)")
    }
  }

  /// A new private directory under the temporary directory (`mkdtemp`): never a path
  /// another user could have planted.
  static func temporaryDirectory(_ prefix: String) throws -> URL {
    var template = Array(
      (FileManager.default.temporaryDirectory.path + "/\(prefix)-XXXXXX").utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    guard made != nil else {
      throw Failure(description: "cannot make a temporary directory: errno \(errno)")
    }
    let path = template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    return URL(fileURLWithPath: String(decoding: path, as: UTF8.self))
  }

  /// Writes `text` to `path` atomically, failing with the path and the reason.
  static func write(_ text: String, to path: String) throws {
    do {
      try AtomicFile.write(text, to: URL(fileURLWithPath: path))
    } catch {
      throw Failure(description: "\(path): cannot write: \(error.reason)")
    }
  }

  /// `value` as one line of JSON with sorted keys, as `--export` files are read by
  /// `Benchmarks/peers.py`.
  static func jsonLine(_ value: [String: String]) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  /// Two decimal places, as the command's tables print scores.
  static func twoDecimals(_ value: Double) -> String { RouteResult.twoDecimals(value) }
}
