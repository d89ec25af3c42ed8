import VocabKitMatching
import VocabKitNormalization
import VocabKitVocabulary

/// How a template aligned: its score and the token span of each slot.
struct TemplateAlignment {
  var score: Double
  /// ``score``, or when a free-text slot holds a carrier word of the template that the
  /// alignment did not match, ``score`` with the evidence of the words not said left out:
  /// which of an intent's templates holds the slots. "create a camping list" is "create a
  /// ${title} list" with the title "camping", not "create a list called ${title}" with
  /// "called" unsaid and the title "list".
  var choiceScore: Double
  var slots: [(name: String, span: Range<Int>)]
  /// The span given to `${applicationName}` when no installed app matched it.
  var unknownAppSpan: Range<Int>?
  /// For each token, whether the template accounts for it: a carrier word it matched, or a
  /// vocabulary match or app name inside one of its slots.
  var explained: [Bool]
  /// ``score`` with the bound slots that match no entry costed as names misheard, when every
  /// carrier word was said: what the intent's score weighs, while ``score`` chooses among
  /// an intent's templates (and so its slots).
  var misheardScore: Double
  /// For each token, whether it said one of the template's carrier words, near-exactly
  /// (``RoutingCosts/anchoringWordCost``).
  var carrierTokens: [Bool]
  /// Whether every carrier word was said, near-exactly (``RoutingCosts/anchoringWordCost``).
  var saidEveryWord: Bool
  /// The spans of its free-text slots that hold words.
  var freeSpans: [Range<Int>]
  /// ``score`` with each carrier word said only loosely costed as skipped and its tokens as
  /// extra: how well the template fits on the words it said near-exactly.
  var anchoredScore: Double
  /// Whether its media search holds words and no entry is found in any part of them: a
  /// title the app does not list.
  var mediaSearchNamesNoEntry = false
  /// Whether a word that is neither common nor the template's own was left outside its
  /// slots or said one of its carrier words only loosely: a word that may be a title's.
  var leftTitleWord = false
}

/// A parameter of an app's intent: the key of caches per bound slot.
struct AppParameter: Hashable {
  var app: String
  var parameter: ParameterName
}

/// Per-utterance state: the prepared utterance, app mentions and cached slot matches.
struct RoutingContext {
  let vocabulary: CompiledVocabulary
  let policy: ResolutionPolicy
  let costs = RoutingCosts.standard
  let utterance: PreparedUtterance
  let tokenSymbols: [[UInt8]]
  /// Each token's sound key, then each pair of adjacent tokens' said as one word: every
  /// carrier word is compared with each (see ``costs(ofKey:)``).
  let heardKeys: HeardKeys
  /// Tokens that name an app or are fillers: extra words that cost (almost) nothing.
  let cheapTokens: [Bool]
  let appMatches: [Match]
  /// The utterance with each English possessive keyed as the name it belongs to, and which
  /// tokens those are; nil when it has none (see ``withoutPossessives(_:carrierKeys:)``).
  let possessives: (utterance: PreparedUtterance, tokens: [Bool])?
  /// The app the utterance names, if one is named clearly.
  let namedApp: String?
  /// The tokens that are a word for a family member, with its ``KinshipNames`` group: what
  /// finds a card named by relationship in another script (``kinshipMatches(of:adding:)``).
  let kinshipWords: [(token: Int, group: Int)]
  /// The media qualifier phrases of the whole utterance ("season finale", 大结局), left to
  /// right, and for each token whether it qualifies a media search rather than naming it.
  let qualifierPhrases: [(range: Range<Int>, kind: MediaQualifiers.Kind)]
  let isQualifier: [Bool]
  /// The length of the message quotative ("that says", "saying") that starts at each token,
  /// 0 for none (``RoutingLexicon/messageQuotatives``), and prefix counts of the tokens where
  /// one of one token, or of two, starts: whether a span holds one takes O(1).
  let quotativeLength: [Int]
  let quotativesBefore: (one: [Int32], two: [Int32])
  /// Where the first quotative that words follow starts.
  let firstQuotative: Int?
  /// What each token costs as a word the template does not explain; and the same with
  /// the words from ``firstQuotative`` on at a free-text word's cost, for message templates
  /// with no place for the message (see ``align(_:takingBack:)``).
  let extraCosts: [Double]
  let extraCostsAfterQuotative: [Double]
  /// Prefix counts over tokens, so a span's counts take O(1): tokens that are not cheap, and
  /// tokens that are neither cheap nor qualifiers.
  let notCheapBefore: [Int]
  let notCheapOrQualifierBefore: [Int]
  var slotMatches: [AppParameter: SlotMatches] = [:]
  /// Each shard's matches in the utterance, found at most once.
  var shardMatches: [ObjectIdentifier: SlotMatches] = [:]
  /// Where in ``memoRows`` the costs of each of the vocabulary's carrier keys
  /// (``CompiledVocabulary/carrierKeys``) against each token (first n) and each pair of
  /// adjacent tokens (next n - 1) are, -1 until needed: templates share most carrier words,
  /// so each is compared once an utterance.
  var carrierKeyRows: [Int32]
  /// Where the costs of the merged carrier keys (``CompiledVocabulary/mergedCarrierKeys``)
  /// against each token are: the alignment gives two carrier words one token, never two.
  var mergedKeyRows: [Int32]
  /// The least of each carrier key's costs and of each merged key's (infinity for none),
  /// nil until needed: every template's score bound reads them.
  var leastCarrierKeyCosts: [Double?]
  var leastMergedKeyCosts: [Double?]
  /// Where each slot's costs over every span are, by ``Template/slotIndices`` × 2, plus 1 with
  /// matches taken back; see ``spanCosts(_:app:boundMatches:slot:takingBack:)``.
  var slotCostRows: [Int32]
  /// The rows of costs computed for this utterance. The tables above hold places in it, not
  /// arrays: a vocabulary has thousands of carrier keys and slots and an utterance needs a
  /// few, and a table of arrays would be freed element by element.
  var memoRows: [[Double]] = []
  /// Each slot's least cost, by ``Template/slotIndices``; see ``leastSlotCost(_:in:at:)``.
  var leastSlotCosts: [Double?]

