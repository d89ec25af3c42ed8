import VocabKitMatching
import VocabKitNormalization
import VocabKitVocabulary

/// How a template aligned: its score and the token span of each slot.
struct TemplateAlignment {
  var score: Double
  var slots: [(name: String, span: Range<Int>)]
  /// The span given to `${applicationName}` when no installed app matched it.
  var unknownAppSpan: Range<Int>?
  /// For each token, whether the template accounts for it: a carrier word it matched, or a
  /// vocabulary match or app name inside one of its slots.
  var explained: [Bool]
}

/// A bound slot's vocabulary matches in the utterance: those the matcher kept, best first,
/// and those it explained away that a span may take back, each with the token ranges of its
/// explainers.
struct SlotMatches {
  var kept: [Match] = []
  var explainedAway: [(match: Match, explainers: [Range<Int>])] = []

  /// Calls `body` with each match inside `span`, as if the utterance were only `span`: the
  /// kept matches, then the matches explained away only by matches reaching outside it (the list Reading in "on my reading list", explained away by
  /// Reading List over "reading list", when the template's own "list" follows the slot).
  ///
  /// - Complexity: O(*m* + *e* × *x*) for *m* kept matches and *e* explained away by *x*
  ///   explainers each.
  func forEach(inside span: Range<Int>, _ body: (Match) -> Void) {
    for match in kept where match.tokenRange.clamped(to: span) == match.tokenRange {
      body(match)
    }
    for (match, explainers) in explainedAway
    where match.tokenRange.clamped(to: span) == match.tokenRange
      && !explainers.contains(where: { $0.clamped(to: span) == $0 })
    {
      body(match)
    }
  }
}

/// Per-utterance state: the prepared utterance, app mentions and cached slot matches.
struct RoutingContext {
  let vocabulary: CompiledVocabulary
  let policy: ResolutionPolicy
  let costs = RoutingCosts.standard
  let utterance: PreparedUtterance
  let tokenSymbols: [[UInt8]]
  /// Tokens that name an app or are fillers: extra words that cost (almost) nothing.
  let cheapTokens: [Bool]
  let appMatches: [Match]
  /// The app the utterance names, if one is named clearly.
  let namedApp: String?
  /// The media qualifier phrases of the whole utterance ("season finale", 大结局), left to
  /// right, and for each token whether it qualifies a media search rather than naming it.
  let qualifierPhrases: [(range: Range<Int>, kind: MediaQualifiers.Kind)]
  let isQualifier: [Bool]
  /// Prefix counts over tokens, so a span's counts take O(1): tokens that are not cheap, and
  /// tokens that are neither cheap nor qualifiers.
  private let notCheapBefore: [Int]
  private let notCheapOrQualifierBefore: [Int]
  private var slotMatches: [String: SlotMatches] = [:]
  /// Each shard's matches in the utterance, found at most once.
  private var shardMatches: [ObjectIdentifier: SlotMatches] = [:]
  /// Costs of carrier words against each token (first n) and each pair of adjacent tokens
  /// (next n - 1): templates share most carrier words, so each is compared once per
  /// utterance.
  private var wordCosts: [[UInt8]: [Double]] = [:]
  /// Each slot's costs over every span; see ``spanCosts(_:app:intent:boundMatches:takingBack:)``.
  private var slotCostTables: [String: [Double]] = [:]

  static let fillers: Set<String> = [
    "um", "uh", "uhm", "er", "please", "hey", "siri", "ok", "okay", "the", "a", "an", "my",
    "qing", "en", "e", "pozhaluysta", "nu", "kripya", "krupaya", "khrap", "kha", "na",
  ]
  /// Words that put an app name in a sentence: "in Taskly", "on Spotify", 用爱奇艺, "в Телеграме".
  static let appCarriers: Set<String> = [
    "in", "on", "using", "with", "via", "through", "from", "yong", "zai", "v", "na", "cherez",
    "par", "mein", "se", "nai", "duai", "dai",
  ]
  /// Media type words, as Latin keys.
  static let mediaTypes: [String: String] = [
    "song": "song", "track": "song", "album": "album", "playlist": "playlist",
    "podcast": "podcast", "show": "show", "series": "show", "ge": "song", "gequ": "song",
    "zhuanji": "album", "gedan": "playlist", "boke": "podcast", "dianshiju": "show",
    "jiemu": "show",
  ]
  /// Particles that only join a qualifier to the title (最新的): part of no title.
  static let qualifierParticles: Set<String> = ["de"]
  static let episodeWords: Set<String> = ["episode", "ep", "seriya", "seriyu"]
  static let seasonWords: Set<String> = ["season", "sezon"]

