import VocabKitNormalization

extension MatchIndex {
  /// Finds entries in an utterance, best first, one match per entry.
  ///
  /// - Parameters:
  ///   - utterance: The prepared utterance; prepare once, query many indexes or types.
  ///   - types: Only entries of these types; nil for all.
  ///   - tokens: Only spans inside these tokens; nil for the whole utterance.
  ///   - limit: The most matches returned.
  ///   - cutoff: Matches scoring below this are not returned (never a fake 0).
  /// - Complexity: O(*t* × *s* + *c* × *m* × *n*): skeleton lookups for *t* tokens of *s*
  ///   skeleton elements, *c* verified keys of *m* symbols and an utterance of *n* symbols;
  ///   plus, only when no match scores 0.8 or more, the second chance's O(*t* × *s*²)
  ///   lookups, gram voting over at most 2,000 postings and wide lookups naming at most 500
  ///   keys (the limits are the matcher's tuning values).
  public func matches(
    in utterance: PreparedUtterance, types: Set<String>? = nil, tokens: Range<Int>? = nil,
    limit: Int = 10, cutoff: Double = 0.5
  ) -> [Match] {
    guard limit > 0 else { return [] }
    let ranked = rankedMatches(
      in: utterance, types: types, tokens: tokens, cutoff: cutoff, readsCarrierTails: true)
    return Self.withoutExplainedAway(ranked, limit: limit).map { match(for: $0, utterance) }
  }

  /// ``matches(in:types:tokens:limit:cutoff:)-(PreparedUtterance,_,_,_,_)``, and beside them
  /// the matches explained away, each with the matches that explained it away. A caller that looks at part of the utterance (a router's slot span) can take back
  /// a match whose explainers all reach outside that part: in "put eggs on my reading list",
  /// the list Reading, explained away by Reading List, is the slot of "on my ${list} list".
  ///
  /// - Complexity: As ``matches(in:types:tokens:limit:cutoff:)-(PreparedUtterance,_,_,_,_)``.
  package func matchesAndExplainedAway(
    in utterance: PreparedUtterance, limit: Int, cutoff: Double
  ) -> (matches: [Match], explainedAway: [(match: Match, explainers: [Match])]) {
    guard limit > 0 else { return ([], []) }
    let ranked = rankedMatches(in: utterance, types: nil, tokens: nil, cutoff: cutoff)
    let (kept, explainedAway) = Self.explainingAway(ranked, limit: limit)
    return (
      kept.map { match(for: $0, utterance) },
      explainedAway.map { inner, explainers in
        (match(for: inner, utterance), explainers.map { match(for: $0, utterance) })
      }
    )
  }

  /// ``matches(in:types:tokens:limit:cutoff:)-(PreparedUtterance,_,_,_,_)`` without its
  /// shortcuts: every word inside a phrase said exactly verified and completed too, and
  /// words completed where nothing surrounds them (crowded words are never completed: the
  /// crowded-word lookups stand in for that). The slow reference of the tests.
  func matchesVerifyingEveryWord(in utterance: PreparedUtterance, limit: Int, cutoff: Double)
    -> [Match]
  {
    let ranked = rankedMatches(
      in: utterance, types: nil, tokens: nil, cutoff: cutoff, takesShortcuts: false,
      readsCarrierTails: true)
    return Self.withoutExplainedAway(ranked, limit: limit).map { match(for: $0, utterance) }
  }

