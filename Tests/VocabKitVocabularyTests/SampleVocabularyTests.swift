import Foundation
import Testing

@testable import VocabKitVocabulary

@Suite("Sample vocabulary (vocab/)")
struct SampleVocabularyTests {
  let registry: VocabularyRegistry

  init() throws {
    registry = try VocabularyRegistry.load(directory: Fixtures.sample)
  }

  func app(_ bundleIdentifier: String) throws -> App {
    try #require(registry.app(bundleIdentifier), "no app \(bundleIdentifier)")
  }

  @Test("loads with no errors and no warnings")
  func clean() {
    #expect(registry.errors.isEmpty, "\(registry.errors.map(\.description))")
    // The only warnings tolerated would be unknown Info.plist keys, and there are none.
    #expect(registry.warnings.isEmpty, "\(registry.warnings.map(\.description))")
    #expect(registry.diagnostics.isEmpty)
  }

  @Test("six apps with the documented bundle identifiers and folders")
  func apps() {
    let byIdentifier = Dictionary(
      uniqueKeysWithValues: registry.apps.map { ($0.bundleIdentifier, $0.folder) })
    #expect(
      byIdentifier == [
        "com.example.taskly": "Taskly.app",
        "com.example.listmaster": "ListMaster.app",
        "com.example.chatter": "Chatter.app",
        "com.example.iqiyi": "iQIYI.app",
        "com.example.iqiyihd": "iQIYIHD.app",
        "com.example.melody": "Melody.app",
      ])
    #expect(registry.apps.count == 6)
    #expect(registry.app("com.example.nothing") == nil)
  }

  @Test("every plist read is listed in sourceFiles, relative to the directory")
  func sourceFiles() {
    let files = Set(registry.sourceFiles)
    #expect(files.contains("Taskly.app/Info.plist"))
    #expect(files.contains("Taskly.app/UserVocabulary.plist"))
    for localization in ["Base", "zh-Hans", "ru", "hi", "th"] {
      #expect(files.contains("Taskly.app/\(localization).lproj/AppIntentVocabulary.plist"))
    }
    #expect(files.allSatisfy { !$0.hasPrefix("/") })
    for file in files {
      #expect(
        FileManager.default.fileExists(atPath: Fixtures.sample.appendingPathComponent(file).path),
        "\(file)")
    }
  }

  @Test("Taskly has Inbox first and no Index; ListMaster has both")
  func inboxAndIndex() throws {
    let taskly = try app("com.example.taskly")
    let tasklyLists = try #require(taskly.userVocabulary[.notebookItemTitle])
    #expect(
      tasklyLists.map(\.identifier)
        == ["list.inbox", "list.groceries", "list.work", "list.home-projects", "list.reading"])
    #expect(tasklyLists.first?.identifier == "list.inbox")
    #expect(tasklyLists.first?.priority == 0)
    #expect(tasklyLists.first?.phrases.map(\.text) == ["Inbox"])
    #expect(tasklyLists.map(\.priority) == Array(0..<5))
    #expect(!tasklyLists.contains { $0.identifier == "list.index" })
    #expect(
      !tasklyLists.contains { item in item.phrases.contains { $0.text == "Index" } })

    let listMaster = try app("com.example.listmaster")
    let lists = listMaster.userIdentifiers(.notebookItemTitle)
    #expect(lists == ["list.inbox", "list.index", "list.errands", "list.packing"])
    let inbox = try #require(listMaster.userVocabulary[.notebookItemTitle]?.first)
    #expect(inbox.priority == 0)
    #expect(inbox.phrases == [VocabularyPhrase(text: "Inbox")])
    // Plain strings are their own identifiers.
    #expect(listMaster.userIdentifiers(.notebookItemGroupName) == ["Trips", "Household"])
  }

  @Test("ListMaster's names include its spoken name")
  func listMasterNames() throws {
    let listMaster = try app("com.example.listmaster")
    #expect(listMaster.name == "ListMaster")
    #expect(listMaster.names.contains(AppName(text: "ListMaster", kind: .bundleName)))
    #expect(listMaster.names.contains(AppName(text: "List Master", kind: .spokenName)))
    // The display name equals the bundle name and is not repeated.
    #expect(listMaster.names.filter { $0.text == "ListMaster" }.count == 1)
  }

  @Test("Chatter has 11 contacts, 2 groups and two aliases")
  func chatter() throws {
    let chatter = try app("com.example.chatter")
    let contacts = try #require(chatter.userVocabulary[.contactName])
    #expect(contacts.count == 11)
    #expect(
      contacts.map(\.identifier) == [
        "contact.alex-kim", "contact.alex-morgan", "contact.alex-chen", "contact.rahul-sharma",
        "contact.somchai", "contact.aleksandr", "contact.zhang-wei", "contact.maria",
        "contact.sean", "contact.priya", "contact.mom",
      ])
    #expect(Set(contacts.map(\.identifier)).count == 11)
    let texts = contacts.compactMap { $0.phrases.first?.text }
    for name in ["Alex Kim", "राहुल शर्मा", "สมชาย ใจดี", "Александр Петров", "张伟", "Mom"] {
      #expect(texts.contains(name), "\(name)")
    }
    let sean = try #require(contacts.first { $0.identifier == "contact.sean" })
    #expect(sean.phrases.first?.text == "Sean O'Brien")
    #expect(sean.phrases.first?.pronunciation == "shawn oh brye en")
    #expect(chatter.userIdentifiers(.contactGroupName) == ["group.family", "group.book-club"])

    let alternatives = chatter.names.filter { $0.kind == .alternativeName }.map(\.text)
    #expect(alternatives == ["Chat App", "Chatter Messenger"])
    #expect(chatter.names.first == AppName(text: "Chatter", kind: .bundleName))
    #expect(Set(chatter.intents.map(\.name)) == ["INStartCallIntent", "INSendMessageIntent"])
  }

  @Test("iQIYI is named 爱奇艺 with the alias iQIYI pronounced 'ai qi yi'")
  func iqiyi() throws {
    let iqiyi = try app("com.example.iqiyi")
    #expect(iqiyi.name == "爱奇艺")
    #expect(iqiyi.names.map(\.text).contains("爱奇艺"))
    let alias = try #require(iqiyi.names.first { $0.text == "iQIYI" })
    #expect(alias.kind == .alternativeName)
    #expect(alias.pronunciation == "ai qi yi")
    #expect(
      iqiyi.userIdentifiers(.mediaShowTitle)
        == ["show.yanxi", "show.breaking-ice", "show.qipashuo", "show.mystery"])
    #expect(iqiyi.userVocabulary[.mediaShowTitle]?.first?.phrases.first?.text == "延禧攻略")

    let hd = try app("com.example.iqiyihd")
    #expect(hd.name == "爱奇艺HD")
    #expect(hd.names.contains(AppName(text: "爱奇艺", kind: .alternativeName)))
    #expect(
      hd.userIdentifiers(.mediaShowTitle)
        == ["hd.show.yanxi", "hd.show.breaking-ice", "hd.show.qipashuo", "hd.show.mystery"])
  }

  @Test("Melody's artists keep alternative speakable matches")
  func melody() throws {
    let melody = try app("com.example.melody")
    #expect(melody.names.map(\.text).contains("Melody Music"))
    #expect(
      melody.userIdentifiers(.mediaPlaylistTitle) == [
        "playlist.deep-focus", "playlist.route-66", "playlist.chill", "playlist.morning-run",
        "playlist.dinner-jazz",
      ])
    let rahman = try #require(
      melody.userVocabulary[.mediaMusicArtistName]?.first { $0.identifier == "artist.ar-rahman" })
    #expect(
      rahman.phrases == [
        VocabularyPhrase(text: "ए आर रहमान"),
        VocabularyPhrase(text: "A R Rahman", kind: .alternative),
      ])
    #expect(Set(melody.intents.map(\.name)) == ["INPlayMediaIntent", "INAddMediaIntent"])
  }

  @Test("with no locale, intents and examples of every .lproj are combined")
  func allLocalizationsCombined() throws {
    let taskly = try app("com.example.taskly")
    #expect(taskly.intents.map(\.name) == ["INAddTasksIntent", "INCreateTaskListIntent"])
    let addTasks = try #require(taskly.intent(named: "INAddTasksIntent"))
    #expect(
      Set(addTasks.examples.map(\.localization)) == ["Base", "zh-Hans", "ru", "hi", "th"])
    #expect(
      addTasks.examples.contains(
        IntentExample(text: "add ${taskTitles} to ${targetTaskList}", localization: "Base")))
    #expect(
      addTasks.examples.contains(
        IntentExample(text: "把${taskTitles}添加到${targetTaskList}", localization: "zh-Hans")))
    #expect(
      addTasks.examples.contains(
        IntentExample(text: "добавь ${taskTitles} в ${targetTaskList}", localization: "ru")))
    // INCreateTaskListIntent is English only.
    let createList = try #require(taskly.intent(named: "INCreateTaskListIntent"))
    #expect(createList.examples.map(\.localization) == ["Base", "Base"])

    // Parameter vocabularies of all localizations merge by identifier.
    let lists = taskly.parameterItems("INAddTasksIntent.targetTaskList")
    #expect(
      lists.map(\.identifier) == [
        "list.inbox", "list.groceries", "list.home-projects", "list.work",
      ])
    #expect(lists.map(\.priority) == [0, 1, 2, 3])
    let inbox = try #require(lists.first)
    let inboxTexts = inbox.phrases.map(\.text)
    for text in ["Inbox", "In tray", "收件箱", "Входящие"] {
      #expect(inboxTexts.contains(text), "\(text)")
    }
    #expect(inbox.phrases.first == VocabularyPhrase(text: "Inbox"))
    #expect(
      inbox.phrases.contains(
        VocabularyPhrase(text: "In tray", pronunciation: "in tray", kind: .synonym)))
    #expect(inbox.examples.contains("add milk to my inbox"))
    #expect(inbox.examples.contains("把牛奶添加到收件箱"))
    let diy = try #require(lists.first { $0.identifier == "list.home-projects" })
    #expect(diy.phrases.contains { $0.text == "DIY" && $0.pronunciation == "dee eye why" })

    // Every app has examples from several localizations.
    for app in registry.apps {
      let localizations = Set(app.intents.flatMap(\.examples).map(\.localization))
      #expect(localizations.count >= 2, "\(app.folder): \(localizations)")
      #expect(localizations.contains("Base"), "\(app.folder)")
    }
  }

  @Test("with locale zh-Hans only zh-Hans examples are read")
  func chineseOnly() throws {
    let registry = try VocabularyRegistry.load(directory: Fixtures.sample, locale: "zh-Hans")
    #expect(registry.diagnostics.isEmpty, "\(registry.diagnostics.map(\.description))")
    #expect(registry.apps.count == 6)
    for app in registry.apps {
      let examples = app.intents.flatMap(\.examples)
      #expect(!examples.isEmpty, "\(app.folder)")
      #expect(examples.allSatisfy { $0.localization == "zh-Hans" }, "\(app.folder)")
    }
    let taskly = try #require(registry.app("com.example.taskly"))
    // The English-only intent is not in the Chinese localization.
    #expect(taskly.intents.map(\.name) == ["INAddTasksIntent"])
    let lists = taskly.parameterItems("INAddTasksIntent.targetTaskList")
    #expect(lists.map(\.identifier) == ["list.inbox", "list.groceries", "list.work"])
    #expect(lists.first?.phrases == [VocabularyPhrase(text: "收件箱")])
    // Only the chosen localization's file is read.
    let appIntentFiles = registry.sourceFiles.filter { $0.hasSuffix("AppIntentVocabulary.plist") }
    #expect(appIntentFiles.count == 6)
    #expect(appIntentFiles.allSatisfy { $0.contains("/zh-Hans.lproj/") }, "\(appIntentFiles)")
    // The user vocabulary does not depend on the locale.
    #expect(taskly.userIdentifiers(.notebookItemTitle).count == 5)
  }

  @Test(
    "a locale picks the best .lproj",
    arguments: [
      ("zh-Hans", "zh-Hans"), ("zh_Hans", "zh-Hans"), ("zh-Hans-CN", "zh-Hans"), ("ru", "ru"),
      ("ru-RU", "ru"), ("ru_RU", "ru"), ("fr", "Base"), ("fr-FR", "Base"), ("en", "Base"),
      ("en-US", "Base"),
    ])
  func localeFallback(locale: String, expected: String) throws {
    let registry = try VocabularyRegistry.load(directory: Fixtures.sample, locale: locale)
    #expect(registry.errors.isEmpty)
    let taskly = try #require(registry.app("com.example.taskly"))
    let localizations = Set(taskly.intents.flatMap(\.examples).map(\.localization))
    #expect(localizations == [expected])
  }

  @Test("an app without the locale falls back to Base")
  func fallbackToBase() throws {
    // ListMaster has Base, zh-Hans and ru only; Thai falls back to Base for it, while Taskly
    // has th.lproj.
    let registry = try VocabularyRegistry.load(directory: Fixtures.sample, locale: "th")
    let listMaster = try #require(registry.app("com.example.listmaster"))
    #expect(Set(listMaster.intents.flatMap(\.examples).map(\.localization)) == ["Base"])
    let taskly = try #require(registry.app("com.example.taskly"))
    #expect(Set(taskly.intents.flatMap(\.examples).map(\.localization)) == ["th"])

    let french = try VocabularyRegistry.load(directory: Fixtures.sample, locale: "fr")
    #expect(french.diagnostics.isEmpty)
    let frenchTaskly = try #require(french.app("com.example.taskly"))
    #expect(
      frenchTaskly.intents.map(\.name) == ["INAddTasksIntent", "INCreateTaskListIntent"])
    #expect(
      frenchTaskly.parameterItems("INAddTasksIntent.targetTaskList").map(\.identifier)
        == ["list.inbox", "list.groceries", "list.home-projects"])
  }

  @Test("loading is deterministic")
  func deterministic() throws {
    let again = try VocabularyRegistry.load(directory: Fixtures.sample)
    #expect(again.apps == registry.apps)
    #expect(again.sourceFiles == registry.sourceFiles)
  }
}