  init(vocabulary: CompiledVocabulary, policy: ResolutionPolicy, utterance: PreparedUtterance) {
    self.vocabulary = vocabulary
    self.policy = policy
    self.utterance = utterance
    tokenSymbols = utterance.tokens.map { PhoneticKey(latinKey: $0.latinKey).symbols }
    heardKeys = HeardKeys(tokens: tokenSymbols)
    possessives = Self.withoutPossessives(utterance, carrierKeys: vocabulary.carrierKeySet)
    carrierKeyRows = Array(repeating: -1, count: vocabulary.carrierKeys.count)
    mergedKeyRows = Array(repeating: -1, count: vocabulary.mergedCarrierKeys.count)
    leastCarrierKeyCosts = Array(repeating: nil, count: vocabulary.carrierKeys.count)
    leastMergedKeyCosts = Array(repeating: nil, count: vocabulary.mergedCarrierKeys.count)
    slotCostRows = Array(repeating: -1, count: 2 * vocabulary.slotCount)
    leastSlotCosts = Array(repeating: nil, count: vocabulary.slotCount)
    let appMatches = vocabulary.appNames.matches(
      in: utterance, limit: costs.appMatchLimit, cutoff: costs.appMatchCutoff)
    self.appMatches = appMatches
    var cheap = utterance.tokens.map(RoutingLexicon.isFiller)
    for index in RoutingLexicon.opening(utterance.tokens) { cheap[index] = true }
    var named: String? = nil
    if let best = appMatches.first, best.score >= costs.namedAppScore {
      let runnerUp = appMatches.dropFirst().first { $0.identifier != best.identifier }
      if runnerUp == nil || best.score - runnerUp!.score > 0.0 {
        named = best.identifier
        for index in best.tokenRange { cheap[index] = true }
        let before = best.tokenRange.lowerBound - 1
        if before >= 0, RoutingLexicon.appCarriers.contains(utterance.tokens[before].latinKey) {
          cheap[before] = true
        }
        let after = best.tokenRange.upperBound
        if after < cheap.count,
          RoutingLexicon.appCarriers.contains(utterance.tokens[after].latinKey)
        {
          cheap[after] = true
        }
        // "open Taskly and add milk to groceries": the app opened first, then the request.
        if before >= 0, RoutingLexicon.appLaunchers.contains(utterance.tokens[before].latinKey),
          cheap[..<before].allSatisfy({ $0 })
        {
          cheap[before] = true
          if after < cheap.count,
            RoutingLexicon.appThenRequest.contains(utterance.tokens[after].latinKey)
          {
            cheap[after] = true
          }
        }
      }
    }
    self.namedApp = named
    kinshipWords = utterance.tokens.indices.compactMap { index in
      KinshipNames.group(of: utterance.tokens[index].folded).map { (index, $0) }
    }
    self.cheapTokens = cheap
    let tokens = utterance.tokens
    qualifierPhrases = vocabulary.mediaQualifiers.find(in: tokens, range: tokens.indices)
    var qualifier = [Bool](repeating: false, count: tokens.count)
    for phrase in qualifierPhrases {
      for index in phrase.range { qualifier[index] = true }
    }
    for index in tokens.indices {
      let key = tokens[index].latinKey
      if RoutingLexicon.mediaWord(at: index, in: tokens).isMediaWord
        || RoutingLexicon.episodeWords.contains(key) || RoutingLexicon.seasonWords.contains(key)
        || tokens[index].number?.counter != nil
      {
        qualifier[index] = true
      }
      if tokens[index].isNumber, index > 0 {
        let previous = tokens[index - 1].latinKey
        if RoutingLexicon.episodeWords.contains(previous)
          || RoutingLexicon.seasonWords.contains(previous)
        {
          qualifier[index] = true
        }
      }
    }
    isQualifier = qualifier
    var notCheap = [0]
    var notCheapOrQualifier = [0]
    for index in tokens.indices {
      notCheap.append(notCheap[index] + (cheap[index] ? 0 : 1))
      notCheapOrQualifier.append(
        notCheapOrQualifier[index] + (cheap[index] || qualifier[index] ? 0 : 1))
    }
    notCheapBefore = notCheap
    notCheapOrQualifierBefore = notCheapOrQualifier
    var lengths = [Int](repeating: 0, count: tokens.count)
    var one: [Int32] = [0]
    var two: [Int32] = [0]
    let keys = tokens.lazy.map(\.latinKey)
    for start in tokens.indices {
      lengths[start] = RoutingLexicon.quotativeLength(at: start, in: keys)
      one.append(one[start] + (lengths[start] == 1 ? 1 : 0))
      two.append(two[start] + (lengths[start] == 2 ? 1 : 0))
    }
    quotativeLength = lengths
    quotativesBefore = (one, two)
    let first = lengths.indices.first { lengths[$0] > 0 && $0 + lengths[$0] < lengths.count }
    firstQuotative = first
    let standard = RoutingCosts.standard
    let extras = cheap.map { $0 ? standard.cheapExtraToken : standard.extraToken }
    extraCosts = extras
    extraCostsAfterQuotative = extras.indices.map {
      $0 >= (first ?? extras.count) ? standard.freeTextWord : extras[$0]
    }
  }

