import Foundation
import Testing
import VocabKitRouting
import VocabKitVocabulary

/// The sample vocabulary, compiled once for all tests.
let sampleVocabulary: CompiledVocabulary = {
  let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  return try! CompiledVocabulary.load(directory: root.appendingPathComponent("vocab"))
}()

@Suite struct SeedCaseTests {
  let router = Router(vocabulary: sampleVocabulary)

  @Test func indexReachesInboxInTheAppWithoutAnIndexList() throws {
    let result = try router.route("add milk to index in taskly")
    #expect(result.app == "com.example.taskly")
    #expect(result.intent == "INAddTasksIntent")
    #expect(result.slot("targetTaskList")?.value == "list.inbox")
    #expect(result.slot("taskTitles")?.value == "milk")
  }

  @Test func indexReachesIndexInTheAppThatHasBoth() throws {
    let result = try router.route("add milk to index")
    #expect(result.app == "com.example.listmaster")
    #expect(result.slot("targetTaskList")?.value == "list.index")
    #expect(result.slot("targetTaskList")?.resolution == .success)
  }

  @Test func callAlexAsksWhichAlex() throws {
    let result = try router.route("call alex")
    #expect(result.intent == "INStartCallIntent")
    let slot = try #require(result.slot("contacts"))
    #expect(slot.resolution == .disambiguation)
    #expect(
      Set(slot.candidates.map(\.identifier))
        == ["contact.alex-kim", "contact.alex-morgan", "contact.alex-chen"])
  }

  @Test func chineseEpisodeRequestGoesToTheRealApp() throws {
    let result = try router.route("用爱奇艺播放延禧攻略第十集")
    #expect(result.app == "com.example.iqiyi")
    #expect(result.appChoice == .named)
    #expect(result.intent == "INPlayMediaIntent")
    #expect(result.slot("mediaSearch")?.value == "show.yanxi")
    #expect(result.mediaSearch?.episode == 10)
    #expect(result.mediaSearch?.title == "延禧攻略")
  }

  @Test func latestQualifier() throws {
    let result = try router.route("play the latest 奇葩说")
    #expect(result.intent == "INPlayMediaIntent")
    #expect(result.mediaSearch?.latest == true)
    #expect(result.slot("mediaSearch")?.value?.hasSuffix("show.qipashuo") == true)
  }

  @Test(arguments: [
    ("call rahul sharma", "contact.rahul-sharma"),
    ("call somchai", "contact.somchai"),
    ("call aleksandr petrov", "contact.aleksandr"),
    ("call zhang wei", "contact.zhang-wei"),
    ("call alex kim", "contact.alex-kim"),
  ])
  func latinNamesReachNativeScriptContacts(utterance: String, identifier: String) throws {
    let result = try router.route(utterance)
    #expect(result.intent == "INStartCallIntent")
    #expect(result.slot("contacts")?.value == identifier)
  }

  @Test(arguments: [
    "what's the weather tomorrow", "book a table for two", "set an alarm for seven am",
  ])
  func negativesFireNoIntent(utterance: String) throws {
    #expect(try router.route(utterance).intent == nil)
  }

  /// A name that sounds like no installed app is unsupported, even when the rest of the
  /// utterance fits an installed app's template ("add … to groceries" is Taskly's).
  @Test(arguments: [
    ("play despacito on spotify", "spotify"), ("play taylor swift on spotify", "spotify"),
    ("add milk to groceries in todoist", "todoist"),
  ])
  func appNotInstalledIsUnsupported(utterance: String, spoken: String) throws {
    let result = try router.route(utterance)
    #expect(result.intent == nil)
    #expect(result.appChoice == .unsupported)
    #expect(result.spokenAppName == spoken)
  }

  /// How to play or call, said where an app's name would be, is no app at all.
  @Test(arguments: [
    ("call maria on speaker", "INStartCallIntent"),
    ("play chill vibes on shuffle", "INPlayMediaIntent"),
    ("play deep focus on repeat", "INPlayMediaIntent"),
  ])
  func aWayToPlayIsNoApp(utterance: String, intent: String) throws {
    let result = try router.route(utterance)
    #expect(result.intent == intent)
    #expect(result.appChoice == .inferred)
    #expect(result.spokenAppName == nil)
  }

  /// Whisper wrote "task list" for Taskly: words that sound like the app the rest of the
  /// utterance chose are that app, not an app that is not installed.
  @Test func misheardAppNameResolvesToTheAppTheUtteranceChose() throws {
    let result = try router.route("add the hobbit to reading list in task list")
    #expect(result.intent == "INAddTasksIntent")
    #expect(result.app == "com.example.taskly")
    #expect(result.appChoice == .named)
    #expect(result.spokenAppName == "task list")
    #expect(result.slot("targetTaskList")?.value == "list.reading")
  }

  @Test func runtimeUpdateReplacesOneTypeAndLeavesTheOldIndexUsable() throws {
    let updated = try sampleVocabulary.updating(
      app: "com.example.chatter", type: .contactName,
      items: [
        VocabularyItem(identifier: "contact.zoe", phrases: [VocabularyPhrase(text: "Zoe Adams")])
      ])
    let newResult = try Router(vocabulary: updated).route("call zoe adams")
    #expect(newResult.slot("contacts")?.value == "contact.zoe")
    let oldResult = try router.route("call alex kim")
    #expect(oldResult.slot("contacts")?.value == "contact.alex-kim")
  }

  @Test func concurrentRoutingMatchesSequentialRouting() async throws {
    let utterances = [
      "call alex", "add milk to index", "用爱奇艺播放延禧攻略第十集", "call rahul sharma",
      "play my deep focus playlist",
    ]
    let expected = try utterances.map { try router.route($0) }
    let shared = router
    try await withThrowingTaskGroup(of: (Int, RouteResult).self) { group in
      for round in 0..<40 {
        let index = round % utterances.count
        group.addTask { (index, try shared.route(utterances[index])) }
      }
      for try await (index, result) in group { #expect(result == expected[index]) }
    }
  }
}
