import VocabKitNormalization

extension MatchIndex {
  /// Keys that share enough sound grams with the utterance, most shared first, each with
  /// the stretch of the window around where its grams voted.
  ///
  /// One function on purpose: the diagonal vote, the hottest loop of a large query, runs over raw
  /// buffers opened once (votes, posting positions and thresholds).
  func candidateKeys(
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

    guard !tables.keyGramCount.isEmpty else { return [] }  // A large index: no voting.
    scratch.prepareVotes(keyCount: tables.keyEntry.count)
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
      postingCount += Int(tables.postingBounds[bucket + 1] - tables.postingBounds[bucket])
    }
    guard postingCount <= MatcherTuning.maximumFallbackPostings else { return [] }
    var qualified = scratch.qualified
    scratch.qualified = []
    scratch.votes.withUnsafeMutableBufferPointer { votes in
      tables.postingPositions.withUnsafeBufferPointer { positions in
        keyNeededVotes.withUnsafeBufferPointer { needed in
          // Diagonal voting: a key's grams count together only when they stand at
          // about the same offset in the query as in the key (within 3 classes, for
          // edits), so grams scattered over a long sentence do not add up. Two
          // diagonals are kept per key so that early chance hits cannot lock out the
          // real position. A key joins the qualified list once, when its votes first
          // reach its share of grams.
          for (bucket, queryPosition) in visits {
            for index in Int(tables.postingBounds[bucket])..<Int(tables.postingBounds[bucket + 1]) {
              let key = tables.postings[index]
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
      let keyClasses = Int(tables.keyGramCount[Int(key)]) + 1
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
  /// ``MatcherTuning/maximumCandidates``.
  ///
  /// A key of *g* grams shares *v* of them (on one diagonal) with the query. Keys are ranked
  /// by v²/g − g·d: the shared grams weighted by the share of the key they cover, less what
  /// a key of *g* grams shares by chance at a small density *d*, so neither short keys (which
  /// share all their few grams easily) nor long ones (which share many by chance) crowd out
  /// the right one. Selection uses a histogram of that rank, linear in the qualified keys.
  func select(_ scratch: inout Scratch) -> [Int32] {
    // Votes now come from a window about as long as the key: chance density is low.
    let d: Float = 0.03
    scratch.levels.removeAll(keepingCapacity: true)
    var highest: Int16 = 0
    tables.keyGramCount.withUnsafeBufferPointer { gramCount in
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
      while threshold > 0, above + Int(histogram[threshold]) < MatcherTuning.maximumCandidates {
        above += Int(histogram[threshold])
        threshold -= 1
      }
      return threshold
    }
    var result: [Int32] = []
    result.reserveCapacity(MatcherTuning.maximumCandidates)
    var tier: [Int32] = []
    for (key, level) in zip(scratch.qualified, scratch.levels) {
      if level > threshold {
        result.append(key)
      } else if Int(level) == threshold, result.count + tier.count < MatcherTuning.maximumCandidates
      {
        tier.append(key)
      }
    }
    let room = MatcherTuning.maximumCandidates - result.count
    if tier.count > room { tier.removeLast(tier.count - room) }
    return result + tier
  }
}
