import Foundation
import Testing
import VocabKitNormalization
import VocabKitVocabulary

@Suite struct LinterTests {
  let linter = VocabularyLinter(normalizer: try! Normalizer.shared)

  func tokens(_ text: String) throws -> [Token] { try Normalizer.shared.normalize(text) }

  @Test func sampleVocabularyHasOnlyTheDeliberateFindings() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let registry = try VocabularyRegistry.load(directory: root.appendingPathComponent("vocab"))
    let findings = try linter.lint(registry)
    // The one warning is the deliberate Inbox/Index pair; 爱奇艺HD's alias 爱奇艺 is a note.
    #expect(findings.filter { $0.severity == .warning }.map(\.code) == ["confusable"])
    #expect(findings.filter { $0.severity == .note }.map(\.code) == ["alias-borrows-name"])
    #expect(findings.allSatisfy { $0.severity != .error })
    let confusable = try #require(findings.first { $0.code == "confusable" })
    #expect(confusable.file == "ListMaster.app/UserVocabulary.plist")
    #expect(confusable.message.contains("'Inbox' (list.inbox) and 'Index' (list.index)"))
    #expect(confusable.message.contains("sounds alike"))
  }

  @Test(arguments: [
    ("Inbox", "Index", "sounds alike"),
    ("Sean", "Shaun", "sounds alike"),
    ("Catherine", "Katherine", "sounds alike"),
    ("Аlex", "Alex", "same Latin key in two scripts"),
    ("Александр", "Aleksandr", "same Latin key in two scripts"),
  ])
  func confusablePairs(a: String, b: String, reason: String) throws {
    let scriptsDiffer = Set(try tokens(a).map(\.script)) != Set(try tokens(b).map(\.script))
    let confusion = try #require(
      linter.confusion(try tokens(a), try tokens(b), differentScripts: scriptsDiffer))
    #expect(confusion.reason == reason)
    #expect(confusion.risk >= 0.7)
  }

  @Test(arguments: [
    ("Alex Kim", "Alex Chen"), ("Alex Kim", "Alex Morgan"), ("Alex", "Alex Kim"),
    ("Groceries", "Work"), ("Reading List", "Shopping List"), ("Deep Focus", "Dinner Jazz"),
  ])
  func distinguishablePairsAreNotReported(a: String, b: String) throws {
    #expect(linter.confusion(try tokens(a), try tokens(b)) == nil)
  }

  @Test func mixedScriptSpoofIsReported() throws {
    let app = App(
      bundleIdentifier: "com.example.spoof", folder: "Spoof.app", name: "Spoof",
      names: [AppName(text: "Spoof", kind: .bundleName)],
      userVocabulary: [
        .contactName: [
          VocabularyItem(identifier: "fake", phrases: [VocabularyPhrase(text: "Аlex Kim")]),
          VocabularyItem(identifier: "real", phrases: [VocabularyPhrase(text: "Maria Lopez")]),
        ]
      ])
    let findings = try linter.lint(VocabularyRegistry(apps: [app]))
    #expect(findings.contains { $0.code == "mixed-script" && $0.message.contains("'Аlex Kim'") })
    #expect(!findings.contains { $0.message.contains("Maria") })
  }

  /// Two apps: Beats, whose aliases are `alias`, and Spotify.
  func borrowingRegistry(alias: String, ownName: String = "Beats") -> VocabularyRegistry {
    let beats = App(
      bundleIdentifier: "com.example.beats", folder: "Beats.app", name: ownName,
      names: [
        AppName(text: ownName, kind: .bundleName), AppName(text: alias, kind: .alternativeName),
      ])
    let spotify = App(
      bundleIdentifier: "com.example.spotify", folder: "Spotify.app", name: "Spotify",
      names: [AppName(text: "Spotify", kind: .bundleName)])
    return VocabularyRegistry(apps: [beats, spotify])
  }

  @Test func aliasThatBorrowsAnotherAppsNameIsAWarning() throws {
    let findings = try linter.lint(borrowingRegistry(alias: "spotify"))
    let finding = try #require(findings.first { $0.code == "alias-borrows-name" })
    #expect(finding.severity == .warning)
    #expect(finding.file == "Beats.app/Info.plist")
    #expect(finding.message.contains("'spotify' is the name of another app (com.example.spotify)"))
  }

  @Test func aliasThatShortensTheAppsOwnNameIsANote() throws {
    let findings = try linter.lint(borrowingRegistry(alias: "Spotify", ownName: "Spotify Lite"))
    let finding = try #require(findings.first { $0.code == "alias-borrows-name" })
    #expect(finding.severity == .note)
    #expect(finding.message.contains("short form of this app's name"))
  }
}
