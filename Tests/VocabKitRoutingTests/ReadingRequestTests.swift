import Testing
import VocabKitVocabulary

@testable import VocabKitRouting

/// A request to see what an app has ("show me my groceries list"), or a yes-or-no question
/// about it ("is milk on my groceries list"), goes to an intent that reads, never to the
/// intent that adds to the list or writes to the person it names.
@Suite struct ReadingRequestTests {
  @Test(arguments: [
    "show me my groceries list", "read my groceries list", "check my work list",
    "view my groceries list", "display my reading list", "read my messages from mom",
    "show messages from maria", "look up alex chen", "show my deep focus playlist",
    "покажи список покупок", "แสดงรายการ Inbox", "राहुल के संदेश पढ़ो", "इनबॉक्स दिखाओ",
  ])
  func aReadingRequestIsNotAWritingIntent(text: String) throws {
    let result = try Router(vocabulary: sampleVocabulary).route(text)
    #expect(result.intent == nil)
  }

  @Test(arguments: [
    "is milk on my groceries list", "are eggs on my groceries list", "did mom text me",
    "was maria on my groceries list",
  ])
  func aYesOrNoQuestionIsNotACommand(text: String) throws {
    let result = try Router(vocabulary: sampleVocabulary).route(text)
    #expect(result.intent == nil)
  }

  /// A reading verb is one in its own script: Thai อ่าน "read" has the Latin key "an".
  @Test(arguments: [
    ("add an apple to groceries", "INAddTasksIntent"),
    ("राहुल को संदेश भेजो मैं आ रहा हूँ", "INSendMessageIntent"),
    ("ส่งข้อความถึงสมชายว่ากำลังไป", "INSendMessageIntent"),
  ])
  func aWordThatReadsInAnotherScriptIsNoReadingVerb(text: String, intent: String) throws {
    #expect(try Router(vocabulary: sampleVocabulary).route(text).intent == intent)
  }

  @Test(arguments: [
    ("is it possible to call mom", "INStartCallIntent"),
    ("are you able to play deep focus", "INPlayMediaIntent"),
    ("please check that you add milk to my groceries list", nil),
    ("add milk to my groceries list", "INAddTasksIntent"),
  ])
  func aPoliteRequestIsStillARequest(text: String, intent: String?) throws {
    let result = try Router(vocabulary: sampleVocabulary).route(text)
    #expect(result.intent == intent)
  }

  /// "скажи ${recipients} что ${content}" says "что" as "that": sending a message asks
  /// nothing, though "что" opens Russian questions.
  @Test func aWordThatOpensQuestionsElsewhereAsksNothingInsideATemplate() throws {
    let labels = sampleVocabulary.intentModel.labels
    let message = try #require(
      labels.firstIndex { $0.app == "com.example.chatter" && $0.intent == "INSendMessageIntent" })
    #expect(!sampleVocabulary.asksQuestions[message])
  }

  /// An app with an intent that reads takes every reading verb, and its adding intent
  /// still takes what is added.
  @Test(arguments: [
    ("show me my groceries list", "lists_query"), ("check my work list", "lists_query"),
    ("is milk on my groceries list", "lists_query"), ("add milk to groceries", "lists_add"),
  ])
  func anIntentThatReadsTakesThem(text: String, intent: String) throws {
    let app = App(
      bundleIdentifier: "com.example.lists", folder: "Lists.app", name: "Lists",
      names: [AppName(text: "Lists", kind: .bundleName)],
      intents: [
        Intent(
          name: "lists_query",
          examples: StandardPhrasingTests.examples([
            "what is on my ${list_name} list", "is ${item} on my ${list_name} list",
          ])),
        Intent(
          name: "lists_add",
          examples: StandardPhrasingTests.examples([
            "add ${item} to ${list_name}", "put ${item} on my ${list_name} list",
          ])),
      ],
      parameterVocabularies: [
        ParameterName(intent: "lists_query", parameter: "list_name"):
          StandardPhrasingTests.items(["Groceries", "Work"], kind: "list"),
        ParameterName(intent: "lists_add", parameter: "list_name"):
          StandardPhrasingTests.items(["Groceries", "Work"], kind: "list"),
      ])
    let vocabulary = try CompiledVocabulary(registry: VocabularyRegistry(apps: [app]))
    let result = try Router(vocabulary: vocabulary).route(text)
    #expect(result.intent == intent)
  }
}
