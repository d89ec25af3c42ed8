import Dispatch
import VocabKitNormalization
import VocabKitSupport

/// A compiled, immutable index of entries that finds them inside utterances.
///
/// Every phrase is normalized once, at build time, into a phonetic key (sound symbols
/// without word boundaries) and a Latin key. Multi-word phrases also get a key for each
/// distinctive word, so "Kim" finds Alex Kim and "Alex" finds every Alex. Keys are indexed
/// by grams of sound classes, so a query touches only the keys that share sounds with it,
/// and each candidate is verified by a weighted alignment against every token-aligned span
/// of the utterance.
///
/// An index is `Sendable` and is shared by any number of threads without locks.
public final class MatchIndex: Sendable {
  public let entries: [MatchEntry]
  let normalizer: Normalizer

  /// The compiled keys, postings and lookup tables (see ``Tables``).
  let tables: Tables
  /// The votes a key needs to be considered: ``MatcherTuning/minimumVoteTenths`` of its grams, at
  /// least 1 (derived from the tables, not stored in a cache).
  let keyNeededVotes: [UInt8]
  /// ``Tables/carrierWords``, for lookups (derived, not stored in a cache).
  let carrierWordSet: Set<String>
  let scratchPool = ScratchPool()

  /// The number of keys (phrases, pronunciations and distinctive words).
  public var keyCount: Int { tables.keyEntry.count }

  /// The flag of a key that is one word of a longer phrase.
  static let partialFlag: UInt8 = 1
  /// The flag of a key made from a phrase's pronunciation hint.
  static let pronunciationFlag: UInt8 = 2
  /// The flag of a partial key whose spelling (and weight and type) more than
  /// ``MatcherTuning/crowdedWordThreshold`` words of longer phrases share: only the first
  /// ``MatcherTuning/crowdedWordExactKeys`` of them are in the exact table, and all are in the
  /// crowded-word table.
  static let crowdedFlag: UInt8 = 4
  /// The flag of a partial key too light to be looked up but by its exact sound: the first
  /// word of a longer phrase (a first name: "Joe" of Joe Smith, "Ed" of Ed Gullett; a
  /// Chinese surname: "Li" of Li Na). It is in the exact table only, with no skeleton and no
  /// grams, so "call joe" finds Joe Smith and no other word finds him by "joe"; a short last
  /// word ("High" of Aces High) gets no key, as it is most often an everyday word. A
  /// card's other name for a relationship ("mother" for Mom, ``KinshipNames``) has it too.
  static let exactOnlyFlag: UInt8 = 8

  /// Whether key `key` is one word of a longer phrase (a partial key).
  @inline(__always)
  func isPartial(_ key: Int) -> Bool { tables.keyFlags[key] & Self.partialFlag != 0 }

  /// Whether key `key` was made from a phrase's pronunciation hint.
  func isViaPronunciation(_ key: Int) -> Bool { tables.keyFlags[key] & Self.pronunciationFlag != 0 }

  /// The weight of key `key`: its phrase's, times ``MatcherTuning/partialWeight`` for a partial
  /// key.
  @inline(__always)
  func weight(ofKey key: Int) -> Float { tables.weights[tables.keyWeightIndex[key]] }

  /// The positions of key `key`'s sound symbols in ``Tables/symbols``.
  @inline(__always)
  func symbolRange(ofKey key: Int) -> Range<Int> {
    let start = tables.keySymbolStart[key]
    return start..<(start + tables.keySymbolLength[key])
  }

  /// The positions of key `key`'s Latin bytes in ``Tables/latin``.
  @inline(__always)
  func latinRange(ofKey key: Int) -> Range<Int> {
    let start = tables.keyLatinStart[key]
    return start..<(start + tables.keyLatinLength[key])
  }

  /// Whether key `key`'s entry is of a type in `allowedTypes` (by type number; nil: any).
  @inline(__always)
  func isAllowed(_ key: Int, _ allowedTypes: [Bool]?) -> Bool {
    guard let allowedTypes else { return true }
    return allowedTypes[tables.entryType[tables.keyEntry[key]]]
  }

  /// The whole-phrase key of partial key `partial` (a phrase's partial keys follow its whole
  /// key), or nil when the tables do not have one, as a damaged cache's might not.
  ///
  /// - Complexity: O(*w*) for a phrase of *w* words.
  func wholeKey(of partial: Int) -> Int? {
    var whole = partial
    while whole >= 0, isPartial(whole) { whole -= 1 }
    guard whole >= 0, tables.keyEntry[whole] == tables.keyEntry[partial],
      tables.keyPhrase[whole] == tables.keyPhrase[partial]
    else { return nil }
    return whole
  }

  /// The sound symbols of every whole phrase and pronunciation of the entry at `entry` in
  /// ``entries``, not of its words alone.
  ///
  /// - Complexity: O(*k*) for *k* keys in the index: meant for small indexes, such as app
  ///   names.
  package func wholePhraseSymbols(ofEntry entry: Int) -> [[UInt8]] {
    (0..<keyCount).compactMap { key in
      guard tables.keyEntry[key] == entry, !isPartial(key) else { return nil }
      return Array(tables.symbols[symbolRange(ofKey: key)])
    }
  }

  /// The share of its phrase's weight that key `key` covers: 1 for a whole phrase, less for a
  /// word of one (weights are sums over sound symbols, so a word's share is its symbols'
  /// weight over the phrase's). Computed when asked, for match components only.
  func coverage(ofKey key: Int) -> Float {
    guard isPartial(key), let whole = wholeKey(of: key) else { return 1 }
    func weight(_ key: Int) -> Int32 { PhoneticKey.weight(tables.symbols[symbolRange(ofKey: key)]) }
    return Float(weight(key)) / Float(max(weight(whole), 1))
  }

