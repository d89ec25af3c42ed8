import Foundation
import VocabKitMatching
import VocabKitNormalization
import VocabKitSupport
import VocabKitVocabulary

/// What happened to the compiled cache when a vocabulary was loaded.
public struct CacheOutcome: Hashable, Sendable, CustomStringConvertible {
  /// True when the vocabulary came from the cache; false when it was compiled from the plists.
  public var usedCache: Bool
  /// Why the cache was not used ("no cache yet", "the sources changed", "truncated" …); nil
  /// when it was.
  public var reason: String?
  /// True when a fresh cache file was written.
  public var wroteCache: Bool

  public var description: String {
    usedCache
      ? "loaded from the compiled cache"
      : "compiled from the plists (\(reason ?? "no cache")); "
        + (wroteCache ? "cache written" : "cache not written")
  }
}

extension CompiledVocabulary {
  /// The layout of cache files this version reads and writes; other versions are rebuilt.
  public static let cacheFormatVersion: UInt32 = 42
  static let cacheMagic = Array("VOCABKIT".utf8)
  /// Magic, version, source fingerprint, source file states, payload length and payload
  /// checksum.
  static let cacheHeaderSize = 8 + 4 + 8 + 8 + 8 + 8
  /// Where the source file states stand in the header: after magic, version and fingerprint.
  static let cacheStatesOffset = 8 + 4 + 8

  /// Loads a vocabulary directory through a compiled cache file.
  ///
  /// The cache holds the registry, the learned intent model and every compiled index. It is
  /// used only when its magic number, format version, fingerprint of the source files (every
  /// vocabulary plist and `.strings` file the loader may read, with its relative path, size
  /// and content hash, and the locale) and payload checksum all match; otherwise the plists
  /// are compiled and the cache is rewritten atomically (a temporary file renamed over the old
  /// one), so a stale, truncated, foreign or altered cache is rebuilt, never trusted.
  ///
  /// The contents are hashed only when needed: the cache also records each source file's
  /// size, times, device and inode, and when all are unchanged and the files last changed
  /// more than 2 seconds before the cache was written, the recorded fingerprint stands.
  /// The trade: a file rewritten with the same size and restored times *and* status-change
  /// time (which only the kernel sets) would go unnoticed. When the contents were hashed and
  /// matched, the cache is restamped with the files' states for the next load. Failing to
  /// write the cache is not an error: the outcome says so.
  ///
  /// One function on purpose: its three outcomes (the cache used, refused and left as it
  /// is, or replaced) share the files' states and the content fingerprint hashed at most once.
  ///
  /// - Throws: `VocabularyDirectoryError` for a missing directory, `ICUError` if
  ///   normalization fails.
  /// - Complexity: one `stat` per source file, plus O(*s*) to hash *s* bytes of sources when
  ///   their states changed, plus O(*n*) to read an index of size *n* or to compile it.
  public static func load(directory: URL, locale: String? = nil, cache: URL) throws -> (
    vocabulary: CompiledVocabulary, outcome: CacheOutcome
  ) {
    // The files' states first: a file changed while the rest is read then shows as changed
    // next time.
    let state = try sourceState(directory: directory, locale: locale)
    var contentFingerprint: UInt64? = nil
    func fingerprint() throws -> UInt64 {
      if let contentFingerprint { return contentFingerprint }
      let value = try sourceFingerprint(directory: directory, locale: locale)
      contentFingerprint = value
      return value
    }
    let reason: String
    var replaceable = true
    switch readFile(atPath: cache.path) {
    case .bytes(let bytes, let written):
      let header = cacheHeader(bytes)
      // The stored fingerprint is taken on the files' word (size, times, identity) only when
      // none of them changed near the time the cache was written: a change within the same
      // tick of a coarse clock would not show in their times.
      let trusted =
        header.map { $0.states == state.signature && state.isSettled(before: written) } ?? false
      do {
        let expected = trusted ? header!.fingerprint : try fingerprint()
        let vocabulary = try readCache(
          bytes, fingerprint: expected, normalizer: try Normalizer.shared)
        // The contents were hashed and match: the cache is written again with the files'
        // states when they are new, or when they are settled by now (then the next load
        // needs only them); not while a recent edit is still settling, which would rewrite
        // the whole cache at every load.
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        if !trusted, header?.states != state.signature || state.isSettled(before: now) {
          try? AtomicFile.write(restamped(bytes, states: state.signature), to: cache)
        }
        return (vocabulary, CacheOutcome(usedCache: true, reason: nil, wroteCache: false))
      } catch let error as BinaryReaderError {
        reason = error.description
      }
      // A file that does not start as a cache does (`--cache corpus.jsonl`) is someone's
      // data: it is not replaced. An empty file, or one cut inside the magic number, is.
      let start = Array(bytes.bytes.prefix(cacheMagic.count))
      if start != Array(cacheMagic.prefix(start.count)) {
        return (
          try load(directory: directory, locale: locale),
          CacheOutcome(
            usedCache: false,
            reason: "'\(cache.path)' is not a VocabKit cache; it is left as it is",
            wroteCache: false)
        )
      }
    case .missing:
      reason = "no cache at '\(cache.path)'"
    case .unusable(let why):
      // A device, a FIFO or a file larger than any cache: neither read nor replaced.
      reason = why
      replaceable = false
    }
    let contents = try fingerprint()
    let vocabulary = try load(directory: directory, locale: locale)
    var wrote = replaceable
    if replaceable {
      do {
        try AtomicFile.write(
          vocabulary.cacheBytes(fingerprint: contents, states: state.signature),
          to: cache)
      } catch {
        wrote = false
      }
    }
    return (vocabulary, CacheOutcome(usedCache: false, reason: reason, wroteCache: wrote))
  }

