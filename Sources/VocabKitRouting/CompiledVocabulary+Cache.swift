import Foundation
import VocabKitMatching
import VocabKitNormalization
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
  public static let cacheFormatVersion: UInt32 = 8
  static let cacheMagic = Array("VOCABKIT".utf8)
  /// Magic, version, source fingerprint, payload length and payload checksum.
  static let cacheHeaderSize = 8 + 4 + 8 + 8 + 8

  /// Loads a vocabulary directory through a compiled cache file.
  ///
  /// The cache holds the registry and every compiled index. It is used only when its magic
  /// number, format version, fingerprint of the source files (every file under `directory`
  /// with its relative path, size and content hash, and the locale) and payload checksum all
  /// match; otherwise the plists are compiled and the cache is rewritten atomically (a
  /// temporary file renamed over the old one), so a stale, truncated, foreign or altered
  /// cache is rebuilt, never trusted. Failing to write the cache is not an error: the
  /// outcome says so.
  ///
  /// - Throws: `VocabularyDirectoryError` for a missing directory, `ICUError` if
  ///   normalization fails.
  /// - Complexity: O(*s*) to fingerprint *s* bytes of sources, plus O(*n*) to read an index of
  ///   size *n* or to compile it.
  public static func load(directory: URL, locale: String? = nil, cache: URL) throws -> (
    vocabulary: CompiledVocabulary, outcome: CacheOutcome
  ) {
    let fingerprint = try sourceFingerprint(directory: directory, locale: locale)
    let reason: String
    if let bytes = readFile(atPath: cache.path) {
      do {
        let vocabulary = try readCache(
          bytes, fingerprint: fingerprint, normalizer: try Normalizer.shared)
        return (vocabulary, CacheOutcome(usedCache: true, reason: nil, wroteCache: false))
      } catch let error as BinaryReaderError {
        reason = error.description
      }
    } else {
      reason = "no cache at '\(cache.path)'"
    }
    let vocabulary = try load(directory: directory, locale: locale)
    var wrote = true
    do {
      try AtomicFile.write(vocabulary.cacheBytes(fingerprint: fingerprint), to: cache)
    } catch {
      wrote = false
    }
    return (vocabulary, CacheOutcome(usedCache: false, reason: reason, wroteCache: wrote))
  }

  /// The bytes of a file read straight into an array (no intermediate `Data` copy of what
  /// may be tens of megabytes), or nil when it cannot be opened or read.
  ///
  /// - Complexity: O(*n*) in the size of the file.
  static func readFile(atPath path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    let size = Int(status.st_size)
    guard size > 0 else { return [] }
    var failed = false
    let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
      while initialized < size {
        let count = read(descriptor, buffer.baseAddress! + initialized, size - initialized)
        if count < 0, errno == EINTR { continue }
        guard count > 0 else {  // An error, or the file shrank while being read.
          failed = count < 0
          break
        }
        initialized += count
      }
    }
    return failed ? nil : bytes
  }

  /// A hash of every non-hidden file under `directory` (relative path, size, contents) and
  /// the locale: any edit, addition or removal changes it.
  ///
  /// - Complexity: O(*s*) in the total size of the files.
  static func sourceFingerprint(directory: URL, locale: String?) throws -> UInt64 {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory),
      isDirectory.boolValue
    else {
      throw VocabularyDirectoryError(path: directory.path, reason: "no such directory")
    }
    let root = directory.standardizedFileURL.path
    var files: [String] = []
    if let walker = FileManager.default.enumerator(atPath: root) {
      while let relative = walker.nextObject() as? String {
        if relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: root + "/" + relative, isDirectory: &isFolder),
          !isFolder.boolValue
        {
          files.append(relative)
        }
      }
    }
    var hash = Hash64()
    hash.add(Array("format \(cacheFormatVersion) locale \(locale ?? "*")".utf8))
    for relative in files.sorted() {
      let contents = FileManager.default.contents(atPath: root + "/" + relative) ?? Data()
      hash.add(Array(relative.utf8))
      hash.add(UInt64(contents.count))
      contents.withUnsafeBytes { hash.add($0) }
    }
    return hash.value
  }

  /// The cache file's bytes: header, then the registry and every shard.
  func cacheBytes(fingerprint: UInt64) -> [UInt8] {
    var payload = BinaryWriter()
    Self.write(registry, to: &payload)
    let keys = shards.keys.sorted()
    payload.write(keys) { writer, key in
      writer.write(key.app)
      writer.write(key.source)
      shards[key]!.write(to: &writer)
    }
    var header = BinaryWriter()
    Self.cacheMagic.forEach { header.write($0) }
    header.write(Self.cacheFormatVersion)
    header.write(fingerprint)
    header.write(payload.bytes.count)
    var checksum = Hash64()
    checksum.add(payload.bytes)
    header.write(checksum.value)
    return header.bytes + payload.bytes
  }

  static func readCache(_ bytes: [UInt8], fingerprint: UInt64, normalizer: Normalizer)
    throws -> CompiledVocabulary
  {
    func fail(_ reason: String) -> BinaryReaderError { BinaryReaderError(description: reason) }
    guard bytes.count >= cacheHeaderSize else {
      throw fail("truncated: \(bytes.count) bytes, shorter than the header")
    }
    guard Array(bytes[0..<8]) == cacheMagic else { throw fail("not a VocabKit cache file") }
    var reader = BinaryReader(bytes, offset: 8)
    let version = try reader.read(UInt32.self)
    guard version == cacheFormatVersion else {
      throw fail("format version \(version), this VocabKit reads \(cacheFormatVersion)")
    }
    guard try reader.read(UInt64.self) == fingerprint else {
      throw fail("the source files changed since the cache was written")
    }
    let length = try reader.readInt()
    let expectedChecksum = try reader.read(UInt64.self)
    guard length == bytes.count - cacheHeaderSize else {
      throw fail(
        "truncated or extended: payload of \(bytes.count - cacheHeaderSize) bytes, "
          + "header says \(length)")
    }
    // The checksum is computed on another core while the payload is read. Reading checks
    // every length and index, so it is safe on altered bytes, and what it read is used only
    // when the checksum matches.
    let payloadStart = reader
    let checksum = Locked<UInt64>(0)
    let payload = Locked<Result<CompiledVocabulary, any Error>?>(nil)
    DispatchQueue.concurrentPerform(iterations: 2) { part in
      if part == 0 {
        var hash = Hash64()
        bytes.withUnsafeBytes { hash.add(UnsafeRawBufferPointer(rebasing: $0[cacheHeaderSize...])) }
        checksum.withLock { $0 = hash.value }
      } else {
        var payloadReader = payloadStart
        let result = Result { () throws -> CompiledVocabulary in
          try readPayload(&payloadReader, normalizer: normalizer)
        }
        payload.withLock { $0 = result }
      }
    }
    guard checksum.withLock({ $0 }) == expectedChecksum else {
      throw fail("checksum mismatch: the cache was altered")
    }
    return try payload.withLock { $0 }!.get()
  }

  /// The registry and shards of a cache, after its header.
  static func readPayload(_ reader: inout BinaryReader, normalizer: Normalizer) throws
    -> CompiledVocabulary
  {
    func fail(_ reason: String) -> BinaryReaderError { BinaryReaderError(description: reason) }
    let registry = try readRegistry(&reader)
    // Each shard's entries come from the registry just read, as when compiling.
    var items: [ShardKey: [VocabularyItem]] = [:]
    for app in registry.apps {
      for (type, list) in app.userVocabulary {
        items[ShardKey(app: app.bundleIdentifier, source: type.rawValue)] = list
      }
      for (parameter, list) in app.parameterVocabularies {
        items[ShardKey(app: app.bundleIdentifier, source: parameter.description)] = list
      }
    }
    let shardList = try reader.readArray { reader throws(BinaryReaderError) in
      let key = ShardKey(app: try reader.readString(), source: try reader.readString())
      guard let list = items[key] else {
        throw fail("a shard for '\(key.app)' '\(key.source)', which the registry lacks")
      }
      let entries = entries(list, app: key.app, source: key.source)
      return (key, try MatchIndex(reading: &reader, entries: entries, normalizer: normalizer))
    }
    guard reader.isAtEnd else { throw fail("unexpected bytes after the last shard") }
    var shards: [ShardKey: MatchIndex] = [:]
    for (key, index) in shardList { shards[key] = index }
    return try CompiledVocabulary(registry: registry, normalizer: normalizer, shards: shards)
  }

  // MARK: Registry layout

  static func write(_ registry: VocabularyRegistry, to writer: inout BinaryWriter) {
    func write(items: [VocabularyItem], _ writer: inout BinaryWriter) {
      writer.write(items) { writer, item in
        writer.write(item.identifier)
        writer.write(item.priority)
        writer.write(item.examples) { writer, example in writer.write(example) }
        writer.write(item.phrases) { writer, phrase in
          writer.write(phrase.text)
          writer.write(phrase.pronunciation)
          writer.write(case: phrase.kind)
        }
      }
    }
    writer.write(registry.apps) { writer, app in
      writer.write(app.bundleIdentifier)
      writer.write(app.folder)
      writer.write(app.name)
      writer.write(app.names) { writer, name in
        writer.write(name.text)
        writer.write(name.pronunciation)
        writer.write(case: name.kind)
      }
      writer.write(app.intents) { writer, intent in
        writer.write(intent.name)
        writer.write(intent.examples) { writer, example in
          writer.write(example.text)
          writer.write(example.localization)
        }
      }
      writer.write(app.parameterVocabularies.keys.sorted()) { writer, parameter in
        writer.write(parameter.intent)
        writer.write(parameter.parameter)
        write(items: app.parameterVocabularies[parameter]!, &writer)
      }
      writer.write(app.userVocabulary.keys.sorted()) { writer, type in
        writer.write(type.rawValue)
        write(items: app.userVocabulary[type]!, &writer)
      }
    }
    writer.write(registry.diagnostics) { writer, diagnostic in
      writer.write(case: diagnostic.severity)
      writer.write(diagnostic.code)
      writer.write(diagnostic.file)
      writer.write(diagnostic.line ?? -1)
      writer.write(diagnostic.keyPath)
      writer.write(diagnostic.message)
    }
    writer.write(registry.sourceFiles) { writer, file in writer.write(file) }
  }

  static func readRegistry(_ reader: inout BinaryReader) throws(BinaryReaderError)
    -> VocabularyRegistry
  {
    // Kinds are one byte each, their position among all cases.
    let phraseKinds = Array(VocabularyPhrase.Kind.allCases)
    let nameKinds = Array(AppName.Kind.allCases)
    let severities = Array(Diagnostic.Severity.allCases)
    // Plain loops rather than the generic `readArray`: this runs once per item.
    func items(_ reader: inout BinaryReader) throws(BinaryReaderError) -> [VocabularyItem] {
      let count = try reader.readCount()
      var items: [VocabularyItem] = []
      items.reserveCapacity(count)
      for _ in 0..<count {
        let identifier = try reader.readString()
        let priority = try reader.readInt()
        let exampleCount = try reader.readCount()
        var examples: [String] = []
        for _ in 0..<exampleCount { examples.append(try reader.readString()) }
        let phraseCount = try reader.readCount()
        var phrases: [VocabularyPhrase] = []
        phrases.reserveCapacity(phraseCount)
        for _ in 0..<phraseCount {
          phrases.append(
            VocabularyPhrase(
              text: try reader.readString(), pronunciation: try reader.readOptionalString(),
              kind: try reader.readElement(of: phraseKinds, what: "phrase kind")))
        }
        items.append(
          VocabularyItem(
            identifier: identifier, phrases: phrases, examples: examples, priority: priority))
      }
      return items
    }
    let apps = try reader.readArray { reader throws(BinaryReaderError) in
      let bundleIdentifier = try reader.readString()
      let folder = try reader.readString()
      let name = try reader.readString()
      let names = try reader.readArray { reader throws(BinaryReaderError) in
        AppName(
          text: try reader.readString(), pronunciation: try reader.readOptionalString(),
          kind: try reader.readElement(of: nameKinds, what: "name kind"))
      }
      let intents = try reader.readArray { reader throws(BinaryReaderError) in
        Intent(
          name: try reader.readString(),
          examples: try reader.readArray { reader throws(BinaryReaderError) in
            IntentExample(text: try reader.readString(), localization: try reader.readString())
          })
      }
      var parameterVocabularies: [ParameterName: [VocabularyItem]] = [:]
      for (parameter, list) in try reader.readArray({ reader throws(BinaryReaderError) in
        (
          ParameterName(intent: try reader.readString(), parameter: try reader.readString()),
          try items(&reader)
        )
      }) {
        parameterVocabularies[parameter] = list
      }
      var userVocabulary: [UserVocabularyType: [VocabularyItem]] = [:]
      for (type, list) in try reader.readArray({ reader throws(BinaryReaderError) in
        (UserVocabularyType(rawValue: try reader.readString()), try items(&reader))
      }) {
        userVocabulary[type] = list
      }
      return App(
        bundleIdentifier: bundleIdentifier, folder: folder, name: name, names: names,
        intents: intents, parameterVocabularies: parameterVocabularies,
        userVocabulary: userVocabulary)
    }
    let diagnostics = try reader.readArray { reader throws(BinaryReaderError) in
      let severity = try reader.readElement(of: severities, what: "severity")
      let code = try reader.readString()
      let file = try reader.readString()
      let line = try reader.readInt()
      return Diagnostic(
        severity, code: code, file: file, line: line < 0 ? nil : line,
        keyPath: try reader.readString(), message: try reader.readString())
    }
    let sourceFiles = try reader.readArray { reader throws(BinaryReaderError) in
      try reader.readString()
    }
    return VocabularyRegistry(apps: apps, diagnostics: diagnostics, sourceFiles: sourceFiles)
  }
}

