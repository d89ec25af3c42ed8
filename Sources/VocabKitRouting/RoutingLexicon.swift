import VocabKitNormalization

/// The router's word lists, as Latin keys of every first-class language: data, not logic.
enum RoutingLexicon {
  /// Words that cost almost nothing as extra tokens: hesitations, politeness, articles.
  static let fillers: Set<String> = [
    "um", "uh", "uhm", "er", "please", "hey", "siri", "ok", "okay", "the", "a", "an", "my",
    "qing", "en", "e", "pozhaluysta", "nu", "kripya", "krupaya", "khrap", "kha", "na",
  ]
  /// The fillers of Thai, whose syllables' Latin keys are often short English words (เทย์ of
  /// เทย์เลอร์, "Taylor", is "the"): a Thai token is a filler only when it is one of these.
  static let thaiFillers: Set<String> = ["khrap", "kha", "na"]

  /// Whether `token` is a filler (``fillers``; ``thaiFillers`` for a Thai token).
  static func isFiller(_ token: Token) -> Bool {
    token.script == .thai
      ? thaiFillers.contains(token.latinKey) : fillers.contains(token.latinKey)
  }

  /// Openings that ask for what follows ("can you tell Anna …", "i want to call Ben"): at
  /// the start of an utterance, after fillers, they cost as little as fillers.
  static let requestOpenings: [[String]] = [
    ["can", "you"], ["could", "you"], ["would", "you"], ["will", "you"], ["i", "want", "to"],
    ["i", "would", "like", "to"], ["id", "like", "to"], ["i", "need", "to"], ["lets"],
    ["go", "ahead", "and"], ["is", "it", "possible", "to"], ["are", "you", "able", "to"],
  ]

  /// The tokens of `tokens` that open it with fillers and request openings, "please can you"
  /// of "please can you call Ben".
  ///
  /// - Complexity: O(*n*) for *n* opening tokens.
  static func opening(_ tokens: [Token]) -> Range<Int> {
    var end = 0
    while end < tokens.count {
      if isFiller(tokens[end]) {
        end += 1
        continue
      }
      guard
        let words = requestOpenings.first(where: { words in
          end + words.count <= tokens.count
            && zip(words, tokens[end...]).allSatisfy { $0 == $1.latinKey }
        })
      else { break }
      end += words.count
    }
    return 0..<end
  }

