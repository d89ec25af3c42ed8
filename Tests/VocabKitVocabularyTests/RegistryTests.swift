import Foundation
import Testing
import VocabKitSupport

@testable import VocabKitVocabulary

@Suite("VocabularyRegistry.load")
struct RegistryTests {
  @Test("a missing directory throws VocabularyDirectoryError")
  func missingDirectory() throws {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("VocabKitVocabularyTests-missing-\(UUID().uuidString)")
    #expect(throws: VocabularyDirectoryError.self) {
      _ = try VocabularyRegistry.load(directory: url)
    }
    do {
      _ = try VocabularyRegistry.load(directory: url)
      Issue.record("no error thrown")
    } catch {
      #expect(error.path == url.path)
      #expect(error.reason == "no such directory")
      #expect(error.description == "\(url.path): no such directory")
    }
  }

  @Test("a file instead of a directory throws")
  func fileNotDirectory() throws {
    let file = Fixtures.sample.appendingPathComponent("README.md")
    do {
      _ = try VocabularyRegistry.load(directory: file)
      Issue.record("no error thrown")
    } catch {
      #expect(error.reason == "not a directory")
    }
  }

  @Test("a directory with no apps gives a no-apps warning")
  func noApps() throws {
    let directory = try makeTemporaryDirectory()
    defer { cleanUp(directory) }
    // A folder without an Info.plist is not an app, and loose files are ignored.
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent("NotAnApp.app/Base.lproj"),
      withIntermediateDirectories: true)
    try Data("hello".utf8).write(to: directory.appendingPathComponent("notes.txt"))
    let registry = try VocabularyRegistry.load(directory: directory)
    #expect(registry.apps.isEmpty)
    #expect(registry.sourceFiles.isEmpty)
    let diagnostic = try #require(registry.diagnostics.first)
    #expect(registry.diagnostics.count == 1)
    #expect(diagnostic.severity == .warning)
    #expect(diagnostic.code == "no-apps")
    #expect(diagnostic.file == directory.path)
  }

  @Test("the fixture folder itself holds no apps")
  func fixtureParentHasNoApps() throws {
    let registry = try VocabularyRegistry.load(
      directory: Fixtures.packageRoot.appendingPathComponent("Tests/Fixtures/Broken"))
    #expect(registry.apps.isEmpty)
    #expect(registry.diagnostics.map(\.code) == ["no-apps"])
  }

  @Test("two apps with the same bundle identifier: the second is skipped with an error")
  func duplicateApp() throws {
    let directory = try makeTemporaryDirectory()
    defer { cleanUp(directory) }
    let source = Fixtures.sample.appendingPathComponent("Taskly.app")
    try FileManager.default.copyItem(at: source, to: directory.appendingPathComponent("A.app"))
    try FileManager.default.copyItem(at: source, to: directory.appendingPathComponent("B.app"))
    let registry = try VocabularyRegistry.load(directory: directory)
    #expect(registry.apps.map(\.folder) == ["A.app"])
    let diagnostic = try #require(registry.diagnostics.first)
    #expect(registry.diagnostics.count == 1)
    #expect(diagnostic.severity == .error)
    #expect(diagnostic.code == "duplicate-app")
    #expect(diagnostic.file == "B.app/Info.plist")
    #expect(diagnostic.keyPath == "CFBundleIdentifier")
    #expect(diagnostic.message.contains("A.app"))
  }

  @Test("an Info.plist without CFBundleIdentifier skips the app with an error")
  func missingBundleIdentifier() throws {
    let directory = try makeTemporaryDirectory()
    defer { cleanUp(directory) }
    let app = directory.appendingPathComponent("Nameless.app")
    try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
    try Data(
      plistDocument("<dict>\n\t<key>CFBundleName</key>\n\t<string>Nameless</string>\n</dict>").utf8
    )
    .write(to: app.appendingPathComponent("Info.plist"))
    let registry = try VocabularyRegistry.load(directory: directory)
    #expect(registry.apps.isEmpty)
    let missing = try #require(registry.diagnostics.first { $0.code == "missing-key" })
    #expect(missing.file == "Nameless.app/Info.plist")
    #expect(missing.line == 4)
    #expect(missing.message.contains("CFBundleIdentifier"))
    #expect(registry.diagnostics.contains { $0.code == "app-skipped" })
  }

  @Test("an app with only an Info.plist loads; its folder name is the fallback name")
  func minimalApp() throws {
    let directory = try makeTemporaryDirectory()
    defer { cleanUp(directory) }
    let app = directory.appendingPathComponent("Tiny.app")
    try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
    try Data(
      plistDocument(
        "<dict>\n\t<key>CFBundleIdentifier</key>\n\t<string>com.example.tiny</string>\n</dict>"
      )
      .utf8
    ).write(to: app.appendingPathComponent("Info.plist"))
    let registry = try VocabularyRegistry.load(directory: directory)
    #expect(registry.diagnostics.isEmpty)
    let tiny = try #require(registry.app("com.example.tiny"))
    #expect(tiny.name == "Tiny")
    #expect(tiny.names == [AppName(text: "Tiny", kind: .bundleName)])
    #expect(tiny.intents.isEmpty)
    #expect(tiny.userVocabulary.isEmpty)
    #expect(registry.sourceFiles == ["Tiny.app/Info.plist"])
  }

  @Test("Diagnostic prints like a compiler message")
  func diagnosticDescription() {
    let full = Diagnostic(
      .error, code: "x", file: "A.app/Info.plist", line: 3, keyPath: "CFBundleName", message: "bad")
    #expect(full.description == "A.app/Info.plist:3: error: bad (at CFBundleName)")
    let bare = Diagnostic(.warning, code: "x", file: "dir", message: "hm")
    #expect(bare.description == "dir: warning: hm")
  }
}

