import Foundation
import Testing

@testable import VocabKitVocabulary

/// Loader behaviour beyond the fixtures, on small vocabularies written to a temporary folder.
@Suite("AppLoader details")
struct LoaderDetailTests {
  static let info = plistDocument(
    """
    <dict>
    \t<key>CFBundleIdentifier</key>
    \t<string>com.example.app</string>
    \t<key>CFBundleName</key>
    \t<string>App</string>
    </dict>
    """)

  /// Writes `files` (path relative to `App.app` → contents) and loads the folder.
  func load(_ files: [String: String], locale: String? = nil) throws -> VocabularyRegistry {
    let directory = try makeTemporaryDirectory()
    defer { cleanUp(directory) }
    var all = files
    if all["Info.plist"] == nil { all["Info.plist"] = Self.info }
    for (path, contents) in all {
      let url = directory.appendingPathComponent("App.app/\(path)")
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(contents.utf8).write(to: url)
    }
    return try VocabularyRegistry.load(directory: directory, locale: locale)
  }

  /// One `IntentPhrases` entry of `intent` with `examples`, and with `parameterExamples` (the
  /// XML of that key's value) when given; `before` is XML of more keys of the root.
  static func intentVocabulary(
    _ intent: String, _ examples: [String], parameterExamples: String? = nil,
    before: String = ""
  ) -> String {
    let values = parameterExamples.map { "\t\t\t<key>ParameterExamples</key>\n\($0)\n" } ?? ""
    return plistDocument(
      """
      <dict>
      \(before)\t<key>IntentPhrases</key>
      \t<array>
      \t\t<dict>
      \t\t\t<key>IntentName</key>
      \t\t\t<string>\(intent)</string>
      \t\t\t<key>IntentExamples</key>
      \t\t\t<array>
      \(examples.map { "\t\t\t\t<string>\($0)</string>" }.joined(separator: "\n"))
      \t\t\t</array>
      \(values)\t\t</dict>
      \t</array>
      </dict>
      """)
  }

  @Test("a too-long spokenPhrase is reported at its own line")
  func longSpokenPhrase() throws {
    let long = String(repeating: "a", count: 600)
    let registry = try load([
      "UserVocabulary.plist": plistDocument(
        """
        <dict>
        \t<key>contactName</key>
        \t<array>
        \t\t<dict>
        \t\t\t<key>vocabularyIdentifier</key>
        \t\t\t<string>contact.long</string>
        \t\t\t<key>spokenPhrase</key>
        \t\t\t<string>\(long)</string>
        \t\t</dict>
        \t\t<string>Short</string>
        \t</array>
        </dict>
        """)
    ])
    let diagnostic = try #require(registry.diagnostics.first)
    #expect(registry.diagnostics.count == 1)
    #expect(diagnostic.code == "string-too-long")
    #expect(diagnostic.file == "App.app/UserVocabulary.plist")
    #expect(diagnostic.line == 11)
    #expect(diagnostic.keyPath == "contactName[0].spokenPhrase")
    let app = try #require(registry.app("com.example.app"))
    #expect(app.userIdentifiers(.contactName) == ["Short"])
    #expect(app.userVocabulary[.contactName]?.first?.priority == 0)
  }

  @Test("strings of exactly 1024 UTF-16 bytes are kept; 1026 are not")
  func lengthLimit() throws {
    let registry = try load([
      "UserVocabulary.plist": plistDocument(
        """
        <dict>
        \t<key>contactName</key>
        \t<array>
        \t\t<string>\(String(repeating: "b", count: 512))</string>
        \t\t<string>\(String(repeating: "c", count: 513))</string>
        \t</array>
        </dict>
        """)
    ])
    let app = try #require(registry.app("com.example.app"))
    #expect(app.userVocabulary[.contactName]?.count == 1)
    #expect(registry.diagnostics.map(\.code) == ["string-too-long"])
    #expect(registry.diagnostics.first?.line == 8)
  }

  @Test("an unknown key in AppIntentVocabulary.plist is a warning at the key's line")
  func unknownIntentKey() throws {
    let registry = try load([
      "Base.lproj/AppIntentVocabulary.plist": plistDocument(
        """
        <dict>
        \t<key>IntentPhrase</key>
        \t<array/>
        </dict>
        """)
    ])
    let diagnostic = try #require(registry.diagnostics.first)
    #expect(registry.diagnostics.count == 1)
    #expect(diagnostic.severity == .warning)
    #expect(diagnostic.code == "unknown-key")
    #expect(diagnostic.line == 5)
    #expect(diagnostic.keyPath == "IntentPhrase")
    #expect(diagnostic.message.contains("Did you mean 'IntentPhrases'?"))
  }

