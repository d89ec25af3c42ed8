import Foundation
import Testing
import VocabKitRouting

/// The generated Whisper corpus's vocabulary (300 census contacts, lists, playlists), compiled
/// once for these tests.
let whisperVocabulary: CompiledVocabulary = {
  let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  return try! CompiledVocabulary.load(
    directory: root.appendingPathComponent("corpora/whisper/vocab"))
}()

/// An entry of the vocabulary named in a phrasing no template has is evidence for the
/// intents whose parameters it serves.
@Suite struct VocabularyEvidenceTests {
  @Test func anEntryNamedInAnUnwrittenPhrasingCarriesItsIntent() throws {
    let router = Router(vocabulary: whisperVocabulary)
    // No template says "throw on … in …": the playlist's exact name carries an intent that
    // takes it. Playing it and adding to it both do, and the model has never seen "throw".
    let play = try router.route("throw on deep focus in tempo music")
    let slots = ["INPlayMediaIntent": "mediaSearch", "INAddMediaIntent": "mediaDestination"]
    let slot = try #require(slots[play.intent ?? ""], "\(play.intent ?? "no intent")")
    #expect(play.slot(slot)?.value == "playlist.deep-focus")
    let best = try #require(play.candidates.first)
    #expect(best.evidence == 1)
    // The same words with only part of a name ("kitchen" of Soul Kitchen): no intent.
    let unnamed = try router.route("throw on the kettle in the kitchen")
    #expect(unnamed.intent == nil)
    #expect(unnamed.candidates.allSatisfy { $0.evidence < 1 })
  }

  @Test func intentsThatTakeTheNamedEntryShareItsEvidence() throws {
    let router = Router(vocabulary: whisperVocabulary)
    // No template says "reach …"; the contact, said exactly, is evidence for calling and
    // for messaging, and neither alone is likely enough. Together they are: the utterance
    // means one of them, with the contact resolved.
    let result = try router.route("reach simon ortiz")
    let intent = try #require(result.intent)
    #expect(["INStartCallIntent", "INSendMessageIntent"].contains(intent))
    let contact = result.slot("contacts") ?? result.slot("recipients")
    #expect(contact?.value == "contact.simon-ortiz")
    let takers = result.candidates.filter { $0.evidence == 1 }
    #expect(Set(takers.map(\.intent)) == ["INStartCallIntent", "INSendMessageIntent"])
    #expect(takers.allSatisfy { $0.probability < 0.3 })
  }

  @Test func aMisheardNameDoesNotVetoTheIntent() throws {
    let router = Router(vocabulary: whisperVocabulary)
    // Whisper heard "phone mona buchanan" as "phone mode of your cannon": the carrier word
    // was said, the name matches no contact. The intent stands; the name is not claimed.
    let call = try router.route("phone mode of your cannon")
    #expect(call.intent == "INStartCallIntent")
    let contact = try #require(call.slot("contacts"))
    #expect(contact.resolution != .success)
    #expect(contact.value == nil)
    // "shuffle bossa nova", heard as "shuffle master gnome".
    #expect(try router.route("shuffle master gnome").intent == "INPlayMediaIntent")
  }

  @Test func evidenceIsOnlyForTheIntentsTheEntryServes() throws {
    let router = Router(vocabulary: sampleVocabulary)
    let result = try router.route("put eggs under groceries")
    #expect(result.intent == "INAddTasksIntent")
    for candidate in result.candidates {
      // Groceries is a to-do list of Taskly: only its task intents' parameters are served by
      // it, not another app's.
      #expect(
        (candidate.evidence == 1)
          == (candidate.app == "com.example.taskly" && candidate.intent == "INAddTasksIntent"))
    }
  }
}
