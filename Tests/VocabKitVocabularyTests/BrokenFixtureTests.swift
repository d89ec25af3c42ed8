import Foundation
import Testing

@testable import VocabKitVocabulary

/// What loading one fixture of `Tests/Fixtures/Broken` must report, from its README.
struct BrokenExpectation: Sendable, CustomTestStringConvertible {
  var fixture: String
  var severity: Diagnostic.Severity
  var code: String
  var file: String
  var line: Int?
  /// The README's key path without its leading `$.`.
  var keyPath: String
  var messageContains: [String] = []

  var testDescription: String { fixture }
}

/// The fixture table of `Tests/Fixtures/Broken/README.md`.
let brokenExpectations: [BrokenExpectation] = [
  BrokenExpectation(
    fixture: "MissingPhrase", severity: .error, code: "missing-key",
    file: "Taskly.app/Base.lproj/AppIntentVocabulary.plist", line: 23,
    keyPath: "ParameterVocabularies[0].ParameterVocabulary[0].VocabularyItemSynonyms[1]",
    messageContains: ["VocabularyItemPhrase"]),
  BrokenExpectation(
    fixture: "BadParameterName", severity: .error, code: "invalid-parameter-name",
    file: "Taskly.app/Base.lproj/AppIntentVocabulary.plist", line: 10,
    keyPath: "ParameterVocabularies[0].ParameterNames[0]",
    messageContains: ["'targetTaskList'", "Intent.parameter"]),
  BrokenExpectation(
    fixture: "MisspelledAliasKey", severity: .warning, code: "unknown-key",
    file: "Chatter.app/Info.plist", line: 18,
    keyPath: "INAlternativeAppNames[0].INAlternativeAppNamePronounciation",
    messageContains: ["Did you mean 'INAlternativeAppNamePronunciationHint'?"]),
  BrokenExpectation(
    // The key is on line 13; the one too many, INAlternativeAppNames[3], starts on line 27.
    fixture: "TooManyAliases", severity: .error, code: "too-many-alternative-names",
    file: "Chatter.app/Info.plist", line: 27, keyPath: "INAlternativeAppNames[3]",
    messageContains: ["4 INAlternativeAppNames"]),
  BrokenExpectation(
    fixture: "DuplicateKey", severity: .error, code: "duplicate-key",
    file: "Taskly.app/Info.plist", line: 9, keyPath: "CFBundleName",
    messageContains: ["'CFBundleName'", "line 7"]),
  BrokenExpectation(
    // The key is on line 44, the wrong value on line 45.
    fixture: "WrongType", severity: .error, code: "wrong-type",
    file: "Taskly.app/Base.lproj/AppIntentVocabulary.plist", line: 45,
    keyPath: "IntentPhrases[0].IntentExamples",
    messageContains: ["expected an array, found a string"]),
  BrokenExpectation(
    fixture: "UnknownPlaceholder", severity: .error, code: "unknown-placeholder",
    file: "Taskly.app/Base.lproj/AppIntentVocabulary.plist", line: 48,
    keyPath: "IntentPhrases[0].IntentExamples[2]",
    messageContains: ["'${targetTasklist}'", "Did you mean '${targetTaskList}'?"]),
  BrokenExpectation(
    fixture: "DuplicateIdentifier", severity: .error, code: "duplicate-identifier",
    file: "Taskly.app/Base.lproj/AppIntentVocabulary.plist", line: 38,
    keyPath: "ParameterVocabularies[0].ParameterVocabulary[2].VocabularyItemIdentifier",
    messageContains: ["'list.inbox'"]),
  BrokenExpectation(
    fixture: "LongString", severity: .error, code: "string-too-long",
    file: "Taskly.app/Base.lproj/AppIntentVocabulary.plist", line: 32,
    keyPath:
      "ParameterVocabularies[0].ParameterVocabulary[1].VocabularyItemSynonyms[0].VocabularyItemPhrase",
    messageContains: ["1200 UTF-16 bytes"]),
  BrokenExpectation(
    fixture: "TruncatedBinary", severity: .error, code: "invalid-binary",
    file: "Taskly.app/Info.plist", line: nil, keyPath: "",
    messageContains: ["truncated or corrupt"]),
  BrokenExpectation(
    fixture: "UnknownVocabularyType", severity: .error, code: "unknown-key",
    file: "Chatter.app/UserVocabulary.plist", line: 5, keyPath: "contactNames",
    messageContains: ["'contactNames'", "Did you mean 'contactName'?"]),
  BrokenExpectation(
    fixture: "MisspelledIntentName", severity: .warning, code: "unknown-intent",
    file: "Taskly.app/Base.lproj/AppIntentVocabulary.plist", line: 43,
    keyPath: "IntentPhrases[0].IntentName",
    messageContains: ["'INAddTaskIntent'", "Did you mean 'INAddTasksIntent'?"]),
  BrokenExpectation(
    fixture: "UnknownParameterIntent", severity: .warning, code: "unknown-parameter",
    file: "Taskly.app/Base.lproj/AppIntentVocabulary.plist", line: 10,
    keyPath: "ParameterVocabularies[0].ParameterNames[0]",
    messageContains: ["'INAddTasksIntnet'", "Did you mean 'INAddTasksIntent.targetTaskList'?"]),
  BrokenExpectation(
    fixture: "UnknownStandardParameter", severity: .warning, code: "unknown-parameter",
    file: "Taskly.app/Base.lproj/AppIntentVocabulary.plist", line: 10,
    keyPath: "ParameterVocabularies[0].ParameterNames[0]",
    messageContains: ["no parameter 'targetList'", "targetTaskList"]),
  BrokenExpectation(
    fixture: "PlainExamples", severity: .warning, code: "no-placeholder",
    file: "Taskly.app/Base.lproj/AppIntentVocabulary.plist", line: 46,
    keyPath: "IntentPhrases[0].IntentExamples[0]",
    messageContains: ["${targetTaskList}", "fills no slot"]),
]