  /// How many tokens of `span` are neither cheap nor, when `qualifiersCount` is false, media
  /// qualifiers: the words a slot value has to account for.
  func countedWords(_ span: Range<Int>, qualifiersCount: Bool) -> Int {
    qualifiersCount
      ? notCheapBefore[span.upperBound] - notCheapBefore[span.lowerBound]
      : notCheapOrQualifierBefore[span.upperBound] - notCheapOrQualifierBefore[span.lowerBound]
  }

  /// The utterance with each English possessive ("mark's", "john’s") that a carrier word of
  /// the templates follows, or that ends the utterance, keyed as the name it belongs to
  /// ("mark"), and which tokens those are; nil when it has none. Vocabulary entries are names,
  /// not their possessives: "reply to mark's email" names Mark. A possessive followed by
  /// other words may be part of a title ("Jamie Robertson's Handover").
  ///
  /// - Complexity: O(*n*) in the length of the utterance.
  static func withoutPossessives(_ utterance: PreparedUtterance, carrierKeys: Set<[UInt8]>)
    -> (utterance: PreparedUtterance, tokens: [Bool])?
  {
    var tokens = utterance.tokens
    var possessive = [Bool](repeating: false, count: tokens.count)
    for index in tokens.indices {
      let token = tokens[index]
      guard token.script == .latin, token.folded.hasSuffix("'s") || token.folded.hasSuffix("’s"),
        token.latinKey.count > 2, token.latinKey.hasSuffix("s")
      else { continue }
      if index + 1 < tokens.count {
        let next = PhoneticKey(latinKey: tokens[index + 1].latinKey).symbols
        guard carrierKeys.contains(next) else { continue }
      }
      tokens[index].latinKey.removeLast()
      tokens[index].folded.removeLast(2)
      possessive[index] = true
    }
    guard possessive.contains(true) else { return nil }
    return (PreparedUtterance(text: utterance.text, tokens: tokens), possessive)
  }
}
