import Foundation
import Testing

@testable import VocabKitRouting

/// A name the recognizer misheard does not veto the intent (issue 20, item 4), also when one
/// of its words is a word of some entry: such a slot is no worse a name misheard than words
/// that match nothing.
@Suite struct MisheardNameTests {
  /// The Whisper corpus's vocabulary: four apps, 300 contacts from the US Census.
  static let whisperVocabulary = try! CompiledVocabulary.load(
    directory: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("corpora/whisper/vocab"))

  /// Whisper heard "could you ring letha sanders" as "… let us hand them", whose "hand" is
  /// Eve Hand's: the call stands, and the app asks who (or offers whom it found).
  @Test func aCallWhoseNameHoldsAnotherEntrysWordStands() throws {
    let result = try Router(vocabulary: Self.whisperVocabulary).route(
      "could you ring let us hand them")
    #expect(result.intent == "INStartCallIntent", "\(result.score)")
    let contacts = try #require(result.slot("contacts"))
    #expect(!(contacts.resolution == .success && contacts.value == "contact.eve-hand"))
  }

  /// "Route Sixty Six" said in Hindi: the slot holds the playlist's "66" among words the
  /// matcher does not take for it; the request still plays it.
  @Test func aPlaylistPartlyFoundInItsSlotIsPlayed() throws {
    let result = try Router(vocabulary: sampleVocabulary).route("रूट सिक्सटी सिक्स चलाओ")
    #expect(result.intent == "INPlayMediaIntent", "\(result.score)")
    #expect(result.slot("mediaSearch")?.value == "playlist.route-66")
  }
}
