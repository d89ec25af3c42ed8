import VocabKitMatching
import VocabKitSupport

extension IntentModel {
  /// Writes the model for the compiled cache: labels, feature hashes in row order, weights,
  /// biases and how many rows are the intents' own.
  ///
  /// - Complexity: O(*f* × *c*) for *f* features and *c* labels.
  func write(to writer: inout BinaryWriter) {
    writer.write(labels) { writer, label in
      writer.write(label.app)
      writer.write(label.intent)
    }
    var hashes = [UInt64](repeating: 0, count: rows.count)
    for (hash, row) in rows { hashes[Int(row)] = hash }
    writer.write(block: hashes)
    writer.write(block: weights)
    writer.write(block: biases)
    writer.write(intentRowCount)
  }

  /// Reads a model that ``write(to:)`` wrote, checking every count and value.
  ///
  /// - Complexity: O(*f* × *c*) for *f* features and *c* labels.
  init(reading reader: inout BinaryReader) throws(BinaryReaderError) {
    let labels = try reader.readArray { reader throws(BinaryReaderError) in
      Label(app: try reader.readString(), intent: try reader.readString())
    }
    let hashes = try reader.readBlock(of: UInt64.self)
    let weights = try reader.readBlock(of: Float.self)
    let biases = try reader.readBlock(of: Float.self)
    let intentRowCount = try reader.read(Int32.self)
    let (size, overflow) = hashes.count.multipliedReportingOverflow(by: labels.count)
    guard !overflow, weights.count == size, biases.count == labels.count,
      hashes.count <= Int(Int32.max)
    else {
      throw BinaryReaderError(
        description: "intent model of \(labels.count) intents and \(hashes.count) features "
          + "has \(weights.count) weights and \(biases.count) biases")
    }
    guard (0...Int32(hashes.count)).contains(intentRowCount) else {
      throw BinaryReaderError(
        description: "intent model of \(hashes.count) features says \(intentRowCount) are intents'")
    }
    guard weights.allSatisfy(\.isFinite), biases.allSatisfy(\.isFinite) else {
      throw BinaryReaderError(description: "intent model has a weight that is not a number")
    }
    var rows: [UInt64: Int32] = [:]
    rows.reserveCapacity(hashes.count)
    for (row, hash) in hashes.enumerated() where rows.updateValue(Int32(row), forKey: hash) != nil {
      throw BinaryReaderError(description: "intent model lists feature \(hash) twice")
    }
    self.init(
      labels: labels, rows: rows, weights: weights, biases: biases,
      intentRowCount: intentRowCount)
  }
}
