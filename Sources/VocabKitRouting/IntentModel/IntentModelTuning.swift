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
}