@Suite("Broken fixtures (Tests/Fixtures/Broken)")
struct BrokenFixtureTests {
  func load(_ fixture: String, locale: String? = nil) throws -> VocabularyRegistry {
    try VocabularyRegistry.load(directory: Fixtures.broken(fixture), locale: locale)
  }

  @Test("every fixture in the README table is tested")
  func everyFixtureCovered() throws {
    let folders = try FileManager.default.contentsOfDirectory(
      atPath: Fixtures.packageRoot.appendingPathComponent("Tests/Fixtures/Broken").path
    ).filter { !$0.hasSuffix(".md") && !$0.hasPrefix(".") }
    #expect(Set(folders) == Set(brokenExpectations.map(\.fixture)))
  }

  @Test(
    "each fixture reports its mistake at the README's file, line and key path",
    arguments: brokenExpectations)
  func reportsTheMistake(_ expected: BrokenExpectation) throws {
    let registry = try load(expected.fixture)
    let all = registry.diagnostics.map(\.description).joined(separator: "\n")
    let matching = registry.diagnostics.filter { $0.code == expected.code }
    #expect(matching.count == 1, "\(expected.fixture): \(all)")
    let diagnostic = try #require(matching.first, "\(expected.fixture): \(all)")
    #expect(diagnostic.severity == expected.severity)
    #expect(diagnostic.file == expected.file)
    #expect(diagnostic.line == expected.line, "\(diagnostic)")
    #expect(diagnostic.keyPath == expected.keyPath, "\(diagnostic)")
    for text in expected.messageContains {
      #expect(diagnostic.message.contains(text), "\(diagnostic.message)")
    }
    // The description is what a compiler would print.
    let location = expected.file + (expected.line.map { ":\($0)" } ?? "")
    #expect(diagnostic.description.hasPrefix("\(location): \(expected.severity.rawValue): "))
  }

  @Test(
    "each fixture reports nothing about its valid files",
    arguments: brokenExpectations)
  func nothingElseReported(_ expected: BrokenExpectation) throws {
    let registry = try load(expected.fixture)
    let all = registry.diagnostics.map(\.description).joined(separator: "\n")
    // Everything reported is about the one broken file; the rest of the fixture is valid.
    #expect(registry.diagnostics.allSatisfy { $0.file == expected.file }, "\(all)")
    // A warning-only mistake produces no errors.
    if expected.severity == .warning {
      #expect(registry.errors.isEmpty, "\(all)")
    }
    // No diagnostic is reported twice.
    #expect(Set(registry.diagnostics).count == registry.diagnostics.count, "\(all)")
  }

  @Test(
    "each fixture reports the same mistake when a locale is requested",
    arguments: brokenExpectations)
  func sameWithLocale(_ expected: BrokenExpectation) throws {
    // None of the fixtures has a zh-Hans.lproj, so Base is used.
    let registry = try load(expected.fixture, locale: "zh-Hans")
    let diagnostic = try #require(registry.diagnostics.first { $0.code == expected.code })
    #expect(diagnostic.file == expected.file)
    #expect(diagnostic.line == expected.line)
    #expect(diagnostic.keyPath == expected.keyPath)
  }

  // MARK: What still loads

  @Test("MissingPhrase: the synonym is skipped, everything else loads")
  func missingPhrase() throws {
    let registry = try load("MissingPhrase")
    let taskly = try #require(registry.app("com.example.taskly"))
    let items = taskly.parameterItems("INAddTasksIntent.targetTaskList")
    #expect(items.map(\.identifier) == ["list.inbox", "list.groceries"])
    #expect(items.first?.phrases == [VocabularyPhrase(text: "Inbox")])
    #expect(items.last?.phrases == [VocabularyPhrase(text: "Groceries")])
    // The skipped synonym's example goes with it.
    #expect(items.first?.examples == [])
    #expect(taskly.intent(named: "INAddTasksIntent")?.examples.count == 2)
    #expect(registry.errors.allSatisfy { $0.line == 23 })
  }