  /// The bytes the index holds beyond the entries' own strings: keys, postings and tables.
  public var approximateIndexBytes: Int {
    let keyTables =
      [
        tables.keyEntry, tables.keyPhrase, tables.keyWeightIndex, tables.keySymbolStart,
        tables.keySymbolLength, tables.keyLatinStart,
        tables.keyLatinLength,
      ].reduce(0) { $0 + $1.bytes } + tables.weights.count * 4 + tables.keyFlags.count
    // Gram counts, needed votes and postings exist only in indexes with gram voting.
    let voting =
      tables.keyGramCount.count * 2 + keyNeededVotes.count + tables.postings.bytes
      + tables.postingPositions.count
    return keyTables + voting + tables.symbols.count + tables.latin.count + tables.postingBounds
      .count * 4
      + tables.entryType.bytes + tables.exactKeys.bytes + tables.skeletons.bytes
      + tables.crowdedWordPairs.bytes
  }

  /// Sound classes in candidate lookup: 12 consonant classes (voiced and voiceless pairs
  /// together: p/b, t/d, k/g, f/v, s/z, sh/ch/j; m, n, l, r, w, y apart) and 10 digits.
  /// Vowels and "h" have none: a gram is two consecutive classes and whether a vowel stands
  /// between them, so vowel confusions ("index", "inbox") keep their grams.
  static let classCount = 22
  /// The consonant classes come first among the classes (the digits follow).
  static let consonantClassCount: UInt8 = 12
  static let bigramBuckets = classCount * 2 * classCount
  static let unigramBase = bigramBuckets
  /// Keys without any class, verified for every query.
  static let vowelBucket = unigramBase + classCount
  static let bucketCount = vowelBucket + 1

  static let classIndex: [UInt8] = {
    var table = [UInt8](repeating: 255, count: 128)
    for (index, group) in ["pb", "td", "kg", "fv", "sz", "xcj", "m", "n", "l", "r", "w", "y"]
      .enumerated()
    {
      for symbol in group.utf8 { table[Int(symbol)] = UInt8(index) }
    }
    for digit in 0..<10 { table[0x30 + digit] = UInt8(12 + digit) }
    return table
  }()

  static func isVowel(_ symbol: UInt8) -> Bool {
    symbol == 0x61 || symbol == 0x65 || symbol == 0x69 || symbol == 0x6F || symbol == 0x75
  }

  /// The gram bucket of two consecutive classes.
  @inline(__always)
  static func bigram(_ first: UInt8, _ second: UInt8, vowelBetween: Bool) -> Int {
    (Int(first) * 2 + (vowelBetween ? 1 : 0)) * classCount + Int(second)
  }

  /// The classes of some symbols, each with whether a vowel comes between it and the
  /// previous class.
  static func classes(_ symbols: some Collection<UInt8>) -> [(soundClass: UInt8, afterVowel: Bool)]
  {
    // Labelled like the result: an unlabelled array would be converted element by element.
    var result: [(soundClass: UInt8, afterVowel: Bool)] = []
    result.reserveCapacity(symbols.count)
    var vowel = false
    for symbol in symbols {
      let soundClass = classIndex[Int(symbol & 0x7F)]
      if soundClass != 255 {
        result.append((soundClass, vowel))
        vowel = false
      } else if isVowel(symbol) {
        vowel = true
      }
    }
    return result
  }

  /// Compiles `entries`.
  ///
  /// An index holds at most 2²⁷ keys (a key for each phrase, pronunciation and distinctive
  /// word: about 50 million entries of 2-3 words, far more than fits in memory); more stop
  /// the program with a precondition failure.
  ///
  /// - Parameters:
  ///   - entries: The entries to find.
  ///   - normalizer: The normalizer that keys the phrases, and later the queries.
  ///   - carrierWords: Latin keys of words that are no key of their own inside a longer
  ///     phrase, and that count as common words in a query: the words a vocabulary's
  ///     templates put around the slots this index serves, and its app's names. Said alone,
  ///     such a word is the carrier ("play my … playlist", "on Tempo Music"), not the
  ///     playlist "Running Playlist" or "Video Game Music"; said with the rest of the name,
  ///     the whole phrase still matches.
  /// - Throws: `ICUError` if normalization fails (a broken ICU installation).
  /// - Complexity: O(*n*) in the total length of the phrases.
  public convenience init(
    entries: [MatchEntry], normalizer: Normalizer, carrierWords: Set<String> = []
  ) throws(ICUError) {
    try self.init(
      entries: entries, normalizer: normalizer,
      votingPhraseLimit: MatcherTuning.maximumVotingPhrases, carrierWords: carrierWords)
  }

  /// Compiles `entries`, with gram voting only when they have at most `votingPhraseLimit`
  /// phrases (tests lower the limit to check both kinds of index on small vocabularies).
  init(
    entries: [MatchEntry], normalizer: Normalizer, votingPhraseLimit: Int,
    carrierWords: Set<String> = []
  ) throws(ICUError) {
    self.entries = entries
    self.normalizer = normalizer
    var builder = Builder()
    var typeIDs: [String: Int32] = [:]
    var typeNames: [String] = []
    var entryType: [Int32] = []
    entryType.reserveCapacity(entries.count)
    // Normalization (ICU) is most of the work: done first, on every core for large lists.
    var texts: [String] = []
    // Other ways to say a phrase, keyed as the same phrase (found as said, reported as
    // written): a Russian phrase in each case a request may put it in ("позвони
    // Александру"), and a card named by relationship by its other words in its script
    // ("call my mother" for Mom), in every case too.
    // The synonyms are found only as said: "father" must not find Mom by sounding like
    // "mother".
    var variantCounts: [(cases: Int, synonyms: Int)] = []
    for entry in entries {
      for phrase in entry.phrases {
        texts.append(phrase.text)
        if let hint = phrase.pronunciation { texts.append(Self.stripToneDigits(hint)) }
        let cases = RussianDeclension.otherCases(of: phrase.text)
        var synonyms = KinshipNames.synonyms(of: phrase.text)
        for synonym in synonyms { synonyms += RussianDeclension.otherCases(of: synonym) }
        if !cases.isEmpty { texts += cases }
        if !synonyms.isEmpty { texts += synonyms }
        variantCounts.append((cases.count, synonyms.count))
      }
    }
    let normalized = try Self.phraseKeys(
      texts, normalizer: normalizer, carrierWords: carrierWords)
    builder.collectsGrams = texts.count <= votingPhraseLimit
    var next = 0
    var variantIndex = 0
    /// Adds text `next` (a phrase, a pronunciation or a variant) as a phrase of the index.
    func addText(
      entry: Int, phrase: Int, weight: Float, viaPronunciation: Bool, exactOnly: Bool = false
    ) {
      builder.addPhrase(
        normalized.runs[next / normalized.runLength], number: next % normalized.runLength,
        entry: entry, phrase: phrase, weight: weight, viaPronunciation: viaPronunciation,
        exactOnly: exactOnly)
      next += 1
    }
    for (entryIndex, entry) in entries.enumerated() {
      if typeIDs[entry.type] == nil {
        typeIDs[entry.type] = Int32(typeNames.count)
        typeNames.append(entry.type)
      }
      entryType.append(typeIDs[entry.type]!)
      for (phraseIndex, phrase) in entry.phrases.enumerated() {
        addText(
          entry: entryIndex, phrase: phraseIndex, weight: Float(phrase.weight),
          viaPronunciation: false)
        if phrase.pronunciation != nil {
          addText(
            entry: entryIndex, phrase: phraseIndex, weight: Float(phrase.weight),
            viaPronunciation: true)
        }
        let (cases, synonyms) = variantCounts[variantIndex]
        for variant in 0..<(cases + synonyms) {
          addText(
            entry: entryIndex, phrase: phraseIndex, weight: Float(phrase.weight),
            viaPronunciation: false, exactOnly: variant >= cases)
        }
        variantIndex += 1
      }
    }
    tables = builder.tables(
      entries: entries, entryType: entryType, typeNames: typeNames,
      carrierWords: carrierWords.sorted())
    keyNeededVotes = Self.neededVotes(tables.keyGramCount)
    carrierWordSet = carrierWords
  }

