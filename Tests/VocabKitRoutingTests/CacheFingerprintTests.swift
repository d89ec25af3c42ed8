import Foundation
import Testing
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
}
