import Foundation
import Testing
import VocabKitRouting
import VocabKitVocabulary

/// Many tasks share one compiled vocabulary while others build new versions of it.
@Suite struct ConcurrencyStressTests {
  static let utterances = [
    "call alex", "add milk to index", "add milk to index in taskly", "用爱奇艺播放延禧攻略第十集",
    "call rahul sharma", "play my deep focus playlist", "позвони Александру", "โทรหาสมชาย",
    "play the latest 奇葩说", "what time is it",
  ]

  @Test func queriesDuringUpdatesAndReloadsMatchASingleThreadedRun() async throws {
    let router = Router(vocabulary: sampleVocabulary)
    let expected = try Self.utterances.map { try router.route($0) }
    let zoe = [
      VocabularyItem(identifier: "contact.zoe", phrases: [VocabularyPhrase(text: "Zoe Adams")])
    ]
    let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("vocab")
    try await withThrowingTaskGroup(of: Void.self) { group in
      // Writers: new versions from runtime updates and from a fresh load of the plists.
      group.addTask {
        for round in 0..<6 {
          let updated = try sampleVocabulary.updating(
            app: "com.example.chatter", type: .contactName,
            items: round.isMultiple(of: 2) ? zoe : [])
          let result = try Router(vocabulary: updated).route("call zoe adams")
          #expect((result.slot("contacts")?.value == "contact.zoe") == round.isMultiple(of: 2))
        }
      }
      group.addTask {
        let reloaded = try CompiledVocabulary.load(directory: directory)
        let fresh = try Self.utterances.map { try Router(vocabulary: reloaded).route($0) }
        #expect(fresh == expected)
      }
      // Readers: every answer from the shared vocabulary equals the single-threaded one.
      for reader in 0..<8 {
        group.addTask {
          for round in 0..<25 {
            let index = (reader * 7 + round) % Self.utterances.count
            let result = try router.route(Self.utterances[index])
            #expect(result == expected[index])
          }
        }
      }
      try await group.waitForAll()
    }
  }

  @Test func concurrentLoadsThroughOneCacheFileAgree() async throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "vocabkit-stress-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    let directory = root.appendingPathComponent("vocab")
    try FileManager.default.copyItem(at: CacheTests.sample, to: directory)
    let cache = root.appendingPathComponent("vocab.cache")
    let router = Router(vocabulary: sampleVocabulary)
    let expected = try Self.utterances.map { try router.route($0) }
    try await withThrowingTaskGroup(of: [RouteResult].self) { group in
      for _ in 0..<6 {
        group.addTask {
          let (vocabulary, _) = try CompiledVocabulary.load(directory: directory, cache: cache)
          let router = Router(vocabulary: vocabulary)
          return try Self.utterances.map { try router.route($0) }
        }
      }
      for try await results in group { #expect(results == expected) }
    }
    // Whoever renamed last, the file is a whole, valid cache.
    #expect(try CompiledVocabulary.load(directory: directory, cache: cache).outcome.usedCache)
  }
}
