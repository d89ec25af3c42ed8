import VocabKitNormalization
import VocabKitSupport

extension MatchIndex {
  /// The skeleton lookups of one stage of a query, cheapest first.
  enum LookupStage {
    /// Each span's skeleton, its one-deletion variants and a vowel put back.
    case first
    /// Single-word spans only: less two elements, or with a consonant more or changed.
    case secondChance
    /// The first stage's lookups that named too many keys for it, within a budget of keys.
    case lastChance
  }

  /// Keys whose skeleton is within one edit of the skeleton of a span of one to
  /// ``MatcherTuning/maximumSpanTokens`` tokens (not all common words, and not begun or ended by
  /// one when longer than a token), at most ``MatcherTuning/maximumLookupCandidates``, best first
  /// by estimated score, then by lookup priority (the span's own skeleton among the keys' own
  /// first), then longer spans first. At the second chance, only single-word spans are looked up,
  /// less two elements, or with a consonant more or changed. At the last chance, the first stage's
  /// lookups, but only those that name more than ``MatcherTuning/maximumSkeletonFanOut`` keys and
  /// at most ``MatcherTuning/maximumWideFanOut``, each while its keys fit in what is left of
  /// ``MatcherTuning/maximumWideKeys``, and without the keys verified before.
  ///
  /// - Complexity: O(*t* × *s*) table lookups for *t* tokens and skeletons of *s* elements
  ///   (O(*t* × *s*²) at the second chance), plus the keys found (at most
  ///   ``MatcherTuning/maximumSkeletonFanOut`` a lookup, or ``MatcherTuning/maximumWideKeys``
  ///   in all at the last chance).
  func neighborhoodCandidates(
    _ utterance: PreparedUtterance, window: Range<Int>, allowedTypes: [Bool]?,
    stage: LookupStage = .first
  ) -> [(key: Int32, window: Range<Int>)] {
    scratchPool.withScratch { scratch in
      // A lookup of its own: no key has been verified (the wide lookups skip those that have).
      scratch.verifiedKeys.removeAll()
      return neighborhoodCandidates(
        utterance, window: window, allowedTypes: allowedTypes, stage: stage,
        scratch: &scratch)
    }
  }

