import Testing
import VocabKitNormalization

@testable import VocabKitRouting

/// Words that name a kind of media ("песни", "गाने", "เพลง") and the particles that join a
/// title to its kind (के, ของ) are understood in every first-class language, as "songs" and
/// 的歌 are: the title is the rest, and the kind is reported.
@Suite struct MediaWordTests {
  let router = Router(vocabulary: sampleVocabulary)

  @Test("the written-out keys are the ones the normalizer makes, in their script")
  func writtenOutKeysAreTheNormalizers() throws {
    let words =
      RoutingLexicon.scriptedMediaTypes.map { ($0.script, $0.text, $0.keys) }
      + RoutingLexicon.scriptedQualifierParticles.map { ($0.script, $0.text, $0.keys) }
    for (script, text, keys) in words {
      let tokens = try Normalizer.shared.normalize(text)
      #expect(tokens.map(\.latinKey) == keys, "\(text)")
      #expect(tokens.allSatisfy { $0.script == script }, "\(text)")
    }
  }

  /// "टेलर स्विफ्ट के गाने चलाओ" ("play Taylor Swift's songs", the name written in
  /// Devanagari) was no intent: "के गाने" counted as words of the title.
  @Test(arguments: [
    ("टेलर स्विफ्ट के गाने चलाओ", "artist.taylor"), ("किनो के गाने चलाओ", "artist.kino"),
    ("включи песни кино", "artist.kino"), ("включи песни тейлор свифт", "artist.taylor"),
  ])
  func aKindOfMediaSaidWithTheTitleIsNoPartOfIt(text: String, value: String) throws {
    let result = try router.route(text)
    #expect(result.intent == "INPlayMediaIntent")
    #expect(result.slot("mediaSearch")?.value == value)
    #expect(result.mediaSearch?.mediaType == "song")
  }

  /// Only in their own script: a Latin "trek" is a title's word, not a Russian track.
  @Test func aWordOfAnotherScriptIsNoMediaWord() throws {
    let result = try router.route("play star trek")
    #expect(result.mediaSearch?.mediaType == nil)
    #expect(result.mediaSearch?.title == "star trek")
  }
}