  /// Every entry's preferred match at or above `cutoff`, best first, before explaining away.
  ///
  /// With `readsCarrierTails`, a name ending with a carrier word said once loses
  /// ``MatcherTuning/carrierTailPenalty`` when the index has the name without it (see
  /// ``hasCarrierTail(key:_:symbols:tokens:)``): the matcher alone reads the word as the
  /// sentence's. A router reads it from its templates instead (taking back a match explained
  /// away), so ``matchesAndExplainedAway(in:limit:cutoff:)`` does not.
  ///
  /// One function on purpose: the candidate stages run in order inside one borrowed scratch, and
  /// each reads what the ones before verified; the stages themselves are the `+Lookup`, `+Voting`
  /// and `+Verification` functions it calls.
  private func rankedMatches(
    in utterance: PreparedUtterance, types: Set<String>?, tokens: Range<Int>?, cutoff: Double,
    takesShortcuts: Bool = true, readsCarrierTails: Bool = false
  ) -> [Scored] {
    guard !utterance.symbols.isEmpty, !tables.keyEntry.isEmpty else { return [] }
    var allowedTypes: [Bool]? = nil
    if let types {
      allowedTypes = tables.typeNames.map { types.contains($0) }
      if !allowedTypes!.contains(true) { return [] }
    }
    let window = symbolWindow(utterance, tokens: tokens)
    guard window.count > 0 else { return [] }
    return scratchPool.withScratch { scratch in
      // Each key is verified once; each entry keeps its preferred match (see
      // `isPreferred(_:over:cutoff:)`). Both are tracked in the scratch's small hash tables.
      let verified = scratch.verifiedKeys
      let entryPlaces = scratch.entryPlaces
      // Verification's bit masks for Latin distances (all zero between uses).
      let latinMasks = scratch.lookupSpace.latinMasks
      let latinMemo = scratch.lookupSpace.latinMemo
      latinMemo.pointee = LatinMemo()
      verified.removeAll()
      entryPlaces.removeAll()
      var best = scratch.bestOfEntries
      scratch.bestOfEntries = []
      best.removeAll(keepingCapacity: true)
      var bestScore = -Double.infinity
      // The best score of a match that can end the search early: not a crowded word's phrase
      // found by that word alone while other words are said around it (the word names
      // hundreds of phrases; the words around it may name the one meant).
      var sufficientScore = -Double.infinity
      // Each entry's best whole-phrase score over two or more words that are not common
      // words (or sound like the name: see below), parallel to `best` (-1 for none): of
      // entries tied on one word of their phrases
      // ("allen" of James Allen and of Danny Allen), the one whose whole phrase sounds more
      // like the words around it ("nani allen") ranks first.
      var wholeScores = scratch.wholeScores
      scratch.wholeScores = []
      wholeScores.removeAll(keepingCapacity: true)
      // Words of longer phrases found on their own, for phrase completion.
      var partials = scratch.partials
      scratch.partials = []
      partials.removeAll(keepingCapacity: true)
      // Where whole phrases were said exactly. A word of another phrase strictly inside one
      // of them is neither verified nor completed: the phrase said would explain it away,
      // and a phrase said exactly is as good as lookups get, as in the later stages below.
      // In a directory where thousands of people are called James, "james smith" so
      // verifies James Smith, not every James and every Smith.
      var exactSpans: [Range<Int>] = []
      func isInsideExactPhrase(_ span: Range<Int>) -> Bool {
        takesShortcuts && Self.isStrictlyInside(span, anyOf: exactSpans)
      }
      // Which tokens are the index's carrier words (none in most indexes).
      let carrierTokens =
        carrierWordSet.isEmpty
        ? nil : utterance.tokens.map { carrierWordSet.contains($0.latinKey) }
      // The window's tokens that may name something: neither common nor carrier words.
      let windowNamingTokens = utterance.tokenRange(symbols: window.lowerBound, window.upperBound)
        .count { !utterance.isCommonToken[$0] && carrierTokens?[$0] != true }
      // Where each verified key was aligned, by its place in `verified`.
      var verifiedWindows = scratch.verifiedWindows
      scratch.verifiedWindows = []
      verifiedWindows.removeAll(keepingCapacity: true)
      // Verifies each candidate not verified before; with `widening`, also those verified
      // before in a window too short to hold them (a whole phrase first aligned with only the
      // word that found it) when the new window reaches further.
      // With `soundingExactly`, each candidate's window is a span that sounds exactly like it.
      func verifyEach(
        _ candidates: [(key: Int32, window: Range<Int>)], widening: Bool = false,
        soundingExactly: Bool = false
      ) {
        readAhead(
          candidates.lazy.map(\.key), symbols: !soundingExactly, into: scratch.lookupSpace)
        // Whole phrases first, so that the words inside one said exactly can be skipped.
        for pass in 0..<2 {
          for (key, span) in candidates where isPartial(Int(key)) == (pass == 1) {
            if pass == 1, isInsideExactPhrase(span) { continue }
            verifyOne(key: key, span: span, widening: widening, soundingExactly: soundingExactly)
          }
        }
      }
      // Whether a key verified before in `before` is verified again in `span`: only when
      // widening a window too short to hold it.
      func verifiesAgain(_ key: Int32, before: Range<Int>, in span: Range<Int>) -> Bool {
        before.count < tables.keySymbolLength[Int(key)]
          && (span.lowerBound < before.lowerBound || span.upperBound > before.upperBound)
      }
      func verifyOne(key: Int32, span: Range<Int>, widening: Bool, soundingExactly: Bool) {
        let (place, cell) = verified.find(key)
        if let place {
          let before = verifiedWindows[place]
          guard widening, verifiesAgain(key, before: before, in: span) else { return }
          verifiedWindows[place] =
            min(span.lowerBound, before.lowerBound)..<max(span.upperBound, before.upperBound)
        } else {
          verified.record(key, place: verifiedWindows.count, in: cell)
          verifiedWindows.append(span)
        }
        guard
          let scored = verify(
            key: key, utterance, window: span, soundingExactly: soundingExactly,
            latinMasks: latinMasks, latinMemo: latinMemo, carrierTokens: carrierTokens,
            readsCarrierTails: readsCarrierTails)
        else { return }
        bestScore = max(bestScore, scored.score)
        if !isPartial(Int(key)) || tables.keyFlags[Int(key)] & Self.crowdedFlag == 0
          || scored.namingTokens >= windowNamingTokens
        {
          sufficientScore = max(sufficientScore, scored.score)
        }
        if isPartial(Int(key)) {
          if scored.score >= MatcherTuning.completionScore { partials.append(scored) }
        } else if scored.exact {
          exactSpans.append(scored.start..<scored.end)
        }
        let entry = Int32(tables.keyEntry[Int(key)])
        // A whole phrase found over one naming word says nothing of the words around it
        // ("john" alone holds John Smith as well as John Adams, and "alex on" Alex Chen),
        // unless those common words sound like, and are not, the rest of the name ("mary
        // also" for Mary Olson): a recognizer writes a name it does not know as words it does.
        let whole =
          !isPartial(Int(key))
            && (scored.namingTokens > 1
              || (scored.namingTokens == 1 && !scored.exact
                && scored.score >= MatcherTuning.commonWordsWholePhraseScore
                && utterance.tokenRange(symbols: scored.start, scored.end).count > 1))
          ? scored.score : -1
        let (entryPlace, entryCell) = entryPlaces.find(entry)
        if let entryPlace {
          if Self.isPreferred(scored, over: best[entryPlace], cutoff: cutoff) {
            best[entryPlace] = scored
          }
          wholeScores[entryPlace] = max(wholeScores[entryPlace], whole)
        } else {
          entryPlaces.record(entry, place: best.count, in: entryCell)
          best.append(scored)
          wholeScores.append(whole)
        }
      }
      // Cheap lookups first: spans that sound exactly like a key, then spans within one
      // skeleton edit of one. Only when they find nothing good does the query pay for the
      // second chance (words less two elements, or with a consonant more or changed) and
      // then gram voting (where it is cheap enough), which find keys with more edits; and
      // last, wide lookups: the one-edit lookups that named too many keys to rank the first
      // time (short names in a large vocabulary). The second chance and the wide lookups
      // search command-length windows only.
      let exact = exactCandidates(
        utterance, window: window, allowedTypes: allowedTypes, scratch: &scratch)
      verifyEach(exact, soundingExactly: true)
      verifyEach(
        neighborhoodCandidates(
          utterance, window: window, allowedTypes: allowedTypes,
          exactPhrases: takesShortcuts ? exactSpans : [], scratch: &scratch))
      // A crowded word said exactly: its phrases the exact lookups left out, found by the
      // words beside it, those that can score best verified.
      func verifyCrowded(_ stage: LookupStage) {
        verifyEach(
          closestCompletions(
            crowdedWordCandidates(
              utterance, window: window, exact: exact, allowedTypes: allowedTypes, stage: stage,
              scratch: &scratch, skips: isInsideExactPhrase,
              skipsKey: { verified.find($0).place != nil }),
            utterance, limit: MatcherTuning.maximumCompletions),
          widening: true)
      }
      verifyCrowded(.first)
      // Phrase completion: a word of a longer phrase, found on its own, may be the part of the
      // phrase the recognizer got right, with errors in the other words that kept the whole
      // phrase from the lookups; the whole phrase is verified around it.
      func complete() {
        // A crowded word's phrases come from the crowded-word lookups instead (with or
        // without shortcuts): the exact lookups gave only its first phrases, whatever the
        // words around it.
        let completions = partials.compactMap { partial in
          partial.score >= bestScore - MatcherTuning.completionMargin
            && !isInsideExactPhrase(partial.start..<partial.end)
            && tables.keyFlags[Int(partial.key)] & Self.crowdedFlag == 0
            ? completion(
              of: partial, utterance, window: window, needsOtherWords: takesShortcuts) : nil
        }
        partials.removeAll(keepingCapacity: true)
        guard takesShortcuts else { return verifyEach(completions, widening: true) }
        // Completions verified already take no place among the best.
        let unverified = completions.filter { key, span in
          guard let place = verified.find(key).place else { return true }
          return verifiesAgain(key, before: verifiedWindows[place], in: span)
        }
        verifyEach(
          closestCompletions(unverified, utterance, limit: MatcherTuning.maximumCompletions),
          widening: true)
      }
      complete()
      let windowTokens =
        Int(utterance.tokenOfSymbol[window.upperBound - 1])
        - Int(utterance.tokenOfSymbol[window.lowerBound]) + 1
      let looksDeeper = windowTokens <= MatcherTuning.maximumDeepLookupTokens
      if looksDeeper, sufficientScore < MatcherTuning.lookupSufficientScore {
        verifyEach(
          neighborhoodCandidates(
            utterance, window: window, allowedTypes: allowedTypes, stage: .secondChance,
            scratch: &scratch
          ))
        verifyCrowded(.secondChance)
      }
      if sufficientScore < MatcherTuning.lookupSufficientScore {
        verifyEach(
          candidateKeys(utterance, window: window, allowedTypes: allowedTypes, scratch: &scratch))
      }
      if looksDeeper, sufficientScore < MatcherTuning.lookupSufficientScore {
        verifyEach(
          neighborhoodCandidates(
            utterance, window: window, allowedTypes: allowedTypes, stage: .lastChance,
            scratch: &scratch))
      }
      complete()
      for place in best.indices { best[place].wholePhraseScore = max(0, wholeScores[place]) }
      // The places of the matches kept, with their entries' priorities, read once: in a
      // crowded directory most matches tie on score, and the comparisons would read them
      // again and again. Sorting places, not matches, moves 4 bytes a swap, not 100.
      var places: [Int32] = []
      var priorities = [Int](repeating: 0, count: best.count)
      places.reserveCapacity(best.count)
      for (place, match) in best.enumerated() where match.score >= cutoff {
        places.append(Int32(place))
        priorities[place] = entries[tables.keyEntry[Int(match.key)]].priority
      }
      best.withUnsafeBufferPointer { best in
        priorities.withUnsafeBufferPointer { priorities in
          places.sort { a, b in
            let (first, second) = (best[Int(a)], best[Int(b)])
            if first.score != second.score { return first.score > second.score }
            if first.wholePhraseScore != second.wholePhraseScore {
              return first.wholePhraseScore > second.wholePhraseScore
            }
            if priorities[Int(a)] != priorities[Int(b)] {
              return priorities[Int(a)] < priorities[Int(b)]
            }
            return first.key < second.key
          }
        }
      }
      let ranked = places.map { best[Int($0)] }
      scratch.bestOfEntries = best
      scratch.wholeScores = wholeScores
      scratch.partials = partials
      scratch.verifiedWindows = verifiedWindows
      return ranked
    }
  }

