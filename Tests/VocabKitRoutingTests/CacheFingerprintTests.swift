import Foundation
import Testing
import VocabKitMatching
import VocabKitSupport
import VocabKitVocabulary

@testable import VocabKitRouting

/// The fingerprint that decides whether a cache is fresh covers exactly the files the loader
/// reads: through symbolic links and hidden app folders, and not a cache or other file kept
/// in the folder.
@Suite struct CacheFingerprintTests {
  /// A private copy of the sample vocabulary.
  func scratch() throws -> URL {
    let root = try makeScratchDirectory("vocabkit-fingerprint-test")
    let directory = root.appendingPathComponent("vocab")
    try FileManager.default.copyItem(at: CacheTests.sample, to: directory)
    return directory
  }

  func fingerprint(_ directory: URL) throws -> UInt64 {
    try CompiledVocabulary.sourceFingerprint(directory: directory, locale: nil)
  }

  func rename(_ from: String, _ to: String, in file: URL) throws {
    let text = try String(contentsOf: file, encoding: .utf8)
    #expect(text.contains(from))
    try text.replacingOccurrences(of: from, with: to).write(
      to: file, atomically: true, encoding: .utf8)
  }

  @Test func aCacheInsideTheVocabularyFolderIsReused() throws {
    let directory = try scratch()
    // One app is enough, and compiles faster (the sanitizer runs train its model).
    for app in try FileManager.default.contentsOfDirectory(atPath: directory.path)
    where app.hasSuffix(".app") && app != "Taskly.app" {
      try FileManager.default.removeItem(at: directory.appendingPathComponent(app))
    }
    let cache = directory.appendingPathComponent("vocab.cache")
    let first = try CompiledVocabulary.load(directory: directory, cache: cache)
    #expect(first.outcome.wroteCache)
    let second = try CompiledVocabulary.load(directory: directory, cache: cache)
    #expect(second.outcome.usedCache, "\(second.outcome)")
  }

