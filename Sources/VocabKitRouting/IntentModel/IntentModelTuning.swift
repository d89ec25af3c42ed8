/// Every tuning value of the learned intent model, each with what it trades.
struct IntentModelTuning: Sendable {
  /// Filled copies of each template: more values of its slots, at the cost of training time.
  var fillsPerTemplate = 5
  /// Passes over the examples: enough for the loss to settle on vocabularies of a few
  /// thousand examples.
  var epochs = 25
  /// The first pass's step.
  var learningRate = 0.6
  /// How fast the step shrinks with each pass.
  var learningRateDecay = 0.15
  /// Weight decay: keeps rare features from dominating.
  var l2 = 1e-5
  /// Multiply-adds one training may spend (about a second here): every label's weight of
  /// every feature of every example, each pass, counts. The largest committed vocabulary
  /// (SLURP's) needs 115 million; past the budget, training makes fewer passes and then
  /// learns from a sample of the examples each pass, so compiling stays linear in apps.
  var maximumTrainingWork = 300_000_000
  /// Passes kept however large the vocabulary: fewer leave the weights far from settled.
  var minimumEpochs = 5
  /// Filled examples made at most (templates × fills): bounds the memory of training; past
  /// it, each template is filled fewer times, at least once.
  var maximumExamples = 200_000
  /// Weights kept at most (features × labels, 4 bytes each): past it, the rarest features are
  /// dropped, so the model and the cache stay within about 64 MB.
  var maximumWeights = 16_000_000
  /// The training order's seed: the same vocabulary always gives the same model.
  var seed: UInt64 = 0x564F_4341_424B_4954
  /// Vocabulary matches at least this good become slot-class units at query time.
  var slotClassScore = 0.8
  /// Short generic phrases for free-text slots, by language, so a template's words around
  /// a free slot are learned with something between them.
  var freeTextFillers: [String: [String]] = [
    "en": ["tomorrow", "the meeting", "at five", "hello there", "this week", "the report"],
    "zh": ["明天", "会议", "五点", "你好"],
    "ru": ["завтра", "встреча", "привет"],
    "hi": ["कल", "मीटिंग", "नमस्ते"],
    "th": ["พรุ่งนี้", "ประชุม", "สวัสดี"],
  ]

  static let standard = IntentModelTuning()

  /// How many times to fill each of `templates` templates.
  func fills(templates: Int) -> Int {
    guard templates > 0 else { return fillsPerTemplate }
    return max(1, min(fillsPerTemplate, maximumExamples / templates))
  }

  /// Passes and examples a pass within ``maximumTrainingWork``, for `examples` examples
  /// whose passes cost `workPerEpoch` multiply-adds each.
  func schedule(examples: Int, workPerEpoch: Int) -> (epochs: Int, examplesPerEpoch: Int) {
    guard workPerEpoch > 0, workPerEpoch * epochs > maximumTrainingWork else {
      return (epochs, examples)
    }
    let affordable = maximumTrainingWork / workPerEpoch
    if affordable >= minimumEpochs { return (affordable, examples) }
    let share = Double(maximumTrainingWork) / Double(workPerEpoch * minimumEpochs)
    return (minimumEpochs, max(1, Int(Double(examples) * share)))
  }
}
