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
  ///   plus, only when nothing scores ``lookupSufficientScore``, the second chance's
  ///   O(*t* × *s*²) lookups, gram voting over at most ``maximumFallbackPostings`` postings
  ///   and wide lookups naming at most 500 keys.
  public func matches(
    in utterance: PreparedUtterance, types: Set<String>? = nil, tokens: Range<Int>? = nil,
    limit: Int = 10, cutoff: Double = 0.5
  ) -> [Match] {
    guard !utterance.symbols.isEmpty, !keyEntry.isEmpty, limit > 0 else { return [] }
    var allowedTypes: [Bool]? = nil
    if let types {
      allowedTypes = typeNames.map { types.contains($0) }
      if !allowedTypes!.contains(true) { return [] }
    }
    let window = symbolWindow(utterance, tokens: tokens)
    guard window.count > 0 else { return [] }
    let ranked = scratchPool.withScratch { scratch in
      // Each key is verified once; each entry keeps its preferred match (see
      // `isPreferred(_:over:cutoff:)`). Both are tracked in the scratch's small hash tables.
      let verified = scratch.verifiedKeys
      let entryPlaces = scratch.entryPlaces
      // Verification's bit masks for Latin distances (all zero between uses).
      let latinMasks = scratch.lookupSpace.latinMasks
      verified.removeAll()
      entryPlaces.removeAll()
      var best = scratch.bestOfEntries
      scratch.bestOfEntries = []
      best.removeAll(keepingCapacity: true)
      var bestScore = -Double.infinity
      // Words of longer phrases found on their own, for phrase completion.
      var partials: [Scored] = []
      // Where each verified key was aligned, by its place in `verified`.
      var verifiedWindows: [Range<Int>] = []
      // Verifies each candidate not verified before; with `widening`, also those verified
      // before in a window too short to hold them (a whole phrase first aligned with only the
      // word that found it) when the new window reaches further.
      // With `soundingExactly`, each candidate's window is a span that sounds exactly like it.
      func verifyEach(
        _ candidates: [(key: Int32, window: Range<Int>)], widening: Bool = false,
        soundingExactly: Bool = false
      ) {
        for (key, span) in candidates {
          let (place, cell) = verified.find(key)
          if let place {
            let before = verifiedWindows[place]
            let keyLength = keySymbolLength[Int(key)]
            guard widening, before.count < keyLength,
              span.lowerBound < before.lowerBound || span.upperBound > before.upperBound
            else { continue }
            verifiedWindows[place] =
              min(span.lowerBound, before.lowerBound)..<max(span.upperBound, before.upperBound)
          } else {
            verified.record(key, place: verifiedWindows.count, in: cell)
            verifiedWindows.append(span)
          }
          guard
            let scored = verify(
              key: key, utterance, window: span, soundingExactly: soundingExactly,
              latinMasks: latinMasks)
          else { continue }
          bestScore = max(bestScore, scored.score)
          if isPartial(Int(key)), scored.score >= Self.completionScore {
            partials.append(scored)
          }
          let entry = Int32(keyEntry[Int(key)])
          let (entryPlace, entryCell) = entryPlaces.find(entry)
          if let entryPlace {
            if Self.isPreferred(scored, over: best[entryPlace], cutoff: cutoff) {
              best[entryPlace] = scored
            }
          } else {
            entryPlaces.record(entry, place: best.count, in: entryCell)
            best.append(scored)
          }
        }
      }
      // Cheap lookups first: spans that sound exactly like a key, then spans within one
      // skeleton edit of one. Only when they find nothing good does the query pay for the
      // second chance (words less two elements, or with a consonant more or changed) and
      // then gram voting (where it is cheap enough), which find keys with more edits; and
      // last, wide lookups: the one-edit lookups that named too many keys to rank the first
      // time (short names in a large vocabulary).
      verifyEach(
        exactCandidates(utterance, window: window, allowedTypes: allowedTypes, scratch: &scratch),
        soundingExactly: true)
      verifyEach(
        neighborhoodCandidates(
          utterance, window: window, allowedTypes: allowedTypes, scratch: &scratch))
      // Phrase completion: a word of a longer phrase, found on its own, may be the part of the
      // phrase the recognizer got right, with errors in the other words that kept the whole
      // phrase from the lookups; the whole phrase is verified around it.
      func complete() {
        verifyEach(
          partials.compactMap { partial in
            partial.score >= bestScore - Self.completionMargin
              ? completion(of: partial, utterance, window: window) : nil
          }, widening: true)
        partials.removeAll()
      }
      complete()
      if bestScore < Self.lookupSufficientScore {
        verifyEach(
          neighborhoodCandidates(
            utterance, window: window, allowedTypes: allowedTypes, deep: true, scratch: &scratch
          ))
      }
      if bestScore < Self.lookupSufficientScore {
        verifyEach(
          candidateKeys(utterance, window: window, allowedTypes: allowedTypes, scratch: &scratch))
      }
      if bestScore < Self.lookupSufficientScore {
        verifyEach(
          neighborhoodCandidates(
            utterance, window: window, allowedTypes: allowedTypes, wide: true, scratch: &scratch))
      }
      complete()
      let ranked = best.filter { $0.score >= cutoff }.sorted { a, b in
        if a.score != b.score { return a.score > b.score }
        let priorityA = entries[keyEntry[Int(a.key)]].priority
        let priorityB = entries[keyEntry[Int(b.key)]].priority
        if priorityA != priorityB { return priorityA < priorityB }
        return a.key < b.key
      }
      scratch.bestOfEntries = best
      return ranked
    }
    return Self.withoutExplainedAway(ranked, limit: limit).map { match(for: $0, utterance) }
  }

  /// Finds entries in a text; see ``matches(in:types:tokens:limit:cutoff:)-(PreparedUtterance,_,_,_,_)``.
  public func matches(
    in text: String, types: Set<String>? = nil, limit: Int = 10, cutoff: Double = 0.5
  ) throws(ICUError) -> [Match] {
    matches(
      in: try PreparedUtterance(text, normalizer: normalizer), types: types, limit: limit,
      cutoff: cutoff)
  }

  /// A word of a longer phrase matched on its own at least this well gets its whole phrase
  /// verified around it (phrase completion), when it also scores within
  /// ``completionMargin`` of the best match so far. On `vocab bench --suite match` completion
  /// cut the misses from 52 to 49 of 1,000 queries at 10k entries and from 112 to 101 at
  /// 100k; on the SLURP recognizer hypotheses it found one slot more, and the other corpora
  /// were unchanged.
  public static let completionScore = 0.6
  /// How far below the best match so far a word may score and still be completed (a
  /// completed phrase rarely scores more than 0.1 above its word). 0.25 kept every bench and
  /// corpus answer and saved 5% of query instructions at 10k; 0.15 saved 8% and lost one
  /// query at 100k.
  public static let completionMargin = 0.25

  /// The whole-phrase key of partial key `partial`, found at `scored`, with a window around
  /// it wide enough for the rest of the phrase: as many more symbols as the whole key has,
  /// and two, on each side, widened to whole tokens.
  private func completion(
    of scored: Scored, _ utterance: PreparedUtterance, window: Range<Int>
  ) -> (key: Int32, window: Range<Int>)? {
    let partial = Int(scored.key)
    guard let whole = wholeKey(of: partial) else { return nil }
    // A compiled index's whole key is never shorter than its part; a damaged cache's may be.
    let extra =
      max(
        0,
        keySymbolLength[whole] - keySymbolLength[partial]) + 2
    var lower = max(window.lowerBound, scored.start - extra)
    var upper = min(window.upperBound, scored.end + extra)
    guard lower < upper else { return nil }
    while lower > window.lowerBound, !utterance.startsToken[lower] { lower -= 1 }
    while upper < window.upperBound, !utterance.endsToken[upper] { upper += 1 }
    return (key: Int32(whole), window: lower..<upper)
  }

  /// How much lower a match may score than a shorter one inside it and still explain it
  /// away (see `withoutExplainedAway`), plus ``namingTokenMargin`` for each naming word more.
  public static let containmentMargin = 0.1

  /// The explained-away margin added for each more word of the longer span that is not a
  /// common word.
  ///
  /// Each more word of a name that matches is more evidence for it, so "bob smith's" is Bob
  /// Smith (0.87) rather than Bob (1.0). Measured against 0: on `vocab bench --suite match`
  /// at 100k entries, 5 more of 1,000 queries found (3 and 4 more with seeds 2 and 3; none
  /// more or fewer at 10k); on the corpora, 1 more slot of SLURP's recognizer hypotheses and
  /// 1 more routed, 1 fewer false accept of SLURP's negatives and 1 more SLURP test person
  /// (Bob Smith). At 0.05, "start bbc radio" would be BBC Radio Four (0.86) rather than BBC.
  public static let namingTokenMargin = 0.04

  /// How much lower an entry's whole phrase may score than its word inside it and still be
  /// the entry's match.
  ///
  /// A phrase whose other words were misrecognized scores a little below its one
  /// word said right (weighted ``partialWeight``), yet accounts for more of the utterance:
  /// as the entry's match, it explains away other entries' matches inside it. Measured
  /// against taking the higher score: on `vocab bench --suite match`, 0.04 found 4 more of
  /// 1,000 queries at 100k entries and 1 more at 10k (0.03: 3 and none); on the corpora, 1
  /// more hand-written call ("call shawn o brien"), 1 more pocketsphinx recipient and 5 more
  /// slots of SLURP's recognizer hypotheses, for 1 fewer routed there (2 lost, 1 gained).
  /// 0.05 also answers the Hindi "एलेक्स को कॉल करो" with Alex Kim ("को" for "Kim", 0.04 below
  /// "Alex") instead of asking which Alex.
  public static let wholePhraseMargin = 0.04

  /// Whether match `a` should replace `b` as their entry's match.
  ///
  /// `b` is another match of the same entry: another key's, or the same key aligned over
  /// a wider window (phrase completion). The one whose span strictly contains the other's
  /// is preferred when it scores at most ``wholePhraseMargin`` less and no lower than
  /// `cutoff` (unless the other is below it too), so that preferring it never drops the
  /// entry; otherwise the higher-scoring. The relation is not transitive, so with three or
  /// more matches of one entry the outcome can depend on the order they are verified in
  /// (always the same for the same query and index).
  static func isPreferred(_ a: Scored, over b: Scored, cutoff: Double) -> Bool {
    func outranks(_ outer: Scored, _ inner: Scored) -> Bool {
      outer.strictlyContains(inner) && outer.score >= inner.score - wholePhraseMargin
        && (outer.score >= cutoff || inner.score < cutoff)
    }
    if outranks(a, b) { return true }
    if outranks(b, a) { return false }
    return a.score > b.score
  }

  /// Drops each match whose span lies strictly inside the span of another match, kept
  /// itself, that scores at most ``containmentMargin`` less, plus ``namingTokenMargin`` for
  /// each word more of the other's span that is not a common word: in "call alex kim",
  /// "Alex Kim" explains the words of "Alex" away, and in "call alex kin" too, as "kin" is
  /// most likely "Kim". Order is kept, and at most `limit` matches are kept (the first `limit`
  /// that are not explained away).
  ///
  /// Only a kept match explains others away, so explaining away does not chain: a weak match
  /// over "play a wlishout" that explains away a middling one over "a wlishout" does not,
  /// through it, drop a better one over "wlishout" that it could not explain away itself.
  ///
  /// - Complexity: O(*k*²) for *k* matches (at most the verified candidates).
  static func withoutExplainedAway(_ ranked: [Scored], limit: Int = .max) -> [Scored] {
    // Whether each match is kept: unknown (0), kept (1) or explained away (2). A match's
    // status depends only on the matches whose spans strictly contain its own (longer
    // ones), so the recursion ends.
    var status = [UInt8](repeating: 0, count: ranked.count)
    func isKept(_ inner: Int) -> Bool {
      if status[inner] == 0 {
        let explainedAway = ranked.indices.contains { outer in
          explainsAway(ranked[outer], ranked[inner]) && isKept(outer)
        }
        status[inner] = explainedAway ? 2 : 1
      }
      return status[inner] == 1
    }
    var kept: [Scored] = []
    for index in ranked.indices where kept.count < limit && isKept(index) {
      kept.append(ranked[index])
    }
    return kept
  }

  /// Whether `outer` explains `inner` away, if kept (see `withoutExplainedAway`): its span
  /// strictly contains `inner`'s, and it scores at most ``containmentMargin`` less, plus
  /// ``namingTokenMargin`` for each naming word more.
  static func explainsAway(_ outer: Scored, _ inner: Scored) -> Bool {
    outer.strictlyContains(inner)
      && outer.score >= inner.score - containmentMargin - namingTokenMargin
        * Double(max(0, outer.namingTokens - inner.namingTokens))
  }

  /// The deduction for a match of several words that are all common words (a built-in list
  /// of frequent English words and the function words of the other languages), though
  /// spelled as the entry is: "to do" for the list "To-Do". A single common word that is
  /// exactly the entry's one word is not penalized.
  public static let commonWordPenalty = 0.15

  /// The deduction for a match whose words are all common words spelled otherwise than the
  /// entry: "please" for an entry "Plise" is far more often the word itself than a
  /// misrecognized name.
  ///
  /// Measured against 0.15 (``commonWordPenalty``): on `vocab bench --suite match`, 6, 1 and
  /// 3 more of 1,000 queries found at 100k entries (seeds 1-3) and 1 more at 10k (seed 1),
  /// mostly names a carrier "please" had been taken for; 0.25 found no more. No routed corpus
  /// utterance changed; of SLURP's recognizer hypotheses in forced slot matching, 3 wrong
  /// slots ("find a" for Linda) became no match, and 2 others stayed wrong with other
  /// entries.
  public static let inexactCommonWordPenalty = 0.2

  /// A match this good from the exact and skeleton lookups ends the search: the second
  /// chance, gram voting and the wide lookups run only when nothing scores at least this.
  public static let lookupSufficientScore = 0.8

  /// Gram voting runs only when the postings of the query's grams number at most this,
  /// which bounds its cost at any vocabulary size. Vocabularies of up to a few thousand
  /// entries, such as an app's lists or contacts, always get it, and the corpus results are
  /// the same as with 20,000. On `vocab bench --suite match` it found nothing the lookups
  /// missed at 10k and 100k entries, while 20,000 made the p99 8 times the median at 100k
  /// (2 ms queries). 2,000 rather than 4,000, once the second chance put consonants back:
  /// at 10k entries the 99th percentile of instructions a query fell from 4.7 to 3.1 times
  /// the median (`Benchmarks/instructions.sh --tail`), for 1 more, as many and 2 fewer of
  /// 1,000 queries found (seeds 1-3); the same at 1k (where every query still votes) and
  /// 100k, and on every corpus.
  public static let maximumFallbackPostings = 2_000

  /// The most tokens a span may have in skeleton lookups.
  static let maximumSpanTokens = 4
  /// The first skeleton lookups skip lookups that name more keys than this, as too
  /// unspecific to rank (the exact lookup, gram voting and the wide lookups, up to
  /// ``maximumWideFanOut`` keys, still find such keys). On `vocab bench --suite match`, 32
  /// gained 0.02 top-1 at 10k and 100k over 8; 128 gained no more and cost twice the time at
  /// 100k.
  static let maximumSkeletonFanOut = 32
  /// Wide lookups (the last chance, after gram voting) take lookups naming up to this many
  /// keys. Short names in a large vocabulary share their skeleton variants with
  /// hundreds of others: on `vocab bench --suite match` at 100k entries, wide lookups found
  /// 6, 11 and 18 more meant names of 1,000 (seeds 1, 2 and 3) with 256; 6, 9 and 15 with
  /// 128; 7, 11 and 18 with 512. At 1M entries, 3 more of 300; at 10k, after gram voting,
  /// 1, 2 and 1 more of 1,000.
  static let maximumWideFanOut = 256
  /// Wide lookups estimate at most this many keys in one query, so that their cost is
  /// bounded at any vocabulary size. A lookup is taken, in the order of the spans, only if
  /// the keys it names (before filtering by type) fit in what is left. At 1M entries, where
  /// the same lookups name ten times the keys, 500 kept the p99 at 3.2-3.4 times the
  /// median, against 4.0-4.3 with 1,000, for 1 query of 300 fewer found; at 100k entries 1
  /// of 1,000 fewer (seeds 1 and 2; none with seed 3).
  static let maximumWideKeys = 500
  /// The second chance's lookups that put a consonant into a word or change one take only
  /// those of their finds that name at most this many keys. Such a lookup is a guess at one
  /// of a dozen classes: one that names many keys found mostly other names, which took the
  /// places of the one meant. On `vocab bench --suite match` at 10k entries, 8 found 4 and 1
  /// more of 1,000 queries (seeds 1 and 2) than no bound, and 2 and 1 more than 16; at 100k
  /// as many with seed 1 and 2 fewer with seed 2; the second chance found 40% fewer keys in
  /// all. 4 found 1 and 2 fewer than 8.
  static let maximumConsonantFanOut = 8
  /// The priority of the keys' own skeletons found by the second chance's consonant
  /// lookups (below the first lookups' 2 and 3); marks those lookups.
  static let consonantLookupPriority: Int8 = 1
  /// The most keys from skeleton lookups verified for one query: the fastest setting that
  /// kept top-1 on `vocab bench --suite match` at 10k, 100k and 1M (12 lost a query at 10k;
  /// 24 found nothing more but cost 10% more instructions) and every corpus result.
  static let maximumLookupCandidates = 16

  /// The most keys from gram voting verified by alignment for one query. With the wide
  /// lookups after voting, 32 found as many on `vocab bench --suite match` at 1k and 10k
  /// entries as 64 (196 misses of 6,000 either way, seeds 1-3) and changed no corpus answer,
  /// while it brought the p99 at 1k from 5.1 to 3.9 times the median, at 10k from 5.2 to 4.7
  /// (ten interleaved runs each; the slowest queries are those that vote).
  public static let maximumCandidates = 32
  /// Keys sharing fewer than this many tenths of their sound grams with the query are
  /// skipped.
  static let minimumVoteTenths = 3

  struct Scored {
    var key: Int32
    var score: Double
    var phonetic: Double
    var latin: Double
    var exact: Bool
    var shortPenalty: Double
    var commonWordPenalty: Double
    var start: Int
    var end: Int
    /// How many tokens of the span are not common words.
    var namingTokens: Int

    /// Whether this match's span contains `other`'s and is longer.
    func strictlyContains(_ other: Scored) -> Bool {
      start <= other.start && end >= other.end && end - start > other.end - other.start
    }
  }

  /// The symbol positions allowed for spans.
  private func symbolWindow(_ utterance: PreparedUtterance, tokens: Range<Int>?) -> Range<Int> {
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

  /// Keys that share enough sound grams with the utterance, most shared first, each with
  /// the stretch of the window around where its grams voted.
  private func candidateKeys(
    _ utterance: PreparedUtterance, window: Range<Int>, allowedTypes: [Bool]?,
    scratch: inout Scratch
  ) -> [(key: Int32, window: Range<Int>)] {
    // The window's sound classes, each marked when it comes from a common word: grams made
    // only of common words ("play", "on", "list") do not vote, so the carrier words of a
    // sentence neither flood the candidates nor outrank the words that name something.
    var classes: [UInt8] = []
    var classSymbol: [Int] = []
    var afterVowel: [Bool] = []
    var common: [Bool] = []
    var vowel = false
    for position in window {
      let symbol = utterance.symbols[position]
      let soundClass = Self.classIndex[Int(symbol & 0x7F)]
      guard soundClass != 255 else {
        if Self.isVowel(symbol) { vowel = true }
        continue
      }
      classes.append(soundClass)
      classSymbol.append(position)
      afterVowel.append(vowel)
      vowel = false
      common.append(utterance.isCommonToken[Int(utterance.tokenOfSymbol[position])])
    }
    var pairs: [(bucket: Int, position: Int)] = []
    if classes.count >= 2 {
      for position in 1..<classes.count where !(common[position - 1] && common[position]) {
        pairs.append(
          (
            Self.bigram(
              classes[position - 1], classes[position], vowelBetween: afterVowel[position]),
            position - 1
          ))
      }
    }
    var unigrams = [Bool](repeating: false, count: Self.classCount)
    for (soundClass, isCommon) in zip(classes, common) where !isCommon {
      unigrams[Int(soundClass)] = true
    }

    guard !keyGramCount.isEmpty else { return [] }  // A large index: no voting.
    scratch.prepareVotes(keyCount: keyEntry.count)
    scratch.qualified.removeAll(keepingCapacity: true)
    scratch.epoch &+= 1
    if scratch.epoch == 0 {  // Wrapped: stale stamps could collide with the new epoch.
      for key in scratch.votes.indices { scratch.votes[key] = Tally() }
      scratch.epoch = 1
    }
    let epoch = scratch.epoch
    // Every bucket the query visits, with the query position of its gram.
    var visits = pairs
    for soundClass in 0..<Self.classCount where unigrams[soundClass] {
      visits.append((Self.unigramBase + soundClass, 0))
    }
    visits.append((Self.vowelBucket, 0))
    // Voting is a fallback: past a budget of postings (large vocabularies) it would cost
    // more than every lookup together, so it is skipped, leaving the wide lookups as the
    // last chance.
    var postingCount = 0
    for (bucket, _) in visits {
      postingCount += Int(postingBounds[bucket + 1] - postingBounds[bucket])
    }
    guard postingCount <= Self.maximumFallbackPostings else { return [] }
    var qualified = scratch.qualified
    scratch.qualified = []
    scratch.votes.withUnsafeMutableBufferPointer { votes in
      postingPositions.withUnsafeBufferPointer { positions in
        keyNeededVotes.withUnsafeBufferPointer { needed in
          // Diagonal voting: a key's grams count together only when they stand at
          // about the same offset in the query as in the key (within 3 classes, for
          // edits), so grams scattered over a long sentence do not add up. Two
          // diagonals are kept per key so that early chance hits cannot lock out the
          // real position. A key joins the qualified list once, when its votes first
          // reach its share of grams.
          for (bucket, queryPosition) in visits {
            for index in Int(postingBounds[bucket])..<Int(postingBounds[bucket + 1]) {
              let key = postings[index]
              if !isAllowed(key, allowedTypes) { continue }
              let diagonal = Int32(truncatingIfNeeded: queryPosition - Int(positions[index]))
              var tally = votes[key]
              var best: UInt16 = 1
              if tally.epoch != epoch {
                tally = Tally(first: 1, firstDiagonal: diagonal, epoch: epoch)
              } else if tally.first > 0, abs(Int(tally.firstDiagonal) - Int(diagonal)) <= 3 {
                tally.first &+= 1
                best = tally.first
              } else if tally.second > 0, abs(Int(tally.secondDiagonal) - Int(diagonal)) <= 3 {
                tally.second &+= 1
                best = tally.second
              } else if tally.second <= 1 {
                tally.second = 1
                tally.secondDiagonal = diagonal
              } else if tally.first <= 1 {
                tally.first = 1
                tally.firstDiagonal = diagonal
              }
              if !tally.qualified, best >= UInt16(needed[key]) {
                tally.qualified = true
                qualified.append(Int32(key))
              }
              votes[key] = tally
            }
          }
        }
      }
    }
    scratch.qualified = qualified
    // Each selected key is aligned only around where its grams voted: from a few classes
    // before its diagonal to a few after its end, widened to whole tokens.
    return select(&scratch).map { key in
      let tally = scratch.votes[Int(key)]
      let diagonal = Int(tally.first >= tally.second ? tally.firstDiagonal : tally.secondDiagonal)
      let keyClasses = Int(keyGramCount[Int(key)]) + 1
      guard !classSymbol.isEmpty else { return (key: key, window: window) }
      let lowerClass = min(max(0, diagonal - 4), classSymbol.count - 1)
      let upperClass = min(max(0, diagonal + keyClasses + 4), classSymbol.count - 1)
      var lower = lowerClass == 0 ? window.lowerBound : classSymbol[lowerClass]
      var upper =
        upperClass == classSymbol.count - 1 ? window.upperBound : classSymbol[upperClass] + 1
      while lower > window.lowerBound, !utterance.startsToken[lower] { lower -= 1 }
      while upper < window.upperBound, !utterance.endsToken[upper] { upper += 1 }
      return (key: key, window: lower..<max(upper, lower + 1))
    }
  }

  /// The qualified keys most likely to be in the query, best first, at most
  /// ``maximumCandidates``.
  ///
  /// A key of *g* grams shares *v* of them (on one diagonal) with the query. Keys are ranked
  /// by v²/g − g·d: the shared grams weighted by the share of the key they cover, less what
  /// a key of *g* grams shares by chance at a small density *d*, so neither short keys (which
  /// share all their few grams easily) nor long ones (which share many by chance) crowd out
  /// the right one. Selection uses a histogram of that rank, linear in the qualified keys.
  private func select(_ scratch: inout Scratch) -> [Int32] {
    // Votes now come from a window about as long as the key: chance density is low.
    let d: Float = 0.03
    scratch.levels.removeAll(keepingCapacity: true)
    var highest: Int16 = 0
    keyGramCount.withUnsafeBufferPointer { gramCount in
      for key in scratch.qualified {
        let tally = scratch.votes[Int(key)]
        let v = Float(max(tally.first, tally.second))
        let g = Float(max(gramCount[Int(key)], 1))
        // Shared grams weighted by the share of the key they cover (v²/g), less chance.
        let strength = v * v / g - g * d
        let level = Int16(min(max(Int(strength * 16), 0), 1023))
        highest = max(highest, level)
        scratch.levels.append(level)
      }
    }
    // The highest level that, with every level above it, holds at least maximumCandidates
    // keys (or 0), counted in a histogram of the levels up to the highest one.
    let levels = scratch.levels
    let threshold = withUnsafeTemporaryAllocation(of: Int32.self, capacity: Int(highest) + 1) {
      histogram in
      histogram.initialize(repeating: 0)
      for level in levels { histogram[Int(level)] += 1 }
      var threshold = Int(highest)
      var above = 0
      while threshold > 0, above + Int(histogram[threshold]) < Self.maximumCandidates {
        above += Int(histogram[threshold])
        threshold -= 1
      }
      return threshold
    }
    var result: [Int32] = []
    result.reserveCapacity(Self.maximumCandidates)
    var tier: [Int32] = []
    for (key, level) in zip(scratch.qualified, scratch.levels) {
      if level > threshold {
        result.append(key)
      } else if Int(level) == threshold, result.count + tier.count < Self.maximumCandidates {
        tier.append(key)
      }
    }
    let room = Self.maximumCandidates - result.count
    if tier.count > room { tier.removeLast(tier.count - room) }
    return result + tier
  }

  /// Keys whose skeleton is within one edit of the skeleton of a span of one to
  /// ``maximumSpanTokens`` tokens (not all common words, and not begun or ended by one when
  /// longer than a token), at most ``maximumLookupCandidates``, best first by estimated
  /// score, then by lookup priority (the span's own skeleton among the keys' own first),
  /// then longer spans first. With `deep` (the second chance), only single-word spans are
  /// looked up, less two elements, or with a consonant more or changed. With `wide` (the
  /// last chance), the same lookups as without it, but only those that name more than
  /// ``maximumSkeletonFanOut`` keys and at most ``maximumWideFanOut``, each while its keys
  /// fit in what is left of ``maximumWideKeys``, and without the keys verified before.
  ///
  /// - Complexity: O(*t* × *s*) table lookups for *t* tokens and skeletons of *s* elements
  ///   (O(*t* × *s*²) with `deep`), plus the keys found (at most ``maximumSkeletonFanOut`` a
  ///   lookup, or ``maximumWideKeys`` in all with `wide`).
  func neighborhoodCandidates(
    _ utterance: PreparedUtterance, window: Range<Int>, allowedTypes: [Bool]?, deep: Bool = false,
    wide: Bool = false
  ) -> [(key: Int32, window: Range<Int>)] {
    scratchPool.withScratch { scratch in
      // A lookup of its own: no key has been verified (the wide lookups skip those that have).
      scratch.verifiedKeys.removeAll()
      return neighborhoodCandidates(
        utterance, window: window, allowedTypes: allowedTypes, deep: deep, wide: wide,
        scratch: &scratch)
    }
  }

  /// ``neighborhoodCandidates(_:window:allowedTypes:deep:wide:)`` in the query's `scratch`.
  func neighborhoodCandidates(
    _ utterance: PreparedUtterance, window: Range<Int>, allowedTypes: [Bool]?, deep: Bool = false,
    wide: Bool = false, scratch: inout Scratch
  ) -> [(key: Int32, window: Range<Int>)] {
    guard !skeletons.entries.isEmpty else { return [] }
    // The working memory is the scratch's, reused from query to query; the hot loops write
    // through raw pointers after reserving room, without an array's checks on each append.
    let space = scratch.lookupSpace
    let tokens = space.tokens
    tokens.count = 0
    var position = window.lowerBound
    while position < window.upperBound {
      var end = position + 1
      while end < window.upperBound, !utterance.endsToken[end] { end += 1 }
      let isCommon = utterance.isCommonToken[Int(utterance.tokenOfSymbol[position])]
      tokens.append(SpanToken(start: position, end: end, isCommon: isCommon))
      position = end
    }
    // Each key found keeps its best span by an estimate of its final score: closeness (one
    // less the bit-parallel symbol edit distance, tens of nanoseconds, relative to the longer
    // of key and span) times the key's weight; ties go to the lookup's priority. Where each
    // key stands in the found list is kept in a small table of the scratch.
    let foundKeys = scratch.foundKeys
    foundKeys.removeAll()
    let found = space.found
    found.count = 0
    let (skeleton, lookups, slots, hits) = (space.skeleton, space.lookups, space.slots, space.hits)
    // A span's skeleton has at most as many elements as the window has symbols.
    skeleton.reserve(window.count + 1)
    let shift = skeletons.shift
    // The numbers of keys a lookup may name to be taken (the wide lookups take those the
    // others left), and how many more keys the wide lookups may name (unbounded otherwise).
    // Keys verified before (by other steps) are not found again by the wide lookups, so
    // that their few places go to new keys.
    let takenFanOuts =
      wide
      ? (Self.maximumSkeletonFanOut + 1)...Self.maximumWideFanOut
      : 1...Self.maximumSkeletonFanOut
    var wideKeysLeft = wide ? Self.maximumWideKeys : Int.max
    let verifiedKeys = scratch.verifiedKeys
    Self.classIndex.withUnsafeBufferPointer { classIndex in
      symbols.withUnsafeBufferPointer { keySymbols in
        utterance.symbols.withUnsafeBufferPointer { text in
          withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 128) { equal in
            equal.initialize(repeating: 0)
            for first in 0..<tokens.count {
              // The wide lookups' keys are used up: no more lookup can be taken.
              if wideKeysLeft < takenFanOuts.lowerBound { break }
              let firstToken = tokens.base[first]
              let elements = skeleton.base
              var length = 0
              var allCommon = true
              for last in first..<min(first + Self.maximumSpanTokens, tokens.count) {
                let lastToken = tokens.base[last]
                // The token's skeleton elements: its classes, and a vowel mark for each run
                // of vowels.
                for position in lastToken.start..<lastToken.end {
                  let symbol = text[position]
                  if let element = Skeleton.element(
                    of: symbol, soundClass: classIndex[Int(symbol & 0x7F)],
                    after: length == 0 ? nil : elements[length - 1])
                  {
                    elements[length] = element
                    length += 1
                  }
                }
                if !lastToken.isCommon { allCommon = false }
                guard length <= longestSkeleton + 1 else { break }
                // A span of several tokens that begins or ends with a common word ("call
                // alex") is looked up only as its inner part: names rarely begin or end
                // with "call" or "please", and exact names that do are found exactly.
                guard length > 0, !allCommon else { continue }
                if last > first, firstToken.isCommon || lastToken.isCommon { continue }
                let span = firstToken.start..<lastToken.end
                let buffer = UnsafeBufferPointer(start: elements, count: length)
                let lookupCount = Self.makeLookups(
                  buffer, deep: deep, singleToken: last == first, into: lookups)
                guard lookupCount > 0 else { continue }
                // The lookups run in stages, each over all of the span's lookups, so that
                // their memory reads (most of them cache misses in a large index) overlap:
                // directory slots, then the searches, then the keys found. Each lookup finds
                // keys' own skeletons and then variants; each kind is skipped when it names
                // too many keys.
                slots.reserve(lookupCount)
                for index in 0..<lookupCount {
                  let slot = skeletons.slot(of: lookups.base[index].fingerprint, shift: shift)
                  slots.base[index] = (slot.lowerBound, slot.upperBound)
                }
                hits.reserve(min(lookupCount * 2 * takenFanOuts.upperBound, wideKeysLeft))
                var hitCount = 0
                for index in 0..<lookupCount {
                  let slot = slots.base[index]
                  guard slot.lower < slot.upper else { continue }
                  let lookup = lookups.base[index]
                  let range = skeletons.range(of: lookup.fingerprint, in: slot.lower..<slot.upper)
                  guard !range.isEmpty else { continue }
                  let split = skeletons.split(range)
                  let own = range.lowerBound..<split
                  // Second-chance lookups that put a consonant in name few keys, or nothing
                  // worth their places.
                  let most =
                    lookup.own == Self.consonantLookupPriority
                    ? Self.maximumConsonantFanOut : Int.max
                  if takenFanOuts.contains(own.count), own.count <= wideKeysLeft, own.count <= most
                  {
                    wideKeysLeft -= own.count
                    for position in own {
                      hits.base[hitCount] = (skeletons.key(at: position), lookup.own)
                      hitCount += 1
                    }
                  }
                  let variants = split..<range.upperBound
                  if takenFanOuts.contains(variants.count), variants.count <= wideKeysLeft,
                    variants.count <= most
                  {
                    wideKeysLeft -= variants.count
                    for position in variants {
                      hits.base[hitCount] = (skeletons.key(at: position), lookup.variant)
                      hitCount += 1
                    }
                  }
                }
                // The span is the pattern of the bit-parallel distance (the distance is
                // symmetric), so its bit masks are made once for all the keys it found.
                let spanIsPattern = span.count <= 64
                let spanText = UnsafeBufferPointer(rebasing: text[span])
                if spanIsPattern { Alignment.setPattern(spanText, in: equal) }
                for index in 0..<hitCount {
                  let (key32, priority) = hits.base[index]
                  let key = Int(key32)
                  if !isAllowed(key, allowedTypes) { continue }
                  if wide, verifiedKeys.find(key32).place != nil { continue }
                  // Found before at this span (by another of its lookups): the same
                  // estimate, so only a higher priority can change.
                  let (place, cell) = foundKeys.find(key32)
                  if let place, found.base[place].start == span.lowerBound,
                    found.base[place].end == span.upperBound
                  {
                    found.base[place].priority = max(found.base[place].priority, priority)
                    continue
                  }
                  let bounds = symbolRange(ofKey: key)
                  let keyText = UnsafeBufferPointer(rebasing: keySymbols[bounds])
                  let distance =
                    spanIsPattern
                    ? Alignment.bitParallelDistance(
                      patternLength: span.count, keyText, equal: equal)
                    : bounds.count <= 64
                      ? Alignment.bitParallelDistance(keyText, spanText, equal: equal)
                      : Alignment.levenshtein(Array(keyText), Array(spanText))
                  // Weighted, a whole name one edit away outranks the exact words of
                  // other names it shares (partial keys weigh 0.85).
                  let estimate =
                    (1 - Float(distance) / Float(max(bounds.count, span.count, 1)))
                    * weight(ofKey: key)
                  let candidate = FoundCandidate(
                    key: key32, estimate: estimate, priority: priority, start: span.lowerBound,
                    end: span.upperBound)
                  if let place {
                    let current = found.base[place]
                    if current.estimate > estimate
                      || (current.estimate == estimate && current.priority >= priority)
                    {
                      continue
                    }
                    found.base[place] = candidate
                  } else {
                    foundKeys.record(key32, place: found.count, in: cell)
                    found.append(candidate)
                  }
                }
                if spanIsPattern { Alignment.clearPattern(spanText, in: equal) }
              }
            }
          }
        }
      }
    }
    // The best few of often hundreds found, kept in order as they come: cheaper than
    // sorting them all, and the same keys in the same order (the order is total).
    let candidates = found.base
    func isBetter(_ a: Int, _ b: Int) -> Bool {
      let (a, b) = (candidates[a], candidates[b])
      if a.estimate != b.estimate { return a.estimate > b.estimate }
      if a.priority != b.priority { return a.priority > b.priority }
      if a.end - a.start != b.end - b.start { return a.end - a.start > b.end - b.start }
      return a.key < b.key
    }
    let wanted = Self.maximumLookupCandidates
    var best: [Int] = []
    best.reserveCapacity(wanted + 1)
    for index in 0..<found.count {
      if best.count == wanted, !isBetter(index, best[wanted - 1]) { continue }
      var position = best.count
      while position > 0, isBetter(index, best[position - 1]) { position -= 1 }
      best.insert(index, at: position)
      if best.count > wanted { best.removeLast() }
    }
    return best.map { (key: candidates[$0].key, window: candidates[$0].start..<candidates[$0].end) }
  }

  /// Writes the fingerprints to look up for a span's `skeleton` into `lookups`, with the
  /// priorities of what they find, and returns how many. Without `deep`: the skeleton
  /// itself; then, for skeletons of at least ``minimumVariantSkeleton`` elements, its
  /// one-deletion variants and the skeleton with a vowel put back where the recognizer may
  /// have dropped one. With `deep` (the second chance, single-token spans of at least
  /// ``minimumVariantSkeleton`` elements only): the skeleton with a consonant class put back
  /// at each place (and a vowel after it, after a vowel) and with each consonant changed to
  /// each other class (both taken only when they name at most ``maximumConsonantFanOut``
  /// keys), then, for longer ones, its two-deletion variants.
  ///
  /// - Complexity: O(*s*²) for a skeleton of *s* elements (O(*s*³) with `deep`: O(*s*²)
  ///   fingerprints of O(*s*) each, and O(*s*) insertions for each consonant class).
  private static func makeLookups(
    _ skeleton: UnsafeBufferPointer<UInt8>, deep: Bool, singleToken: Bool,
    into lookups: ScratchBuffer<Lookup>
  ) -> Int {
    let count = skeleton.count
    if deep {
      var made = 0
      guard singleToken, count >= minimumVariantSkeleton else { return 0 }
      lookups.reserve(3 * (count + 1) * Int(consonantClassCount) + count * (count - 1) / 2)
      // A consonant the recognizer dropped: the word with each consonant class put back at
      // each place, among keys' own skeletons (a dropped consonant in a word of a longer
      // phrase, whose partial key has no variants) and variants (two dropped elements).
      // After a vowel, also with a vowel after it: a consonant dropped between two vowels
      // leaves one run of vowels ("kaomi" for "kalomi").
      withUnsafeTemporaryAllocation(of: UInt64.self, capacity: count + 1) { buffer in
        let prefix = buffer.baseAddress!
        Skeleton.prefixHashes(skeleton, into: prefix)
        for position in 0...count {
          let afterVowel = position > 0 && skeleton[position - 1] == Skeleton.vowel
          // Inserting a class right after the same class is inserting it before that one.
          for element in 0..<consonantClassCount
          where position == 0 || skeleton[position - 1] != element {
            lookups.base[made] = Lookup(
              fingerprint: Skeleton.fingerprint(
                skeleton, prefix: prefix, inserting: element, at: position),
              own: consonantLookupPriority, variant: 0)
            made += 1
            if afterVowel {
              lookups.base[made] = Lookup(
                fingerprint: Skeleton.fingerprint(
                  skeleton, prefix: prefix, inserting: element, thenVowel: true, at: position),
                own: consonantLookupPriority, variant: 0)
              made += 1
            }
          }
        }
        // A consonant dropped and another heard as one of another class: each consonant
        // replaced by each other class, among keys' variants (and own skeletons: one
        // substitution, which the first lookups find too unless they named too many keys).
        for position in 0..<count where skeleton[position] != Skeleton.vowel {
          for element in 0..<consonantClassCount where element != skeleton[position] {
            lookups.base[made] = Lookup(
              fingerprint: Skeleton.fingerprint(
                skeleton, prefix: prefix, replacing: position, with: element),
              own: consonantLookupPriority, variant: 0)
            made += 1
          }
        }
      }
      // Words with two more elements than a key, or one more and one other.
      guard count > minimumVariantSkeleton else { return made }
      for one in 0..<count where one == 0 || skeleton[one] != skeleton[one - 1] {
        for other in (one + 1)..<count
        where other == one + 1 || skeleton[other] != skeleton[other - 1] {
          lookups.base[made] = Lookup(
            fingerprint: Skeleton.fingerprint(skeleton, skipping: one, and: other), own: 0,
            variant: 0)
          made += 1
        }
      }
      return made
    }
    lookups.reserve(2 * count + 2)
    // Each variant hashes only what follows its change, from the prefixes' hashes.
    return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: count + 1) { buffer in
      let prefix = buffer.baseAddress!
      Skeleton.prefixHashes(skeleton, into: prefix)
      lookups.base[0] = Lookup(fingerprint: fold(prefix[count]), own: 3, variant: 2)
      var made = 1
      guard count >= minimumVariantSkeleton else { return made }
      for index in 0..<count where index == 0 || skeleton[index] != skeleton[index - 1] {
        lookups.base[made] = Lookup(
          fingerprint: Skeleton.fingerprint(skeleton, prefix: prefix, skipping: index), own: 2,
          variant: 1)
        made += 1
      }
      // A vowel the recognizer dropped: the span with a vowel put back where none stands
      // next to it, among keys' own skeletons (partial keys have no variants) and variants.
      // Like deletion variants, only for spans of at least minimumVariantSkeleton elements:
      // shorter ones name too many keys.
      for index in 0...count
      where (index == count || skeleton[index] != Skeleton.vowel)
        && (index == 0 || skeleton[index - 1] != Skeleton.vowel)
      {
        lookups.base[made] = Lookup(
          fingerprint: Skeleton.fingerprint(skeleton, prefix: prefix, insertingVowelAt: index),
          own: 2, variant: 0)
        made += 1
      }
      return made
    }
  }

  /// Keys that sound exactly like some token-aligned span of the window.
  ///
  /// - Complexity: O(*n* × *w*) hash lookups for *n* symbols and spans of up to the longest
  ///   key's length.
  private func exactCandidates(
    _ utterance: PreparedUtterance, window: Range<Int>, allowedTypes: [Bool]?,
    scratch: inout Scratch
  ) -> [(key: Int32, window: Range<Int>)] {
    // Each key once, at its first exact span: aligning it there scores it fully, and a key
    // repeated all over a long text costs no more than one occurrence.
    var result: [(key: Int32, window: Range<Int>)] = []
    let seen = scratch.foundKeys
    seen.removeAll()
    let shift = exactKeys.shift
    symbols.withUnsafeBufferPointer { keySymbols in
      utterance.symbols.withUnsafeBufferPointer { text in
        utterance.startsToken.withUnsafeBufferPointer { startsToken in
          utterance.endsToken.withUnsafeBufferPointer { endsToken in
            for start in window where startsToken[start] {
              var hash = Self.hashSeed
              var end = start + 1
              let last = min(window.upperBound, start + longestKey)
              while end <= last {
                hash = Self.hash(hash, text[end - 1])
                if endsToken[end] {
                  let span = UnsafeBufferPointer(rebasing: text[start..<end])
                  for position in exactKeys.range(of: Self.fold(hash), shift: shift) {
                    let key = exactKeys.key(at: position)
                    let bounds = symbolRange(ofKey: Int(key))
                    guard bounds.count == span.count,
                      UnsafeBufferPointer(rebasing: keySymbols[bounds]).elementsEqual(span),
                      isAllowed(Int(key), allowedTypes)
                    else { continue }
                    let (place, cell) = seen.find(key)
                    guard place == nil else { continue }
                    seen.record(key, place: 0, in: cell)
                    result.append((key, start..<end))
                  }
                }
                end += 1
              }
            }
          }
        }
      }
    }
    return result
  }

  /// Aligns one key against every token-aligned span of the window and scores the best.
  ///
  /// With `soundingExactly`, the window is a span whose symbols are the key's: aligning the
  /// key there costs nothing, and any other span of the window (each shorter) costs more,
  /// so the alignment is the window itself with similarity 1, without the alignment table.
  private func verify(
    key: Int32, _ utterance: PreparedUtterance, window: Range<Int>, soundingExactly: Bool,
    latinMasks: UnsafeMutableBufferPointer<UInt64>
  ) -> Scored? {
    let keyBounds = symbolRange(ofKey: Int(key))
    guard
      let alignment = soundingExactly
        ? Alignment.Result(
          similarity: 1, start: window.lowerBound, end: window.upperBound,
          keyWeight: PhoneticKey.weight(symbols[keyBounds]))
        : Alignment.best(key: symbols[keyBounds], utterance: utterance, window: window)
    else { return nil }
    let tokenRange = utterance.tokenRange(symbols: alignment.start, alignment.end)
    let spanLatin = utterance.latin(tokenRange)
    let keyLatin = latin[latinRange(ofKey: Int(key))]
    let exact = spanLatin.elementsEqual(keyLatin)
    let latinSimilarity: Double
    if exact {
      latinSimilarity = 1
    } else {
      let distance =
        keyLatin.count <= 64
        ? keyLatin.withUnsafeBufferPointer { pattern in
          spanLatin.withUnsafeBufferPointer { text in
            Alignment.bitParallelDistance(pattern, text, equal: latinMasks)
          }
        }
        : Alignment.levenshtein(Array(keyLatin), Array(spanLatin))
      latinSimilarity = 1 - Double(distance) / Double(max(keyLatin.count, spanLatin.count, 1))
    }
    let keyWeight = alignment.keyWeight
    let base = exact ? 1 : 0.6 * alignment.similarity + 0.4 * latinSimilarity
    let shortPenalty = exact ? 0 : Double(max(0, 30 - keyWeight)) / 100
    // Common words are penalized unless they are exactly the entry's one word: "this to"
    // for an entry "Thisto" is two common words run together, not a name; more when they
    // are spelled otherwise than the entry ("please" for Plise) than when they spell it
    // ("to do" for To-Do).
    var namingTokens = 0
    for token in tokenRange where !utterance.isCommonToken[token] { namingTokens += 1 }
    let commonPenalty: Double
    if namingTokens > 0 {
      commonPenalty = 0
    } else if !exact {
      commonPenalty = Self.inexactCommonWordPenalty
    } else {
      commonPenalty = tokenRange.count > 1 ? Self.commonWordPenalty : 0
    }
    let score = base * Double(weight(ofKey: Int(key))) - shortPenalty - commonPenalty
    return Scored(
      key: key, score: score, phonetic: alignment.similarity, latin: latinSimilarity,
      exact: exact, shortPenalty: shortPenalty, commonWordPenalty: commonPenalty,
      start: alignment.start, end: alignment.end,
      namingTokens: namingTokens)
  }

  private func match(for scored: Scored, _ utterance: PreparedUtterance) -> Match {
    let key = Int(scored.key)
    let entry = entries[keyEntry[key]]
    let tokenRange = utterance.tokenRange(symbols: scored.start, scored.end)
    return Match(
      identifier: entry.identifier, type: entry.type, owner: entry.owner,
      priority: entry.priority, tokenRange: tokenRange,
      scalarRange: utterance.scalarRange(of: tokenRange), text: utterance.text(of: tokenRange),
      phrase: entry.phrases[keyPhrase[key]].text, score: scored.score,
      components: ScoreComponents(
        phonetic: scored.phonetic, latin: scored.latin, exact: scored.exact,
        coverage: Double(coverage(ofKey: key)), weight: Double(weight(ofKey: key)),
        shortPenalty: scored.shortPenalty, commonWordPenalty: scored.commonWordPenalty,
        viaPronunciation: isViaPronunciation(key)))
  }
}