  /// Finds entries in a text; see
  /// ``matches(in:types:tokens:limit:cutoff:)-(PreparedUtterance,_,_,_,_)``.
  public func matches(
    in text: String, types: Set<String>? = nil, limit: Int = 10, cutoff: Double = 0.5
  ) throws(ICUError) -> [Match] {
    matches(
      in: try PreparedUtterance(text, normalizer: normalizer), types: types, limit: limit,
      cutoff: cutoff)
  }

  /// The whole-phrase key of partial key `partial`, found at `scored`, with a window around
  /// it wide enough for the rest of the phrase: as many more symbols as the whole key has,
  /// and two, on each side, widened to whole tokens.
  func completion(
    of scored: Scored, _ utterance: PreparedUtterance, window: Range<Int>,
    needsOtherWords: Bool = true
  ) -> (key: Int32, window: Range<Int>)? {
    let partial = Int(scored.key)
    guard let whole = wholeKey(of: partial),
      let reach = reach(
        ofKey: whole, around: scored.start..<scored.end, found: tables.keySymbolLength[partial],
        utterance, window: window)
    else { return nil }
    let (lower, upper) = (reach.lowerBound, reach.upperBound)
    // A window of no more words than the part found leaves the phrase's other words nowhere
    // to be ("james" said alone, in a directory of a thousand James).
    guard
      !needsOtherWords
        || utterance.tokenRange(symbols: lower, upper)
          != utterance.tokenRange(symbols: scored.start, scored.end)
    else { return nil }
    return (key: Int32(whole), window: lower..<upper)
  }

