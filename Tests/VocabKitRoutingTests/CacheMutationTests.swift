import Foundation
import Testing
import VocabKitMatching
import VocabKitNormalization
import VocabKitSupport

@_spi(Fuzzing) @testable import VocabKitRouting

/// Caches damaged behind a valid checksum (as by a bug in a writer, or on purpose): reading
/// them is an error or a vocabulary that answers queries, never a crash or a read out of
/// bounds (the address-sanitizer run of the tests checks the latter).
@Suite struct CacheMutationTests {
  /// The sample vocabulary's cache bytes, with the fingerprint its header holds; lists in
  /// chunks of at most `chunkItems` items.
  static func sampleCache(chunkItems: Int = CompiledVocabulary.cacheChunkItems) throws -> (
    bytes: [UInt8], fingerprint: UInt64
  ) {
    let directory = CacheTests.sample
    let fingerprint = try CompiledVocabulary.sourceFingerprint(directory: directory, locale: nil)
    let vocabulary = try CompiledVocabulary.load(directory: directory)
    return (vocabulary.cacheBytes(fingerprint: fingerprint, chunkItems: chunkItems), fingerprint)
  }

  /// `bytes` with the payload checksum in the header made to match the payload again.
  static func resealed(_ bytes: [UInt8]) -> [UInt8] {
    var result = bytes
    var checksum = Hash64()
    checksum.add(Array(bytes[CompiledVocabulary.cacheHeaderSize...]))
    withUnsafeBytes(of: checksum.value.littleEndian) { value in
      let offset = CompiledVocabulary.cacheHeaderSize - 8
      result.replaceSubrange(offset..<(offset + 8), with: value)
    }
    return result
  }

  /// The fuzz target's reader takes any header's fingerprint and fixes length and checksum:
  /// a good cache with a stale checksum reads; a cut one is an error, not a crash.
  @Test func theFuzzingReaderSealsWhatItReads() throws {
    var (bytes, _) = try Self.sampleCache()
    bytes[CompiledVocabulary.cacheHeaderSize - 1] &+= 1
    let vocabulary = try #require(try CacheFuzzing.read(bytes))
    #expect(try Router(vocabulary: vocabulary).route("call alex").intent == "INStartCallIntent")
    #expect(try CacheFuzzing.read(Array(bytes.prefix(bytes.count / 2))) == nil)
    #expect(try CacheFuzzing.read(Array(bytes.prefix(10))) == nil)
  }

  /// The fuzz target's seed is a cache of this format, so that fuzzing reaches past the
  /// version check (a stale seed would have every mutation refused there).
  @Test func theFuzzingSeedIsACurrentCache() throws {
    let seed = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fuzz/Seeds/FuzzCache/taskly.cache")
    let bytes = [UInt8](try Data(contentsOf: seed))
    #expect(
      CompiledVocabulary.cacheHeader(ByteStorage(copying: bytes)) != nil,
      "make the seed again: see Fuzz/README.md")
    let vocabulary = try #require(try CacheFuzzing.read(bytes))
    #expect(
      try Router(vocabulary: vocabulary).route("add milk to inbox").intent == "INAddTasksIntent")
  }

  @Test func aResealedCopyOfAGoodCacheReads() throws {
    let (bytes, fingerprint) = try Self.sampleCache()
    let vocabulary = try CompiledVocabulary.readCache(
      ByteStorage(copying: Self.resealed(bytes)), fingerprint: fingerprint,
      normalizer: try Normalizer.shared)
    let router = Router(vocabulary: vocabulary)
    #expect(try router.route("add milk to index in taskly").intent != nil)
  }

  /// A list of many chunks is read in place, each chunk on any core: a damaged chunk is an
  /// error naming what was wrong, whichever chunk it is, and nothing read is used.
  @Test func aDamagedChunkOfALongListIsAnError() throws {
    let (bytes, fingerprint) = try Self.sampleCache(chunkItems: 2)
    // "Priya Patel", one of Chatter's contacts, is in a later chunk of their list.
    let name = Array("Priya Patel".utf8)
    let offset = try #require(
      (0...(bytes.count - name.count)).first { Array(bytes[$0..<($0 + name.count)]) == name })
    var damaged = bytes
    damaged[offset] = 0xFF
    #expect {
      try CompiledVocabulary.readCache(
        ByteStorage(copying: Self.resealed(damaged)), fingerprint: fingerprint,
        normalizer: try Normalizer.shared)
    } throws: { error in
      (error as? BinaryReaderError)?.description.contains("invalid UTF-8") == true
    }
  }

  /// 400 seeded mutations of one to four bytes each (set to a random value, to 0, to 0xFF or
  /// bumped by one), spread over the whole payload, every one resealed; lists of one chunk
  /// and of many (read in place) alike.
  @Test(arguments: [CompiledVocabulary.cacheChunkItems, 2])
  func mutatedPayloadsAreErrorsOrWorkingVocabularies(chunkItems: Int) throws {
    let (bytes, fingerprint) = try Self.sampleCache(chunkItems: chunkItems)
    let normalizer = try Normalizer.shared
    var random = SplitMix64(seed: 0xCAC4E)
    var outcomes = (errors: 0, read: 0)
    for _ in 0..<400 {
      var mutated = bytes
      for _ in 0..<(1 + random.next(4)) {
        let offset =
          CompiledVocabulary.cacheHeaderSize
          + random.next(bytes.count - CompiledVocabulary.cacheHeaderSize)
        switch random.next(4) {
        case 0: mutated[offset] = UInt8(truncatingIfNeeded: random.next())
        case 1: mutated[offset] = 0
        case 2: mutated[offset] = 0xFF
        default: mutated[offset] &+= 1
        }
      }
      do {
        let vocabulary = try CompiledVocabulary.readCache(
          ByteStorage(copying: Self.resealed(mutated)), fingerprint: fingerprint,
          normalizer: normalizer)
        outcomes.read += 1
        let router = Router(vocabulary: vocabulary)
        for utterance in CacheTests.utterances { _ = try router.route(utterance) }
      } catch is BinaryReaderError {
        outcomes.errors += 1
      }
    }
    // Both kinds of outcome happen, so the test reaches past the first checks.
    #expect(outcomes.errors > 0)
    #expect(outcomes.read > 0)
  }
}
