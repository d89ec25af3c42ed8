import Foundation
import Testing

@testable import VocabKitMatching
@testable import VocabKitNormalization
@testable import VocabKitRouting
@testable import VocabKitVocabulary

/// One `ParameterVocabulary` under many `ParameterNames` is one list, one index, one check:
/// a hundred names must not cost a hundred copies (issue 24, item 7).
@Suite struct SharedListTests {
  static let parameterCount = 40

  /// An app whose one list serves `parameterCount` parameters, two of them with templates.
  func writeApp(in root: URL, items: Int) throws {
    let app = root.appendingPathComponent("Lists.app")
    try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
    try """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict>
    <key>CFBundleIdentifier</key><string>com.example.lists</string>
    <key>CFBundleName</key><string>Lists</string>
    </dict></plist>
    """.write(to: app.appendingPathComponent("Info.plist"), atomically: true, encoding: .utf8)
    var names = ["INAddTasksIntent.targetTaskList", "INSearchForNotebookItemsIntent.title"]
    names += (2..<Self.parameterCount).map { "INSearchForNotebookItemsIntent.extra\($0)" }
    let nameList = names.map { "<string>\($0)</string>" }.joined()
    var itemList = (0..<items).map {
      "<dict><key>VocabularyItemIdentifier</key><string>list.\($0)</string>"
        + "<key>VocabularyItemSynonyms</key><array><dict><key>VocabularyItemPhrase</key>"
        + "<string>Errand \($0)</string></dict></array></dict>"
    }
    // Two names that sound alike, for lint.
    itemList.append(
      "<dict><key>VocabularyItemIdentifier</key><string>list.inbox</string><key>VocabularyItemSynonyms</key><array><dict><key>VocabularyItemPhrase</key><string>Inbox</string></dict></array></dict>"
    )
    itemList.append(
      "<dict><key>VocabularyItemIdentifier</key><string>list.index</string><key>VocabularyItemSynonyms</key><array><dict><key>VocabularyItemPhrase</key><string>Index</string></dict></array></dict>"
    )
    try """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict>
    <key>ParameterVocabularies</key><array><dict>
    <key>ParameterNames</key><array>\(nameList)</array>
    <key>ParameterVocabulary</key><array>\(itemList.joined())</array>
    </dict></array>
    <key>IntentPhrases</key><array>
    <dict><key>IntentName</key><string>INAddTasksIntent</string>
    <key>IntentExamples</key><array><string>add ${taskTitles} to ${targetTaskList}</string></array></dict>
    <dict><key>IntentName</key><string>INSearchForNotebookItemsIntent</string>
    <key>IntentExamples</key><array><string>show me ${title}</string></array></dict>
    </array>
    </dict></plist>
    """.write(
      to: app.appendingPathComponent("AppIntentVocabulary.plist"), atomically: true,
      encoding: .utf8)
  }

  func shardsOfEveryParameter(_ vocabulary: CompiledVocabulary) -> [MatchIndex] {
    vocabulary.shards.filter { $0.key.app == "com.example.lists" }.map(\.value)
  }

  @Test func everyParameterSharesOneIndexAndTheCacheKeepsItShared() throws {
    let root = try makeScratchDirectory("vocabkit-shared-list")
    defer { try? FileManager.default.removeItem(at: root) }
    try writeApp(in: root, items: 200)
    let vocabulary = try CompiledVocabulary.load(directory: root)
    let shards = shardsOfEveryParameter(vocabulary)
    #expect(shards.count == Self.parameterCount)
    #expect(Set(shards.map(ObjectIdentifier.init)).count == 1)
    #expect(shards.first?.entries.count == 202)

    let cache = root.appendingPathComponent("lists.cache")
    let (_, written) = try CompiledVocabulary.load(directory: root, cache: cache)
    #expect(written.wroteCache)
    let (cached, outcome) = try CompiledVocabulary.load(directory: root, cache: cache)
    #expect(outcome.usedCache, "\(outcome.reason ?? "")")
    #expect(Set(shardsOfEveryParameter(cached).map(ObjectIdentifier.init)).count == 1)
    // The registry keeps one list too, so the cache holds the items once: far less than
    // a copy per parameter.
    let size = try FileManager.default.attributesOfItem(atPath: cache.path)[.size] as! Int
    let oneList = vocabulary.shards.values.first!.approximateIndexBytes
    #expect(size < 4 * oneList + 200_000, "cache \(size) bytes, one index \(oneList)")
    // The same answers from either.
    for text in ["add milk to errand 17", "show me inbox", "add eggs to index"] {
      #expect(
        try Router(vocabulary: cached).route(text) == Router(vocabulary: vocabulary).route(text))
    }
    #expect(
      try Router(vocabulary: vocabulary).route("show me errand 17").slots.first?.value == "list.17")
  }

  /// The one index of a shared list has the carrier words of every parameter's templates,
  /// whichever parameter sorts first, and the cache keeps them.
  @Test func aSharedListHasTheCarrierWordsOfEveryParameter() throws {
    let root = try makeScratchDirectory("vocabkit-shared-carriers")
    defer { try? FileManager.default.removeItem(at: root) }
    try writeApp(in: root, items: 3)
    let vocabulary = try CompiledVocabulary.load(directory: root)
    let words = Set(try #require(shardsOfEveryParameter(vocabulary).first).tables.carrierWords)
    // "add ${taskTitles} to ${targetTaskList}", "show me ${title}", and the app's name.
    #expect(words.isSuperset(of: ["add", "show", "me", "lists"]), "\(words.sorted())")
    let cache = root.appendingPathComponent("lists.cache")
    _ = try CompiledVocabulary.load(directory: root, cache: cache)
    let (cached, outcome) = try CompiledVocabulary.load(directory: root, cache: cache)
    #expect(outcome.usedCache)
    #expect(
      Set(try #require(shardsOfEveryParameter(cached).first).tables.carrierWords) == words)
  }

  @Test func lintChecksASharedListOnce() throws {
    let root = try makeScratchDirectory("vocabkit-shared-lint")
    defer { try? FileManager.default.removeItem(at: root) }
    try writeApp(in: root, items: 3)
    let registry = try VocabularyRegistry.load(directory: root)
    let findings = try VocabularyLinter(normalizer: try Normalizer.shared).lint(registry).filter {
      $0.code == "confusable"
    }
    #expect(findings.count == 1)
    #expect(
      findings.first?.keyPath
        == "INAddTasksIntent.targetTaskList and \(Self.parameterCount - 1) other parameters")
  }
}