  /// Words that put an app name in a sentence: "in Taskly", "on Spotify", 用爱奇艺, "в Телеграме".
  static let appCarriers: Set<String> = [
    "in", "on", "using", "with", "via", "through", "from", "yong", "zai", "v", "na", "cherez",
    "par", "mein", "se", "nai", "duai", "dai",
  ]
  /// Verbs that open an app before the request ("open Taskly and add milk …", "use Melody
  /// to play …"): said first, before the app's name, they cost as little as fillers.
  static let appLaunchers: Set<String> = ["open", "launch", "use"]
  /// Words between an app so opened and the request.
  static let appThenRequest: Set<String> = ["and", "then", "to"]
  /// Media type words, as Latin keys: what kind of media is asked for, no title ("play
  /// some songs", "play some music": what the app recommends).
  static let mediaTypes: [String: String] = [
    "song": "song", "track": "song", "album": "album", "playlist": "playlist",
    "songs": "song", "tracks": "song", "albums": "album", "playlists": "playlist",
    "music": "music", "tunes": "music", "podcasts": "podcast", "shows": "show",
    "podcast": "podcast", "show": "show", "series": "show", "ge": "song", "gequ": "song",
    "zhuanji": "album", "gedan": "playlist", "boke": "podcast", "dianshiju": "show",
    "jiemu": "show",
  ]
  /// Particles that only join a qualifier to the title (最新的): part of no title.
  static let qualifierParticles: Set<String> = ["de"]
  /// Media type words of the other scripts, as the normalizer keys them ("песни", "गाने",
  /// "เพลง"), looked up with their script: Cyrillic "трек" is a track, Latin "trek" a title's
  /// word. `MediaWordTests` checks the keys against the normalizer.
  static let scriptedMediaTypes: [(script: Script, text: String, keys: [String], type: String)] =
    [
      (.cyrillic, "песня", ["pesnya"], "song"), (.cyrillic, "песни", ["pesni"], "song"),
      (.cyrillic, "песню", ["pesnyu"], "song"), (.cyrillic, "песен", ["pesen"], "song"),
      (.cyrillic, "трек", ["trek"], "song"), (.cyrillic, "треки", ["treki"], "song"),
      (.cyrillic, "альбом", ["albom"], "album"), (.cyrillic, "плейлист", ["pleylist"], "playlist"),
      (.cyrillic, "музыка", ["muzyka"], "music"), (.cyrillic, "музыку", ["muzyku"], "music"),
      (.cyrillic, "подкаст", ["podkast"], "podcast"), (.cyrillic, "сериал", ["serial"], "show"),
      (.devanagari, "गाना", ["gana"], "song"), (.devanagari, "गाने", ["gane"], "song"),
      (.devanagari, "गीत", ["git"], "song"), (.devanagari, "एल्बम", ["elbam"], "album"),
      (.devanagari, "प्लेलिस्ट", ["plelist"], "playlist"),
      (.devanagari, "संगीत", ["sangit"], "music"), (.thai, "เพลง", ["phleng"], "song"),
      (.thai, "อัลบั้ม", ["anbam"], "album"),
    ]
  /// Particles of the other scripts that join a title to its kind, as 的 does (Hindi
  /// "टेलर स्विफ्ट के गाने", Taylor Swift's songs; Thai "เพลงของ …"): part of no title.
  static let scriptedQualifierParticles: [(script: Script, text: String, keys: [String])] = [
    (.devanagari, "के", ["ke"]), (.devanagari, "का", ["ka"]), (.devanagari, "की", ["ki"]),
    (.thai, "ของ", ["khong"]),
  ]
  /// ``scriptedMediaTypes`` and ``scriptedQualifierParticles`` to look up: the kind a word
  /// names, nil for a particle.
  static let scriptedMediaWords = ScriptedPhrases<String?>(
    scriptedMediaTypes.map { (script: $0.script, keys: $0.keys, value: $0.type) }
      + scriptedQualifierParticles.map { (script: $0.script, keys: $0.keys, value: nil) })

  /// The media type `tokens[index]` names, and whether it is a media word or particle at all.
  static func mediaWord(at index: Int, in tokens: [Token]) -> (isMediaWord: Bool, type: String?) {
    let key = tokens[index].latinKey
    if let type = mediaTypes[key] { return (true, type) }
    if qualifierParticles.contains(key) { return (true, nil) }
    if let (length, type) = scriptedMediaWords.match(at: index, in: tokens), length == 1 {
      return (true, type)
    }
    return (false, nil)
  }
  /// Words before an episode number.
  static let episodeWords: Set<String> = ["episode", "ep", "seriya", "seriyu"]
  /// Words before a season number.
  static let seasonWords: Set<String> = ["season", "sezon"]
  /// Verbs that undo or change what an app's intent makes ("delete my groceries list",
  /// "rename my work list"): an utterance that opens with one goes only to intents whose
  /// templates say it, not to the intent that adds to the list it names.
  static let undoingVerbs: Set<String> = [
    "delete", "remove", "erase", "clear", "cancel", "rename", "undo", "unsubscribe",
  ]
  /// Verbs that undo with "off" said after what they undo ("take milk off my list", "cross
  /// eggs off groceries"): said first with "off" later, they ask to remove.
  static let undoingParticleVerbs: Set<String> = ["take", "cross", "scratch", "strike", "tick"]
  /// Other ways to say "remove", in one word or several ("trash my list", "get rid of the
  /// milk", "check off the bread"; not "check if the oven is off", which asks to see).
  static let undoingPhrases: [[String]] = [
    ["trash"], ["discard"], ["scrap"], ["wipe"], ["throw", "away"], ["throw", "out"],
    ["get", "rid", "of"], ["check", "off"],
  ]
  /// The undoing verb that ``undoingParticleVerbs`` with "off" and ``undoingPhrases`` say.
  static let undoingPhraseVerb = "remove"

  /// How many of `keys`' first words say "remove" another way ("get rid of": 3; "take …
  /// off": 1, the verb), or nil when they do not.
  ///
  /// - Complexity: O(*n*) for *n* keys.
  static func undoingPhraseLength(_ keys: some Collection<String>) -> Int? {
    guard let first = keys.first else { return nil }
    if undoingParticleVerbs.contains(first), keys.dropFirst().contains("off") { return 1 }
    return undoingPhrases.first { $0.elementsEqual(keys.prefix($0.count)) }?.count
  }

