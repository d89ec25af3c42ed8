import Foundation
import Testing
import VocabKitVocabulary

@testable import VocabKitRouting

/// Bound slots the chosen template has no place for are still found where the utterance
/// says them (issue 20, item 3): free phrasing rarely matches a template word for word.
@Suite struct SpottedSlotTests {
  static let vocabulary: CompiledVocabulary = try! musicVocabulary()

  /// A music app whose intent has two bound parameters; one template names both, one none.
  static func musicVocabulary() throws -> CompiledVocabulary {
    let items = { StandardPhrasingTests.items($0, kind: $1) }
    let intent = "play_music"
    let app = App(
      bundleIdentifier: "com.example.radio", folder: "Radio.app", name: "Radio",
      names: [AppName(text: "Radio", kind: .bundleName)],
      intents: [
        Intent(
          name: intent,
          examples: StandardPhrasingTests.examples([
            "play ${song_name} by ${artist_name}", "i want to hear some ${music_genre}",
          ]))
      ],
      parameterVocabularies: [
        ParameterName(intent: intent, parameter: "song_name"): items(
          ["Limelight", "We Will Rock You", "Tom Sawyer"], "song"),
        ParameterName(intent: intent, parameter: "artist_name"): items(
          ["Rush", "Queen", "Adele"], "artist"),
      ])
    return try CompiledVocabulary(registry: VocabularyRegistry(apps: [app]))
  }

  func route(_ text: String) throws -> RouteResult {
    try Router(vocabulary: Self.vocabulary).route(text)
  }

  @Test func boundSlotsOutsideTheTemplateAreFound() throws {
    let result = try route("i want to hear limelight by rush")
    #expect(result.intent == "play_music")
    #expect(result.template == "i want to hear some ${music_genre}")
    #expect(result.slot("song_name")?.value == "song.limelight")
    #expect(result.slot("song_name")?.text == "limelight")
    #expect(result.slot("artist_name")?.value == "artist.rush")
    #expect(result.slot("artist_name")?.resolution == .success)
  }

  /// Without a template beside it, a word that is only part of a title is not the title.
  @Test func partOfATitleIsNotSpotted() throws {
    let result = try route("i want to hear some rock")
    #expect(result.intent == "play_music")
    #expect(result.slot("song_name") == nil)
  }

  /// Words the template itself placed are not taken twice.
  @Test func aTemplateSlotKeepsItsWords() throws {
    let result = try route("play tom sawyer by queen")
    #expect(result.template == "play ${song_name} by ${artist_name}")
    #expect(result.slot("song_name")?.value == "song.tom-sawyer")
    #expect(result.slot("artist_name")?.value == "artist.queen")
    #expect(result.slots.count == 2)
  }

  /// A list whose name ends in the template's own word: "shopping list" sounds like the
  /// list Shopping List, but the template already said "list", so the list is Shopping; and
  /// where no template word takes it (the template's slot, or spotted beside other words),
  /// Shopping List stands.
  @Test func aMatchExplainedAwayByTheTemplatesWordIsTakenBack() throws {
    func router(_ examples: [String]) throws -> Router {
      let intent = "show_list"
      let app = App(
        bundleIdentifier: "com.example.lists", folder: "Lists.app", name: "Lists",
        names: [AppName(text: "Lists", kind: .bundleName)],
        intents: [Intent(name: intent, examples: StandardPhrasingTests.examples(examples))],
        parameterVocabularies: [
          ParameterName(intent: intent, parameter: "list_name"): StandardPhrasingTests.items(
            ["Shopping", "Shopping List"], kind: "list")
        ])
      return Router(
        vocabulary: try CompiledVocabulary(registry: VocabularyRegistry(apps: [app])))
    }
    let lists = try router(["show me ${list_name}", "what is on my list"])
    let said = try lists.route("what is on my shopping list")
    #expect(said.template == "what is on my list")
    #expect(said.slot("list_name")?.value == "list.shopping")
    let named = try lists.route("show me shopping list")
    #expect(named.slot("list_name")?.value == "list.shopping-list")
    // Spotted where the template says no word of the longer match: it stands.
    let notes = try router(["delete the ${list_name} list now", "open my notes"])
    let spotted = try notes.route("open my notes shopping list")
    #expect(spotted.template == "open my notes")
    #expect(spotted.slot("list_name")?.value == "list.shopping-list")
  }

  /// Words outside the slot do not tell tied names apart: "saying" is the template's word,
  /// though "alex saying" sounds a little like Alex Chen.
  @Test func tiedNamesAreToldApartOnlyByTheSlotsOwnWords() throws {
    let result = try Router(vocabulary: sampleVocabulary).route(
      "send a message to alex saying where are you")
    #expect(result.slot("recipients")?.resolution == .disambiguation)
    #expect(result.slot("recipients")?.candidates.count == 3)
  }
}