  @Test("BadParameterName: the app and its intents load; the names are not bound")
  func badParameterName() throws {
    let registry = try load("BadParameterName")
    let taskly = try #require(registry.app("com.example.taskly"))
    #expect(taskly.parameterVocabularies.isEmpty)
    #expect(taskly.intent(named: "INAddTasksIntent")?.examples.count == 2)
    #expect(registry.errors.count == 1)
  }

  @Test("MisspelledAliasKey: both aliases load; the hint is dropped with a warning")
  func misspelledAliasKey() throws {
    let registry = try load("MisspelledAliasKey")
    #expect(registry.errors.isEmpty)
    #expect(registry.warnings.count == 1)
    let chatter = try #require(registry.app("com.example.chatter"))
    #expect(
      chatter.names.filter { $0.kind == .alternativeName } == [
        AppName(text: "Chat App", kind: .alternativeName),
        AppName(text: "Chatter Messenger", kind: .alternativeName),
      ])
  }

  @Test("TooManyAliases: the first three aliases are kept")
  func tooManyAliases() throws {
    let registry = try load("TooManyAliases")
    #expect(registry.errors.count == 1)
    let chatter = try #require(registry.app("com.example.chatter"))
    #expect(
      chatter.names.filter { $0.kind == .alternativeName }.map(\.text)
        == ["Chat App", "Chatter Messenger", "Chatter Chat"])
    #expect(!chatter.names.contains { $0.text == "My Chatter" })
  }

  @Test("DuplicateKey: the app loads, keeping the value the diagnostic says is kept")
  func duplicateKey() throws {
    let registry = try load("DuplicateKey")
    #expect(registry.errors.count == 1)
    let diagnostic = try #require(registry.errors.first)
    #expect(diagnostic.message.contains("later value is ignored"))
    let taskly = try #require(registry.app("com.example.taskly"))
    #expect(taskly.name == "Taskly")
    #expect(!taskly.names.contains { $0.text == "Taskly Pro" })
    #expect(taskly.parameterItems("INAddTasksIntent.targetTaskList").count >= 1)
  }

  @Test("WrongType: the vocabulary loads; only the broken examples are skipped")
  func wrongType() throws {
    let registry = try load("WrongType")
    #expect(registry.errors.count == 1)
    let taskly = try #require(registry.app("com.example.taskly"))
    #expect(
      taskly.parameterItems("INAddTasksIntent.targetTaskList").map(\.identifier)
        == ["list.inbox", "list.groceries"])
    #expect(taskly.intent(named: "INAddTasksIntent")?.examples.isEmpty ?? true)
  }

  @Test("UnknownPlaceholder: the example is still loaded, the others are fine")
  func unknownPlaceholder() throws {
    let registry = try load("UnknownPlaceholder")
    #expect(registry.errors.count == 1, "\(registry.errors.map(\.description))")
    let taskly = try #require(registry.app("com.example.taskly"))
    let examples = try #require(taskly.intent(named: "INAddTasksIntent")).examples
    #expect(examples.count == 3)
    #expect(examples.last?.text == "put ${taskTitles} on my ${targetTasklist} list")
  }

  @Test("DuplicateIdentifier: the first list.inbox is kept, the copy skipped")
  func duplicateIdentifier() throws {
    let registry = try load("DuplicateIdentifier")
    #expect(registry.errors.count == 1)
    let taskly = try #require(registry.app("com.example.taskly"))
    let items = taskly.parameterItems("INAddTasksIntent.targetTaskList")
    #expect(items.map(\.identifier) == ["list.inbox", "list.groceries"])
    #expect(items.first?.phrases == [VocabularyPhrase(text: "Inbox")])
  }

  @Test("LongString: the long phrase is skipped; its item is reported too")
  func longString() throws {
    let registry = try load("LongString")
    let taskly = try #require(registry.app("com.example.taskly"))
    let items = taskly.parameterItems("INAddTasksIntent.targetTaskList")
    // list.groceries had only the long phrase, so it cannot be used.
    #expect(items.map(\.identifier) == ["list.inbox"])
    #expect(
      registry.errors.contains {
        $0.keyPath == "ParameterVocabularies[0].ParameterVocabulary[1]"
          && $0.message.contains("list.groceries")
      })
    #expect(taskly.intent(named: "INAddTasksIntent")?.examples.count == 2)
  }

  @Test("TruncatedBinary: no crash; the app with the broken Info.plist is not loaded")
  func truncatedBinary() throws {
    let registry = try load("TruncatedBinary")
    #expect(registry.apps.isEmpty)
    #expect(registry.errors.count == 1)
    #expect(registry.sourceFiles.contains("Taskly.app/Info.plist"))
  }

  @Test("UnknownVocabularyType: the app loads without the unknown type's strings")
  func unknownVocabularyType() throws {
    let registry = try load("UnknownVocabularyType")
    #expect(registry.errors.count == 1)
    let chatter = try #require(registry.app("com.example.chatter"))
    #expect(chatter.userVocabulary.isEmpty)
    #expect(chatter.names.map(\.text).contains("Chat App"))
    #expect(!chatter.intents.isEmpty)
  }
}
