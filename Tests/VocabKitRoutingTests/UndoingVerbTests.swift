import Testing
import VocabKitVocabulary

@testable import VocabKitRouting

/// A request that opens by undoing ("remove milk from my groceries list") goes to an intent
/// whose templates say so, never to the intent that adds to the list it names.
@Suite struct UndoingVerbTests {
  @Test(arguments: [
    "remove milk from my groceries list", "delete my groceries list",
    "please delete eggs from groceries", "rename my work list to office",
    "удали молоко из покупок", "删除购物清单里的牛奶", "ลบนมออกจาก Inbox", "इनबॉक्स से दूध हटाओ",
    // Undoing said in several words: these added a task "off" or "of milk from".
    "take milk off my groceries list", "please cross the eggs off groceries",
    "scratch milk off the groceries list", "get rid of milk from my groceries list",
    "check off milk on my groceries list", "trash my groceries list",
    "please throw away my work list",
  ])
  func anUndoingRequestIsNotAnAddingIntent(text: String) throws {
    let result = try Router(vocabulary: sampleVocabulary).route(text)
    #expect(result.intent == nil)
    #expect(!result.candidates.contains { $0.intent == "INAddTasksIntent" })
  }

  @Test(arguments: [
    ("add milk to my groceries list", "milk"),
    ("remind me to take the trash out", "take the trash out"),
    ("put eggs on my groceries list", "eggs"),
  ])
  func theSameListsStillTakeWhatIsAdded(text: String, title: String?) throws {
    let result = try Router(vocabulary: sampleVocabulary).route(text)
    #expect(result.intent == "INAddTasksIntent")
    if let title { #expect(result.slot("taskTitles")?.text == title) }
  }

  /// A list app whose removing intent's examples are `removing`, beside an adding intent.
  static func listsApp(removing: [String]) throws -> CompiledVocabulary {
    let lists = StandardPhrasingTests.items(["Groceries", "Work"], kind: "list")
    let app = App(
      bundleIdentifier: "com.example.lists", folder: "Lists.app", name: "Lists",
      names: [AppName(text: "Lists", kind: .bundleName)],
      intents: [
        Intent(name: "lists_remove", examples: StandardPhrasingTests.examples(removing)),
        Intent(
          name: "lists_add",
          examples: StandardPhrasingTests.examples([
            "add ${item} to ${list_name}", "put ${item} on my ${list_name} list",
          ])),
      ],
      parameterVocabularies: [
        ParameterName(intent: "lists_remove", parameter: "list_name"): lists,
        ParameterName(intent: "lists_add", parameter: "list_name"): lists,
      ])
    return try CompiledVocabulary(registry: VocabularyRegistry(apps: [app]))
  }

  /// An app whose intent says "remove" takes "delete" too, its paraphrase.
  @Test(arguments: ["remove milk from groceries", "delete milk from groceries"])
  func anIntentThatSaysTheVerbTakesIt(text: String) throws {
    let vocabulary = try Self.listsApp(removing: [
      "remove ${item} from ${list_name}", "take ${item} off my ${list_name} list",
    ])
    #expect(vocabulary.requestKindVerbs.contains { $0.isSuperset(of: ["remove", "delete"]) })
    let result = try Router(vocabulary: vocabulary).route(text)
    #expect(result.intent == "lists_remove")
  }

  /// "erase milk from groceries" and "clear my groceries list" were no intent: the removing
  /// verbs are one request said several ways, so an intent that says one takes them all;
  /// "rename" is another request.
  @Test(arguments: [
    "erase milk from groceries", "clear my groceries list", "cancel milk from my groceries list",
  ])
  func anIntentThatSaysOneRemovingVerbTakesEvery(text: String) throws {
    let vocabulary = try Self.listsApp(removing: [
      "remove ${item} from ${list_name}", "take ${item} off my ${list_name} list",
    ])
    #expect(vocabulary.requestKindVerbs.contains { !$0.contains("rename") && $0.contains("erase") })
    let result = try Router(vocabulary: vocabulary).route(text)
    #expect(result.intent == "lists_remove")
    #expect(result.slot("list_name")?.value == "list.groceries")
  }

  static let removingWithOff = [
    "take ${item} off my ${list_name} list", "cross ${item} off ${list_name}",
  ]
  static let removingWithRemove = [
    "remove ${item} from ${list_name}", "delete ${item} from my ${list_name} list",
  ]

  /// "remove" said one way reaches an intent whose examples say it another: a template that
  /// undoes in several words ("take ${item} off …") says "remove", and the intent model sees
  /// "trash" and "get rid of" as "remove".
  @Test(arguments: [
    (removingWithOff, "take milk off my groceries list"),
    (removingWithOff, "remove milk from my groceries list"),
    (removingWithRemove, "trash milk from groceries"),
    (removingWithRemove, "get rid of milk from my groceries list"),
    (removingWithRemove, "throw away the eggs from groceries"),
  ])
  func removeSaidAnyWayFindsTheRemovingIntent(removing: [String], text: String) throws {
    let result = try Router(vocabulary: Self.listsApp(removing: removing)).route(text)
    #expect(result.intent == "lists_remove")
    #expect(result.slot("list_name")?.value == "list.groceries")
  }

  /// The model weighs "trash" as it weighs the examples' "remove".
  @Test(arguments: [
    "trash my groceries list", "get rid of my groceries list", "throw out my groceries list",
  ])
  func theModelSeesRemoveSaidAnotherWayAsRemove(text: String) throws {
    let router = Router(vocabulary: try Self.listsApp(removing: Self.removingWithRemove))
    let said = try router.route("remove my groceries list").candidates.first
    let saidOtherwise = try router.route(text).candidates.first
    #expect(said?.intent == "lists_remove" && saidOtherwise?.intent == "lists_remove")
    #expect(said?.probability == saidOtherwise?.probability)
  }
}