/// A 64-bit hash of byte strings, 32 bytes at a step: a fingerprint and checksum, not a
/// defence against deliberate forgery.
///
/// Each eight-byte word is mixed in by xor, a multiplication by an odd constant and an
/// xor-shift, so every input bit reaches every bit of the value within a few words. Long
/// inputs are mixed in four independent lanes (words 0, 1, 2, 3 of each 32 bytes), so the
/// processor overlaps four multiplications, and the lanes are then mixed into the value; the
/// bytes after the last whole word are mixed in one at a time.
struct Hash64 {
  private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

  @inline(__always)
  private static func mix(_ state: UInt64, _ word: UInt64) -> UInt64 {
    let product = (state ^ word) &* 0x9e37_79b9_7f4a_7c15
    return product ^ (product >> 29)
  }

  @inline(__always)
  private mutating func mix(_ word: UInt64) { value = Self.mix(value, word) }

  /// - Complexity: O(*n*) in the number of bytes.
  mutating func add(_ bytes: UnsafeRawBufferPointer) {
    @inline(__always) func word(_ index: Int) -> UInt64 {
      UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self))
    }
    let blocks = bytes.count / 32
    if blocks > 0 {
      var lanes: (UInt64, UInt64, UInt64, UInt64) = (value, ~value, value &+ 1, ~value &- 1)
      for block in 0..<blocks {
        lanes.0 = Self.mix(lanes.0, word(block * 4))
        lanes.1 = Self.mix(lanes.1, word(block * 4 + 1))
        lanes.2 = Self.mix(lanes.2, word(block * 4 + 2))
        lanes.3 = Self.mix(lanes.3, word(block * 4 + 3))
      }
      mix(lanes.0)
      mix(lanes.1)
      mix(lanes.2)
      mix(lanes.3)
    }
    let words = bytes.count / 8
    for index in (blocks * 4)..<words { mix(word(index)) }
    for offset in (words * 8)..<bytes.count { mix(UInt64(bytes[offset])) }
    mix(UInt64(bytes.count))
  }

  mutating func add(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { add($0) }
  }

  mutating func add(_ number: UInt64) {
    mix(number)
  }
}
