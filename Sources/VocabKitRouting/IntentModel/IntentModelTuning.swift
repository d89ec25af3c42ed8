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
  /// Weight decay: keeps one template's rare words from dominating, so that phrasings no
  /// template has ("could you put on …") still find their intent.
  var l2 = 1e-3
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
  /// The seed of the examples' fills and order: the same vocabulary always gives the same
  /// model, and each template's examples depend only on the seed and the template.
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

  /// Paraphrases of a template's verb (``VerbParaphrases``) learned at most, each filled
  /// once: a few synonyms, without outweighing the phrasings the app wrote.
  var paraphrasesPerVerb = 3

  /// Templates filled at least this many times put made-up words in their bound slots in
  /// the last fill: a recognizer mishears names, and the intent must not hang on the name.
  var fillsBeforeMisheardNames = 3
  /// Made-up words in such a slot, at most this many plus one.
  var misheardNameWords = 2
  /// Syllables of made-up words, at most this many plus one each.
  var misheardWordSyllables = 2

  /// A made-up word of consonant-vowel syllables, from `pick` (a random number below its
  /// argument).
  func misheardWord(_ pick: (Int) -> Int) -> String {
    var word = ""
    for _ in 0...pick(misheardWordSyllables) {
      word.append(Self.misheardConsonants[pick(Self.misheardConsonants.count)])
      word.append(Self.misheardVowels[pick(Self.misheardVowels.count)])
    }
    return word
  }
  private static let misheardConsonants = Array("bdgklmnprstvz")
  private static let misheardVowels = Array("aeiou")

  /// Times each of ``SystemRequests`` is learned as out of scope: a few, so that its words
  /// count about as much as a template's filled ``fillsPerTemplate`` times; not more, or the
  /// fifty-odd requests a language outweigh a small app's own examples.
  var systemRequestCopies = 2

  /// Out-of-scope sentences made per example of an average intent: as many as an intent
  /// has, so the class is as strong as any intent, no stronger.
  var outOfScopeShare = 1.0
  /// Frequent words of each language, of which out-of-scope sentences are made (those a
  /// template uses are left out: they are evidence for its intent, not against all).
  var noiseWords: [String: String] = [
    "en": """
    the of and to a in is it you that he was for on are with as his they be at one have this
    from or had by hot word but what some we can out other were all there when up use your
    how said an each she which do their time if will way about many then them write would
    like so these her long make thing see him two has look more day could go come did
    number sound no most people my over know water than first who may down side been now
    find any new work part take get place made live where after back little only round man
    year came show every good me give our under name very through just form sentence great
    think say help low line differ turn cause much mean before move right boy old too same
    tell does set three want air well also small end put home read hand port large spell
    add even land here must big high such follow act why ask men change went light kind off
    need house picture try us again animal point mother world near build self earth father
    """,
    // Words of two or more characters: one character's key is one syllable, and the
    // syllables of names written in characters (亚历克斯, "ya li ke si") would be noise.
    "zh": """
    我们 什么 没有 自己 知道 现在 时候 因为 这个 那个 可以 已经 还是 就是 他们 怎么 觉得 如果 所以
    但是 问题 工作 东西 朋友 今天 天气 一个 这样 那么 真的 孩子 学校 老师 中国 世界 生活 事情 地方
    应该 出来 起来 不是 没什么 一起 一下 一点 还有 喜欢 需要 开始 希望 同学 电脑 手机 新闻
    """,
    "ru": """
    и в не на я что он с как а то все она так его но да ты к у же вы за бы по только ее мне
    было вот от меня еще нет о из ему теперь когда даже ну ли если уже или ни быть был него
    до вас опять уж вам ведь там потом себя ничего ей может они тут где есть надо ней для
    мы тебя их чем была сам без чего раз тоже себе под будет тогда кто этот погода работа
    """,
    "hi": """
    का के की है में और को से एक यह था पर भी नहीं तो हैं कि वह ने हो जो कर इस थे लिए या गया
    कुछ अपने जब हम मैं वे बहुत अब तक साथ क्या होता किया कोई दिन लोग समय काम घर बात मौसम
    """,
    "th": """
    ที่ และ ใน ของ เป็น ไม่ มี ได้ ให้ การ ว่า จะ มา ไป กับ แล้ว คน นี้ ก็ อยู่ ความ ด้วย เรา
    เขา ผม คุณ อะไร ทำ แต่ หรือ ถ้า เมื่อ จาก ยัง ต้อง เพราะ วัน บ้าน งาน อากาศ
    """,
  ]

  static let standard = IntentModelTuning()

  /// How many out-of-scope sentences to make for `examples` examples of `labels` intents.
  func outOfScopeExamples(examples: Int, labels: Int) -> Int {
    Int(Double(examples) / Double(max(labels, 1)) * outOfScopeShare)
  }

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