/// One key's votes on its two best diagonals, stamped with the query that cast them.
struct Tally {
  var first: UInt16 = 0
  var second: UInt16 = 0
  /// Query position minus key position of the grams counted; 32 bits, as a query may be
  /// longer than 32,767 symbols.
  var firstDiagonal: Int32 = 0
  var secondDiagonal: Int32 = 0
  /// Votes from an earlier query (another epoch) count as none, so nothing is reset.
  var epoch: UInt32 = 0
  var qualified = false
}

/// Scratch space for one query, reused across queries: the skeleton lookups' working memory
/// and found keys, the keys verified and each entry's best match (small tables sized by what
/// the query finds), and gram voting's counters (as big as the index, made the first time a
/// query votes).
struct Scratch {
  var votes: [Tally] = []
  var epoch: UInt32 = 0
  /// Keys whose votes reached their share of grams in this query, in order of reaching it.
  var qualified: [Int32] = []
  var levels: [Int16] = []
  /// Skeleton lookups: where each key found stands in `lookupSpace.found` (and, before
  /// them, the keys the exact lookup has found).
  var foundKeys = FoundKeys()
  /// Verification: the keys verified, and where each entry's best stands in `bestOfEntries`.
  var verifiedKeys = FoundKeys()
  var entryPlaces = FoundKeys()
  var bestOfEntries: [MatchIndex.Scored] = []
  /// Skeleton lookups' working memory.
  var lookupSpace = LookupSpace()
}