  /// The keys of a run of phrases, made in the parallel part of compiling: each token's sound
  /// symbols and Latin bytes side by side in flat arrays (no array per phrase or token), so a
  /// phrase's whole key is one contiguous slice.
  struct KeyedPhrases: Sendable {
    var symbols: [UInt8] = []
    var latin: [UInt8] = []
    /// Where each token's symbols and Latin bytes end.
    var tokenSymbolEnds: [Int32] = []
    var tokenLatinEnds: [Int32] = []
    /// Each token's weight (the sum of its symbols' indel costs).
    var tokenWeights: [Int32] = []
    /// Whether each token may be a key of its own (a partial key): heavy enough, not a
    /// number, not a common word ("and" must not find "Bill and Malinda") and not a carrier
    /// word.
    var tokenStandsAlone: [Bool] = []
    /// Whether each token may be a partial key found only when said exactly (see
    /// ``MatchIndex/exactOnlyFlag``): as above, but too light to stand alone, a Latin word
    /// of at least ``MatcherTuning/minimumExactPartialLetters`` letters ("Joe", "Ed").
    var tokenStandsAloneExactly: [Bool] = []
    /// Latin keys of the words that never stand alone here (see
    /// ``MatchIndex/init(entries:normalizer:carrierWords:)``).
    var carrierWords: Set<String> = []
    /// Where each phrase's tokens end.
    var phraseTokenEnds: [Int32] = []

    /// Appends the keys of one phrase's `tokens`.
    ///
    /// Each word's symbols are written straight into `symbols` (a common word's are looked
    /// up), and tokens are read in place: compiling keys millions of words.
    mutating func append(_ tokens: [Token]) {
      // Read through a buffer, so that only the Latin key is copied, not the whole token.
      tokens.withUnsafeBufferPointer { tokens in append(tokens) }
      phraseTokenEnds.append(Int32(tokenWeights.count))
    }

    /// ``append(_:)`` over the tokens in place.
    private mutating func append(_ tokens: UnsafeBufferPointer<Token>) {
      for index in tokens.indices {
        var latinKey = tokens[index].latinKey
        let start = symbols.count
        let common = CommonWords.phoneticKey(of: latinKey)
        if let common { symbols += common }
        latinKey.withUTF8 { bytes in
          if common == nil { PhoneticKey.encode(bytes, appendingTo: &symbols) }
          latin.append(contentsOf: bytes)
        }
        let isCommon = common != nil
        let weight = PhoneticKey.weight(symbols[start...])
        tokenSymbolEnds.append(Int32(symbols.count))
        tokenLatinEnds.append(Int32(latin.count))
        tokenWeights.append(weight)
        let mayStandAlone =
          tokens[index].number == nil && !isCommon
          && (carrierWords.isEmpty || !carrierWords.contains(tokens[index].latinKey))
        let heavy = weight >= MatcherTuning.minimumPartialWeight
        tokenStandsAlone.append(mayStandAlone && heavy)
        tokenStandsAloneExactly.append(
          mayStandAlone && !heavy && weight > 0 && tokens[index].script == .latin
            && tokens[index].latinKey.utf8.count >= MatcherTuning.minimumExactPartialLetters)
      }
    }

    /// The tokens of phrase `phrase`.
    func tokens(of phrase: Int) -> Range<Int> {
      (phrase == 0 ? 0 : Int(phraseTokenEnds[phrase - 1]))..<Int(phraseTokenEnds[phrase])
    }

    /// Where the symbols and Latin bytes of tokens `tokens` (consecutive tokens of one
    /// phrase) are in ``symbols`` and ``latin``.
    func ranges(of tokens: Range<Int>) -> (symbols: Range<Int>, latin: Range<Int>) {
      let symbolStart = tokens.lowerBound == 0 ? 0 : Int(tokenSymbolEnds[tokens.lowerBound - 1])
      let latinStart = tokens.lowerBound == 0 ? 0 : Int(tokenLatinEnds[tokens.lowerBound - 1])
      return (
        symbolStart..<Int(tokenSymbolEnds[tokens.upperBound - 1]),
        latinStart..<Int(tokenLatinEnds[tokens.upperBound - 1])
      )
    }
  }