  @Test("blank means what trimming white space and line breaks leaves empty")
  func blankText() {
    let samples = [
      "", " ", "\t\n\r", "\u{A0}", "\u{2028}\u{3000}", "\u{200B}", "a", " a ", "\u{85}x", "爱",
      "\u{1680}",
    ]
    for text in samples {
      #expect(
        AppLoader.isBlank(text) == text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty,
        "\(text.debugDescription)")
    }
    for value in UInt32(0)...0x3000 {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let text = String(Character(scalar))
      #expect(
        AppLoader.isBlank(text) == text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
    }
  }

  @Test("example phrases past the app's bound are skipped with one error at the first")
  func tooManyExamples() throws {
    let bound = AppLoader.maximumExamplesPerApp
    let examples = (0..<(bound + 5)).map { "add ${taskTitles} to list \($0)" }
    let registry = try load([
      "Base.lproj/AppIntentVocabulary.plist": Self.intentVocabulary("INAddTasksIntent", examples)
    ])
    let intent = try #require(registry.apps.first?.intents.first)
    #expect(intent.examples.map(\.text) == Array(examples.prefix(bound)))
    let cut = registry.diagnostics.filter { $0.code == "too-many-examples" }
    #expect(cut.count == 1)
    #expect(cut.first?.keyPath == "IntentPhrases[0].IntentExamples[\(bound)]")
    #expect(cut.first?.severity == .error)
  }

  @Test("one mistake repeated past the bound is kept a thousand times, then counted")
  func repeatedMistakesAreCounted() throws {
    let extra = 7
    let count = Diagnostic.maximumPerFileAndCode + extra
    let keys = (0..<count).map { "\t<key>IntentPhrase\($0)</key>\n\t<true/>" }
    let registry = try load([
      "Base.lproj/AppIntentVocabulary.plist": plistDocument(
        "<dict>\n" + keys.joined(separator: "\n") + "\n</dict>")
    ])
    let unknown = registry.diagnostics.filter { $0.code == "unknown-key" }
    #expect(unknown.count == Diagnostic.maximumPerFileAndCode)
    #expect(unknown.first?.message.contains("Did you mean 'IntentPhrases'?") == true)
    let more = try #require(registry.diagnostics.first { $0.code == "more-diagnostics" })
    #expect(more.severity == .warning)
    #expect(more.file == "App.app/Base.lproj/AppIntentVocabulary.plist")
    #expect(more.message.hasPrefix("\(extra) more 'unknown-key' diagnostics"))
  }

  @Test("the bound counts each file and code on its own, keeps order and the worst severity")
  func limitedDiagnostics() {
    let bound = Diagnostic.maximumPerFileAndCode
    var input: [Diagnostic] = []
    for index in 0..<(bound + 3) {
      input.append(Diagnostic(.warning, code: "a", file: "one", message: "\(index)"))
      input.append(
        Diagnostic(
          index == bound + 1 ? .error : .warning, code: "b", file: "one", message: "\(index)"))
      if index < bound {
        input.append(Diagnostic(.note, code: "a", file: "two", message: "\(index)"))
      }
    }
    let output = Diagnostic.limited(input)
    let kept = output.filter { $0.code != "more-diagnostics" }
    #expect(kept == input.filter { Int($0.message)! < bound })
    let more = output.filter { $0.code == "more-diagnostics" }
    #expect(more.map(\.severity) == [.warning, .error])
    #expect(more.map(\.file) == ["one", "one"])
    #expect(more[0].message.hasPrefix("3 more 'a' "))
    #expect(more[1].message.hasPrefix("3 more 'b' "))
    #expect(Diagnostic.limited(kept) == kept)
  }

  @Test("the limiter says what it would admit, and taking its omissions keeps its counts")
  func limiterDrainsOmissionsButKeepsCounts() {
    var limiter = Diagnostic.Limiter()
    let bound = Diagnostic.maximumPerFileAndCode
    var admitted = 0
    for _ in 0..<bound where limiter.admit("a", in: "one", severity: .note) { admitted += 1 }
    #expect(admitted == bound)
    #expect(!limiter.wouldAdmit("a", in: "one"))
    #expect(limiter.wouldAdmit("a", in: "two"))
    let over = limiter.admit("a", in: "one", severity: .warning)
    #expect(!over)
    let first = limiter.takeOmissions()
    #expect(first.map(\.severity) == [.warning])
    let none = limiter.takeOmissions()
    #expect(none.isEmpty)
    let again = limiter.admit("a", in: "one", severity: .note)
    #expect(!again)
    let later = limiter.takeOmissions()
    #expect(
      later.map(\.message) == [
        "1 more 'a' diagnostics in this file are not shown (the first \(bound) are)"
      ])
  }

  @Test("UserVocabulary.plist takes Apple's constant names for its types, and suggests them")
  func appleConstantNames() throws {
    let registry = try load([
      "UserVocabulary.plist": plistDocument(
        """
        <dict>
        \t<key>INVocabularyStringTypeMediaPlaylistTitle</key>
        \t<array><string>Deep Focus</string></array>
        \t<key>INVocabularyStringTypeContactNam</key>
        \t<array><string>Alex</string></array>
        \t<key>mediaPlaylistTitle</key>
        \t<array><string>Road Trip</string></array>
        </dict>
        """)
    ])
    let app = try #require(registry.apps.first)
    #expect(app.userVocabulary[.mediaPlaylistTitle]?.map(\.identifier) == ["Deep Focus"])
    #expect(app.userVocabulary[.contactName] == nil)
    #expect(registry.diagnostics.count == 2)
    let misspelled = try #require(registry.diagnostics.first { $0.code == "unknown-key" })
    #expect(misspelled.message.contains("Did you mean 'INVocabularyStringTypeContactName'?"))
    let twice = try #require(registry.diagnostics.first { $0.code == "duplicate-key" })
    #expect(twice.keyPath == "mediaPlaylistTitle")
    #expect(twice.message.contains("given twice"))
  }

  @Test("ParameterNames of the wrong type is reported once, as of the wrong type")
  func parameterNamesOfTheWrongType() throws {
    let registry = try load([
      "AppIntentVocabulary.plist": plistDocument(
        """
        <dict><key>ParameterVocabularies</key><array><dict>
        <key>ParameterNames</key><string>INAddTasksIntent.targetTaskList</string>
        <key>ParameterVocabulary</key><array><dict>
        <key>VocabularyItemIdentifier</key><string>inbox</string>
        <key>VocabularyItemSynonyms</key><array><dict>
        <key>VocabularyItemPhrase</key><string>Inbox</string></dict></array>
        </dict></array>
        </dict></array></dict>
        """)
    ])
    let paths = registry.diagnostics.map { "\($0.code) \($0.keyPath)" }
    #expect(paths == ["wrong-type ParameterVocabularies[0].ParameterNames"])
  }

  @Test("unknown placeholders are reported in each localization at their own line")
  func placeholderPerLocalization() throws {
    let registry = try load([
      "Base.lproj/AppIntentVocabulary.plist": Self.intentVocabulary(
        "INAddTasksIntent", ["add ${taskTitles} to ${targetTaskList}", "add ${taskTitle}"]),
      "ru.lproj/AppIntentVocabulary.plist": Self.intentVocabulary(
        "INAddTasksIntent", ["добавь ${taskTitles} в ${targetTasklist}"]),
    ])
    let diagnostics = registry.diagnostics.filter { $0.code == "unknown-placeholder" }
    #expect(diagnostics.count == 2, "\(registry.diagnostics.map(\.description))")
    let base = try #require(diagnostics.first { $0.file.contains("Base.lproj") })
    #expect(base.line == 13)
    #expect(base.keyPath == "IntentPhrases[0].IntentExamples[1]")
    #expect(base.message.contains("Did you mean '${taskTitles}'?"))
    let russian = try #require(diagnostics.first { $0.file.contains("ru.lproj") })
    #expect(russian.file == "App.app/ru.lproj/AppIntentVocabulary.plist")
    #expect(russian.line == 12)
    #expect(russian.keyPath == "IntentPhrases[0].IntentExamples[0]")
  }

  @Test("a standard intent's unknown placeholder is an error even without a suggestion")
  func standardWithoutSuggestion() throws {
    let registry = try load([
      "Base.lproj/AppIntentVocabulary.plist": Self.intentVocabulary(
        "INStartCallIntent", ["call ${contacts}", "ring ${banana}"])
    ])
    let diagnostic = try #require(registry.diagnostics.first)
    #expect(registry.diagnostics.count == 1)
    #expect(diagnostic.code == "unknown-placeholder")
    #expect(diagnostic.line == 13)
    #expect(!diagnostic.message.contains("Did you mean"))
  }

  @Test("a custom intent's placeholders are its parameters, except near misses")
  func customIntentPlaceholders() throws {
    let registry = try load([
      "Base.lproj/AppIntentVocabulary.plist": plistDocument(
        """
        <dict>
        \t<key>ParameterVocabularies</key>
        \t<array>
        \t\t<dict>
        \t\t\t<key>ParameterNames</key>
        \t\t\t<array>
        \t\t\t\t<string>AddToPlaylistIntent.playlist</string>
        \t\t\t</array>
        \t\t\t<key>ParameterVocabulary</key>
        \t\t\t<array>
        \t\t\t\t<dict>
        \t\t\t\t\t<key>VocabularyItemIdentifier</key>
        \t\t\t\t\t<string>playlist.focus</string>
        \t\t\t\t\t<key>VocabularyItemSynonyms</key>
        \t\t\t\t\t<array>
        \t\t\t\t\t\t<dict>
        \t\t\t\t\t\t\t<key>VocabularyItemPhrase</key>
        \t\t\t\t\t\t\t<string>Focus</string>
        \t\t\t\t\t\t</dict>
        \t\t\t\t\t</array>
        \t\t\t\t</dict>
        \t\t\t</array>
        \t\t</dict>
        \t</array>
        \t<key>IntentPhrases</key>
        \t<array>
        \t\t<dict>
        \t\t\t<key>IntentName</key>
        \t\t\t<string>AddToPlaylistIntent</string>
        \t\t\t<key>IntentExamples</key>
        \t\t\t<array>
        \t\t\t\t<string>add ${song} to ${playlist}</string>
        \t\t\t\t<string>add ${song} to ${playlists}</string>
        \t\t\t</array>
        \t\t</dict>
        \t</array>
        </dict>
        """)
    ])
    let diagnostic = try #require(registry.diagnostics.first)
    #expect(registry.diagnostics.count == 1, "\(registry.diagnostics.map(\.description))")
    #expect(diagnostic.code == "unknown-placeholder")
    #expect(diagnostic.line == 36)
    #expect(diagnostic.keyPath == "IntentPhrases[0].IntentExamples[1]")
    #expect(diagnostic.message.contains("Did you mean '${playlist}'?"))
    let app = try #require(registry.app("com.example.app"))
    #expect(
      app.parameterItems("AddToPlaylistIntent.playlist").map(\.identifier) == ["playlist.focus"])
    #expect(app.intent(named: "AddToPlaylistIntent")?.examples.count == 2)
  }

  @Test("a duplicate key deep in a vocabulary names its key path")
  func nestedDuplicateKeyInApp() throws {
    let registry = try load([
      "UserVocabulary.plist": plistDocument(
        """
        <dict>
        \t<key>contactName</key>
        \t<array>
        \t\t<dict>
        \t\t\t<key>spokenPhrase</key>
        \t\t\t<string>Alex</string>
        \t\t\t<key>spokenPhrase</key>
        \t\t\t<string>Alexander</string>
        \t\t</dict>
        \t</array>
        </dict>
        """)
    ])
    let diagnostic = try #require(registry.diagnostics.first)
    #expect(registry.diagnostics.count == 1)
    #expect(diagnostic.code == "duplicate-key")
    #expect(diagnostic.file == "App.app/UserVocabulary.plist")
    #expect(diagnostic.line == 10)
    #expect(diagnostic.keyPath == "contactName[0].spokenPhrase")
    let app = try #require(registry.app("com.example.app"))
    #expect(app.userVocabulary[.contactName]?.first?.phrases.map(\.text) == ["Alex"])
  }

  @Test("InfoPlist.strings resolves alternative names")
  func infoPlistStrings() throws {
    let registry = try load([
      "Info.plist": plistDocument(
        """
        <dict>
        \t<key>CFBundleIdentifier</key>
        \t<string>com.example.app</string>
        \t<key>INAlternativeAppNames</key>
        \t<array>
        \t\t<dict>
        \t\t\t<key>INAlternativeAppName</key>
        \t\t\t<string>ALIAS</string>
        \t\t</dict>
        \t</array>
        </dict>
        """),
      "Base.lproj/InfoPlist.strings": "/* names */\n\"ALIAS\" = \"My App\";\n",
    ])
    #expect(registry.diagnostics.isEmpty, "\(registry.diagnostics.map(\.description))")
    let app = try #require(registry.app("com.example.app"))
    #expect(app.names.contains(AppName(text: "My App", kind: .alternativeName)))
    #expect(app.name == "App")
  }

  /// An app never disappears without a word: an Info.plist whose root is an array is an
  /// error, and so is a user vocabulary entry that is neither a string nor a dictionary.
  @Test("Wrong root and item types are errors, never silent")
  func wrongTypesAreReported() throws {
    let root = try load(["Info.plist": plistDocument("<array><string>x</string></array>")])
    #expect(root.apps.isEmpty)
    #expect(root.diagnostics.map(\.code) == ["wrong-type", "app-skipped"])
    let item = try load([
      "UserVocabulary.plist": plistDocument(
        "<dict><key>contactName</key><array><integer>5</integer><string>Alex</string></array></dict>"
      )
    ])
    #expect(item.diagnostics.map(\.code) == ["wrong-type"])
    #expect(item.diagnostics.first?.message.contains("expected a string or a dictionary") == true)
    #expect(item.app("com.example.app")?.userVocabulary[.contactName]?.count == 1)
  }

  /// Every intent with standard bindings is a standard intent: no `unknown-intent` warning
  /// for the older call intents, tasks' attributes or car intents.
  @Test(arguments: [
    ("INStartAudioCallIntent", "call ${contacts}"), ("INStartVideoCallIntent", "video ${contacts}"),
    ("INSetTaskAttributeIntent", "mark ${targetTask} done"),
    ("INSetProfileInCarIntent", "use ${profileName} in ${carName}"),
  ])
  func boundStandardIntentsAreKnown(intent: String, example: String) throws {
    let registry = try load([
      "AppIntentVocabulary.plist": plistDocument(
        """
        <dict><key>IntentPhrases</key><array><dict>
        <key>IntentName</key><string>\(intent)</string>
        <key>IntentExamples</key><array><string>\(example)</string></array>
        </dict></array></dict>
        """)
    ])
    #expect(registry.diagnostics.isEmpty, "\(registry.diagnostics.map(\.description))")
  }

  /// `.strings` files as Xcode and hands write them: unquoted keys are read; a comment that
  /// never ends and a key set twice are reported, never silently swallowed.
  @Test("InfoPlist.strings: unquoted keys, unterminated comments, duplicate keys")
  func stringsFileDetails() throws {
    let info = plistDocument(
      """
      <dict>
      \t<key>CFBundleIdentifier</key>
      \t<string>com.example.shop</string>
      \t<key>CFBundleName</key>
      \t<string>Shop</string>
      </dict>
      """)
    let unquoted = try load([
      "Info.plist": info, "de.lproj/InfoPlist.strings": "CFBundleName = \"Laden\";\n",
    ])
    #expect(unquoted.diagnostics.isEmpty, "\(unquoted.diagnostics.map(\.description))")
    #expect(unquoted.app("com.example.shop")?.names.map(\.text) == ["Shop", "Laden"])
    let broken = try load([
      "Info.plist": info,
      "de.lproj/InfoPlist.strings":
        "\"CFBundleName\" = \"Laden\";\n\"CFBundleName\" = \"Markt\";\n/* open\n\"X\" = \"Y\";\n",
    ])
    let codes = broken.diagnostics.map { "\($0.code) \($0.line ?? 0)" }
    #expect(codes == ["duplicate-key 2", "syntax 3"], "\(broken.diagnostics.map(\.description))")
    #expect(broken.app("com.example.shop")?.names.map(\.text) == ["Shop", "Markt"])
  }

  /// Xcode writes `InfoPlist.strings` keyed by Info.plist key names; each translation is one
  /// more name of the app, in every language, beside the Info.plist value.
  @Test("InfoPlist.strings keyed by Info.plist keys translates the app's names")
  func infoPlistStringsByKeyName() throws {
    let registry = try load([
      "Info.plist": plistDocument(
        """
        <dict>
        	<key>CFBundleIdentifier</key>
        	<string>com.example.shop</string>
        	<key>CFBundleDisplayName</key>
        	<string>Shopping Helper</string>
        </dict>
        """),
      "de.lproj/InfoPlist.strings": "\"CFBundleDisplayName\" = \"Einkaufshelfer\";\n",
      "zh-Hans.lproj/InfoPlist.strings": "\"CFBundleDisplayName\" = \"购物助手\";\n",
    ])
    #expect(registry.diagnostics.isEmpty, "\(registry.diagnostics.map(\.description))")
    let app = try #require(registry.app("com.example.shop"))
    #expect(
      app.names.filter { $0.kind == .displayName }.map(\.text)
        == ["Shopping Helper", "Einkaufshelfer", "购物助手"])
  }
}
