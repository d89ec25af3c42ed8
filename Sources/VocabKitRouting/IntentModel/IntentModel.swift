import Foundation

/// A multinomial logistic regression over (app, intent) classes, learned from the
/// vocabulary's own example phrases when the vocabulary compiles.
///
/// It ranks intents by phrasing the templates do not contain word for word ("could you ring
/// Alex" for "call ${contacts}"), and tells the router which few intents' templates are worth
/// aligning. One more class, ``Label/outOfScope`` (last), learned from sentences of frequent
/// words, takes the probability of utterances that name no intent. Immutable after
/// training; deterministic for a given vocabulary.
struct IntentModel: Sendable {
  /// An (app, intent) pair the model can answer.
  struct Label: Hashable, Sendable, Comparable {
    var app: String
    var intent: String
    static func < (a: Self, b: Self) -> Bool { (a.app, a.intent) < (b.app, b.intent) }
    /// The class of utterances no app serves, learned from sentences of frequent words.
    static let outOfScope = Label(app: "", intent: "")
  }

  let labels: [Label]
  /// Row of each known feature in ``weights``.
  let rows: [UInt64: Int32]
  /// Row-major: `weights[row * labels.count + label]`.
  let weights: [Float]
  let biases: [Float]
  /// Rows below this are features of the intents' own examples; the rest were learned only
  /// from out-of-scope requests, and do not make a word known.
  let intentRowCount: Int32

  init(
    labels: [Label], rows: [UInt64: Int32], weights: [Float], biases: [Float],
    intentRowCount: Int32? = nil
  ) {
    self.labels = labels
    self.rows = rows
    self.weights = weights
    self.biases = biases
    self.intentRowCount = intentRowCount ?? Int32(rows.count)
  }

  /// The probability of each label, in the order of ``labels``.
  ///
  /// - Complexity: O(*f* × *c*) for *f* features and *c* labels.
  func probabilities(_ features: IntentFeatures) -> [Double] {
    var scores = biases.map(Double.init)
    let count = labels.count
    for (hash, value) in zip(features.hashes, features.values) {
      guard let row = rows[hash] else { continue }
      let base = Int(row) * count
      for label in 0..<count {
        scores[label] += Double(value * weights[base + label])
      }
    }
    return Self.softmax(scores)
  }

  /// True when the examples had this word, by spelling or by sound.
  func knows(_ word: IntentWord) -> Bool {
    let unigrams = IntentFeatures.unigrams(of: word)
    return (rows[unigrams.latin] ?? .max) < intentRowCount
      || (rows[unigrams.sound] ?? .max) < intentRowCount
  }

  static func softmax(_ scores: [Double]) -> [Double] {
    guard let top = scores.max() else { return [] }
    let exponentials = scores.map { exp($0 - top) }
    let total = exponentials.reduce(0, +)
    return exponentials.map { $0 / total }
  }
}