  /// The fingerprint and file states a cache's header holds, or nil when it has no header of
  /// this format.
  static func cacheHeader(_ storage: ByteStorage) -> (fingerprint: UInt64, states: UInt64)? {
    guard storage.bytes.count >= cacheHeaderSize,
      Array(storage.bytes[0..<8]) == cacheMagic
    else { return nil }
    var reader = BinaryReader(storage, offset: 8)
    guard (try? reader.read(UInt32.self)) == cacheFormatVersion,
      let fingerprint = try? reader.read(UInt64.self),
      let states = try? reader.read(UInt64.self)
    else { return nil }
    return (fingerprint, states)
  }

  /// A cache's bytes with the file states in its header replaced (they are outside the
  /// checksum, which covers the payload).
  static func restamped(_ storage: ByteStorage, states: UInt64) -> [UInt8] {
    var bytes = Array(storage.bytes)
    withUnsafeBytes(of: states.littleEndian) { value in
      bytes.replaceSubrange(cacheStatesOffset..<(cacheStatesOffset + 8), with: value)
    }
    return bytes
  }

  /// The bytes of a cache file, or why it is not read.
  ///
  /// A large file is read in two halves on two cores (the kernel's copy is most of the cost).
  /// The file is read, not mapped, so a file truncated by someone else meanwhile is a short
  /// read, an error, rather than a crash.
  ///
  /// - Complexity: O(*n*) in the size of the file.
  static func readFile(atPath path: String) -> CacheFile {
    // Non-blocking, so that opening a FIFO does not wait for a writer.
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return .missing }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return .missing }
    guard status.st_mode & S_IFMT == S_IFREG else {
      return .unusable("'\(path)' is not a regular file (a device, FIFO or folder); not used")
    }
    let size = Int(status.st_size)
    guard size <= maximumCacheSize else {
      return .unusable(
        "'\(path)' is \(size) bytes, more than the \(maximumCacheSize >> 30) GiB a cache may be; "
          + "not used")
    }
    let (memory, storage) = allocateReadBuffer(size)
    // Each part writes only its own half of the buffer.
    nonisolated(unsafe) let destination = memory.baseAddress
    let parts = size >= 1 << 20 ? 2 : 1
    let failed = Locked(false)
    DispatchQueue.concurrentPerform(iterations: parts) { part in
      var offset = size * part / parts
      let end = size * (part + 1) / parts
      while offset < end {
        let count = pread(descriptor, destination! + offset, end - offset, off_t(offset))
        if count < 0, errno == EINTR { continue }
        guard count > 0 else {  // An error, or the file shrank while being read.
          failed.withLock { $0 = true }
          return
        }
        offset += count
      }
    }
    return failed.withLock { $0 } ? .missing : .bytes(storage, written: status.st_mtim)
  }

  /// Memory for a file's bytes, and storage that frees it.
  ///
  /// On Linux a large buffer is mapped on its own and asked for huge pages: faulting in
  /// 4 KiB pages one at a time was most of the cost of reading a large cache. Elsewhere, or
  /// when mapping fails, it is allocated as any other.
  static func allocateReadBuffer(_ size: Int) -> (UnsafeMutableRawBufferPointer, ByteStorage) {
    #if os(Linux)
      if size >= hugePageReadSize {
        // Rounded up to whole huge pages, so the kernel can back all of it with them.
        let huge = 2 << 20
        let length = (size + huge - 1) / huge * huge
        if let start = mmap(
          nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
          start != MAP_FAILED
        {
          _ = madvise(start, length, MADV_HUGEPAGE)  // Advice: without it, small pages.
          let memory = UnsafeMutableRawBufferPointer(start: start, count: size)
          let storage = ByteStorage(bytes: UnsafeRawBufferPointer(memory)) { bytes in
            _ = munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), length)
          }
          return (memory, storage)
        }
      }
    #endif
    let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 64)
    return (memory, ByteStorage(bytes: UnsafeRawBufferPointer(memory)) { $0.deallocate() })
  }

  /// The size from which a cache is read into memory of its own (see
  /// ``allocateReadBuffer(_:)``): below it the allocator's memory is as good.
  static let hugePageReadSize = 4 << 20

  /// What is at a cache path.
  enum CacheFile {
    /// Nothing, or nothing that could be opened and read.
    case missing
    /// A file that is no cache and must not be replaced, and why.
    case unusable(String)
    /// The file's bytes and when it was last written.
    case bytes(ByteStorage, written: timespec)
  }

  /// The largest cache file read: a million entries take about 150 MB, so a larger file is
  /// no cache, and reading it whole could exhaust memory.
  static let maximumCacheSize = 4 << 30

  /// What `stat` says of every file the loader may read: enough to tell, without reading
  /// them, that none changed since a cache recorded the same.
  package struct SourceState: Equatable, Sendable {
    /// A hash of the locale and of each file's relative path, kind, device, inode, size,
    /// and modification and status-change times.
    package var signature: UInt64
    /// The latest modification or status-change time of any of the files.
    var newestChange: timespec

    package static func == (left: SourceState, right: SourceState) -> Bool {
      left.signature == right.signature
    }

    /// Whether every file last changed at least ``settlingSeconds`` before `time`.
    func isSettled(before time: timespec) -> Bool {
      newestChange.tv_sec + CompiledVocabulary.settlingSeconds < time.tv_sec
    }
  }

  /// How long before a cache was written its sources must have last changed for their file
  /// states to stand for their contents: more than the coarsest file-time tick in use (one
  /// second; two on FAT), so an edit in the same tick as the write is caught by hashing.
  static let settlingSeconds = 2

  /// The states of the files ``sourceFingerprint(directory:locale:)`` hashes.
  ///
  /// - Complexity: one `stat` per file, and the directory listings of
  ///   ``VocabularyRegistry/sourceFileCandidates(directory:)``.
  package static func sourceState(directory: URL, locale: String?) throws -> SourceState {
    try requireDirectory(directory)
    var hash = Hash64()
    hash.add(Array("format \(cacheFormatVersion) locale \(locale ?? "*") states".utf8))
    var newest = timespec()
    func later(_ a: timespec, _ b: timespec) -> timespec {
      (a.tv_sec, a.tv_nsec) > (b.tv_sec, b.tv_nsec) ? a : b
    }
    for relative in VocabularyRegistry.sourceFileCandidates(directory: directory) {
      hash.add(Array(relative.utf8))
      var status = stat()
      guard stat(directory.appendingPathComponent(relative).path, &status) == 0 else {
        hash.add(Array("missing \(errno)".utf8))
        continue
      }
      for value in [
        UInt64(status.st_mode & S_IFMT), UInt64(status.st_dev), UInt64(status.st_ino),
        UInt64(max(0, status.st_size)), UInt64(bitPattern: Int64(status.st_mtim.tv_sec)),
        UInt64(status.st_mtim.tv_nsec), UInt64(bitPattern: Int64(status.st_ctim.tv_sec)),
        UInt64(status.st_ctim.tv_nsec),
      ] {
        hash.add(value)
      }
      newest = later(newest, later(status.st_mtim, status.st_ctim))
    }
    return SourceState(signature: hash.value, newestChange: newest)
  }

  /// Throws unless `directory` is a directory.
  static func requireDirectory(_ directory: URL) throws {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory),
      isDirectory.boolValue
    else {
      throw VocabularyDirectoryError(path: directory.path, reason: "no such directory")
    }
  }

  /// A hash of the locale and of every file the loader may read
  /// (``VocabularyRegistry/sourceFileCandidates(directory:)``): relative path, kind, size and
  /// contents. Any edit, addition or removal of a vocabulary file changes it; other files in
  /// the folder (a cache kept there, notes, a stray large file) do not count.
  ///
  /// - Complexity: O(*s*) in the total size of the vocabulary files.
  static func sourceFingerprint(directory: URL, locale: String?) throws -> UInt64 {
    try requireDirectory(directory)
    var hash = Hash64()
    hash.add(Array("format \(cacheFormatVersion) locale \(locale ?? "*")".utf8))
    for relative in VocabularyRegistry.sourceFileCandidates(directory: directory) {
      hash.add(Array(relative.utf8))
      hashFile(atPath: directory.appendingPathComponent(relative).path, into: &hash)
    }
    return hash.value
  }

  /// Adds a source file to a fingerprint: its size and contents when it is a regular file
  /// the loader reads whole, its kind and size otherwise (the loader rejects it, so its
  /// contents cannot matter). Opened non-blocking: a FIFO never makes it wait.
  static func hashFile(atPath path: String, into hash: inout Hash64) {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      hash.add(Array("unreadable \(errno)".utf8))
      return
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      hash.add(Array("unreadable".utf8))
      return
    }
    let size = Int(status.st_size)
    hash.add(UInt64(status.st_mode & S_IFMT))
    hash.add(UInt64(max(size, 0)))
    guard status.st_mode & S_IFMT == S_IFREG, size <= PropertyListReader.maximumFileSize else {
      return
    }
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    var contents: [UInt8] = []
    contents.reserveCapacity(size)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      contents += buffer[0..<count]
      // A file that grew past the limit while being read: the loader will reject it.
      if contents.count > PropertyListReader.maximumFileSize { break }
    }
    hash.add(contents)
  }

  /// The cache file's bytes: header, then the registry and every shard.
  ///
  /// `chunkItems` is the most items a chunk of a list holds (tests make it small).
  func cacheBytes(
    fingerprint: UInt64, states: UInt64 = 0, chunkItems: Int = cacheChunkItems
  ) -> [UInt8] {
    // The registry is a block of its own, so a reader can read it and the shards at once.
    var registryBytes = BinaryWriter()
    Self.write(registry, to: &registryBytes, chunkItems: chunkItems)
    var modelBytes = BinaryWriter()
    intentModel.write(to: &modelBytes)
    mediaQualifiers.write(to: &modelBytes)
    appNames.write(to: &modelBytes)
    modelBytes.write(templates) { writer, template in template.write(to: &writer) }
    var payload = BinaryWriter()
    payload.write(section: registryBytes)
    payload.write(section: modelBytes)
    // A shard that is an earlier shard's index (parameters sharing a list) is written as
    // that shard's position.
    let keys = shards.keys.sorted()
    var positions: [ObjectIdentifier: Int] = [:]
    payload.write(Array(keys.enumerated())) { writer, element in
      let (position, key) = element
      writer.write(key.app)
      writer.write(key.source)
      let index = shards[key]!
      if let earlier = positions[ObjectIdentifier(index)] {
        writer.write(earlier)
      } else {
        positions[ObjectIdentifier(index)] = position
        writer.write(-1)
        index.write(to: &writer)
      }
    }
    var header = BinaryWriter()
    Self.cacheMagic.forEach { header.write($0) }
    header.write(Self.cacheFormatVersion)
    header.write(fingerprint)
    header.write(states)
    header.write(payload.bytes.count)
    var checksum = Hash64()
    checksum.add(payload.bytes)
    header.write(checksum.value)
    return header.bytes + payload.bytes
  }

  /// The compiled vocabulary in a cache's bytes, when they were written for a vocabulary of
  /// `fingerprint` and pass every check.
  ///
  /// One function on purpose: it reads the cache's sections in the order ``cacheBytes(fingerprint:states:chunkItems:)``
  /// writes them, so the two can be compared line by line.
  static func readCache(_ storage: ByteStorage, fingerprint: UInt64, normalizer: Normalizer)
    throws -> CompiledVocabulary
  {
    let bytes = storage.bytes
    @Sendable func fail(_ reason: String) -> BinaryReaderError {
      BinaryReaderError(description: reason)
    }
    guard bytes.count >= cacheHeaderSize else {
      throw fail("truncated: \(bytes.count) bytes, shorter than the header")
    }
    guard Array(bytes[0..<8]) == cacheMagic else { throw fail("not a VocabKit cache file") }
    var reader = BinaryReader(storage, offset: 8)
    let version = try reader.read(UInt32.self)
    guard version == cacheFormatVersion else {
      throw fail("format version \(version), this VocabKit reads \(cacheFormatVersion)")
    }
    guard try reader.read(UInt64.self) == fingerprint else {
      throw fail("the source files changed since the cache was written")
    }
    _ = try reader.read(UInt64.self)  // The files' states, checked by the caller.
    let length = try reader.readInt()
    let expectedChecksum = try reader.read(UInt64.self)
    guard length == bytes.count - cacheHeaderSize else {
      throw fail(
        "truncated or extended: payload of \(bytes.count - cacheHeaderSize) bytes, "
          + "header says \(length)")
    }
    // The registry's outline first (apps, intents and diagnostics, a few of each); then, on
    // every core, the checksum with the shards' tables (the longest part, so first), and
    // each chunk of the registry's lists read as items and as the matcher's entries
    // (``readLists(_:inPlaceLimit:alongside:)``).
    // Reading checks every length and index, so it is safe on altered bytes, and what it
    // read is used only when the checksum matches.
    @Sendable func payloadChecksum() -> UInt64 {
      var hash = Hash64()
      hash.add(UnsafeRawBufferPointer(rebasing: storage.bytes[cacheHeaderSize...]))
      return hash.value
    }
    let outline: RegistryOutline
    do throws(BinaryReaderError) {
      var registryReader = try reader.readSection()
      outline = try readRegistry(&registryReader)
      guard registryReader.isAtEnd else { throw fail("unexpected bytes after the registry") }
    } catch {
      // An altered file says so, rather than what its alteration broke first.
      guard payloadChecksum() == expectedChecksum else {
        throw fail("checksum mismatch: the cache was altered")
      }
      throw error
    }
    var modelReader = try reader.readSection()
    let shardsStart = reader
    let checksum = Locked<UInt64>(0)
    let tablesPart = Locked<Result<[(ShardKey, ShardTables)], any Error>?>(nil)
    let lists = Result { () throws(BinaryReaderError) in
      try readLists(outline) {
        let value = payloadChecksum()
        checksum.withLock { $0 = value }
        let result = Result { () throws -> [(ShardKey, ShardTables)] in
          var reader = shardsStart
          var position = 0
          let tables = try reader.readArray { reader throws(BinaryReaderError) in
            defer { position += 1 }
            let key = ShardKey(app: try reader.readString(), source: try reader.readString())
            let sameAs = try reader.readInt()
            guard sameAs < position else {
              throw fail("shard \(position) is shard \(sameAs), not an earlier one")
            }
            if sameAs >= 0 { return (key, ShardTables.sameAs(sameAs)) }
            return (key, ShardTables.own(try MatchIndex.Tables(reading: &reader)))
          }
          guard reader.isAtEnd else { throw fail("unexpected bytes after the last shard") }
          return tables
        }
        tablesPart.withLock { $0 = result }
      }
    }
    guard checksum.withLock({ $0 }) == expectedChecksum else {
      throw fail("checksum mismatch: the cache was altered")
    }
    let (items, listEntries) = try lists.get()
    let registry = outline.registry(items: items)
    let entries = outline.shardEntries(listEntries)
    var shards: [ShardKey: MatchIndex] = [:]
    var read: [MatchIndex] = []
    for (key, tables) in try tablesPart.withLock({ $0 })!.get() {
      guard let entries = entries[key] else {
        throw fail("a shard for '\(key.app)' '\(key.source)', which the registry lacks")
      }
      switch tables {
      case .own(let tables):
        read.append(try MatchIndex(tables: tables, entries: entries, normalizer: normalizer))
      case .sameAs(let earlier):
        guard read[earlier].entries.count == entries.count else {
          throw fail("shard '\(key.source)' shares an index of another size")
        }
        read.append(read[earlier])
      }
      shards[key] = read.last!
    }
    let model = try IntentModel(reading: &modelReader)
    let qualifiers = try MediaQualifiers(reading: &modelReader)
    let appNames = try MatchIndex(
      reading: &modelReader, entries: appEntries(registry), normalizer: normalizer)
    let sources = templateSources(registry)
    guard try modelReader.readCount() == sources.count else {
      throw fail("the cached templates are not the registry's examples and phrasings")
    }
    var templates: [Template] = []
    templates.reserveCapacity(sources.count)
    for source in sources {
      templates.append(try Template(reading: &modelReader, source: source))
    }
    guard modelReader.isAtEnd else { throw fail("unexpected bytes after the templates") }
    var labels = Set<IntentModel.Label>()
    for app in registry.apps {
      for intent in app.intents where !intent.examples.isEmpty {
        labels.insert(IntentModel.Label(app: app.bundleIdentifier, intent: intent.name))
      }
    }
    var expected = labels.sorted()
    if !expected.isEmpty { expected.append(.outOfScope) }
    guard model.labels == expected else {
      throw fail("the cached intent model's intents are not the registry's")
    }
    return try CompiledVocabulary(
      registry: registry, normalizer: normalizer, shards: shards, cachedModel: model,
      cachedQualifiers: qualifiers, cachedAppNames: appNames, cachedTemplates: templates)
  }
}

/// A shard's tables as a cache holds them: its own, or those of an earlier shard.
enum ShardTables {
  case own(MatchIndex.Tables)
  case sameAs(Int)
}
