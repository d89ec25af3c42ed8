import Foundation
import VocabKitNormalization
import VocabKitSupport

extension IntentModel {
  /// A sentence the model learns from: its label and features.
  struct Example: Sendable {
    var label: Int
    var features: IntentFeatures
  }

  /// Stochastic gradient descent on the cross-entropy, each pass reading the examples in an
  /// order that follows from their own keys and the seed.
  ///
  /// - Complexity: O(*e* × *n* × *f* × *c*) for *e* epochs, *n* examples of *f* features and
  ///   *c* labels, at most ``IntentModelTuning/maximumTrainingWork``, plus O(*e* × *n* log *n*)
  ///   to order the passes and O(*n* × *f*).
  ///
  /// One function on purpose: the epochs' loops run over five raw buffers opened once (weights,
  /// biases, scores, feature rows and values).
  static func train(labels: [Label], examples given: [Example], tuning: IntentModelTuning)
    -> IntentModel
  {
    // The out-of-scope examples last (a stable partition): rows are numbered in order of
    // first use, so the intents' own features are the first rows.
    let outOfScope = labels.firstIndex(of: .outOfScope)
    let examples = given.filter { $0.label != outOfScope } + given.filter { $0.label == outOfScope }
    let count = labels.count
    let kept = keptFeatures(examples: examples, labels: count, tuning: tuning)
    let (rows, featureRows, featureValues, starts) = packed(examples, keeping: kept)
    var weights = [Float](repeating: 0, count: rows.count * count)
    var biases = [Float](repeating: 0, count: count)
    guard count > 1 else {
      return IntentModel(labels: labels, rows: rows, weights: weights, biases: biases)
    }
    let firstOutOfScope = examples.firstIndex { $0.label == outOfScope } ?? examples.count
    let intentRowCount = (featureRows[0..<starts[firstOutOfScope]].max() ?? -1) + 1
    let keys = examples.map { example in
      exampleKey(example, label: labels[example.label], seed: tuning.seed)
    }
    var order = Array(examples.indices)
    var scores = [Double](repeating: 0, count: count)
    let decay = Float(tuning.l2)
    let exampleLabels = examples.map(\.label)
    // Each pass costs every label once per feature and once for the biases of each example.
    let (epochs, examplesPerEpoch) = tuning.schedule(
      examples: examples.count, workPerEpoch: (featureRows.count + examples.count) * count)
    weights.withUnsafeMutableBufferPointer { weights in
      biases.withUnsafeMutableBufferPointer { biases in
        scores.withUnsafeMutableBufferPointer { scores in
          featureRows.withUnsafeBufferPointer { featureRows in
            featureValues.withUnsafeBufferPointer { featureValues in
              for epoch in 0..<epochs {
                // Each example's place in a pass follows from its own key: an example added
                // to the vocabulary moves no other example's place relative to the rest.
                let pass = UInt64(epoch) &* 0x9E37_79B9_7F4A_7C15
                let ranks = keys.map { SplitMix64.mix($0 ^ pass) }
                order.sort { (ranks[$0], $0) < (ranks[$1], $1) }
                let rate = Float(
                  tuning.learningRate / (1 + Double(epoch) * tuning.learningRateDecay))
                for index in order.prefix(examplesPerEpoch) {
                  let features = starts[index]..<starts[index + 1]
                  let target = exampleLabels[index]
                  for label in 0..<count { scores[label] = Double(biases[label]) }
                  for position in features {
                    let value = featureValues[position]
                    let base = Int(featureRows[position]) * count
                    for label in 0..<count {
                      scores[label] += Double(value * weights[base + label])
                    }
                  }
                  softmaxInPlace(scores)
                  for label in 0..<count {
                    let gradient = Float(scores[label]) - (label == target ? 1 : 0)
                    biases[label] -= rate * gradient
                    scores[label] = Double(gradient)
                  }
                  for position in features {
                    let value = featureValues[position]
                    let base = Int(featureRows[position]) * count
                    for label in 0..<count {
                      let weight = weights[base + label]
                      weights[base + label] =
                        weight - rate * (Float(scores[label]) * value + decay * weight)
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
    return IntentModel(
      labels: labels, rows: rows, weights: weights, biases: biases,
      intentRowCount: intentRowCount)
  }

  /// A number that stands for `example` whatever else the model learns: its label's names
  /// and its features.
  static func exampleKey(_ example: Example, label: Label, seed: UInt64) -> UInt64 {
    var hash = Hash64()
    hash.add(seed)
    hash.add(Array(label.app.utf8))
    hash.add(0)
    hash.add(Array(label.intent.utf8))
    for (feature, value) in zip(example.features.hashes, example.features.values) {
      hash.add(feature)
      hash.add(UInt64(value.bitPattern))
    }
    return hash.value
  }

  /// Every example's features end to end: each feature's row (a number for its hash, in
  /// order of first use), its value, and where each example's features start. The training
  /// loop reads them through pointers with plain index loops (also the difference between
  /// minutes and seconds for the test suite's unoptimized builds). Features not in `kept`,
  /// when given, are left out.
  ///
  /// - Complexity: O(*n* × *f*) for *n* examples of *f* features.
  static func packed(_ examples: [Example], keeping kept: Set<UInt64>?) -> (
    rows: [UInt64: Int32], featureRows: [Int32], featureValues: [Float], starts: [Int]
  ) {
    var rows: [UInt64: Int32] = [:]
    var featureRows: [Int32] = []
    var featureValues: [Float] = []
    var starts = [0]
    starts.reserveCapacity(examples.count + 1)
    for example in examples {
      for (hash, value) in zip(example.features.hashes, example.features.values) {
        if let kept, !kept.contains(hash) { continue }
        if let row = rows[hash] {
          featureRows.append(row)
        } else {
          let row = Int32(rows.count)
          rows[hash] = row
          featureRows.append(row)
        }
        featureValues.append(value)
      }
      starts.append(featureRows.count)
    }
    return (rows, featureRows, featureValues, starts)
  }

  /// The features to keep when every feature's weights for every label would pass
  /// ``IntentModelTuning/maximumWeights``: the most frequent ones (ties by hash), or `nil`
  /// to keep them all.
  private static func keptFeatures(examples: [Example], labels: Int, tuning: IntentModelTuning)
    -> Set<UInt64>?
  {
    let occurrences = examples.reduce(0) { $0 + $1.features.hashes.count }
    guard occurrences * labels > tuning.maximumWeights else { return nil }
    var frequency: [UInt64: Int] = [:]
    for example in examples {
      for hash in example.features.hashes { frequency[hash, default: 0] += 1 }
    }
    guard labels > 0, frequency.count * labels > tuning.maximumWeights else { return nil }
    let keep = tuning.maximumWeights / labels
    let ranked = frequency.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
    return Set(ranked.prefix(keep).map(\.key))
  }

  /// ``softmax(_:)`` over a buffer, in place, with the same arithmetic in the same order.
  private static func softmaxInPlace(_ scores: UnsafeMutableBufferPointer<Double>) {
    guard var top = scores.first else { return }
    for index in 1..<scores.count where scores[index] > top { top = scores[index] }
    var total = 0.0
    for index in 0..<scores.count {
      scores[index] = exp(scores[index] - top)
      total += scores[index]
    }
    for index in 0..<scores.count { scores[index] /= total }
  }
}
