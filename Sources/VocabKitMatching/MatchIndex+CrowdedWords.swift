extension MatchIndex {
  /// Whole phrases holding a crowded word said exactly and, a word or two beside it, a span
  /// whose skeleton lookups of `stage` (see ``makeLookups(_:stage:singleToken:into:)``) find
  /// another of their words: "denise eving" finds Denise Ewing though the exact lookups give
  /// only the first Denises (see ``crowdedFlag``). Each window reaches far enough around the
  /// two for the rest of the phrase. Lookups of higher priority go first, and at most
  /// ``MatcherTuning/maximumCrowdedWordKeys`` phrases are found, the earliest entries first
  /// within a lookup.
  ///
  /// - Parameters:
  ///   - exact: The keys the exact lookups found, with the spans that sound like them.
  ///   - skips: Whether a span lies inside a whole phrase said exactly (whose words need no
  ///     other phrase).
  ///   - skipsKey: Whether a key is left out (verified before).
  /// - Complexity: O(*c* × *s*²) table lookups for *c* crowded words said and spans of *s*
  ///   skeleton elements beside them (O(*c* × *s*³) at the second chance), plus the phrases
  ///   found.
  func crowdedWordCandidates(
    _ utterance: PreparedUtterance, window: Range<Int>, exact: [(key: Int32, window: Range<Int>)],
    allowedTypes: [Bool]?, stage: LookupStage, scratch: inout Scratch,
    skips: (Range<Int>) -> Bool, skipsKey: (Int32) -> Bool
  ) -> [(key: Int32, window: Range<Int>)] {
    let table = tables.crowdedWordPairs
    guard !table.entries.isEmpty else { return [] }
    // The crowded words said, one per spelling group and span. A span's keys sound alike, so
    // a key is of a group seen there when it has that group's key's letters, weight and type
    // (compared, not hashed: the exact lookups give up to 64 keys of each group, a span's
    // together, so only the groups said since the span began are compared).
    var said: [(group: UInt64, span: Range<Int>, key: Int)] = []
    var lastSpan = 0..<0
    var skipsSpan = true
    var spanStart = 0
    for (key32, span) in exact where tables.keyFlags[Int(key32)] & Self.crowdedFlag != 0 {
      if span != lastSpan { (lastSpan, skipsSpan, spanStart) = (span, skips(span), said.count) }
      let key = Int(key32)
      guard !skipsSpan,
        !said[spanStart...].contains(where: { $0.span == span && isSpelledAlike(key, $0.key) })
      else { continue }
      said.append((spellingGroup(ofKey: key), span, key))
    }
    guard !said.isEmpty else { return [] }
    // The window's tokens, with their symbols.
    var tokens: [(start: Int, end: Int, isCommon: Bool)] = []
    var position = window.lowerBound
    while position < window.upperBound {
      var end = position + 1
      while end < window.upperBound, !utterance.endsToken[end] { end += 1 }
      tokens.append(
        (position, end, utterance.isCommonToken[Int(utterance.tokenOfSymbol[position])]))
      position = end
    }
    // Each crowded word's lookups: the spans of one or two tokens beside it (with at most one
    // token between), each by the skeleton lookups of the stage, their priorities kept.
    var lookups: [(fingerprint: UInt32, priority: Int8, window: Range<Int>)] = []
    let made = scratch.lookupSpace.lookups
    for (group, span, _) in said {
      guard let first = tokens.firstIndex(where: { $0.start == span.lowerBound }),
        let last = tokens.firstIndex(where: { $0.end == span.upperBound })
      else { continue }
      var besides: [ClosedRange<Int>] = []
      for gap in 0...1 {
        for width in 0...1 {
          if first - 1 - gap - width >= 0 {
            besides.append((first - 1 - gap - width)...(first - 1 - gap))
          }
          if last + 1 + gap + width < tokens.count {
            besides.append((last + 1 + gap)...(last + 1 + gap + width))
          }
        }
      }
      for beside in besides {
        let (head, tail) = (tokens[beside.lowerBound], tokens[beside.upperBound])
        if beside.allSatisfy({ tokens[$0].isCommon }) { continue }
        if beside.count > 1, head.isCommon || tail.isCommon { continue }
        let skeleton = Skeleton.elements(utterance.symbols[head.start..<tail.end])
        guard !skeleton.isEmpty else { continue }
        let reach = min(span.lowerBound, head.start)..<max(span.upperBound, tail.end)
        let count = skeleton.withUnsafeBufferPointer { skeleton in
          Self.makeLookups(skeleton, stage: stage, singleToken: true, into: made)
        }
        for index in 0..<count {
          let lookup = made.base[index]
          lookups.append(
            (
              Self.crowdedWordFingerprint(group: group, skeleton: lookup.fingerprint),
              lookup.own, reach
            ))
        }
      }
    }
    // The lookups of higher priority first (a span's own skeleton before its variants).
    lookups.sort { $0.priority > $1.priority }
    var found: [(key: Int32, window: Range<Int>)] = []
    var seen = Set<Int32>()
    let shift = table.shift
    for lookup in lookups {
      for position in table.range(of: lookup.fingerprint, shift: shift) {
        guard found.count < MatcherTuning.maximumCrowdedWordKeys else { return found }
        let key = table.key(at: position)
        guard isAllowed(Int(key), allowedTypes), !skipsKey(key), seen.insert(key).inserted,
          let reach = reach(
            ofKey: Int(key), around: lookup.window, found: lookup.window.count, utterance,
            window: window)
        else { continue }
        found.append((key, reach))
      }
    }
    return found
  }

  /// The spelling group of partial key `key` (see ``spellingGroup(symbols:latin:weightIndex:type:)``).
  func spellingGroup(ofKey key: Int) -> UInt64 {
    Self.spellingGroup(
      symbols: tables.symbols[symbolRange(ofKey: key)], latin: tables.latin[latinRange(ofKey: key)],
      weightIndex: tables.keyWeightIndex[key], type: tables.entryType[tables.keyEntry[key]])
  }

  /// Whether keys `key` and `other`, which sound alike, are of one spelling group: the same
  /// letters, weight and entry type.
  func isSpelledAlike(_ key: Int, _ other: Int) -> Bool {
    let (letters, otherLetters) = (latinRange(ofKey: key), latinRange(ofKey: other))
    guard letters.count == otherLetters.count,
      tables.keyWeightIndex[key] == tables.keyWeightIndex[other],
      tables.entryType[tables.keyEntry[key]] == tables.entryType[tables.keyEntry[other]]
    else { return false }
    return tables.latin.withUnsafeBufferPointer { latin in
      Self.equalBytes(
        UnsafeBufferPointer(rebasing: latin[letters]),
        UnsafeBufferPointer(rebasing: latin[otherLetters]))
    }
  }
}
