import Testing
import VocabKitNormalization

@testable import VocabKitRouting

@Suite("Media qualifiers") struct MediaQualifierTests {
  @Test("the written-out keys are the ones the normalizer makes, phrase by phrase")
  func writtenOutKeysAreTheNormalizers() throws {
    let normalized = try MediaQualifiers(normalizer: Normalizer.shared)
    let written = MediaQualifiers()
    #expect(MediaQualifiers.phraseKeys.count == MediaQualifiers.phrases.count)
    #expect(normalized.keys.map(\.keys) == written.keys.map(\.keys))
    #expect(normalized.keys.map(\.kind) == written.keys.map(\.kind))
  }

  @Test("a qualifier is found in Chinese and in the pinyin a recognizer writes for it")
  func chineseAndPinyin() throws {
    let qualifiers = MediaQualifiers()
    for text in ["播放破冰行动大结局", "play po bing xing dong da jieju"] {
      let tokens = try Normalizer.shared.normalize(text)
      let found = qualifiers.find(in: tokens, range: tokens.indices)
      #expect(found.map(\.kind) == [.finale], "\(text): \(found)")
    }
  }

  /// 一集 of 最新一集 ("the latest episode") was taken for episode 1. A Chinese count names
  /// an episode only as an ordinal (第三集) or in digits.
  @Test(
    "an episode counted is no episode number",
    arguments: [
      ("用爱奇艺播放延禧攻略最新一集", nil, true), ("播放延禧攻略第三集", 3, false),
      ("播放破冰行动最后一集", nil, false),
    ] as [(String, Int64?, Bool)])
  func anEpisodeCountedIsNoEpisodeNumber(text: String, episode: Int64?, latest: Bool) throws {
    let result = try Router(vocabulary: sampleVocabulary).route(text)
    #expect(result.intent == "INPlayMediaIntent")
    #expect(result.mediaSearch?.episode == episode)
    #expect(result.mediaSearch?.latest == latest)
  }

  /// The "of" that joins a qualifier to the title was the title's first word ("of yanxi
  /// palace"); one inside the title stays.
  @Test(
    "the of after a qualifier is no word of the title",
    arguments: [
      ("play the latest episode of yanxi palace on iqiyi", "yanxi palace"),
      ("play episode 3 of game of thrones on iqiyi", "game of thrones"),
      ("play season 2 of friends", "friends"),
    ])
  func theOfAfterAQualifierIsNoWordOfTheTitle(text: String, title: String) throws {
    let result = try Router(vocabulary: sampleVocabulary).route(text)
    #expect(result.intent == "INPlayMediaIntent")
    #expect(result.mediaSearch?.title == title)
  }
}