  /// The keys of every text, in runs of `runLength` texts: normalized and keyed in parallel
  /// on all cores when there are many (the normalizer is safe to share across threads), in
  /// line otherwise. Text *i* is phrase `i % runLength` of run `i / runLength`.
  ///
  /// - Complexity: O(*n*) in the total length of the texts, divided among the cores.
  static func phraseKeys(
    _ texts: [String], normalizer: Normalizer, carrierWords: Set<String> = []
  ) throws(ICUError) -> (runs: [KeyedPhrases], runLength: Int) {
    // Runs of 512, or one run (in line) when there are not many.
    let runLength = texts.count > 1024 ? 512 : max(texts.count, 1)
    let runs = try concurrentChunks(count: texts.count, chunkSize: runLength) {
      (range) throws(ICUError) in
      var keys = KeyedPhrases(carrierWords: carrierWords)
      for index in range { keys.append(try normalizer.normalize(texts[index])) }
      return [keys]
    }
    return (runs, runLength)
  }

  /// The skeleton fingerprints of the keys, for the skeleton table: every key's own, the
  /// one-deletion variants of whole phrases (their keys tagged with
  /// ``FingerprintTable/variantTag``), and the most elements any skeleton has.
  ///
  /// - Complexity: O(*n*) in the number of skeleton elements, divided among the cores.
  static func skeletonFingerprints(
    starts: [Int32], lengths: [Int32], symbols: [UInt8], flags: [UInt8]
  ) -> (pairs: [(fingerprint: UInt32, key: Int32)], longest: Int) {
    typealias Pairs = [(fingerprint: UInt32, key: Int32)]
    // Chunks of keys on every core; each chunk's pairs are kept in key order.
    struct Chunk: Sendable {
      var pairs: Pairs
      var longest: Int
    }
    let chunks = concurrentChunks(count: flags.count, chunkSize: 4096) { range in
      var pairs: Pairs = []
      pairs.reserveCapacity(range.count * 4)
      var longest = 0
      for key in range {
        let start = Int(starts[key])
        guard flags[key] & exactOnlyFlag == 0 else { continue }
        let skeleton = Skeleton.elements(symbols[start..<(start + Int(lengths[key]))])
        guard !skeleton.isEmpty else { continue }
        longest = max(longest, skeleton.count)
        pairs.append((skeleton.withUnsafeBufferPointer { Skeleton.fingerprint($0) }, Int32(key)))
        guard flags[key] & partialFlag == 0,
          (MatcherTuning.minimumVariantSkeleton...MatcherTuning.maximumVariantSkeleton)
            .contains(skeleton.count)
        else {
          continue
        }
        for fingerprint in Skeleton.deletionFingerprints(skeleton) {
          pairs.append((fingerprint, Int32(key) | FingerprintTable.variantTag))
        }
      }
      return [Chunk(pairs: pairs, longest: longest)]
    }
    return (chunks.flatMap(\.pairs), chunks.map(\.longest).max() ?? 0)
  }

  /// The spelling group of a partial key with sound symbols `symbols`, Latin bytes `latin`,
  /// weight `weightIndex` and entry type `type`: keys of one group verify alike.
  static func spellingGroup(
    symbols: ArraySlice<UInt8>, latin: ArraySlice<UInt8>, weightIndex: Int, type: Int
  ) -> UInt64 {
    var group = Hash64()
    symbols.withUnsafeBytes { group.add($0) }
    latin.withUnsafeBytes { group.add($0) }
    group.add(UInt64(weightIndex))
    group.add(UInt64(type))
    return group.value
  }

  /// The fingerprint of a crowded word's spelling group `group` beside another word whose
  /// skeleton (or one of its variants) has fingerprint `skeleton`.
  @inline(__always)
  static func crowdedWordFingerprint(group: UInt64, skeleton: UInt32) -> UInt32 {
    fold((group ^ UInt64(skeleton)) &* 0x9e37_79b9_7f4a_7c15)
  }

  /// The pairs of the crowded-word table: for each word of a phrase flagged ``crowdedFlag``,
  /// and each other word of the phrase that is a key of its own, the whole phrase's key under
  /// the word's group with the other word's skeleton and each of its one-deletion variants
  /// (skeletons of at least ``MatcherTuning/minimumCrowdedVariantSkeleton`` elements). Both
  /// sides of a lookup delete, so a word one skeleton edit from the other word finds it.
  ///
  /// - Complexity: O(*p* × *s*²) for *p* pairs of words with skeletons of *s* elements,
  ///   divided among the cores.
  static func crowdedWordFingerprints(
    starts: [Int32], lengths: [Int32], symbols: [UInt8], flags: [UInt8], groups: [UInt64]
  ) -> [(fingerprint: UInt32, key: Int32)] {
    typealias Pairs = [(fingerprint: UInt32, key: Int32)]
    // Chunks of whole keys on every core; each reads its phrases' partial keys after them.
    return concurrentChunks(count: flags.count, chunkSize: 4096) { range in
      var pairs: Pairs = []
      for whole in range where flags[whole] & partialFlag == 0 {
        var words = whole + 1
        while words < flags.count, flags[words] & partialFlag != 0 { words += 1 }
        let parts = (whole + 1)..<words
        guard parts.contains(where: { flags[$0] & crowdedFlag != 0 }) else { continue }
        for other in parts {
          let start = Int(starts[other])
          let skeleton = Skeleton.elements(symbols[start..<(start + Int(lengths[other]))])
          guard !skeleton.isEmpty else { continue }
          var fingerprints = [skeleton.withUnsafeBufferPointer { Skeleton.fingerprint($0) }]
          if (MatcherTuning.minimumCrowdedVariantSkeleton...MatcherTuning.maximumVariantSkeleton)
            .contains(skeleton.count)
          {
            fingerprints += Skeleton.deletionFingerprints(skeleton)
          }
          for crowded in parts where crowded != other && flags[crowded] & crowdedFlag != 0 {
            for fingerprint in fingerprints {
              pairs.append(
                (
                  crowdedWordFingerprint(group: groups[crowded], skeleton: fingerprint),
                  Int32(whole)
                ))
            }
          }
        }
      }
      return pairs
    }
  }

  static func neededVotes(_ gramCounts: [UInt16]) -> [UInt8] {
    gramCounts.map { count in
      // ⌈tenths × g / 10⌉ in integers, so with 3 tenths 10 grams need exactly 3.
      UInt8(clamping: max(1, (MatcherTuning.minimumVoteTenths * Int(count) + 9) / 10))
    }
  }