  init(vocabulary: CompiledVocabulary, policy: ResolutionPolicy, utterance: PreparedUtterance) {
    self.vocabulary = vocabulary
    self.policy = policy
    self.utterance = utterance
    tokenSymbols = utterance.tokens.map { PhoneticKey(latinKey: $0.latinKey).symbols }
    let appMatches = vocabulary.appNames.matches(
      in: utterance, limit: costs.appMatchLimit, cutoff: costs.appMatchCutoff)
    self.appMatches = appMatches
    var cheap = utterance.tokens.map { Self.fillers.contains($0.latinKey) }
    var named: String? = nil
    if let best = appMatches.first, best.score >= costs.namedAppScore {
      let runnerUp = appMatches.dropFirst().first { $0.identifier != best.identifier }
      if runnerUp == nil || best.score - runnerUp!.score > 0.0 {
        named = best.identifier
        for index in best.tokenRange { cheap[index] = true }
        let before = best.tokenRange.lowerBound - 1
        if before >= 0, Self.appCarriers.contains(utterance.tokens[before].latinKey) {
          cheap[before] = true
        }
        let after = best.tokenRange.upperBound
        if after < cheap.count, Self.appCarriers.contains(utterance.tokens[after].latinKey) {
          cheap[after] = true
        }
      }
    }
    self.namedApp = named
    self.cheapTokens = cheap
    let tokens = utterance.tokens
    qualifierPhrases = vocabulary.mediaQualifiers.find(in: tokens, range: tokens.indices)
    var qualifier = [Bool](repeating: false, count: tokens.count)
    for phrase in qualifierPhrases {
      for index in phrase.range { qualifier[index] = true }
    }
    for index in tokens.indices {
      let key = tokens[index].latinKey
      if Self.qualifierParticles.contains(key) || Self.mediaTypes[key] != nil
        || Self.episodeWords.contains(key) || Self.seasonWords.contains(key)
        || tokens[index].number?.counter != nil
      {
        qualifier[index] = true
      }
      if tokens[index].isNumber, index > 0 {
        let previous = tokens[index - 1].latinKey
        if Self.episodeWords.contains(previous) || Self.seasonWords.contains(previous) {
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
  }

  /// How many tokens of `span` are neither cheap nor, when `qualifiersCount` is false, media
  /// qualifiers: the words a slot value has to account for.
  private func countedWords(_ span: Range<Int>, qualifiersCount: Bool) -> Int {
    qualifiersCount
      ? notCheapBefore[span.upperBound] - notCheapBefore[span.lowerBound]
      : notCheapOrQualifierBefore[span.upperBound] - notCheapOrQualifierBefore[span.lowerBound]
  }

  // MARK: Template alignment

  /// An upper bound on ``align(_:)``'s score, from each carrier word's cheapest match
  /// anywhere in the utterance (slots and extra tokens counted as free): templates whose
  /// bound is below the best score found need no alignment.
  ///
  /// - Complexity: O(*k* × *n*) for *k* elements over *n* tokens; the word costs are shared
  ///   with ``align(_:)``.
  mutating func alignmentBound(_ template: Template) -> Double {
    let elements = template.elements
    // Each word's cheapest cost alone, and of it merged with the next word (which covers two
    // elements, so each is charged half).
    var alone = [Double](repeating: 0, count: elements.count)
    var merged = [Double](repeating: .infinity, count: elements.count)
    for e in elements.indices {
      guard case .word(let symbols, _) = elements[e] else { continue }
      alone[e] = min(costs.skippedWord, costs(of: symbols).min() ?? costs.skippedWord)
      if e + 1 < elements.count, case .word(let next, _) = elements[e + 1] {
        merged[e] = (costs(of: symbols + next).min() ?? .infinity) / 2
      }
    }
    var lowest = 0.0
    for e in elements.indices {
      guard case .word = elements[e] else { continue }
      lowest += min(alone[e], merged[e], e > 0 ? merged[e - 1] : .infinity)
    }
    let units = Double(max(elements.count, 1))
    // A little slack for rounding: the alignment sums the same costs in another order.
    return max(0, 1 - lowest / units) * template.evidence + 1e-9
  }

  /// Aligns a template against the whole utterance by dynamic programming over template
  /// elements and tokens.
  ///
  /// Costs: a carrier word matched to a token costs 1 - their phonetic similarity (1 when
  /// unrelated); a skipped carrier word 1; an extra token 0.5 (0.05 for fillers and app
  /// mentions); a slot costs what ``slotCost(_:app:boundMatches:span:)`` says. The score is 1 -
  /// cost / (carrier words + slots).
  ///
  /// With `takingBack`, a bound slot may hold a match the matcher explained away inside a
  /// longer one (see ``SlotMatches/forEach(inside:_:)``), but only in a template whose carrier
  /// words were all said and whose bound slot found its entry: "put eggs on my reading list"
  /// is Reading in "put … on my ${list} list", while "remove cereal from my shopping list"
  /// gains nothing from "add … to my ${list} list". Otherwise the template is aligned again
  /// without.
  ///
  /// - Complexity: O(*k* × *n* × *s*) for *k* elements, *n* tokens and slots of at most *s*
  ///   tokens, twice when a match taken back is refused.
  mutating func align(_ template: Template, takingBack: Bool = true) -> TemplateAlignment {
    let n = utterance.tokens.count
    let elements = template.elements
    let k = elements.count
    let longest = costs.longestSlot
    let infinity = Double.greatestFiniteMagnitude / 4
    // Cell (e, i), element e and token i, is at e × (n + 1) + i; `back` holds the cell each
    // came from, -1 for none.
    let width = n + 1
    var cost = [Double](repeating: infinity, count: (k + 1) * width)
    var back = [Int](repeating: -1, count: (k + 1) * width)
    cost[0] = 0
    // Each carrier word's costs (and those of it merged with the next word) looked up once
    // per template, not once per cell: the lookups hash the word's symbols.
    var wordCostsOf: [[Double]] = []
    var mergedCostsOf: [[Double]] = []
    // Each bound slot's matches, also looked up once per template, and each slot's cost
    // over every span, shared by the templates that have the slot.
    var slotMatchesOf: [SlotMatches?] = []
    var slotCostsOf: [[Double]] = []
    for e in 0..<k {
      guard case .word(let symbols, _) = elements[e] else {
        wordCostsOf.append([])
        mergedCostsOf.append([])
        if case .slot(let name) = elements[e], name != ParameterName.applicationName {
          let parameter = ParameterName(intent: template.intent, parameter: name)
          if vocabulary.isBound(app: template.app, parameter: parameter) {
            var found = matches(app: template.app, parameter: parameter)
            if !takingBack { found.explainedAway = [] }
            slotMatchesOf.append(found)
          } else {
            slotMatchesOf.append(nil)
          }
        } else {
          slotMatchesOf.append(nil)
        }
        if case .slot(let name) = elements[e] {
          slotCostsOf.append(
            spanCosts(
              name, app: template.app, intent: template.intent, boundMatches: slotMatchesOf[e],
              takingBack: takingBack))
        } else {
          slotCostsOf.append([])
        }
        continue
      }
      slotMatchesOf.append(nil)
      slotCostsOf.append([])
      wordCostsOf.append(costs(of: symbols))
      if e + 1 < k, case .word(let next, _) = elements[e + 1] {
        mergedCostsOf.append(costs(of: symbols + next))
      } else {
        mergedCostsOf.append([])
      }
    }
    for e in 0...k {
      for i in 0...n {
        let from = e * width + i
        let here = cost[from]
        guard here < infinity else { continue }
        func relax(_ cell: Int, _ value: Double) {
          if value < cost[cell] {
            cost[cell] = value
            back[cell] = from
          }
        }
        if i < n { relax(from + 1, here + extraCost(i)) }
        guard e < k else { continue }
        let next = from + width
        switch elements[e] {
        case .word:
          relax(next, here + costs.skippedWord)
          if i < n {
            relax(next + 1, here + wordCostsOf[e][i])
          }
          if i + 1 < n {
            relax(next + 2, here + wordCostsOf[e][n + i])
          }
          if !mergedCostsOf[e].isEmpty, i < n {
            relax(next + width + 1, here + mergedCostsOf[e][i])
          }
        case .slot:
          relax(next, here + costs.emptySlot)
          if i < n {
            slotCostsOf[e].withUnsafeBufferPointer { spans in
              let row = i * longest - i - 1
              for j in (i + 1)...min(n, i + longest) {
                let value = here + spans[row + j]
                if value < cost[next - i + j] {
                  cost[next - i + j] = value
                  back[next - i + j] = from
                }
              }
            }
          }
        }
      }
    }
    // Recover slot spans, and which tokens the template explains: carrier words it matched,
    // and the words of vocabulary matches and app names inside its slots.
    var slots: [(name: String, span: Range<Int>)] = []
    var explained = [Bool](repeating: false, count: n)
    // Free-text slot spans, carrier words not said (or said only loosely), and whether a
    // bound slot found its entry: what anchors the template to the utterance.
    var freeSpans: [Range<Int>] = []
    var wordsMissed = 0
    var anchored = false
    var tookBack = false
    var position = (k, n)
    while position.0 > 0 || position.1 > 0 {
      let cell = back[position.0 * width + position.1]
      guard cell >= 0 else { break }
      let previous = (cell / width, cell % width)
      let consumed = previous.1..<position.1
      if previous.0 < position.0, case .word = elements[previous.0] {
        if consumed.isEmpty
          || cost[position.0 * width + position.1] - cost[cell] > costs.anchoringWordCost
        {
          wordsMissed += position.0 - previous.0
        }
      }
      if previous.0 < position.0, !consumed.isEmpty {
        switch elements[previous.0] {
        case .word:
          if cost[position.0 * width + position.1] - cost[cell] < costs.skippedWord {
            for token in consumed { explained[token] = true }
          }
        case .slot(let name):
          slots.append((name, consumed))
          // Whether the slot's cost came from a match taken back: the kept matches alone
          // cost more.
          if let bound = slotMatchesOf[previous.0], !bound.explainedAway.isEmpty {
            let step = cost[position.0 * width + position.1] - cost[cell]
            var kept = bound
            kept.explainedAway = []
            if slotCost(name, app: template.app, boundMatches: kept, span: consumed) > step + 1e-9 {
              tookBack = true
            }
          }
          let found =
            name == ParameterName.applicationName
            ? appMatches.filter { $0.score >= costs.knownAppSpanScore }
            : insideSpan(slotMatchesOf[previous.0], consumed).filter { $0.score >= policy.cutoff }
          for match in found where match.tokenRange.clamped(to: consumed) == match.tokenRange {
            for token in match.tokenRange { explained[token] = true }
            // Anchoring: the entry's words are all the slot holds ("steve" in "tell me where
            // steve …" does not anchor; its slot holds "me where steve").
            let isMedia = name == ParameterName.mediaSearch
            if name != ParameterName.applicationName, !match.tokenRange.isEmpty,
              match.score >= costs.anchoringSlotScore,
              countedWords(consumed, qualifiersCount: !isMedia)
                == countedWords(match.tokenRange, qualifiersCount: !isMedia)
            {
              anchored = true
            }
          }
          if name != ParameterName.applicationName, slotMatchesOf[previous.0] == nil {
            freeSpans.append(consumed)
          }
        }
      }
      position = previous
    }
    slots.reverse()
    if tookBack, !(anchored && wordsMissed == 0) {
      return align(template, takingBack: false)
    }
    // A template whose carrier words were all said and whose bound slot found its entry
    // ("tell alex that …") accounts for its free-text slots too: a dictated message's words
    // are what the slot is for, however unknown they are to the model.
    if anchored, wordsMissed == 0 {
      for span in freeSpans {
        for token in span { explained[token] = true }
      }
    }
    let units = Double(max(k, 1))
    let score = max(0, 1 - cost[k * width + n] / units) * template.evidence
    var unknownAppSpan: Range<Int>? = nil
    if let app = slots.first(where: { $0.name == ParameterName.applicationName }),
      !app.span.isEmpty,
      !appMatches.contains(where: {
        $0.tokenRange.overlaps(app.span) && $0.score >= costs.knownAppSpanScore
      })
    {
      unknownAppSpan = app.span
    }
    return TemplateAlignment(
      score: score, slots: slots, unknownAppSpan: unknownAppSpan, explained: explained)
  }

  /// A slot's cost over every span `i..<j` of at most ``RoutingCosts/longestSlot`` tokens, at
  /// `i × longestSlot + (j - i - 1)`, cached per app, intent and slot: templates of an intent
  /// share their slots.
  ///
  /// - Complexity: O(*n* × *l* × *m*) for *n* tokens, spans of at most *l* tokens and *m*
  ///   vocabulary matches of the slot.
  private mutating func spanCosts(
    _ name: String, app: String, intent: String, boundMatches: SlotMatches?, takingBack: Bool
  ) -> [Double] {
    let key = app + "\u{0}" + intent + "\u{0}" + name + (takingBack ? "" : "\u{0}kept")
    if let cached = slotCostTables[key] { return cached }
    let n = utterance.tokens.count
    let longest = costs.longestSlot
    var table = [Double](repeating: 0, count: n * longest)
    for i in 0..<n {
      for j in (i + 1)...min(n, i + longest) {
        table[i * longest + j - i - 1] = slotCost(
          name, app: app, boundMatches: boundMatches, span: i..<j)
      }
    }
    slotCostTables[key] = table
    return table
  }

  private func extraCost(_ token: Int) -> Double {
    cheapTokens[token] ? costs.cheapExtraToken : costs.extraToken
  }

  /// A carrier word's costs against every token and every pair of adjacent tokens, cached.
  private mutating func costs(of word: [UInt8]) -> [Double] {
    if let cached = wordCosts[word] { return cached }
    let n = tokenSymbols.count
    var result = tokenSymbols.map { wordCost(word, $0) }
    if n > 1 {
      for i in 0..<(n - 1) { result.append(wordCost(word, tokenSymbols[i] + tokenSymbols[i + 1])) }
    }
    wordCosts[word] = result
    return result
  }

  private func wordCost(_ word: [UInt8], _ token: [UInt8]) -> Double {
    let similarity = PhoneticKey.similarity(word, token)
    return similarity < costs.minimumWordSimilarity ? 1 : 1 - similarity
  }

  /// The cost of filling a slot with a span; `boundMatches` are the slot's vocabulary
  /// matches, nil for a free-text slot.
  private func slotCost(
    _ name: String, app: String, boundMatches: SlotMatches?, span: Range<Int>
  )
    -> Double
  {
    if name == ParameterName.applicationName {
      let inside = appMatches.filter { $0.tokenRange.clamped(to: span) == $0.tokenRange }
      if let own = inside.first(where: { $0.identifier == app }) {
        return (1 - own.score) + costs.appNameExtraWord * Double(span.count - own.tokenRange.count)
      }
      if !inside.isEmpty { return costs.otherAppName }
      return costs.unknownAppName + costs.unknownAppNameWord * Double(span.count - 1)
    }
    guard let matches = boundMatches else {
      return costs.freeTextWord * Double(min(span.count, costs.freeTextWordsCharged))
        + (countedWords(span, qualifiersCount: true) == 0 ? costs.freeTextOnlyCheap : 0)
    }
    // Media qualifiers ("the latest episode of") are part of no title.
    let isMedia = name == ParameterName.mediaSearch
    let spanWords = countedWords(span, qualifiersCount: !isMedia)
    var best = costs.unmatchedBoundSlot + costs.unmatchedBoundSlotWord * Double(span.count)
    matches.forEach(inside: span) { match in
      let uncovered = spanWords - countedWords(match.tokenRange, qualifiersCount: !isMedia)
      best = min(best, (1 - match.score) + costs.uncoveredSlotWord * Double(uncovered))
    }
    if isMedia, spanWords == 0 {
      best = min(best, costs.qualifierOnlyMediaSearch)
    }
    return best
  }

  mutating func matches(app: String, parameter: ParameterName) -> SlotMatches {
    let key = app + "\u{0}" + parameter.description
    if let cached = slotMatches[key] { return cached }
    var all = SlotMatches()
    for shard in vocabulary.shards(app: app, parameter: parameter) {
      let found = slotMatches(of: shard)
      all.kept += found.kept
      all.explainedAway += found.explainedAway
    }
    all.kept.sort(by: Self.isRankedBefore)
    slotMatches[key] = all
    return all
  }

  /// Best first; equal scores by the entries' priority.
  static func isRankedBefore(_ a: Match, _ b: Match) -> Bool {
    a.score != b.score ? a.score > b.score : a.priority < b.priority
  }

  /// The matches of `slot` inside `span` (see ``SlotMatches/forEach(inside:_:)``), best first.
  func insideSpan(_ slot: SlotMatches?, _ span: Range<Int>) -> [Match] {
    var inside: [Match] = []
    slot?.forEach(inside: span) { inside.append($0) }
    return inside.sorted(by: Self.isRankedBefore)
  }

  /// A shard's matches in the utterance (those the matcher kept), cached.
  mutating func matches(of shard: MatchIndex) -> [Match] {
    slotMatches(of: shard).kept
  }

  /// A shard's matches in the utterance, kept and explained away, cached.
  private mutating func slotMatches(of shard: MatchIndex) -> SlotMatches {
    let identifier = ObjectIdentifier(shard)
    if let cached = shardMatches[identifier] { return cached }
    let found = shard.matchesAndExplainedAway(
      in: utterance, limit: costs.slotMatchLimit,
      cutoff: policy.cutoff * costs.slotMatchCutoffShare)
    // A match explained away may be taken back inside a span only when it is its entry's
    // whole phrase said exactly, as good as every match that explained it away, and those add only
    // common words to it (Reading inside "reading list", where a template can say "list"):
    // otherwise a template could cut a name short ("Hip Hop" of "Old School Hip Hop").
    let restorable = found.explainedAway.compactMap {
      match, explainers -> (match: Match, explainers: [Range<Int>])? in
      let taken =
        match.components.exact && match.components.coverage == 1
        && explainers.allSatisfy { explainer in
          match.score >= explainer.score
            && explainer.tokenRange.allSatisfy {
              match.tokenRange.contains($0) || utterance.isCommonToken[$0]
            }
        }
      return taken ? (match: match, explainers: explainers.map(\.tokenRange)) : nil
    }
    let result = SlotMatches(kept: found.matches, explainedAway: restorable)
    shardMatches[identifier] = result
    return result
  }

  // MARK: The learned model's view

  /// The utterance as the intent model sees it: its words, and its units with every clear
  /// vocabulary span (of `apps`' shards, or of every app) replaced by its class.
  ///
  /// Also says which tokens the model knows (a word of its examples, by spelling or sound, a
  /// filler, or a vocabulary span): utterances about something else ("turn up the
  /// brightness") are mostly unknown words.
  mutating func intentFeatures(apps: String?) -> (features: IntentFeatures, known: [Bool]) {
    let tokens = utterance.tokens
    let words = tokens.indices.map {
      IntentWord(latin: tokens[$0].latinKey, symbols: tokenSymbols[$0])
    }
    let minimum = IntentModelTuning.standard.slotClassScore
    var spans: [(range: Range<Int>, score: Double, name: String)] = []
    for (key, shard) in vocabulary.shardList where apps == nil || apps == key.app {
      for match in matches(of: shard) where match.score >= minimum && !match.tokenRange.isEmpty {
        spans.append((match.tokenRange, match.score, key.source))
      }
    }
    for match in appMatches where match.score >= costs.namedAppScore {
      spans.append((match.tokenRange, match.score, IntentModel.appClass))
    }
    spans.sort {
      if $0.score != $1.score { return $0.score > $1.score }
      if $0.range.count != $1.range.count { return $0.range.count > $1.range.count }
      return ($0.range.lowerBound, $0.name) < ($1.range.lowerBound, $1.name)
    }
    var owner = [Int](repeating: -1, count: tokens.count)
    for (index, span) in spans.enumerated() where span.range.allSatisfy({ owner[$0] < 0 }) {
      for token in span.range { owner[token] = index }
    }
    var units: [IntentUnit] = []
    var known = [Bool](repeating: false, count: tokens.count)
    var token = 0
    while token < tokens.count {
      if owner[token] >= 0 {
        let span = spans[owner[token]]
        units.append(.slot(span.name))
        for index in span.range { known[index] = true }
        token = span.range.upperBound
      } else {
        units.append(.word(tokens[token].latinKey))
        known[token] = cheapTokens[token] || vocabulary.intentModel.knows(words[token])
        token += 1
      }
    }
    return (IntentFeatures(words: words, units: units), known)
  }

  // MARK: Resolution

  mutating func resolve(_ parameter: ParameterName, app: String, span: Range<Int>) -> SlotResult {
    var result = SlotResult(
      name: parameter.parameter, resolution: .needsValue, value: nil, text: nil, start: nil,
      end: nil, isFreeText: false, candidates: [])
    var shown = span
    while shown.count > 1, cheapTokens[shown.lowerBound] { shown = shown.dropFirst() }
    while shown.count > 1, cheapTokens[shown.upperBound - 1] { shown = shown.dropLast() }
    if !span.isEmpty {
      result.text = utterance.text(of: shown)
      let range = utterance.scalarRange(of: shown)
      result.start = range.lowerBound
      result.end = range.upperBound
    }
    guard vocabulary.isBound(app: app, parameter: parameter) else {
      result.isFreeText = true
      if !span.isEmpty {
        result.resolution = .success
        result.value = result.text
      }
      return result
    }
    guard !span.isEmpty else { return result }
    // One match per identifier, inside the span, best first.
    var seen = Set<String>()
    var ranked: [Match] = []
    for match in insideSpan(matches(app: app, parameter: parameter), span) {
      if seen.insert(match.identifier).inserted { ranked.append(match) }
    }
    let resolution = policy.resolve(ranked)
    result.resolution = resolution.outcome
    result.candidates = resolution.matches.map {
      SlotResult.Candidate(identifier: $0.identifier, phrase: $0.phrase, score: $0.score)
    }
    switch resolution {
    case .success(let match), .confirmationRequired(let match):
      result.value = match.identifier
      // The words that named the value, not the words the alignment gave the slot: 打电话给张伟
      // names 张伟, not 给张伟.
      if !match.tokenRange.isEmpty {
        result.text = utterance.text(of: match.tokenRange)
        let range = utterance.scalarRange(of: match.tokenRange)
        result.start = range.lowerBound
        result.end = range.upperBound
      }
    case .unsupported where parameter.parameter == ParameterName.mediaSearch:
      if countedWords(span, qualifiersCount: false) == 0 {
        result.resolution = .notRequired
      }
    default: break
    }
    return result
  }

  /// The app name said in a template's `${applicationName}` slot when no installed app has
  /// it ("play X on Spotify" without Spotify).
  func unknownAppName(_ alignment: TemplateAlignment?) -> String? {
    guard let alignment, alignment.score >= costs.unknownAppMinimumScore,
      let span = alignment.unknownAppSpan,
      span.lowerBound > 0,
      Self.appCarriers.contains(utterance.tokens[span.lowerBound - 1].latinKey)
    else { return nil }
    return utterance.text(of: span)
  }

  // MARK: Media search

  func mediaSearch(span: Range<Int>, resolved: SlotResult) -> MediaSearch {
    var search = MediaSearch(
      title: nil, episode: nil, season: nil, latest: false, finale: false, mediaType: nil,
      isEmpty: true)
    for index in span {
      let token = utterance.tokens[index]
      let key = token.latinKey
      if let type = Self.mediaTypes[key] { search.mediaType = type }
      if let number = token.number {
        let previous = index > span.lowerBound ? utterance.tokens[index - 1].latinKey : ""
        if number.counter == "季" || Self.seasonWords.contains(previous) {
          search.season = number.value
        } else if ["集", "期", "话", "回"].contains(number.counter ?? "")
          || Self.episodeWords.contains(previous)
        {
          search.episode = number.value
        }
      }
    }
    for phrase in qualifierPhrases where phrase.range.overlaps(span) {
      switch phrase.kind {
      case .latest: search.latest = true
      case .finale: search.finale = true
      }
    }
    let titleTokens = span.filter { !isQualifier[$0] && !cheapTokens[$0] }
    if let first = titleTokens.first, let last = titleTokens.last {
      search.title = resolved.candidates.first?.phrase ?? utterance.text(of: first..<last + 1)
      search.isEmpty = false
    }
    return search
  }
}
