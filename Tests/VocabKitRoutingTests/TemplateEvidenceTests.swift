import Testing
import VocabKitRouting
import VocabKitVocabulary

/// Templates made of free-text slots and common words fit any sentence: they must not fire on
/// their own, while templates with real carrier words or bound vocabulary still do.
@Suite struct TemplateEvidenceTests {
  static let vocabulary: CompiledVocabulary = {
    let app = App(
      bundleIdentifier: "com.example.home", folder: "Home.app", name: "Home",
      names: [AppName(text: "Home", kind: .bundleName)],
      intents: [
        Intent(
          name: "ChangeSetting",
          examples: [IntentExample(text: "${setting} the ${device}", localization: "en")]),
        Intent(
          name: "DimLights",
          examples: [IntentExample(text: "dim the ${room} lights", localization: "en")]),
        Intent(
          name: "StartScene",
          examples: [IntentExample(text: "start ${scene}", localization: "en")]),
      ],
      parameterVocabularies: [
        ParameterName(intent: "StartScene", parameter: "scene"): [
          VocabularyItem(
            identifier: "scene.movie", phrases: [VocabularyPhrase(text: "Movie Night")])
        ]
      ])
    return try! CompiledVocabulary(registry: VocabularyRegistry(apps: [app]))
  }()

  @Test(arguments: ["turn up the brightness", "open the door", "what is the weather"])
  func freeTextAndCommonWordsAloneDoNotFire(utterance: String) throws {
    let result = try Router(vocabulary: Self.vocabulary).route(utterance)
    #expect(result.intent == nil, "\(result.candidates)")
  }

  @Test func aDistinctiveCarrierWordFires() throws {
    let result = try Router(vocabulary: Self.vocabulary).route("dim the kitchen lights")
    #expect(result.intent == "DimLights")
    #expect(result.slot("room")?.value == "kitchen")
  }

  @Test func aBoundSlotFires() throws {
    let result = try Router(vocabulary: Self.vocabulary).route("start movie night")
    #expect(result.intent == "StartScene")
    #expect(result.slot("scene")?.value == "scene.movie")
  }
}