  /// A 64-bit hash folded to the 32 bits the exact table keeps (a match is confirmed by
  /// comparing symbols, so rare collisions cost only a comparison).
  @inline(__always)
  static func fold(_ hash: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: hash ^ (hash >> 32)) }

  /// FNV-1a over sound symbols, extended one symbol at a time.
  static let hashSeed: UInt64 = 0xcbf2_9ce4_8422_2325
  @inline(__always)
  static func hash(_ hash: UInt64, _ symbol: UInt8) -> UInt64 {
    (hash ^ UInt64(symbol)) &* 0x100_0000_01b3
  }

  /// Writes the compiled index (entries, keys and postings) for a compiled cache.
  ///
  /// - Complexity: O(*n*) in the size of the index.
  package func write(to writer: inout BinaryWriter) {
    // Entries are not written: the reader gets them from where they came from (the
    // registry), so loading a cache creates no string twice. Their number and the number of
    // their phrases check that they are the same entries.
    tables.write(to: &writer)
  }

  /// Reads an index written by ``write(to:)`` for `entries`, the entries it was compiled
  /// from, checking every table against the others so that no cache, however corrupt, can
  /// make a query read out of bounds.
  ///
  /// - Throws: `BinaryReaderError` when the bytes are malformed or inconsistent, or were
  ///   written for other entries.
  /// - Complexity: O(*n*) in the size of the index.
  package convenience init(
    reading reader: inout BinaryReader, entries: [MatchEntry], normalizer: Normalizer
  ) throws(BinaryReaderError) {
    try self.init(tables: try Tables(reading: &reader), entries: entries, normalizer: normalizer)
  }

  /// The compiled tables of an index: what a cache holds of it, and what a query reads.
  package struct Tables: Sendable {
    /// The number of entries and of their phrases the tables were compiled from, which
    /// check that a cached index is given the same entries.
    let entryCount: Int
    let phraseCount: Int
    // Keys, one per phrase, pronunciation and distinctive word: structure of arrays.
    let keyEntry: PackedIntegers
    /// Each key's phrase, by its number among its entry's phrases.
    let keyPhrase: PackedIntegers
    /// Each key's weight, as its place in ``weights`` (vocabularies have few distinct weights,
    /// so usually one byte a key).
    let keyWeightIndex: PackedIntegers
    let weights: [Float]
    /// Each key's ``partialFlag`` and ``pronunciationFlag``.
    let keyFlags: [UInt8]
    /// Where each key's sound symbols start in ``symbols`` and how many there are. A partial
    /// key (a word of a longer phrase) has no symbols of its own: its range lies inside its
    /// whole phrase's.
    let keySymbolStart: PackedIntegers
    let keySymbolLength: PackedIntegers
    let symbols: [UInt8]
    /// Where each key's Latin bytes start in ``latin`` and how many there are (a partial key's
    /// inside its phrase's, as with symbols).
    let keyLatinStart: PackedIntegers
    let keyLatinLength: PackedIntegers
    let latin: [UInt8]
    let keyGramCount: [UInt16]
    let postingBounds: [Int32]
    let postings: PackedIntegers
    /// Where each posting's sound pair stands in its key, for diagonal voting.
    let postingPositions: [UInt8]
    /// Keys by a 32-bit hash of their sound symbols (a directory table, so a lookup touches
    /// one or two cache lines): spans of the query that sound exactly like a key are always
    /// verified, however many other keys share their sound grams. A crowded word (see
    /// ``MatchIndex/crowdedFlag``) is here only for the first
    /// ``MatcherTuning/crowdedWordExactKeys`` of its phrases.
    let exactKeys: FingerprintTable
    /// The most symbols any key has.
    let longestKey: Int
    let entryType: PackedIntegers
    let typeNames: [String]
    /// Every key's sound skeleton, and the one-deletion variants of whole-phrase skeletons
    /// (see ``Skeleton``), in one table: spans within one skeleton edit of a key find it by
    /// lookup. Variants' keys carry ``FingerprintTable/variantTag``, so one lookup finds both
    /// kinds, each key's own skeleton before any variant (see ``FingerprintTable/split(_:)``).
    let skeletons: FingerprintTable
    /// The most elements any key's skeleton has.
    let longestSkeleton: Int
    /// Whole phrases by a crowded word of theirs (``crowdedFlag``) and the skeleton of
    /// another of their words, or a one-deletion variant of it (see
    /// ``MatchIndex/crowdedWordFingerprints(starts:lengths:symbols:flags:groups:)``): so
    /// "denise eving" finds Denise Ewing among thousands of Denises and a hundred Ewings.
    let crowdedWordPairs: FingerprintTable
    /// The Latin keys of the index's carrier words, sorted (see
    /// ``MatchIndex/init(entries:normalizer:carrierWords:)``).
    let carrierWords: [String]
  }

  /// An index of `entries` from tables read from a cache, checking every table against the
  /// others and against the entries.
  ///
  /// - Throws: `BinaryReaderError` when the tables are inconsistent or were written for other
  ///   entries.
  /// - Complexity: O(*n*) in the size of the index.
  package init(tables: Tables, entries: [MatchEntry], normalizer: Normalizer)
    throws(BinaryReaderError)
  {
    // Each entry's phrase count, read once in entry order: checking keys against these
    // rather than against the entries themselves reads one small array, not an entry each.
    let phraseCounts = entries.map { Int32(clamping: $0.phrases.count) }
    let phraseCount = phraseCounts.reduce(0) { $0 + Int($1) }
    guard tables.entryCount == entries.count, tables.phraseCount == phraseCount else {
      throw BinaryReaderError(
        description: "inconsistent index: written for \(tables.entryCount) entries of "
          + "\(tables.phraseCount) phrases, given \(entries.count) of \(phraseCount)")
    }
    self.entries = entries
    self.normalizer = normalizer
    self.tables = tables
    keyNeededVotes = Self.neededVotes(tables.keyGramCount)
    carrierWordSet = Set(tables.carrierWords)
    try Self.validateKeyPhrases(tables, phraseCounts: phraseCounts)
  }

  /// The number of phrases of `entries`, which with their count checks that a cached index
  /// is given the entries it was compiled from (`validate()` then checks every key's entry
  /// and phrase).
  static func phraseCount(_ entries: [MatchEntry]) -> Int {
    entries.reduce(0) { $0 + $1.phrases.count }
  }

  /// Checks what the tables say about the entries against each entry's phrase count: each
  /// key's phrase exists (``Tables`` checked everything else when they were read, the key's
  /// entry included).
  private static func validateKeyPhrases(_ tables: Tables, phraseCounts: [Int32])
    throws(BinaryReaderError)
  {
    for key in 0..<tables.keyEntry.count {
      guard tables.keyPhrase[key] < phraseCounts[tables.keyEntry[key]] else {
        throw BinaryReaderError(description: "inconsistent index: key \(key) names no phrase")
      }
    }
  }

  /// Removes pinyin tone digits: "ai4 qi2 yi4" → "ai qi yi".
  static func stripToneDigits(_ hint: String) -> String {
    var output = ""
    var previousIsLetter = false
    for character in hint {
      if character.isNumber, previousIsLetter, ("1"..."5").contains(character) {
        continue
      }
      previousIsLetter = character.isLetter
      output.append(character)
    }
    return output
  }

  /// Collects keys and their candidate-lookup buckets.
  struct Builder {
    var keyEntry: [Int32] = []
    var keyPhrase: [Int32] = []
    var keyWeightIndex: [Int32] = []
    /// The distinct weights, and each one's place.
    var weights: [Float] = []
    /// Keyed by bit pattern: exact (-0 and 0 stay apart) and NaN-safe (NaN ≠ NaN as a
    /// number, so a dictionary of numbers would add every NaN weight anew, in one long chain).
    var weightPlaces: [UInt32: Int] = [:]
    var keyFlags: [UInt8] = []
    var keySymbolStart: [Int32] = []
    var keySymbolLength: [Int32] = []
    var symbols: [UInt8] = []
    var keyLatinStart: [Int32] = []
    var keyLatinLength: [Int32] = []
    var latin: [UInt8] = []
    var keyGramCount: [UInt16] = []
    /// Whether keys get gram postings (see ``MatcherTuning/maximumVotingPhrases``).
    var collectsGrams = true
    var bucketOfKey: [(bucket: UInt16, key: Int32, position: UInt8)] = []

    /// Adds the keys of phrase `number` of `keys`: the whole phrase, and each of its words
    /// that may stand alone when it has several.
    mutating func addPhrase(
      _ keys: KeyedPhrases, number: Int, entry: Int, phrase: Int, weight: Float,
      viaPronunciation: Bool, exactOnly: Bool = false
    ) {
      let tokens = keys.tokens(of: number)
      guard !tokens.isEmpty else { return }
      let whole = keys.ranges(of: tokens)
      guard !whole.symbols.isEmpty else { return }
      let (symbolStart, latinStart) = (symbols.count, latin.count)
      symbols += keys.symbols[whole.symbols]
      latin += keys.latin[whole.latin]
      let flags =
        (viaPronunciation ? MatchIndex.pronunciationFlag : 0)
        | (exactOnly ? MatchIndex.exactOnlyFlag : 0)
      addKey(
        symbols: symbolStart..<symbols.count, latin: latinStart..<latin.count, entry: entry,
        phrase: phrase, weight: weight, flags: flags)
      guard tokens.count > 1 else { return }
      // Each word's key is its part of the whole phrase's symbols and Latin bytes; a long
      // phrase's first few words only.
      var partials = 0
      for token in tokens
      where keys.tokenStandsAlone[token]
        || (token == tokens.lowerBound && keys.tokenStandsAloneExactly[token])
      {
        guard partials < MatcherTuning.maximumPartialKeys else { break }
        partials += 1
        let exactOnly = keys.tokenStandsAloneExactly[token] ? MatchIndex.exactOnlyFlag : 0
        let part = keys.ranges(of: token..<(token + 1))
        let symbolOffset = symbolStart + part.symbols.lowerBound - whole.symbols.lowerBound
        let latinOffset = latinStart + part.latin.lowerBound - whole.latin.lowerBound
        addKey(
          symbols: symbolOffset..<(symbolOffset + part.symbols.count),
          latin: latinOffset..<(latinOffset + part.latin.count), entry: entry, phrase: phrase,
          weight: weight * MatcherTuning.partialWeight,
          flags: flags | MatchIndex.partialFlag | exactOnly)
      }
    }

    /// Adds one key whose sound symbols (its words' symbols, in order) and Latin bytes are
    /// `keySymbols` and `keyLatin` of ``symbols`` and ``latin``.
    mutating func addKey(
      symbols keySymbols: Range<Int>, latin keyLatin: Range<Int>, entry: Int, phrase: Int,
      weight: Float, flags: UInt8
    ) {
      let index = Int32(keyEntry.count)
      keyEntry.append(Int32(entry))
      keyPhrase.append(Int32(phrase))
      if let place = weightPlaces[weight.bitPattern] {
        keyWeightIndex.append(Int32(place))
      } else {
        weightPlaces[weight.bitPattern] = weights.count
        keyWeightIndex.append(Int32(weights.count))
        weights.append(weight)
      }
      keyFlags.append(flags)
      keySymbolStart.append(Int32(keySymbols.lowerBound))
      keySymbolLength.append(Int32(keySymbols.count))
      keyLatinStart.append(Int32(keyLatin.lowerBound))
      keyLatinLength.append(Int32(keyLatin.count))
      guard collectsGrams else { return }
      guard flags & MatchIndex.exactOnlyFlag == 0 else {
        keyGramCount.append(0)
        return
      }
      let classes = MatchIndex.classes(symbols[keySymbols])
      // Each distinct pair once, at its first position (keys have few pairs: a linear
      // search beats hashing).
      var buckets: [(bucket: UInt16, position: UInt8)] = []
      if classes.count >= 2 {
        for position in 1..<classes.count {
          let bucket = UInt16(
            MatchIndex.bigram(
              classes[position - 1].soundClass, classes[position].soundClass,
              vowelBetween: classes[position].afterVowel))
          if !buckets.contains(where: { $0.bucket == bucket }) {
            buckets.append((bucket, UInt8(min(position - 1, 255))))
          }
        }
      } else if let only = classes.first {
        buckets.append((UInt16(MatchIndex.unigramBase + Int(only.soundClass)), 0))
      } else {
        buckets.append((UInt16(MatchIndex.vowelBucket), 0))
      }
      keyGramCount.append(UInt16(min(buckets.count, Int(UInt16.max))))
      for (bucket, position) in buckets.sorted(by: { $0.bucket < $1.bucket }) {
        bucketOfKey.append((bucket, index, position))
      }
    }

    /// The index's tables from the keys added: posting lists, the exact-key and skeleton
    /// tables (built at once, on every core), and the entries' types.
    ///
    /// - Complexity: O(*k* × *s*) for *k* keys of at most *s* symbols.
    func tables(
      entries: [MatchEntry], entryType: [Int32], typeNames: [String], carrierWords: [String]
    ) -> Tables {
      let lists = postingLists()
      var hashed: [(fingerprint: UInt32, key: Int32)] = []
      hashed.reserveCapacity(keyEntry.count)
      var longestKey = 0
      // A word that many longer phrases share (a first name in a directory; more than
      // `crowdedWordThreshold` of one spelling, weight and type) is in the exact table only
      // for the first `crowdedWordExactKeys` of them, the earliest entries: they verify alike,
      // the word alone names none of them, and a lookup would otherwise verify, complete and
      // rank every one. The others are found with their other words, in the crowded-word
      // table.
      var groups = [UInt64](repeating: 0, count: keyEntry.count)
      var groupSizes: [UInt64: Int] = [:]
      for key in 0..<keyEntry.count where keyFlags[key] & MatchIndex.partialFlag != 0 {
        let group = spellingGroup(of: key, entryType: entryType)
        groups[key] = group
        groupSizes[group, default: 0] += 1
      }
      var flags = keyFlags
      var kept: [UInt64: Int] = [:]
      for key in 0..<keyEntry.count {
        let start = Int(keySymbolStart[key])
        let bounds = start..<(start + Int(keySymbolLength[key]))
        longestKey = max(longestKey, bounds.count)
        if keyFlags[key] & MatchIndex.partialFlag != 0,
          groupSizes[groups[key], default: 0] > MatcherTuning.crowdedWordThreshold
        {
          flags[key] |= MatchIndex.crowdedFlag
          let members = kept[groups[key], default: 0]
          guard members < MatcherTuning.crowdedWordExactKeys else { continue }
          kept[groups[key]] = members + 1
        }
        hashed.append(
          (
            MatchIndex.fold(symbols[bounds].reduce(MatchIndex.hashSeed, MatchIndex.hash)),
            Int32(key)
          ))
      }
      let fingerprints = MatchIndex.skeletonFingerprints(
        starts: keySymbolStart, lengths: keySymbolLength,
        symbols: symbols, flags: keyFlags)
      let crowdedPairs = MatchIndex.crowdedWordFingerprints(
        starts: keySymbolStart, lengths: keySymbolLength, symbols: symbols, flags: flags,
        groups: groups)
      // The three tables are built at once, on every core.
      let pairLists = [hashed, fingerprints.pairs, crowdedPairs]
      let keyCount = keyEntry.count
      let fingerprintTables = concurrentChunks(count: pairLists.count, chunkSize: 1) { range in
        [
          FingerprintTable(
            pairLists[range.lowerBound], keyCount: keyCount, tagged: range.lowerBound == 1)
        ]
      }
      return Tables(
        entryCount: entries.count, phraseCount: MatchIndex.phraseCount(entries),
        keyEntry: PackedIntegers(keyEntry), keyPhrase: PackedIntegers(keyPhrase),
        keyWeightIndex: PackedIntegers(keyWeightIndex), weights: weights,
        keyFlags: flags, keySymbolStart: PackedIntegers(keySymbolStart),
        keySymbolLength: PackedIntegers(keySymbolLength), symbols: symbols,
        keyLatinStart: PackedIntegers(keyLatinStart),
        keyLatinLength: PackedIntegers(keyLatinLength), latin: latin,
        keyGramCount: lists.3, postingBounds: lists.0, postings: PackedIntegers(lists.1),
        postingPositions: lists.2, exactKeys: fingerprintTables[0], longestKey: longestKey,
        entryType: PackedIntegers(entryType), typeNames: typeNames,
        skeletons: fingerprintTables[1], longestSkeleton: fingerprints.longest,
        crowdedWordPairs: fingerprintTables[2], carrierWords: carrierWords)
    }

    /// The spelling group of partial key `key`: a hash of its sound symbols, Latin bytes,
    /// weight and entry type, the same for keys that verify alike.
    func spellingGroup(of key: Int, entryType: [Int32]) -> UInt64 {
      MatchIndex.spellingGroup(
        symbols: symbols[
          Int(keySymbolStart[key])..<Int(keySymbolStart[key] + keySymbolLength[key])],
        latin: latin[Int(keyLatinStart[key])..<Int(keyLatinStart[key] + keyLatinLength[key])],
        weightIndex: Int(keyWeightIndex[key]), type: Int(entryType[Int(keyEntry[key])]))
    }

    /// Posting lists in compressed-row form: bucket b's keys are
    /// `postings[bounds[b]..<bounds[b + 1]]`, and each key's gram count.
    func postingLists() -> ([Int32], [Int32], [UInt8], [UInt16]) {
      let kept = bucketOfKey
      let gramCounts = keyGramCount
      var counts = [Int32](repeating: 0, count: MatchIndex.bucketCount + 1)
      for (bucket, _, _) in kept { counts[Int(bucket) + 1] += 1 }
      for index in 1..<counts.count { counts[index] += counts[index - 1] }
      var fill = counts
      var postings = [Int32](repeating: 0, count: kept.count)
      var positions = [UInt8](repeating: 0, count: kept.count)
      for (bucket, key, position) in kept {
        postings[Int(fill[Int(bucket)])] = key
        positions[Int(fill[Int(bucket)])] = position
        fill[Int(bucket)] += 1
      }
      return (counts, postings, positions, gramCounts)
    }
  }
}