  /// ``neighborhoodCandidates(_:window:allowedTypes:stage:)`` in the query's `scratch`, with no
  /// lookup for a span strictly inside one of `exactPhrases` (phrases said exactly).
  ///
  /// One function on purpose: its loops over spans, lookups and hits write through raw buffers it
  /// opens once (the keys' and the utterance's symbols, the scratch's lookups, slots and hits);
  /// split, each part would reopen them or take a dozen pointers.
  func neighborhoodCandidates(
    _ utterance: PreparedUtterance, window: Range<Int>, allowedTypes: [Bool]?,
    stage: LookupStage = .first, exactPhrases: [Range<Int>] = [], scratch: inout Scratch
  ) -> [(key: Int32, window: Range<Int>)] {
    let (skeletons, longestSkeleton) = (tables.skeletons, tables.longestSkeleton)
    guard !skeletons.entries.isEmpty else { return [] }
    let wide = stage == .lastChance
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
    let hitKeys = space.hitKeys
    // A span's skeleton has at most as many elements as the window has symbols.
    skeleton.reserve(window.count + 1)
    let shift = skeletons.shift
    // The numbers of keys a lookup may name to be taken (the wide lookups take those the
    // others left), and how many more keys the wide lookups may name (unbounded otherwise).
    // Keys verified before (by other steps) are not found again by the wide lookups, so
    // that their few places go to new keys.
    let takenFanOuts =
      wide
      ? (MatcherTuning.maximumSkeletonFanOut + 1)...MatcherTuning.maximumWideFanOut
      : 1...MatcherTuning.maximumSkeletonFanOut
    var wideKeysLeft = wide ? MatcherTuning.maximumWideKeys : Int.max
    let verifiedKeys = scratch.verifiedKeys
    Self.classIndex.withUnsafeBufferPointer { classIndex in
      tables.symbols.withUnsafeBufferPointer { keySymbols in
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
              for last in first..<min(first + MatcherTuning.maximumSpanTokens, tokens.count) {
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
                // A span strictly inside a phrase said exactly is not looked up: what it finds
                // scores below that phrase, which explains it away.
                if Self.isStrictlyInside(span, anyOf: exactPhrases) { continue }
                let buffer = UnsafeBufferPointer(start: elements, count: length)
                let lookupCount = Self.makeLookups(
                  buffer, stage: stage, singleToken: last == first, into: lookups)
                guard lookupCount > 0 else { continue }
                // The lookups run in stages, each over all of the span's lookups, so that
                // their memory reads (most of them cache misses in a large index) overlap:
                // directory slots, then the searches, then the keys found. Each lookup finds
                // keys' own skeletons and then variants; each kind is skipped when it names
                // too many keys.
                slots.reserve(lookupCount)
                for index in 0..<lookupCount {
                  let slot = skeletons.slot(
                    of: lookups.base[index].fingerprint, shift: shift)
                  slots.base[index] = (slot.lowerBound, slot.upperBound)
                }
                hits.reserve(min(lookupCount * 2 * takenFanOuts.upperBound, wideKeysLeft))
                var hitCount = 0
                for index in 0..<lookupCount {
                  let slot = slots.base[index]
                  guard slot.lower < slot.upper else { continue }
                  let lookup = lookups.base[index]
                  let range = skeletons.range(
                    of: lookup.fingerprint, in: slot.lower..<slot.upper)
                  guard !range.isEmpty else { continue }
                  let split = skeletons.split(range)
                  let own = range.lowerBound..<split
                  // Second-chance lookups that put a consonant in name few keys, or nothing
                  // worth their places.
                  let most =
                    lookup.own == MatcherTuning.consonantLookupPriority
                    ? MatcherTuning.maximumConsonantFanOut : Int.max
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
                // What the loop below reads of each key, read for all of them first: in a
                // large index each read is a cache miss, and in this short loop the processor
                // waits for many at once, where the loop below would wait for each in turn.
                hitKeys.reserve(hitCount)
                for index in 0..<hitCount {
                  let key = Int(hits.base[index].key)
                  let bounds = symbolRange(ofKey: key)
                  hitKeys.base[index] = HitKey(
                    start: Int32(bounds.lowerBound), count: Int32(bounds.count),
                    weight: weight(ofKey: key),
                    firstSymbol: bounds.isEmpty ? 0 : keySymbols[bounds.lowerBound],
                    isAllowed: isAllowed(key, allowedTypes))
                }
                // The span is the pattern of the bit-parallel distance (the distance is
                // symmetric), so its bit masks are made once for all the keys it found.
                let spanIsPattern = span.count <= 64
                let spanText = UnsafeBufferPointer(rebasing: text[span])
                if spanIsPattern { Alignment.setPattern(spanText, in: equal) }
                for index in 0..<hitCount {
                  let (key32, priority) = hits.base[index]
                  let hitKey = hitKeys.base[index]
                  if !hitKey.isAllowed { continue }
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
                  let bounds = Int(hitKey.start)..<Int(hitKey.start + hitKey.count)
                  let keyText = UnsafeBufferPointer(rebasing: keySymbols[bounds])
                  let distance =
                    spanIsPattern
                    ? Alignment.bitParallelDistance(
                      patternLength: span.count, keyText, equal: equal)
                    : bounds.count <= 64
                      ? Alignment.bitParallelDistance(keyText, spanText, equal: equal)
                      : EditDistance.elements(Array(keyText), Array(spanText))
                  // Weighted, a whole name one edit away outranks the exact words of
                  // other names it shares (partial keys weigh 0.85).
                  let estimate =
                    (1 - Float(distance) / Float(max(bounds.count, span.count, 1)))
                    * hitKey.weight
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
    let wanted = MatcherTuning.maximumLookupCandidates
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

  /// Writes the fingerprints to look up for a span's `skeleton` into `lookups`, with the priorities
  /// of what they find, and returns how many. At the first stage (and the last): the skeleton
  /// itself; then, for skeletons of at least ``MatcherTuning/minimumVariantSkeleton`` elements, its
  /// one-deletion variants and the skeleton with a vowel put back where the recognizer may have
  /// dropped one. At the second chance (single-token spans of at least
  /// ``MatcherTuning/minimumVariantSkeleton`` elements only): the skeleton with a consonant class
  /// put back at each place (and a vowel after it, after a vowel) and with each consonant changed
  /// to each other class (both taken only when they name at most
  /// ``MatcherTuning/maximumConsonantFanOut`` keys), then, for longer ones, its two-deletion
  /// variants.
  ///
  /// - Complexity: O(*s*²) for a skeleton of *s* elements (O(*s*³) at the second chance:
  ///   O(*s*²) fingerprints of O(*s*) each, and O(*s*) insertions for each consonant class).
  ///
  /// One function on purpose: every stage writes its fingerprints into the same raw buffer, in the
  /// order of their priorities.
  static func makeLookups(
    _ skeleton: UnsafeBufferPointer<UInt8>, stage: LookupStage, singleToken: Bool,
    into lookups: ScratchBuffer<Lookup>
  ) -> Int {
    let count = skeleton.count
    if stage == .secondChance {
      var made = 0
      guard singleToken, count >= MatcherTuning.minimumVariantSkeleton else { return 0 }
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
              own: MatcherTuning.consonantLookupPriority, variant: 0)
            made += 1
            if afterVowel {
              lookups.base[made] = Lookup(
                fingerprint: Skeleton.fingerprint(
                  skeleton, prefix: prefix, inserting: element, thenVowel: true, at: position),
                own: MatcherTuning.consonantLookupPriority, variant: 0)
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
              own: MatcherTuning.consonantLookupPriority, variant: 0)
            made += 1
          }
        }
      }
      // Words with two more elements than a key, or one more and one other.
      guard count > MatcherTuning.minimumVariantSkeleton else { return made }
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
      guard count >= MatcherTuning.minimumVariantSkeleton else { return made }
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
  func exactCandidates(
    _ utterance: PreparedUtterance, window: Range<Int>, allowedTypes: [Bool]?,
    scratch: inout Scratch
  ) -> [(key: Int32, window: Range<Int>)] {
    // Each key once, at its first exact span: aligning it there scores it fully, and a key
    // repeated all over a long text costs no more than one occurrence.
    var result: [(key: Int32, window: Range<Int>)] = []
    let seen = scratch.foundKeys
    seen.removeAll()
    let shift = tables.exactKeys.shift
    var touched = 0
    tables.symbols.withUnsafeBufferPointer { keySymbols in
      utterance.symbols.withUnsafeBufferPointer { text in
        utterance.startsToken.withUnsafeBufferPointer { startsToken in
          utterance.endsToken.withUnsafeBufferPointer { endsToken in
            for start in window where startsToken[start] {
              var hash = Self.hashSeed
              var end = start + 1
              let last = min(window.upperBound, start + tables.longestKey)
              while end <= last {
                hash = Self.hash(hash, text[end - 1])
                if endsToken[end] {
                  let span = UnsafeBufferPointer(rebasing: text[start..<end])
                  let positions = tables.exactKeys.range(of: Self.fold(hash), shift: shift)
                  // Where each key's symbols are, read for all of them first (a crowded word
                  // names sixteen keys scattered over the index): their misses overlap.
                  if positions.count > 1 {
                    for position in positions {
                      let bounds = symbolRange(ofKey: Int(tables.exactKeys.key(at: position)))
                      if !bounds.isEmpty { touched &+= Int(keySymbols[bounds.lowerBound]) }
                    }
                  }
                  for position in positions {
                    let key = tables.exactKeys.key(at: position)
                    let bounds = symbolRange(ofKey: Int(key))
                    guard bounds.count == span.count,
                      Self.equalBytes(UnsafeBufferPointer(rebasing: keySymbols[bounds]), span),
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
    scratch.lookupSpace.readAhead = touched
    return result
  }
}
