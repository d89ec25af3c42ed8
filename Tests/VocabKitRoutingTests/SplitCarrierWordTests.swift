import Testing

@testable import VocabKitRouting

/// ICU's dictionary breaker splits a Thai carrier word before a name it does not know
/// (เพลง of "เปิดเพลง${mediaSearch}" becomes เพ + ลง before เทย์เลอร์): the router joins it
/// again, so the template still says its word.
@Suite struct SplitCarrierWordTests {
  @Test func aSplitWordIsJoinedAgain() throws {
    let tokens = try sampleVocabulary.normalizer.normalize("เปิดเพลงเทย์เลอร์ สวิฟต์")
    // The breaker's split, which the join undoes: if ICU stops splitting, this test says so.
    #expect(tokens.map(\.folded).prefix(3) == ["เปิด", "เพ", "ลง"])
    let joined = sampleVocabulary.unspacedCarrierWords.joining(tokens)
    #expect(joined.map(\.folded).prefix(3) == ["เปิด", "เพลง", "เทย์"])
    #expect(joined[1].latinKey == "phleng")
    #expect(
      joined[1].scalarRange == tokens[1].scalarRange.lowerBound..<tokens[2].scalarRange.upperBound)
    // Latin, Chinese and unsplit Thai are left alone.
    for text in ["play chill vibes", "播放破冰行动大结局", "เปิดเพลงDeep Focus"] {
      let tokens = try sampleVocabulary.normalizer.normalize(text)
      #expect(sampleVocabulary.unspacedCarrierWords.joining(tokens) == tokens)
    }
  }

  /// These were no intent. The Thai syllable เทย์ ("Tay" of Taylor) has the Latin key "the",
  /// and was dropped from the title as an English article.
  @Test(arguments: [
    ("เปิดเพลงเทย์เลอร์ สวิฟต์", "เทย์เลอร์ สวิฟต์"), ("เปิดเพลงชิลไวบ์ส", "ชิลไวบ์ส"),
  ])
  func aThaiRequestBeforeAnUnknownNameKeepsItsIntent(text: String, title: String) throws {
    let result = try Router(vocabulary: sampleVocabulary).route(text, locale: "th-TH")
    #expect(result.intent == "INPlayMediaIntent")
    #expect(result.app == "com.example.melody")
    #expect(result.slot("mediaSearch")?.text == title)
  }
}