  /// The tokens of `tokens` that say "remove" another way, first after the opening
  /// ("please trash my list": "trash"); nil when none do.
  ///
  /// - Complexity: O(*n*) for *n* tokens.
  static func undoingPhrase(_ tokens: [Token]) -> Range<Int>? {
    let start = opening(tokens).upperBound
    guard start < tokens.count, tokens[start].script == .latin,
      let length = undoingPhraseLength(tokens[start...].lazy.map(\.latinKey))
    else { return nil }
    return start..<(start + length)
  }

  /// Verbs that ask to see what an app has ("show me my groceries list", "read my messages
  /// from mom"): an utterance that opens with one goes only to intents that read (whose
  /// templates say one or ask a question), not to the intent that adds to the list or
  /// writes to the person it names. Not "open" or "see": "open deezer and play …", "i want
  /// to see the next episode".
  static let readingVerbs: Set<String> = [
    "show", "read", "check", "view", "display", "look", "review",
  ]
  /// ``undoingVerbs`` and ``readingVerbs`` of the other first-class languages, by script:
  /// a Latin key is another word in another script (Thai อ่าน "read" is "an"). Hindi says
  /// the verb last ("राहुल के संदेश पढ़ो", "read Rahul's messages"); not बताओ "tell", which
  /// sends a message ("राहुल को बताओ कि …").
  static let otherUndoingVerbs: [Script: Set<String>] = [
    .cyrillic: ["udali", "uberi", "otmeni", "ochisti"],
    .han: ["shanchu", "quxiao", "qingkong"],
    .thai: ["lop"],
    .devanagari: ["hatao", "mitao"],
  ]
  /// Not Chinese ones: a Chinese question needs no question word first, so which intents
  /// read is not known from their templates (xSID's "显示附近的电影时间表" finds a film's
  /// showings).
  static let otherReadingVerbs: [Script: Set<String>] = [
    .cyrillic: ["pokazhi", "prochitay", "prochti", "posmotri"],
    .thai: ["saetnga", "du", "an"],
    .devanagari: ["dikhao", "padho", "dekho"],
  ]
  /// Every reading verb, in every script.
  static let allReadingVerbs = readingVerbs.union(otherReadingVerbs.values.joined())
  /// The undoing verbs that remove, in every script: one request said several ways ("clear
  /// my list", "delete my list"), so an intent whose templates say one takes them all. Not
  /// "rename", "undo" or "unsubscribe", which ask for something else.
  static let allRemovingVerbs: Set<String> = [
    "delete", "remove", "erase", "clear", "cancel", "udali", "uberi", "otmeni", "ochisti",
    "shanchu", "quxiao", "qingkong", "lop", "hatao", "mitao",
  ]
  /// The verbs that say which kind of request an utterance is (``undoingVerbs``,
  /// ``readingVerbs``, and theirs in the other languages): said first (last in Hindi), they
  /// admit only intents whose templates say them.
  static let requestKindVerbs = undoingVerbs.union(allReadingVerbs)
    .union(otherUndoingVerbs.values.joined())

