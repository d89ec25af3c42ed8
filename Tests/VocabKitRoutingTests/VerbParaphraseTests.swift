import Foundation
import Testing
import VocabKitNormalization
import VocabKitVocabulary

@testable import VocabKitRouting

/// Verbs said another way than the app's examples say them ("hear" for "play").
@Suite struct VerbParaphraseTests {
  /// A music app with intents of its own (not Apple's, so no standard phrasings): every
  /// example of playing says "play", every example of adding says "add".
  static let music: CompiledVocabulary = try! {
    let play = "PlayMusic"
    let add = "AddToPlaylist"
    let app = App(
      bundleIdentifier: "com.example.music", folder: "Music.app", name: "Music",
      names: [AppName(text: "Music", kind: .bundleName)],
      intents: [
        Intent(
          name: play,
          examples: StandardPhrasingTests.examples([
            "play ${artist}", "play some ${artist}", "play songs by ${artist}",
            "play ${artist} on ${service}",
          ])),
        Intent(
          name: add,
          examples: StandardPhrasingTests.examples([
            "add ${artist} to ${playlist}", "add this song to ${playlist}",
            "add ${artist} to my ${playlist} playlist",
          ])),
      ],
      parameterVocabularies: [
        ParameterName(intent: play, parameter: "artist"): StandardPhrasingTests.items(
          ["Nina Simone", "Miles Davis"], kind: "artist"),
        ParameterName(intent: play, parameter: "service"): StandardPhrasingTests.items(
          ["Spotify", "Deezer"], kind: "service"),
        ParameterName(intent: add, parameter: "artist"): StandardPhrasingTests.items(
          ["Nina Simone", "Miles Davis"], kind: "artist"),
        ParameterName(intent: add, parameter: "playlist"): StandardPhrasingTests.items(
          ["Road Trip", "Sunday Morning"], kind: "playlist"),
      ])
    return try CompiledVocabulary(registry: VocabularyRegistry(apps: [app]))
  }()

  /// "listen to" and "hear" ask to play, though no example says so; "to" alone, which every
  /// example of adding says, does not make them additions.
  @Test(arguments: [
    "i want to hear some nina simone", "let me listen to miles davis on spotify",
    "i want to listen to nina simone on deezer",
  ])
  func hearingAndListeningPlay(text: String) throws {
    let result = try Router(vocabulary: Self.music).route(text)
    #expect(result.intent == "PlayMusic", "\(text)")
  }

  /// The app's own verbs keep their intents.
  @Test func theAppsOwnVerbsStillRoute() throws {
    let router = Router(vocabulary: Self.music)
    #expect(try router.route("play nina simone").intent == "PlayMusic")
    let added = try router.route("add miles davis to my road trip playlist")
    #expect(added.intent == "AddToPlaylist")
    #expect(added.slot("playlist")?.value == "playlist.road-trip")
  }

  /// Every paraphrase of every language normalizes to words, and every verb to one word (the
  /// model replaces one word of a template): a table entry that does not is never used.
  @Test(arguments: ["en", "ru", "hi", "th"])
  func everyVerbIsOneWord(language: String) throws {
    let table = VerbParaphrases.table(language: language)
    #expect(!table.isEmpty)
    for (verb, paraphrases) in table {
      #expect(try Normalizer.shared.normalize(verb).count == 1, "\(verb)")
      for paraphrase in paraphrases {
        #expect(try !Normalizer.shared.normalize(paraphrase).isEmpty, "\(paraphrase)")
      }
    }
  }
}