  /// A window around `span` for whole key `key`, of which `found` symbols were found there:
  /// as many more symbols as the key has beyond them, and two, on each side, widened to whole
  /// tokens and kept inside `window`; nil when nothing of `window` is left.
  func reach(
    ofKey key: Int, around span: Range<Int>, found: Int, _ utterance: PreparedUtterance,
    window: Range<Int>
  ) -> Range<Int>? {
    // A compiled index's whole key is never shorter than its part; a damaged cache's may be.
    let extra = max(0, tables.keySymbolLength[key] - found) + 2
    var lower = max(window.lowerBound, span.lowerBound - extra)
    var upper = min(window.upperBound, span.upperBound + extra)
    guard lower < upper else { return nil }
    while lower > window.lowerBound, !utterance.startsToken[lower] { lower -= 1 }
    while upper < window.upperBound, !utterance.endsToken[upper] { upper += 1 }
    return lower..<upper
  }

  /// Whether `span` lies inside one of `phrases` and is shorter than it.
  static func isStrictlyInside(_ span: Range<Int>, anyOf phrases: [Range<Int>]) -> Bool {
    phrases.contains {
      $0.lowerBound <= span.lowerBound && span.upperBound <= $0.upperBound
        && $0.count > span.count
    }
  }

  /// The symbol positions allowed for spans.
  func symbolWindow(_ utterance: PreparedUtterance, tokens: Range<Int>?) -> Range<Int> {
    guard let tokens else { return 0..<utterance.symbols.count }
    var lower = utterance.symbols.count
    var upper = 0
    for (position, token) in utterance.tokenOfSymbol.enumerated()
    where tokens.contains(Int(token)) {
      lower = min(lower, position)
      upper = max(upper, position + 1)
    }
    return lower < upper ? lower..<upper : 0..<0
  }
}
