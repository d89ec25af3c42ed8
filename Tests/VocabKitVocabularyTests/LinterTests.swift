import Foundation
import Testing
import VocabKitNormalization
import VocabKitSupport
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

/// The linter's pair loop (bounds that skip alignments, phrases prepared once, rows on every
/// core) against the plain definition: every pair of phrases of different items through
/// ``VocabularyLinter/confusion(_:_:differentScripts:)``, the first pair of two items reported.
@Suite struct LinterPairLoopTests {
  let linter = VocabularyLinter(normalizer: try! Normalizer.shared)

  /// Names made of a few parts, so that phrases share words, sound alike, repeat, differ in
  /// length and script, and one item has several phrases.
  func randomList(_ random: inout SplitMix64, count: Int) -> [VocabularyItem] {
    let parts = [
      "alex", "alec", "alix", "kim", "kym", "chen", "chan", "sean", "shaun", "shawn", "maria",
      "mariah", "lopez", "lopes", "catherine", "katherine", "inbox", "index", "jo", "joe",
      "o'brien", "obrien", "van der berg", "vandenberg", "Александр", "aleksandr", "राहुल",
      "rahul", "张伟", "zhang wei", "smith", "smyth", "x", "",
    ]
    return (0..<count).map { number in
      let phrases = (0..<(1 + random.next(2))).map { _ in
        (0..<(1 + random.next(3))).map { _ in parts[random.next(parts.count)] }
          .joined(separator: " ")
      }
      return VocabularyItem(
        identifier: "item\(random.next(count))-\(number % 3)",
        phrases: phrases.map { VocabularyPhrase(text: $0) })
    }
  }

  /// The findings by the plain definition, as the linter words them.
  func reference(_ items: [VocabularyItem]) throws -> [String] {
    var phrases: [(identifier: String, text: String, tokens: [Token])] = []
    for item in items {
      for phrase in item.phrases {
        phrases.append((item.identifier, phrase.text, try Normalizer.shared.normalize(phrase.text)))
      }
    }
    var reported = Set<[String]>()
    var messages: [String] = []
    for first in phrases.indices {
      for second in phrases.indices where second > first {
        let a = phrases[first]
        let b = phrases[second]
        guard a.identifier != b.identifier,
          !reported.contains([a.identifier, b.identifier].sorted()),
          let confusion = linter.confusion(
            a.tokens, b.tokens,
            differentScripts: Set(a.tokens.map(\.script)) != Set(b.tokens.map(\.script)))
        else { continue }
        reported.insert([a.identifier, b.identifier].sorted())
        messages.append(
          "'\(a.text)' (\(a.identifier)) and '\(b.text)' (\(b.identifier)) are confusable: "
            + "\(confusion.reason), risk \(Int((confusion.risk * 100).rounded()))%")
      }
    }
    return messages
  }

  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8])
  func findsWhatComparingEveryPairFinds(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    let items = randomList(&random, count: 40 + Int(seed) * 10)
    let app = App(
      bundleIdentifier: "com.example.pairs", folder: "Pairs.app", name: "Pairs",
      names: [AppName(text: "Pairs", kind: .bundleName)], userVocabulary: [.contactName: items])
    let found = try linter.lint(VocabularyRegistry(apps: [app]))
      .filter { $0.code == "confusable" }.map(\.message)
    let expected = try reference(items)
    #expect(!expected.isEmpty)
    #expect(found == expected)
  }

  /// Past the vocabulary's budget of comparisons, a list is skipped with a note naming it;
  /// smaller lists after it are still checked.
  @Test func listsPastTheBudgetOfComparisonsAreSkippedWithANote() throws {
    var linter = linter
    linter.maximumComparedPairs = 50
    let small = ["Inbox", "Index", "Groceries"].map {
      VocabularyItem(identifier: $0, phrases: [VocabularyPhrase(text: $0)])
    }
    let large = (0..<12).map {
      VocabularyItem(identifier: "n\($0)", phrases: [VocabularyPhrase(text: "Name \($0)")])
    }
    let app = App(
      bundleIdentifier: "com.example.budget", folder: "Budget.app", name: "Budget",
      names: [AppName(text: "Budget", kind: .bundleName)],
      userVocabulary: [.contactName: large, .notebookItemGroupName: small])
    let findings = try linter.lint(VocabularyRegistry(apps: [app]))
    // contactName (66 pairs) is past the budget; the 3 pairs of the groups still fit.
    let skipped = try #require(findings.first { $0.code == "lint-skipped" })
    #expect(skipped.keyPath == "contactName")
    #expect(skipped.message.contains("12 phrases; confusable pairs not checked"))
    #expect(findings.contains { $0.code == "confusable" && $0.message.contains("'Inbox'") })
  }
}
