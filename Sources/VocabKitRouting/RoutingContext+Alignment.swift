import VocabKitMatching
import VocabKitNormalization
import VocabKitVocabulary

extension RoutingContext {
  /// An upper bound on ``align(_:)``'s score, from each carrier word's cheapest match
  /// anywhere in the utterance and each slot's cheapest span (extra tokens counted as free):
  /// templates whose bound is below the best score found need no alignment.
  ///
  /// - Complexity: O(*k* × *n*) for *k* elements over *n* tokens; the word costs are shared
  ///   with ``align(_:)``.
  ///
  /// With `misheard`, a bound on ``TemplateAlignment/misheardScore`` instead: a bound slot
  /// costs at most what a misheard name costs.
  mutating func alignmentBound(_ template: Template, misheard: Bool = false) -> Double {
    let elements = template.elements
    let keys = template.keyIndices
    // Each word's cheapest cost alone (0 for an element with no key of its own) ...
    func alone(_ e: Int) -> Double {
      let key = keys[e].alone
      return key < 0 ? 0 : min(costs.skippedWord, leastCost(ofKey: key))
    }
    // ... and of it merged with the next word (which covers two elements, so each is charged
    // half). Two words each said somewhere cost nothing alone: merging them can lower neither.
    func merged(_ e: Int) -> Double {
      let key = keys[e].merged
      guard key >= 0, alone(e) > 0 || alone(e + 1) > 0 else { return .infinity }
      return leastMergedCost(ofKey: key) / 2
    }
    var lowest = 0.0
    for e in elements.indices {
      switch elements[e] {
      case .word: lowest += min(alone(e), merged(e), e > 0 ? merged(e - 1) : .infinity)
      case .slot(let name):
        let least = leastSlotCost(name, in: template, at: e)
        lowest += misheard ? min(least, costs.misheardNameSlot) : least
      }
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
  ///
  /// One function on purpose: the dynamic program's cells (a carrier word, a slot, an extra token)
  /// read and write the same rows and back pointers, and the back trace reads them all.
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
      if case .slot(let name) = elements[e] {
        wordCostsOf.append([])
        mergedCostsOf.append([])
        let found = boundMatches(name, of: template, takingBack: takingBack)
        slotMatchesOf.append(found)
        slotCostsOf.append(
          spanCosts(
            name, app: template.app, boundMatches: found, slot: template.slotIndices[e],
            takingBack: takingBack))
        continue
      }
      slotMatchesOf.append(nil)
      slotCostsOf.append([])
      let keys = template.keyIndices[e]
      wordCostsOf.append(costs(ofKey: keys.alone))
      mergedCostsOf.append(keys.merged >= 0 ? mergedCosts(ofKey: keys.merged) : [])
    }
    // A message template with no place for the message leaves the words from a quotative
    // on to be the message (``spottedMessage(of:in:taken:)``): they cost as free text, not
    // as words the template cannot explain, so its recipient is found before them ("send a
    // text to maria that says call mom" is for Maria).
    let extras =
      firstQuotative != nil && template.intent == ParameterName.messageIntent
        && !template.elements.contains(where: {
          if case .slot(let name) = $0 { return name == ParameterName.messageContent }
          return false
        })
      ? extraCostsAfterQuotative : extraCosts
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
        if i < n { relax(from + 1, here + extras[i]) }
        guard e < k else { continue }
        let next = from + width
        switch elements[e] {
        case .word:
          relax(next, here + costs.skippedWord)
          if i < n {
            relax(next + 1, here + wordCostsOf[e][i])
          }
          // Two tokens heard as one carrier word ("some thing") only when neither alone is
          // the word: "saying" does not take the "i" of "saying i am late".
          if i + 1 < n, wordCostsOf[e][i] > 0, wordCostsOf[e][i + 1] > 0 {
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
    var carrierTokens = [Bool](repeating: false, count: n)
    // Free-text slot spans, carrier words not said (or said only loosely), and whether a
    // bound slot found its entry: what anchors the template to the utterance.
    var freeSpans: [Range<Int>] = []
    var wordsMissed = 0
    // The carrier words not said (or said only loosely), by element: read only when a
    // free-text slot holds words (``TemplateAlignment/choiceScore``).
    var missedElements: UInt64 = 0
    var missedBeyond: [Int] = []
    var anchored = false
    var tookBack = false
    // Bound slots over words that match no entry, and what the path paid for them: a name
    // misheard, when every carrier word around them was said.
    var unmatchedSlotCost = 0.0
    var unmatchedSlotWords = 0
    // Whether one of them is a media search: a title the app does not list, still a title.
    var unknownTitle = false
    // Whether that media search names no entry at all, in any part of it.
    var titleNamesNoEntry = false
    // What the carrier words said only loosely would cost skipped, their tokens extra.
    var looseCost = 0.0
    // Whether a word that may be a title's was left outside the slots, or said a carrier
    // word only loosely or not at all ("yanxi" of "play yanxi palace" for "songs by"): not
    // a common word, nor one of the template's own.
    var titleWordLeft = false
    func mayBeTitleWord(_ token: Int) -> Bool {
      let latin = utterance.tokens[token].latinKey
      return !cheapTokens[token] && !utterance.isCommonToken[token]
        && !elements.contains {
          if case .word(_, let word) = $0 { return word == latin }
          return false
        }
    }
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
          for e in previous.0..<position.0 {
            if e < 64 { missedElements |= 1 << UInt64(e) } else { missedBeyond.append(e) }
          }
        }
      }
      if previous.0 == position.0, consumed.contains(where: mayBeTitleWord) {
        titleWordLeft = true
      }
      if previous.0 < position.0, !consumed.isEmpty {
        switch elements[previous.0] {
        case .word:
          let paid = cost[position.0 * width + position.1] - cost[cell]
          if paid < costs.skippedWord {
            for token in consumed { explained[token] = true }
          }
          if paid <= costs.anchoringWordCost {
            for token in consumed { carrierTokens[token] = true }
          } else {
            if consumed.contains(where: mayBeTitleWord) { titleWordLeft = true }
            if paid < costs.skippedWord {
              looseCost += costs.skippedWord + costs.extraToken * Double(consumed.count) - paid
            }
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
          // A name misheard: no entry found in the slot, or one found in only a part of it
          // ("let us hand them" for Letha Sanders holds Eve Hand's "hand").
          let isMedia = name == ParameterName.mediaSearch
          if name != ParameterName.applicationName, slotMatchesOf[previous.0] != nil,
            !found.contains(where: {
              $0.tokenRange.clamped(to: consumed) == $0.tokenRange
                && countedWords($0.tokenRange, qualifiersCount: !isMedia)
                  == countedWords(consumed, qualifiersCount: !isMedia)
            }),
            consumed.contains(where: mayBeMisheardName)
          {
            unmatchedSlotCost += cost[position.0 * width + position.1] - cost[cell]
            unmatchedSlotWords += consumed.count
            if isMedia { unknownTitle = true }
            if isMedia, found.isEmpty { titleNamesNoEntry = true }
          }
          for match in found where match.tokenRange.clamped(to: consumed) == match.tokenRange {
            for token in match.tokenRange { explained[token] = true }
            // Anchoring: the entry's words are all the slot holds ("steve" in "tell me where
            // steve …" does not anchor; its slot holds "me where steve").
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
    var choiceScore = score
    // A few missed words against a few free-text tokens: compared in place, not hashed.
    if missedElements != 0 || !missedBeyond.isEmpty, freeSpans.contains(where: { !$0.isEmpty }) {
      let missed =
        (0..<min(k, 64)).filter { missedElements & (1 << UInt64($0)) != 0 } + missedBeyond
      if freeSpans.contains(where: { span in
        span.contains { token in
          missed.contains { e in
            if case .word(_, let latin) = elements[e] {
              return latin == utterance.tokens[token].latinKey
            }
            return false
          }
        }
      }) {
        let missedEvidence = missed.reduce(0) { $0 + Template.evidence(of: elements[$1]) }
        let evidence = template.evidence(isBound: {
          vocabulary.isBound(app: template.app, parameter: $0)
        })
        choiceScore =
          max(0, 1 - cost[k * width + n] / units)
          * Template.evidenceFactor(max(0, evidence - missedEvidence))
      }
    }
    // A name misheard does not veto a template whose carrier words were all said, one of
    // them more than a common word: its slot costs what a misheard name costs. Nor does a
    // title the app does not list ("play despacito"): a media search is the app's to run.
    var misheardScore = score
    if unmatchedSlotWords > 0, wordsMissed == 0, template.hasNamingCarrierWord || unknownTitle {
      let total =
        cost[k * width + n] - unmatchedSlotCost + costs.misheardName(words: unmatchedSlotWords)
      misheardScore = max(score, max(0, 1 - total / units) * template.evidence)
    }
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
      score: score, choiceScore: choiceScore, slots: slots, unknownAppSpan: unknownAppSpan,
      explained: explained,
      misheardScore: misheardScore, carrierTokens: carrierTokens, saidEveryWord: wordsMissed == 0,
      freeSpans: freeSpans,
      anchoredScore: max(0, 1 - (cost[k * width + n] + looseCost) / units) * template.evidence,
      mediaSearchNamesNoEntry: titleNamesNoEntry,
      leftTitleWord: titleWordLeft)
  }

  /// A slot's cost over every span `i..<j` of at most ``RoutingCosts/longestSlot`` tokens, at
  /// `i × longestSlot + (j - i - 1)`, cached per app, intent and slot (`slot`, one of
  /// ``Template/slotIndices``): templates of an intent share their slots.
  ///
  /// - Complexity: O(*n* × *l* × *m*) for *n* tokens, spans of at most *l* tokens and *m*
  ///   vocabulary matches of the slot.
  mutating func spanCosts(
    _ name: String, app: String, boundMatches: SlotMatches?, slot: Int32, takingBack: Bool
  ) -> [Double] {
    let key = 2 * Int(slot) + (takingBack ? 1 : 0)
    if slotCostRows[key] >= 0 { return memoRows[Int(slotCostRows[key])] }
    let n = utterance.tokens.count
    let longest = costs.longestSlot
    var table = [Double](repeating: 0, count: n * longest)
    for i in 0..<n {
      for j in (i + 1)...min(n, i + longest) {
        table[i * longest + j - i - 1] = slotCost(
          name, app: app, boundMatches: boundMatches, span: i..<j)
      }
    }
    slotCostRows[key] = Int32(memoRows.count)
    memoRows.append(table)
    return table
  }

  /// The least slot `name`, element `element` of `template`, costs in any alignment: left
  /// empty, or over its cheapest span (a bound slot that nothing in the utterance matches
  /// costs at least ``RoutingCosts/emptySlot``). ``align(_:takingBack:)`` never charges it
  /// less: taking a match back only lowers a span's cost.
  ///
  /// - Complexity: O(*n* × 64) for *n* tokens, once per slot of an app's intent.
  mutating func leastSlotCost(_ name: String, in template: Template, at element: Int) -> Double {
    let slot = template.slotIndices[element]
    if let known = leastSlotCosts[Int(slot)] { return known }
    let table = spanCosts(
      name, app: template.app, boundMatches: boundMatches(name, of: template, takingBack: true),
      slot: slot, takingBack: true)
    let n = utterance.tokens.count
    let longest = costs.longestSlot
    var least = costs.emptySlot
    for i in 0..<n {
      for j in (i + 1)...min(n, i + longest) { least = min(least, table[i * longest + j - i - 1]) }
    }
    leastSlotCosts[Int(slot)] = least
    return least
  }

  /// The vocabulary matches slot `name` of `template` may hold, with those explained away
  /// when `takingBack`; nil for a free-text slot and the app's name.
  mutating func boundMatches(_ name: String, of template: Template, takingBack: Bool)
    -> SlotMatches?
  {
    let parameter = ParameterName(intent: template.intent, parameter: name)
    guard name != ParameterName.applicationName,
      vocabulary.isBound(app: template.app, parameter: parameter)
    else { return nil }
    var found = matches(app: template.app, parameter: parameter)
    if !takingBack { found.explainedAway = [] }
    return found
  }

  /// Whether token `token` may be part of a misheard name: neither a common word nor a
  /// carrier word of the templates ("music" in "play sixties music" names no artist).
  func mayBeMisheardName(_ token: Int) -> Bool {
    !utterance.isCommonToken[token] && !vocabulary.carrierKeySet.contains(tokenSymbols[token])
  }

  /// The costs of the vocabulary's carrier key `index` (see ``Template/keyIndices``) against
  /// every token and every pair of adjacent tokens, computed once an utterance.
  ///
  /// - Complexity: O(*n* × *l*²) for *n* tokens and keys of at most *l* symbols, much less
  ///   for tokens that share few sounds with the key; O(1) once computed.
  mutating func costs(ofKey index: Int32) -> [Double] {
    let row = carrierKeyRows[Int(index)]
    if row >= 0 { return memoRows[Int(row)] }
    let found = heardKeys.costs(
      of: vocabulary.carrierKeys[Int(index)], minimumSimilarity: costs.minimumWordSimilarity)
    carrierKeyRows[Int(index)] = Int32(memoRows.count)
    memoRows.append(found)
    return found
  }

  /// The least of ``costs(ofKey:)`` (``RoutingCosts/skippedWord`` when there are none),
  /// computed once an utterance.
  mutating func leastCost(ofKey index: Int32) -> Double {
    if let known = leastCarrierKeyCosts[Int(index)] { return known }
    let least = costs(ofKey: index).min() ?? costs.skippedWord
    leastCarrierKeyCosts[Int(index)] = least
    return least
  }

  /// The least of ``mergedCosts(ofKey:)`` (infinity when there are none), computed once an
  /// utterance.
  mutating func leastMergedCost(ofKey index: Int32) -> Double {
    if let known = leastMergedKeyCosts[Int(index)] { return known }
    let least = mergedCosts(ofKey: index).min() ?? .infinity
    leastMergedKeyCosts[Int(index)] = least
    return least
  }

  /// The costs of the vocabulary's merged carrier key `index` (see ``Template/keyIndices``)
  /// against every token, computed once an utterance.
  ///
  /// - Complexity: as ``costs(ofKey:)``, over the tokens alone.
  mutating func mergedCosts(ofKey index: Int32) -> [Double] {
    let row = mergedKeyRows[Int(index)]
    if row >= 0 { return memoRows[Int(row)] }
    let found = heardKeys.costs(
      of: vocabulary.mergedCarrierKeys[Int(index)], minimumSimilarity: costs.minimumWordSimilarity,
      tokensOnly: true)
    mergedKeyRows[Int(index)] = Int32(memoRows.count)
    memoRows.append(found)
    return found
  }

  /// The cost of filling a slot with a span; `boundMatches` are the slot's vocabulary
  /// matches, nil for a free-text slot.
  func slotCost(
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
    // Whom a message goes to ends where its words begin: "send a text to maria that says
    // call mom" is for Maria, whatever names the message says.
    if name == "recipients", holdsQuotative(span) { return .infinity }
    // Media qualifiers ("the latest episode of") are part of no title.
    let isMedia = name == ParameterName.mediaSearch
    let spanWords = countedWords(span, qualifiersCount: !isMedia)
    var best = costs.unmatchedBoundSlot + costs.unmatchedBoundSlotWord * Double(span.count)
    matches.forEach(inside: span) { match in
      let uncovered = spanWords - countedWords(match.tokenRange, qualifiersCount: !isMedia)
      best = min(best, (1 - match.score) + costs.uncoveredSlotWord * Double(uncovered))
    }
    if isMedia, spanWords == 0, span.contains(where: { isQualifier[$0] }) {
      best = min(best, costs.qualifierOnlyMediaSearch)
    }
    return best
  }
}
