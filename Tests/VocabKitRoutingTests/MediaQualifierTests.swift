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
}
