import Foundation
import Testing
import VocabKitMatching
import VocabKitNormalization
import VocabKitSupport
import VocabKitVocabulary

@testable import VocabKitRouting

/// The compiled cache: used when fresh, rebuilt (never trusted) when stale or damaged.
@Suite struct CacheTests {
  static let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("vocab")

  /// A private copy of the sample vocabulary and a cache path beside it.
  func scratch() throws -> (directory: URL, cache: URL) {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "vocabkit-cache-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    let directory = root.appendingPathComponent("vocab")
    try FileManager.default.copyItem(at: Self.sample, to: directory)
    return (directory, root.appendingPathComponent("vocab.cache"))
  }

  static let utterances = [
    "add milk to index in taskly", "add milk to index", "call alex",
    "用爱奇艺播放延禧攻略第十集", "play the latest 奇葩说", "позвони Александру",
  ]

  func routes(_ vocabulary: CompiledVocabulary) throws -> [RouteResult] {
    let router = Router(vocabulary: vocabulary)
    return try Self.utterances.map { try router.route($0) }
  }

  @Test func aFreshCacheIsUsedAndRoutesLikeThePlists() throws {
    let (directory, cache) = try scratch()
    let first = try CompiledVocabulary.load(directory: directory, cache: cache)
    #expect(!first.outcome.usedCache)
    #expect(first.outcome.wroteCache)
    let second = try CompiledVocabulary.load(directory: directory, cache: cache)
    #expect(second.outcome.usedCache, "\(second.outcome)")
    let direct = try CompiledVocabulary.load(directory: directory)
    #expect(try routes(second.vocabulary) == routes(direct))
    #expect(second.vocabulary.registry.apps == direct.registry.apps)
    #expect(second.vocabulary.registry.diagnostics == direct.registry.diagnostics)
    // The matcher's entries are read from the cache's lists apart from the registry's items:
    // the same entries, shard by shard, as compiling makes from the items.
    #expect(Set(second.vocabulary.shards.keys) == Set(direct.shards.keys))
    for (key, index) in direct.shards {
      #expect(second.vocabulary.shards[key]?.entries == index.entries, "\(key)")
    }
    // The learned intent model comes from the cache as it was trained, not trained again.
    let cached = second.vocabulary.intentModel
    let trained = direct.intentModel
    #expect(cached.labels == trained.labels)
    #expect(cached.rows == trained.rows)
    #expect(cached.weights == trained.weights)
    #expect(cached.biases == trained.biases)
    // So are the media qualifiers' keys (making them opens ICU's Han-Latin, about 0.2 s).
    #expect(
      second.vocabulary.mediaQualifiers.keys.map(\.keys) == direct.mediaQualifiers.keys.map(\.keys))
    // And the templates and app names (compiling them normalizes every example and name).
    let templates = second.vocabulary.templates
    #expect(templates.map(\.text) == direct.templates.map(\.text))
    #expect(templates.map(\.elements) == direct.templates.map(\.elements))
    #expect(templates.map(\.scripts) == direct.templates.map(\.scripts))
    #expect(templates.map(\.evidence) == direct.templates.map(\.evidence))
    for name in ["taskly", "爱奇艺", "chat app", "ai qi yi"] {
      #expect(
        try second.vocabulary.appNames.matches(in: name).map(\.identifier)
          == direct.appNames.matches(in: name).map(\.identifier), "\(name)")
    }
  }

  /// Lists are written in chunks, and a list of many chunks is read in place on every core:
  /// the same registry and entries as lists of one chunk, and as compiling.
  @Test func listsOfManyChunksReadAsTheyWereWritten() throws {
    let direct = try CompiledVocabulary.load(directory: Self.sample)
    for chunkItems in [1, 2, 3, CompiledVocabulary.cacheChunkItems] {
      let read = try CompiledVocabulary.readCache(
        ByteStorage(copying: direct.cacheBytes(fingerprint: 7, chunkItems: chunkItems)),
        fingerprint: 7, normalizer: try Normalizer.shared)
      #expect(read.registry.apps == direct.registry.apps, "chunks of \(chunkItems)")
      #expect(read.registry.diagnostics == direct.registry.diagnostics)
      #expect(Set(read.shards.keys) == Set(direct.shards.keys))
      for (key, index) in direct.shards {
        #expect(read.shards[key]?.entries == index.entries, "\(key), chunks of \(chunkItems)")
      }
      #expect(try routes(read) == routes(direct), "chunks of \(chunkItems)")
    }
  }

  /// Past the lists read in place (the longest), the chunks of other lists are joined: the
  /// same items and entries either way, every list in its place.
  @Test(arguments: [0, 1, 2, CompiledVocabulary.maximumListsReadInPlace])
  func listsBeyondThoseReadInPlaceAreJoined(inPlaceLimit: Int) throws {
    let direct = try CompiledVocabulary.load(directory: Self.sample)
    var writer = BinaryWriter()
    CompiledVocabulary.write(direct.registry, to: &writer, chunkItems: 1)
    var reader = BinaryReader(writer.bytes)
    let outline = try CompiledVocabulary.readRegistry(&reader)
    #expect(outline.lists.filter { $0.chunks.count > 1 }.count > 2)
    let (items, entries) = try CompiledVocabulary.readLists(outline, inPlaceLimit: inPlaceLimit) {}
    #expect(outline.registry(items: items).apps == direct.registry.apps)
    for (list, read) in zip(outline.lists, entries) {
      let app = direct.registry.apps.first { $0.bundleIdentifier == list.shard.app }!
      let source =
        app.userVocabulary.first { $0.key.rawValue == list.shard.source }?.value
        ?? app.parameterVocabularies.first { $0.key.description == list.shard.source }!.value
      #expect(
        read == CompiledVocabulary.entries(source, app: list.shard.app, source: list.shard.source),
        "\(list.shard)")
    }
  }

  /// The writer writes no empty chunk: a list of them (which could ask for any number of
  /// lists from a few bytes) is an error.
  @Test func anEmptyChunkIsAnError() throws {
    var writer = BinaryWriter()
    writer.write(1)  // One app,
    for field in ["com.example.app", "App.app", "App"] { writer.write(field) }
    writer.write(0)  // no names,
    writer.write(0)  // no intents,
    writer.write(0)  // no parameter lists,
    writer.write(1)  // one user vocabulary type,
    writer.write("contactName")
    writer.write(0)  // of no items,
    writer.write(2)  // in two chunks of none.
    for _ in 0..<2 {
      var chunk = BinaryWriter()
      chunk.write(0)
      writer.write(section: chunk)
    }
    writer.write(0)  // No diagnostics,
    writer.write(0)  // no source files.
    var reader = BinaryReader(writer.bytes)
    let error = #expect(throws: BinaryReaderError.self) {
      try CompiledVocabulary.readRegistry(&reader)
    }
    #expect(error?.description == "an empty chunk in the list of 'contactName'")
  }

  /// A cache altered in its registry's outline, read before the checksum is compared, is
  /// refused as altered, not for what the alteration broke.
  @Test func anAlteredOutlineIsReportedAsAltered() throws {
    let (directory, cache) = try scratch()
    _ = try CompiledVocabulary.load(directory: directory, cache: cache)
    var bytes = [UInt8](try Data(contentsOf: cache))
    // The payload starts with the registry's length, then its app count: an implausible one.
    bytes[CompiledVocabulary.cacheHeaderSize + 8 + 7] = 0x7F
    let fingerprint = try CompiledVocabulary.sourceFingerprint(directory: directory, locale: nil)
    let error = #expect(throws: BinaryReaderError.self) {
      try CompiledVocabulary.readCache(
        ByteStorage(copying: bytes), fingerprint: fingerprint, normalizer: try Normalizer.shared)
    }
    #expect(error?.description == "checksum mismatch: the cache was altered")
  }

  @Test func anEditedSourceRebuildsTheCache() throws {
    let (directory, cache) = try scratch()
    _ = try CompiledVocabulary.load(directory: directory, cache: cache)
    let plist = directory.appendingPathComponent("Chatter.app/UserVocabulary.plist")
    var text = try String(contentsOf: plist, encoding: .utf8)
    text = text.replacingOccurrences(of: "Priya", with: "Pryia")
    try text.write(to: plist, atomically: true, encoding: .utf8)
    let reloaded = try CompiledVocabulary.load(directory: directory, cache: cache)
    #expect(!reloaded.outcome.usedCache)
    #expect(reloaded.outcome.reason?.contains("source files changed") == true)
    #expect(try CompiledVocabulary.load(directory: directory, cache: cache).outcome.usedCache)
  }

  @Test func anotherLocaleIsAnotherCache() throws {
    let (directory, cache) = try scratch()
    _ = try CompiledVocabulary.load(directory: directory, cache: cache)
    let russian = try CompiledVocabulary.load(directory: directory, locale: "ru", cache: cache)
    #expect(!russian.outcome.usedCache)
  }

  @Test func damagedCachesAreRebuiltNeverTrusted() throws {
    let (directory, cache) = try scratch()
    _ = try CompiledVocabulary.load(directory: directory, cache: cache)
    let good = try Data(contentsOf: cache)
    let expected = try routes(CompiledVocabulary.load(directory: directory))
    var damaged: [(String, Data)] = [
      ("empty", Data()),
      (
        "other version",
        {
          var data = good; data[8] &+= 1; return data
        }()
      ),
      ("extended", good + Data([0])),
    ]
    for length in [1, 20, 35, 43, 44, 45, good.count / 2, good.count - 1] {
      damaged.append(("truncated to \(length)", good.prefix(length)))
    }
    // The header's fields (magic, version, fingerprint, payload length, checksum; the files'
    // states at 20..<28 are only a hint, checked below), then bytes spread over the payload.
    for offset in [0, 8, 12, 19, 28, 36, 43, good.count / 3, good.count - 1]
      + (1...8).map({ good.count * $0 / 9 })
    {
      var data = good
      data[offset] ^= 0x01
      damaged.append(("one bit flipped at byte \(offset)", data))
    }
    // Every damaged file is refused by the reader (cheap: nothing is compiled) ...
    let fingerprint = try CompiledVocabulary.sourceFingerprint(directory: directory, locale: nil)
    for (name, data) in damaged {
      #expect(throws: BinaryReaderError.self, "\(name) was trusted") {
        try CompiledVocabulary.readCache(
          ByteStorage(copying: [UInt8](data)), fingerprint: fingerprint,
          normalizer: try Normalizer.shared)
      }
    }
    // A damaged record of the files' states costs a hash of the contents, nothing more.
    var restamped = [UInt8](good)
    restamped[20] ^= 0x01
    #expect(throws: Never.self) {
      try CompiledVocabulary.readCache(
        ByteStorage(copying: restamped), fingerprint: fingerprint,
        normalizer: try Normalizer.shared)
    }
    // ... and the whole load, which compiles the plists again, runs for one file of each kind:
    // a cache cut inside its magic number, one with a damaged header, one with a damaged
    // payload (each rewritten), and a file whose magic number is wrong (left alone).
    let kinds = ["empty", "truncated to 1", "other version", "one bit flipped at byte 0"]
    for (name, data) in damaged where kinds.contains(name) || name.hasSuffix("\(good.count - 1)") {
      try data.write(to: cache)
      let loaded = try CompiledVocabulary.load(directory: directory, cache: cache)
      #expect(!loaded.outcome.usedCache, "\(name) was trusted")
      #expect(loaded.outcome.reason != nil, "\(name)")
      #expect(try routes(loaded.vocabulary) == expected, "\(name)")
      if data.prefix(8) == good.prefix(min(8, data.count)) {
        #expect(try Data(contentsOf: cache) == good, "\(name): the cache was not rewritten")
      } else {
        // Without the magic number it is no cache of ours: someone's file, left alone.
        #expect(try Data(contentsOf: cache) == data, "\(name) was replaced")
      }
    }
  }

  @Test func aFileThatIsNoCacheIsNotReplaced() throws {
    let (directory, cache) = try scratch()
    // `--cache corpus.jsonl`: the user's file must survive a mistyped option.
    let corpus = Data("{\"text\": \"call alex\"}\n".utf8)
    try corpus.write(to: cache)
    let loaded = try CompiledVocabulary.load(directory: directory, cache: cache)
    #expect(!loaded.outcome.usedCache)
    #expect(!loaded.outcome.wroteCache)
    #expect(loaded.outcome.reason?.contains("not a VocabKit cache") == true)
    #expect(try Data(contentsOf: cache) == corpus)
    #expect(try routes(loaded.vocabulary) == routes(CompiledVocabulary.load(directory: directory)))
  }

  /// A large cache is read into memory of its own (huge pages on Linux): every byte as the
  /// file holds it, at sizes around whole pages.
  @Test func aLargeFileIsReadWhole() throws {
    let (_, cache) = try scratch()
    let huge = CompiledVocabulary.hugePageReadSize
    for size in [huge - 1, huge, huge + 1, 3 << 21] {
      var random = SplitMix64(seed: UInt64(size))
      let words = (0..<(size / 8 + 1)).map { _ in random.next() }
      let bytes = Array(words.withUnsafeBytes { $0.prefix(size) })
      try Data(bytes).write(to: cache)
      guard case .bytes(let storage, _) = CompiledVocabulary.readFile(atPath: cache.path) else {
        Issue.record("\(size) bytes not read")
        continue
      }
      #expect(storage.bytes.count == size)
      #expect(memcmp(storage.bytes.baseAddress!, bytes, size) == 0, "\(size) bytes")
    }
  }

  @Test func aFIFOAsTheCacheIsNeitherWaitedOnNorReplaced() throws {
    let (directory, cache) = try scratch()
    #expect(mkfifo(cache.path, 0o600) == 0)
    // Opening a FIFO for reading blocks until a writer comes, unless it is opened non-blocking.
    let loaded = try CompiledVocabulary.load(directory: directory, cache: cache)
    #expect(!loaded.outcome.usedCache)
    #expect(!loaded.outcome.wroteCache)
    #expect(loaded.outcome.reason?.contains("not a regular file") == true)
    var status = stat()
    #expect(lstat(cache.path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
  }

  @Test func aCacheFileLargerThanAnyCacheIsNotReadWhole() throws {
    let (directory, cache) = try scratch()
    // A sparse file of 40 GiB: reading it whole aborted the process before its magic number.
    #expect(FileManager.default.createFile(atPath: cache.path, contents: nil))
    let handle = try FileHandle(forWritingTo: cache)
    try handle.truncate(atOffset: 40 << 30)
    try handle.close()
    let loaded = try CompiledVocabulary.load(directory: directory, cache: cache)
    #expect(!loaded.outcome.usedCache)
    #expect(!loaded.outcome.wroteCache)
    #expect(loaded.outcome.reason?.contains("more than the 4 GiB") == true)
    let size = try FileManager.default.attributesOfItem(atPath: cache.path)[.size] as? Int
    #expect(size == 40 << 30)
    try FileManager.default.removeItem(at: cache)
  }

  @Test func anUnwritableCacheIsReportedNotFatal() throws {
    let (directory, _) = try scratch()
    let cache = URL(fileURLWithPath: "/nonexistent-folder/vocab.cache")
    let loaded = try CompiledVocabulary.load(directory: directory, cache: cache)
    #expect(!loaded.outcome.usedCache)
    #expect(!loaded.outcome.wroteCache)
  }

  @Test func aMissingDirectoryIsAClearError() throws {
    let cache = FileManager.default.temporaryDirectory.appendingPathComponent("unused.cache")
    #expect(throws: VocabularyDirectoryError.self) {
      try CompiledVocabulary.load(
        directory: URL(fileURLWithPath: "/nonexistent-vocab-folder"), cache: cache)
    }
  }
}