extension MatchIndex.Tables {
  /// Reads the tables ``MatchIndex/write(to:)`` wrote.
  ///
  /// - Throws: `BinaryReaderError` when the bytes are truncated or malformed.
  /// - Complexity: O(*n*) in the size of the index.
  package init(reading reader: inout BinaryReader) throws(BinaryReaderError) {
    entryCount = try reader.readInt()
    phraseCount = try reader.readInt()
    keyEntry = try PackedIntegers(reading: &reader)
    keyPhrase = try PackedIntegers(reading: &reader)
    keyWeightIndex = try PackedIntegers(reading: &reader)
    weights = try reader.readBlock(of: Float.self)
    keyFlags = try reader.readBlock(of: UInt8.self)
    keySymbolStart = try PackedIntegers(reading: &reader)
    keySymbolLength = try PackedIntegers(reading: &reader)
    symbols = try reader.readBlock(of: UInt8.self)
    keyLatinStart = try PackedIntegers(reading: &reader)
    keyLatinLength = try PackedIntegers(reading: &reader)
    latin = try reader.readBlock(of: UInt8.self)
    keyGramCount = try reader.readBlock(of: UInt16.self)
    postingBounds = try reader.readBlock(of: Int32.self)
    postings = try PackedIntegers(reading: &reader)
    postingPositions = try reader.readBlock(of: UInt8.self)
    exactKeys = try FingerprintTable(reading: &reader)
    longestKey = try reader.readInt()
    entryType = try PackedIntegers(reading: &reader)
    typeNames = try reader.readArray { reader throws(BinaryReaderError) in
      try reader.readString()
    }
    skeletons = try FingerprintTable(reading: &reader)
    longestSkeleton = try reader.readInt()
    crowdedWordPairs = try FingerprintTable(reading: &reader)
    carrierWords = try reader.readArray { reader throws(BinaryReaderError) in
      try reader.readString()
    }
    try validate()
  }

