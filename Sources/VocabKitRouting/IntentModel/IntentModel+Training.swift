import VocabKitNormalization

extension IntentModel {
  /// A sentence the model learns from: its label and features.
  struct Example: Sendable {
    var label: Int
    var features: IntentFeatures
  }

  /// Stochastic gradient descent on the cross-entropy, examples in a seeded order.
  ///
  /// - Complexity: O(*e* × *n* × *f* × *c*) for *e* epochs, *n* examples of *f* features and
  ///   *c* labels.
  static func train(labels: [Label], examples: [Example], tuning: IntentModelTuning)
    -> IntentModel
  {
    var rows: [UInt64: Int32] = [:]
    var exampleRows: [[Int32]] = []
    exampleRows.reserveCapacity(examples.count)
    for example in examples {
      exampleRows.append(
        example.features.hashes.map { hash in
          if let row = rows[hash] { return row }
          let row = Int32(rows.count)
          rows[hash] = row
          return row
        })
    }
    let count = labels.count
    var weights = [Float](repeating: 0, count: rows.count * count)
    var biases = [Float](repeating: 0, count: count)
    guard count > 1 else {
      return IntentModel(labels: labels, rows: rows, weights: weights, biases: biases)
    }
    var order = Array(examples.indices)
    var random = SplitMix64(seed: tuning.seed)
    var scores = [Double](repeating: 0, count: count)
    let decay = Float(tuning.l2)
    weights.withUnsafeMutableBufferPointer { weights in
      for epoch in 0..<tuning.epochs {
        // Fisher-Yates with our own generator: the same order on every platform.
        for index in stride(from: order.count - 1, to: 0, by: -1) {
          order.swapAt(index, random.next(index + 1))
        }
        let rate = Float(tuning.learningRate / (1 + Double(epoch) * tuning.learningRateDecay))
        for index in order {
          let example = examples[index]
          let exampleRows = exampleRows[index]
          let values = example.features.values
          for label in 0..<count { scores[label] = Double(biases[label]) }
          for (position, row) in exampleRows.enumerated() {
            let value = values[position]
            let base = Int(row) * count
            for label in 0..<count { scores[label] += Double(value * weights[base + label]) }
          }
          let probabilities = softmax(scores)
          for label in 0..<count {
            let gradient = Float(probabilities[label]) - (label == example.label ? 1 : 0)
            biases[label] -= rate * gradient
            scores[label] = Double(gradient)
          }
          for (position, row) in exampleRows.enumerated() {
            let value = values[position]
            let base = Int(row) * count
            for label in 0..<count {
              let weight = weights[base + label]
              weights[base + label] =
                weight - rate * (Float(scores[label]) * value + decay * weight)
            }
          }
        }
      }
    }
    return IntentModel(labels: labels, rows: rows, weights: weights, biases: biases)
  }
}