  @Test func filesTheLoaderDoesNotReadDoNotCount() throws {
    let directory = try scratch()
    let before = try fingerprint(directory)
    try Data(repeating: 7, count: 1 << 20).write(to: directory.appendingPathComponent("notes.bin"))
    try Data("x".utf8).write(to: directory.appendingPathComponent("Taskly.app/README.md"))
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent("Scratch"), withIntermediateDirectories: true)
    #expect(try fingerprint(directory) == before)
  }

  @Test func aVocabularyFolderReachedThroughASymbolicLinkIsCovered() throws {
    let directory = try scratch()
    let link = directory.deletingLastPathComponent().appendingPathComponent("link")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: directory)
    let before = try fingerprint(link)
    try rename(
      "Priya", "Pryia", in: directory.appendingPathComponent("Chatter.app/UserVocabulary.plist"))
    let edited = try fingerprint(link)
    #expect(edited != before)
    try FileManager.default.removeItem(at: directory.appendingPathComponent("Chatter.app"))
    #expect(try fingerprint(link) != edited)
  }

  @Test func appFoldersThatAreLinksOrHiddenAreCovered() throws {
    let directory = try scratch()
    let outside = directory.deletingLastPathComponent().appendingPathComponent("Outside.app")
    try FileManager.default.moveItem(
      at: directory.appendingPathComponent("Chatter.app"), to: outside)
    try FileManager.default.createSymbolicLink(
      at: directory.appendingPathComponent("Chatter.app"), withDestinationURL: outside)
    try FileManager.default.moveItem(
      at: directory.appendingPathComponent("Taskly.app"),
      to: directory.appendingPathComponent(".Taskly.app"))
    let registry = try VocabularyRegistry.load(directory: directory)
    let candidates = VocabularyRegistry.sourceFileCandidates(directory: directory)
    // Every file the loader read is a candidate.
    #expect(Set(registry.sourceFiles).isSubset(of: Set(candidates)), "\(registry.sourceFiles)")
    #expect(candidates.contains(".Taskly.app/Info.plist"))
    let before = try fingerprint(directory)
    try rename("Priya", "Pryia", in: outside.appendingPathComponent("UserVocabulary.plist"))
    let linkEdited = try fingerprint(directory)
    #expect(linkEdited != before)
    let hidden = directory.appendingPathComponent(".Taskly.app/Info.plist")
    try rename("Taskly", "Taskli", in: hidden)
    #expect(try fingerprint(directory) != linkEdited)
  }

  @Test func aFIFOAmongTheSourcesIsNotWaitedOn() throws {
    let directory = try scratch()
    let before = try fingerprint(directory)
    let plist = directory.appendingPathComponent("Chatter.app/UserVocabulary.plist")
    try FileManager.default.removeItem(at: plist)
    #expect(mkfifo(plist.path, 0o600) == 0)
    #expect(try fingerprint(directory) != before)
  }

  /// A scratch vocabulary of one app (compiling it is quick under the sanitizers).
  func oneApp() throws -> URL {
    let directory = try scratch()
    for app in try FileManager.default.contentsOfDirectory(atPath: directory.path)
    where app.hasSuffix(".app") && app != "Taskly.app" {
      try FileManager.default.removeItem(at: directory.appendingPathComponent(app))
    }
    return directory
  }

  func setWritten(_ file: URL, secondsFromNow: Double) throws {
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: secondsFromNow)], ofItemAtPath: file.path)
  }

  /// With every source file's size, times and identity as the cache recorded them, and all
  /// older than the cache, the recorded fingerprint stands without reading the files; a
  /// cache written in the same moment as a change has its sources read and hashed.
  @Test func unchangedFileStatesStandForTheContentsOnlyOnceSettled() throws {
    let directory = try oneApp()
    let cache = directory.deletingLastPathComponent().appendingPathComponent("one.cache")
    #expect(try CompiledVocabulary.load(directory: directory, cache: cache).outcome.wroteCache)
    // A fingerprint that no contents give: trusted only if the contents are not hashed.
    var bytes = try [UInt8](Data(contentsOf: cache))
    for offset in 12..<20 { bytes[offset] ^= 0x5A }
    try Data(bytes).write(to: cache)

    try setWritten(cache, secondsFromNow: 60)
    let settled = try CompiledVocabulary.load(directory: directory, cache: cache)
    #expect(settled.outcome.usedCache, "\(settled.outcome)")

    try setWritten(cache, secondsFromNow: 0)
    let racy = try CompiledVocabulary.load(directory: directory, cache: cache)
    #expect(!racy.outcome.usedCache)
    #expect(racy.outcome.reason?.contains("source files changed") == true)
  }

  /// A vocabulary copied elsewhere with its cache has new file states and the same contents:
  /// the cache is used, and restamped with the new states.
  @Test func aCacheWhoseFilesMovedIsUsedAndRestamped() throws {
    let directory = try oneApp()
    let cache = directory.appendingPathComponent("vocab.cache")
    _ = try CompiledVocabulary.load(directory: directory, cache: cache)
    let copy = directory.deletingLastPathComponent().appendingPathComponent("copy")
    try FileManager.default.copyItem(at: directory, to: copy)
    let copiedCache = copy.appendingPathComponent("vocab.cache")
    let state = try CompiledVocabulary.sourceState(directory: copy, locale: nil)
    let before = CompiledVocabulary.cacheHeader(
      ByteStorage(copying: [UInt8](try Data(contentsOf: copiedCache))))
    #expect(before?.states != state.signature)

    let loaded = try CompiledVocabulary.load(directory: copy, cache: copiedCache)
    #expect(loaded.outcome.usedCache, "\(loaded.outcome)")
    let after = CompiledVocabulary.cacheHeader(
      ByteStorage(copying: [UInt8](try Data(contentsOf: copiedCache))))
    #expect(after?.states == state.signature)
    #expect(after?.fingerprint == before?.fingerprint)
  }

  /// Renaming a contact to a name of the same length and putting the file's modification
  /// time back still changes its state (the status-change time moves).
  @Test func anEditWithTheOldSizeAndModificationTimeIsSeen() throws {
    let directory = try oneApp()
    let file = directory.appendingPathComponent("Taskly.app/Base.lproj/AppIntentVocabulary.plist")
    let before = try CompiledVocabulary.sourceState(directory: directory, locale: nil)
    let modified = try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate]
    var bytes = try [UInt8](Data(contentsOf: file))
    let position = try #require(bytes.lastIndex(of: UInt8(ascii: "a")))
    bytes[position] = UInt8(ascii: "e")
    let handle = try FileHandle(forWritingTo: file)
    try handle.write(contentsOf: bytes)
    try handle.close()
    try FileManager.default.setAttributes([.modificationDate: modified!], ofItemAtPath: file.path)
    let after = try CompiledVocabulary.sourceState(directory: directory, locale: nil)
    #expect(after.signature != before.signature)
  }
}