@Suite("ParameterName")
struct ParameterNameTests {
  @Test(
    "parses Intent.parameter",
    arguments: [
      ("INAddTasksIntent.targetTaskList", "INAddTasksIntent", "targetTaskList"),
      ("AddToPlaylist.playlist", "AddToPlaylist", "playlist"),
      ("_Intent.param_2", "_Intent", "param_2"),
      ("Intent.param", "Intent", "param"),
    ])
  func valid(text: String, intent: String, parameter: String) throws {
    let name = try #require(ParameterName(text))
    #expect(name.intent == intent)
    #expect(name.parameter == parameter)
    #expect(name.description == text)
    #expect(name == ParameterName(intent: intent, parameter: parameter))
  }

  @Test(
    "rejects anything else",
    arguments: [
      "", "targetTaskList", ".", "Intent.", ".param", "a.b.c", "Intent..param", "1Intent.param",
      "Intent.2param", "In tent.param", "Intent.param ", "Intent-X.param", "Intent.param-x",
      "Intent.${param}",
    ])
  func invalid(text: String) {
    #expect(ParameterName(text) == nil)
  }

  @Test("orders by its text")
  func ordering() {
    let names = ["B.a", "A.b", "A.a"].compactMap(ParameterName.init)
    #expect(names.sorted().map(\.description) == ["A.a", "A.b", "B.a"])
  }
}

