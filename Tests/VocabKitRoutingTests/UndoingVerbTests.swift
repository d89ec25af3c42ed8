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
  ])
  func anUndoingRequestIsNotAnAddingIntent(text: String) throws {
    let result = try Router(vocabulary: sampleVocabulary).route(text)
    #expect(result.intent == nil)
    #expect(!result.candidates.contains { $0.intent == "INAddTasksIntent" })
  }

  @Test func theSameListsStillTakeWhatIsAdded() throws {
    let result = try Router(vocabulary: sampleVocabulary).route("add milk to my groceries list")
    #expect(result.intent == "INAddTasksIntent")
    #expect(result.slot("targetTaskList")?.value == "list.groceries")
  }

  /// An app whose intent says "remove" takes "delete" too, its paraphrase.
  @Test(arguments: ["remove milk from groceries", "delete milk from groceries"])
  func anIntentThatSaysTheVerbTakesIt(text: String) throws {
    let app = App(
      bundleIdentifier: "com.example.lists", folder: "Lists.app", name: "Lists",
      names: [AppName(text: "Lists", kind: .bundleName)],
      intents: [
        Intent(
          name: "lists_remove",
          examples: StandardPhrasingTests.examples([
            "remove ${item} from ${list_name}", "take ${item} off my ${list_name} list",
          ])),
        Intent(
          name: "lists_add",
          examples: StandardPhrasingTests.examples([
            "add ${item} to ${list_name}", "put ${item} on my ${list_name} list",
          ])),
      ],
      parameterVocabularies: [
        ParameterName(intent: "lists_remove", parameter: "list_name"):
          StandardPhrasingTests.items(["Groceries", "Work"], kind: "list"),
        ParameterName(intent: "lists_add", parameter: "list_name"):
          StandardPhrasingTests.items(["Groceries", "Work"], kind: "list"),
      ])
    let vocabulary = try CompiledVocabulary(registry: VocabularyRegistry(apps: [app]))
    #expect(vocabulary.requestKindVerbs.contains { $0.isSuperset(of: ["remove", "delete"]) })
    let result = try Router(vocabulary: vocabulary).route(text)
    #expect(result.intent == "lists_remove")
  }
}
