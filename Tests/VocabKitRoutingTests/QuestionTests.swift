import Testing
import VocabKitNormalization
import VocabKitVocabulary

@testable import VocabKitRouting

/// A question that names an entry is not a command to do something with it: only intents
/// whose examples ask questions take one.
@Suite struct QuestionTests {
  @Test func aQuestionNamingAnEntryIsNoCommand() throws {
    let router = Router(vocabulary: sampleVocabulary)
    for text in [
      "what is route 66", "who is taylor swift dating", "how do i clean out my inbox",
      "um where is my inbox",
    ] {
      #expect(try router.route(text).intent == nil, "\(text)")
    }
    // The same entries in commands, and a suggestion that opens like a question.
    #expect(try router.route("play route 66").intent == "INPlayMediaIntent")
    #expect(try router.route("how about playing route 66").intent == "INPlayMediaIntent")
  }

  @Test func anIntentWhoseExamplesAskTakesQuestions() throws {
    let intent = "lists_query"
    let app = App(
      bundleIdentifier: "com.example.lists", folder: "Lists.app", name: "Lists",
      names: [AppName(text: "Lists", kind: .bundleName)],
      intents: [
        Intent(
          name: intent,
          examples: StandardPhrasingTests.examples([
            "what is on my ${list_name} list", "show me my ${list_name} list",
          ]))
      ],
      parameterVocabularies: [
        ParameterName(intent: intent, parameter: "list_name"): StandardPhrasingTests.items(
          ["Groceries", "Chores"], kind: "list")
      ])
    let vocabulary = try CompiledVocabulary(registry: VocabularyRegistry(apps: [app]))
    let result = try Router(vocabulary: vocabulary).route("what's on my groceries list")
    #expect(result.intent == intent)
    #expect(result.slot("list_name")?.value == "list.groceries")
  }

  @Test func questionOpenings() throws {
    func isQuestion(_ text: String) throws -> Bool {
      RoutingLexicon.isQuestion(try Normalizer.shared.normalize(text))
    }
    #expect(try isQuestion("what's on my list"))
    #expect(try isQuestion("please who called"))
    #expect(try isQuestion("кто мне звонил"))
    #expect(try !isQuestion("what about jazz"))
    #expect(try !isQuestion("play what i like"))
    #expect(try !isQuestion(""))
  }
}
