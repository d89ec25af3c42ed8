import VocabKitNormalization
import VocabKitSupport

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
  /// Verification's other working arrays, kept for their memory: each entry's best
  /// whole-phrase score, the words of longer phrases found, and each verified key's window.
  var wholeScores: [Double] = []
  var partials: [MatchIndex.Scored] = []
  var verifiedWindows: [Range<Int>] = []
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

/// What the skeleton lookups read of a key they found: where its sound symbols are, the
/// first of them, its weight and whether its type is asked for. Read for all of a span's keys
/// first, in one short loop, so that their cache misses overlap.
struct HitKey {
  var start: Int32
  var count: Int32
  var weight: Float
  var firstSymbol: UInt8
  var isAllowed: Bool
}

/// The working memory of skeleton lookups, kept in a query's ``Scratch`` and reused.
final class LookupSpace {
  let tokens = ScratchBuffer<SpanToken>()
  let skeleton = ScratchBuffer<UInt8>()
  let lookups = ScratchBuffer<Lookup>()
  /// Each lookup's directory slot, as the bounds of a range of the table.
  let slots = ScratchBuffer<(lower: Int, upper: Int)>()
  let hits = ScratchBuffer<(key: Int32, priority: Int8)>()
  /// Each hit's key, read for all hits before any is used (see ``HitKey``).
  let hitKeys = ScratchBuffer<HitKey>()
  /// What ``MatchIndex/readAhead(_:symbols:into:)`` or the exact lookups read ahead last,
  /// kept only so that the reads are made.
  var readAhead = 0
  let found = ScratchBuffer<FoundCandidate>()
  /// Bit masks for the bit-parallel distance between Latin keys in verification: 128 words,
  /// all zero between uses.
  let latinMasks: UnsafeMutableBufferPointer<UInt64> = {
    let masks = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: 128)
    masks.initialize(repeating: 0)
    return masks
  }()

  /// The last Latin distance verification computed, for the next key spelled the same
  /// (the keys of a word hundreds of phrases share verify one after another over one span).
  let latinMemo: UnsafeMutablePointer<LatinMemo> = {
    let memo = UnsafeMutablePointer<LatinMemo>.allocate(capacity: 1)
    memo.initialize(to: LatinMemo())
    return memo
  }()

  deinit {
    latinMasks.deallocate()
    latinMemo.deallocate()
  }
}

/// A Latin similarity computed in verification: the key's letters (their place in the index)
/// and the utterance's, and the result.
struct LatinMemo {
  var key: Range<Int> = 0..<0
  var span: Range<Int> = 0..<0
  var similarity = 0.0
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