  /// The Latin key of the verb of `tokens` that says which kind of request it is, if it has
  /// one: its first word after the opening, or in Hindi its last word.
  ///
  /// - Complexity: O(*n*) for *n* opening tokens.
  static func requestKindVerb(_ tokens: [Token]) -> String? {
    func isKindVerb(_ token: Token) -> Bool {
      if token.script == .latin {
        return undoingVerbs.contains(token.latinKey) || readingVerbs.contains(token.latinKey)
      }
      return otherUndoingVerbs[token.script]?.contains(token.latinKey) == true
        || otherReadingVerbs[token.script]?.contains(token.latinKey) == true
    }
    if undoingPhrase(tokens) != nil { return undoingPhraseVerb }
    let start = opening(tokens).upperBound
    if start < tokens.count, tokens[start].script != .devanagari, isKindVerb(tokens[start]) {
      return tokens[start].latinKey
    }
    if let last = tokens.last, last.script == .devanagari, isKindVerb(last) {
      return last.latinKey
    }
    return nil
  }
  /// How a call or a song is to play, said where an app's name would be ("call maria on
  /// speaker", "play chill vibes on shuffle"): no app that is not installed.
  static let deviceModes: Set<String> = [
    "speaker", "speakerphone", "loudspeaker", "shuffle", "repeat", "loop", "mute", "video",
    "headphones", "bluetooth",
  ]
  /// Free-text parameters of Apple's intents that hold a request said in words (a task, a
  /// message): another intent's words inside them ("remind me to call mom") are their value.
  static let dictationParameters: Set<String> = ["taskTitles", "content"]
  /// Words that say a dictated message follows ("send Ann a text that says …"), not part
  /// of it: a template's "saying" said another way. Russian что ("напиши маме, что я еду")
  /// says it alone; English "that" only before the message's subject (``clauseSubjects``:
  /// "message Ann that i'm late", not "tell him that song was great").
  static let messageQuotatives: [[String]] = [
    ["that", "says"], ["which", "says"], ["that", "reads"], ["that", "said"], ["saying"],
    ["and", "say"], ["to", "say"], ["chto"],
  ]
  /// Fillers that are a dictated message's own words next to it, or alone after the
  /// recipient ("message mom please call me", "text mom ok"); elsewhere, politeness.
  static let messageInterjections: Set<String> = ["ok", "okay", "hey", "please"]
  /// The first words of ``messageQuotatives``: a token that is none opens none.
  static let quotativeOpeners = Set(messageQuotatives.compactMap(\.first))
  /// Subjects that make the "that" before them open a message ("message Ann that i'm
  /// late", "text mom that we landed"), where "tell him that song was great" does not.
  static let clauseSubjects: Set<String> = [
    "i", "im", "ill", "id", "ive", "we", "weve", "you", "youre", "youll",
    "he", "hes", "she", "shes", "they", "theyre", "theyll", "it", "its",
  ]

  /// The length of the quotative that starts at `start` of `keys` (the tokens' Latin keys):
  /// one of ``messageQuotatives``, or "that" before one of ``clauseSubjects``; 0 for none.
  ///
  /// - Complexity: O(*q*) for the *q* quotatives.
  static func quotativeLength(at start: Int, in keys: some RandomAccessCollection<String>)
    -> Int
  {
    let keys = keys.dropFirst(start)
    guard let first = keys.first, quotativeOpeners.contains(first) else { return 0 }
    if let quotative = messageQuotatives.first(where: { keys.starts(with: $0) }) {
      return quotative.count
    }
    let next = keys.dropFirst().first
    return first == "that" && next.map(clauseSubjects.contains) == true ? 1 : 0
  }
  /// Words that put a date, a time or a person in a sentence ("on friday", "for tomorrow",
  /// "with my boss", "в пятницу", "सोमवार को"): a free-text slot that gives up such a value
  /// gives up these beside it too.
  static let valuePrepositions: Set<String> = [
    "on", "for", "at", "in", "by", "since", "until", "till", "from", "of", "during", "with",
    "to", "v", "k", "do", "ko", "tak", "zai", "s", "gen",
  ]
  /// Words that open a question ("what is route 66", "кто это"), in English and Russian,
  /// where a question word comes first (Chinese, Hindi and Thai ones need not).
  static let questionWords: Set<String> = [
    "what", "whats", "who", "whos", "how", "hows", "why", "when", "whens", "where", "wheres",
    "which", "whose", "chto", "kto", "kak", "pochemu", "kogda", "gde", "kakoy", "kakaya",
    // A yes-or-no question ("is milk on my groceries list", "did mom text me"); "is it
    // possible to …" and "are you able to …" are requests (``requestOpenings``), and so is
    // "does netflix have music by …", more often than not.
    "is", "are", "was", "were", "did",
  ]

  /// Whether `tokens` open with a question word (after fillers), not a suggestion ("how
  /// about", "what about").
  ///
  /// - Complexity: O(*n*) for *n* leading fillers.
  static func isQuestion(_ tokens: [Token]) -> Bool {
    var index = 0
    while index < tokens.count, isFiller(tokens[index]) { index += 1 }
    guard index < tokens.count, questionWords.contains(tokens[index].latinKey),
      !requestOpenings.contains(where: { words in
        index + words.count <= tokens.count
          && zip(words, tokens[index...]).allSatisfy { $0 == $1.latinKey }
      })
    else { return false }
    return index + 1 >= tokens.count || tokens[index + 1].latinKey != "about"
  }
}