/// One token of a skeleton lookup's window: its symbols, and whether it is a common word.
struct SpanToken {
  var start: Int
  var end: Int
  var isCommon: Bool
}

/// A fingerprint a skeleton lookup looks up, with the priorities of the keys' own skeletons
/// and of the variants it finds.
struct Lookup {
  var fingerprint: UInt32
  var own: Int8
  var variant: Int8
}

/// A key found by skeleton lookups: its best estimate so far, the priority of the lookup
/// that found it, and the span it was found at.
struct FoundCandidate {
  var key: Int32
  var estimate: Float
  var priority: Int8
  var start: Int
  var end: Int
}

/// The working memory of skeleton lookups, kept in a query's ``Scratch`` and reused.
final class LookupSpace {
  let tokens = ScratchBuffer<SpanToken>()
  let skeleton = ScratchBuffer<UInt8>()
  let lookups = ScratchBuffer<Lookup>()
  /// Each lookup's directory slot, as the bounds of a range of the table.
  let slots = ScratchBuffer<(lower: Int, upper: Int)>()
  let hits = ScratchBuffer<(key: Int32, priority: Int8)>()
  let found = ScratchBuffer<FoundCandidate>()
  /// Bit masks for the bit-parallel distance between Latin keys in verification: 128 words,
  /// all zero between uses.
  let latinMasks: UnsafeMutableBufferPointer<UInt64> = {
    let masks = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: 128)
    masks.initialize(repeating: 0)
    return masks
  }()

  deinit { latinMasks.deallocate() }
}

extension Scratch {
  /// Makes vote counters for `keyCount` keys, unless they are there (an index without gram
  /// voting never pays for them).
  mutating func prepareVotes(keyCount: Int) {
    guard votes.count != keyCount else { return }
    votes = [Tally](repeating: Tally(), count: keyCount)
    epoch = 0
  }
}

/// Scratch space for queries, so a query allocates nothing in proportion to the
/// vocabulary, and reuses the memory of its working arrays (``LookupSpace``, found keys).
/// Each query takes its own scratch; concurrent queries never share one. At most 64 idle
/// scratches are kept.
final class ScratchPool: Sendable {
  private let idle = Locked<[Scratch]>([])

  /// Runs `body` with a scratch of its own (its vote counters are made by
  /// ``Scratch/prepareVotes(keyCount:)`` when a query first votes, so an index without gram
  /// voting never pays for them).
  func withScratch<Result>(_ body: (inout Scratch) -> Result) -> Result {
    var scratch = idle.withLock { $0.popLast() } ?? Scratch()
    let result = body(&scratch)
    idle.withLock { if $0.count < 64 { $0.append(scratch) } }
    return result
  }
}