@Suite("ParameterBindings")
struct ParameterBindingsTests {
  func types(_ parameter: String) throws -> [UserVocabularyType] {
    ParameterBindings.types(for: try #require(ParameterName(parameter)))
  }

  @Test(
    "standard intents use the table",
    arguments: [
      ("INSendMessageIntent.recipients", [UserVocabularyType.contactName, .contactGroupName]),
      ("INStartCallIntent.contacts", [.contactName]),
      ("INSearchForMessagesIntent.senders", [.contactName]),
      ("INSendPaymentIntent.payee", [.contactName]),
      ("INSendMessageIntent.speakableGroupName", [.contactGroupName]),
      ("INAddTasksIntent.targetTaskList", [.notebookItemTitle]),
      ("INCreateTaskListIntent.groupName", [.notebookItemGroupName]),
      ("INCreateNoteIntent.groupName", [.notebookItemGroupName]),
      ("INAddMediaIntent.mediaDestination", [.mediaPlaylistTitle]),
      (
        "INPlayMediaIntent.mediaSearch",
        [
          .mediaPlaylistTitle, .mediaMusicArtistName, .mediaShowTitle, .mediaAudiobookTitle,
          .mediaAudiobookAuthorName,
        ]
      ),
      ("INSearchForPhotosIntent.albumName", [.photoAlbumName]),
      ("INSearchForPhotosIntent.searchTerms", [.photoTag]),
      ("INStartWorkoutIntent.workoutName", [.workoutActivityName]),
      ("INPayBillIntent.billPayee", [.paymentsOrganizationName]),
      ("INActivateCarSignalIntent.carName", [.carName]),
      ("INSetProfileInCarIntent.profileName", [.carProfileName]),
    ])
  func standard(parameter: String, expected: [UserVocabularyType]) throws {
    #expect(try types(parameter) == expected)
    #expect(ParameterBindings.standard[ParameterName(parameter)!] == expected)
  }

  @Test(
    "other parameters of standard intents bind to nothing, whatever their names",
    arguments: [
      "INSendMessageIntent.content", "INAddTasksIntent.taskTitles",
      "INCreateTaskListIntent.title", "INPlayMediaIntent.playShuffled",
      "INSendMessageIntent.sender",  // "sender" would bind a custom intent's parameter
      "INCreateNoteIntent.title",
    ])
  func standardUnbound(parameter: String) throws {
    #expect(try types(parameter) == [])
  }

  @Test(
    "custom intents bind by parameter name",
    arguments: [
      ("AddToPlaylist.playlist", [UserVocabularyType.mediaPlaylistTitle]),
      ("PlayMusic.artist", [.mediaMusicArtistName]),
      ("AddSongIntent.playlist", [.mediaPlaylistTitle]),
      ("AddSongIntent.targetPlaylistName", [.mediaPlaylistTitle]),
      ("PlayMusic.ARTIST", [.mediaMusicArtistName]),
      ("CallIntent.contact", [.contactName]),
      ("ShareIntent.recipientName", [.contactName]),
      ("ShareIntent.person", [.contactName]),
      ("ReadIntent.sender", [.contactName]),
      ("ListenIntent.audiobook", [.mediaAudiobookTitle]),
      ("ListenIntent.authorName", [.mediaAudiobookAuthorName]),
      ("WatchIntent.show", [.mediaShowTitle]),
      ("PhotosIntent.album", [.photoAlbumName]),
      ("TrainIntent.workoutType", [.workoutActivityName]),
      ("MessageIntent.groupName", [.contactGroupName]),
      ("AddIntent.list", [.notebookItemTitle]),
      ("AppendIntent.noteTitle", [.notebookItemTitle]),
      // Rules are tried in order: "playlist" before "list", "artist" before "list".
      ("AddIntent.artistList", [.mediaMusicArtistName]),
      // A non-standard intent whose name starts with IN is custom too.
      ("INFancyIntent.playlist", [.mediaPlaylistTitle]),
    ])
  func custom(parameter: String, expected: [UserVocabularyType]) throws {
    #expect(try types(parameter) == expected)
  }

  @Test(
    "custom parameters with no matching word are free text",
    arguments: ["PlayMusic.song", "OrderIntent.quantity", "SearchIntent.query"])
  func freeText(parameter: String) throws {
    #expect(try types(parameter) == [])
  }

  @Test("every standard binding is a parameter of its intent")
  func tableConsistent() {
    for (name, types) in ParameterBindings.standard {
      #expect(!types.isEmpty)
      #expect(types.allSatisfy { UserVocabularyType.allCases.contains($0) })
      let parameters = ParameterBindings.standardParameters[name.intent]
      #expect(parameters?.contains(name.parameter) == true, "\(name)")
    }
  }

  @Test("the sample's bound parameters are all served")
  func sampleBindings() throws {
    let registry = try VocabularyRegistry.load(directory: Fixtures.sample)
    for app in registry.apps {
      for parameter in app.parameterVocabularies.keys {
        #expect(!ParameterBindings.types(for: parameter).isEmpty, "\(app.folder): \(parameter)")
      }
    }
  }
}

@Suite("IntentTemplate and EditDistance")
struct IntentTemplateTests {
  @Test("splits examples into text and placeholders")
  func parts() {
    #expect(
      IntentTemplate.parts(of: "add ${taskTitles} to ${targetTaskList}") == [
        .text("add "), .placeholder("taskTitles"), .text(" to "), .placeholder("targetTaskList"),
      ])
    #expect(
      IntentTemplate.parts(of: "把${taskTitles}添加到${targetTaskList}") == [
        .text("把"), .placeholder("taskTitles"), .text("添加到"), .placeholder("targetTaskList"),
      ])
    #expect(IntentTemplate.parts(of: "") == [])
    #expect(IntentTemplate.parts(of: "no placeholders") == [.text("no placeholders")])
    #expect(IntentTemplate.parts(of: "open ${unclosed") == [.text("open ${unclosed")])
    #expect(
      IntentTemplate.placeholders(in: "play ${mediaSearch} on ${applicationName}")
        == ["mediaSearch", "applicationName"])
  }

  /// The one-pass split agrees with a plain reference (find "${", then "}") on seeded random
  /// text of dollars, braces, combining marks and other scripts.
  @Test("splits as the reference does on random text")
  func partsMatchTheReference() {
    func reference(_ example: String) -> [IntentTemplate.Part] {
      var parts: [IntentTemplate.Part] = []
      var rest = Substring(example)
      while let start = rest.range(of: "${") {
        guard let end = rest[start.upperBound...].firstIndex(of: "}") else { break }
        if start.lowerBound > rest.startIndex {
          parts.append(.text(String(rest[..<start.lowerBound])))
        }
        parts.append(.placeholder(String(rest[start.upperBound..<end])))
        rest = rest[rest.index(after: end)...]
      }
      if !rest.isEmpty { parts.append(.text(String(rest))) }
      return parts
    }
    let pieces = ["$", "{", "}", "${", "a", " ", "é", "\u{301}", "把", "\r\n", "x}"]
    var random = SplitMix64(seed: 24)
    for _ in 0..<3_000 {
      let example = (0..<random.next(12)).map { _ in pieces[random.next(pieces.count)] }.joined()
      #expect(
        IntentTemplate.parts(of: example) == reference(example), "\(example.debugDescription)")
    }
  }

  @Test("edit distance")
  func editDistance() {
    #expect(EditDistance.characters("", "") == 0)
    #expect(EditDistance.characters("abc", "") == 3)
    #expect(EditDistance.characters("", "abc") == 3)
    #expect(EditDistance.characters("kitten", "sitting") == 3)
    #expect(EditDistance.characters("contactNames", "contactName") == 1)
    #expect(EditDistance.characters("爱奇艺", "爱奇艺HD") == 2)
  }

  @Test("suggestions pick the nearest candidate, case-insensitively, or nothing")
  func suggestions() {
    #expect(
      AppLoader.suggestion(for: "targetTasklist", in: ["taskTitles", "targetTaskList"])
        == "targetTaskList")
    #expect(
      AppLoader.suggestion(
        for: "INAlternativeAppNamePronounciation",
        in: ["INAlternativeAppName", "INAlternativeAppNamePronunciationHint"])
        == "INAlternativeAppNamePronunciationHint")
    #expect(AppLoader.suggestion(for: "banana", in: ["contactName", "carName"]) == nil)
  }
}