  /// Checks every table against the others, so that no bytes, however corrupt, can make a
  /// query read out of bounds; only the keys' phrases are left to check against the entries.
  func validate() throws(BinaryReaderError) {
    func check(_ condition: Bool, _ what: @autoclosure () -> String) throws(BinaryReaderError) {
      if !condition { throw BinaryReaderError(description: "inconsistent index: \(what())") }
    }
    let keys = keyEntry.count
    try check(
      [
        keyPhrase.count, keyWeightIndex.count, keyFlags.count, keySymbolStart.count,
        keySymbolLength.count, keyLatinStart.count, keyLatinLength.count,
      ].allSatisfy { $0 == keys },
      "key tables differ in length")
    try check(keyWeightIndex.allBelow(weights.count), "a key's weight out of range")
    let knownFlags =
      MatchIndex.partialFlag | MatchIndex.pronunciationFlag | MatchIndex.crowdedFlag
      | MatchIndex.exactOnlyFlag
    try check(keyFlags.allSatisfy { $0 & ~knownFlags == 0 }, "unknown key flags")
    // Without gram voting (large vocabularies) there are no gram counts and no postings.
    try check(
      keyGramCount.count == keys || (keyGramCount.isEmpty && postings.isEmpty),
      "gram counts")
    func monotone(_ bounds: [Int32], ending: Int) -> Bool {
      bounds.first == 0 && bounds.last.map { Int($0) == ending } == true
        && zip(bounds, bounds.dropFirst()).allSatisfy { $0 <= $1 }
    }
    try check(
      postingBounds.count == MatchIndex.bucketCount + 1
        && monotone(postingBounds, ending: postings.count)
        && postingPositions.count == postings.count,
      "posting bounds")
    try check(postings.allBelow(keys), "posting out of range")
    try check(entryCount >= 0 && entryType.count == entryCount, "entry types")
    try check(entryType.allBelow(typeNames.count), "type out of range")
    try check(keyEntry.allBelow(entryCount), "a key names no entry")
    for key in 0..<keys {
      let length = keySymbolLength[key]
      try check(length <= longestKey, "key \(key) longer than the longest")
      try check(keySymbolStart[key] + length <= symbols.count, "key \(key)'s symbols")
      try check(
        keyLatinStart[key] + keyLatinLength[key] <= latin.count, "key \(key)'s Latin bytes")
    }
    try check(
      exactKeys.entries.count <= keys && exactKeys.isValid(keyCount: keys), "exact hashes")
    try check(longestKey >= 0 && longestKey <= symbols.count, "longest key")
    try check(skeletons.isValid(keyCount: keys, tagged: true), "skeleton table")
    try check(longestSkeleton >= 0 && longestSkeleton <= symbols.count, "longest skeleton")
    try check(crowdedWordPairs.isValid(keyCount: keys), "crowded-word table")
  }

  /// Writes the tables for a compiled cache, in the order ``init(reading:)`` reads them.
  ///
  /// - Complexity: O(*n*) in the size of the tables.
  func write(to writer: inout BinaryWriter) {
    writer.write(entryCount)
    writer.write(phraseCount)
    keyEntry.write(to: &writer)
    keyPhrase.write(to: &writer)
    keyWeightIndex.write(to: &writer)
    writer.write(block: weights)
    writer.write(block: keyFlags)
    keySymbolStart.write(to: &writer)
    keySymbolLength.write(to: &writer)
    writer.write(block: symbols)
    keyLatinStart.write(to: &writer)
    keyLatinLength.write(to: &writer)
    writer.write(block: latin)
    writer.write(block: keyGramCount)
    writer.write(block: postingBounds)
    postings.write(to: &writer)
    writer.write(block: postingPositions)
    exactKeys.write(to: &writer)
    writer.write(longestKey)
    entryType.write(to: &writer)
    writer.write(typeNames) { writer, name in writer.write(name) }
    skeletons.write(to: &writer)
    writer.write(longestSkeleton)
    crowdedWordPairs.write(to: &writer)
    writer.write(carrierWords) { writer, word in writer.write(word) }
  }
}
