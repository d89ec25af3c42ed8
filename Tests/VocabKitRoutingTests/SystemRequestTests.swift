import Foundation
import Testing
import VocabKitMatching
import VocabKitNormalization

@testable import VocabKitRouting
@testable import VocabKitVocabulary

/// Requests the assistant answers itself (timers, alarms, weather), learned as out of scope.
@Suite struct SystemRequestTests {
  let router = Router(vocabulary: sampleVocabulary)

  /// A system request that borrows an app's verb and preposition ("add … to …") names no
  /// list: a timer is not a to-do list.
  @Test(arguments: ["add ten minutes to the timer"])
  func aSystemRequestWithAnAppsVerbIsNoIntent(text: String) throws {
    #expect(try router.route(text).intent == nil)
  }

  /// Every first-class language has requests, and none opens with the words that open one of
  /// the standard phrasings of its language, up to its first slot ("play", "включи",
  /// "เปิดเพลง", "set a reminder to"; "set the thermostat …" may open with "set"): the
  /// requests teach the domains' words, and must not teach that an app's own opening means no
  /// intent when the recognizer mishears the name after it. "tell me …" is no app's opening:
  /// a message is not sent to oneself.
  @Test(arguments: ["en", "zh", "ru", "hi", "th"])
  func requestsDoNotOpenAsAnAppsPhrasingsDo(language: String) {
    let sentences = SystemRequests.sentences(language: language)
    #expect(sentences.count >= 20)
    var openings = Set<String>()
    for intent in StandardPhrasings.table.keys {
      for phrasing in StandardPhrasings.phrasings(intent: intent, language: language) {
        // Up to the first slot, with the space before it ("play "), or none.
        let opening = String(phrasing.prefix { $0 != "$" })
        if !opening.isEmpty { openings.insert(opening) }
      }
    }
    #expect(!openings.isEmpty)
    for sentence in sentences {
      if sentence.hasPrefix("tell me ") { continue }
      let opens = openings.contains { sentence.hasPrefix($0) }
      #expect(!opens, "\(sentence)")
    }
  }

  /// A word only system requests have ("raincoat") is a feature of the model but not a word
  /// it knows: coverage, the share of an utterance's words the intents' examples had, does
  /// not count it.
  @Test func aWordOnlySystemRequestsHaveIsNotKnown() throws {
    let model = sampleVocabulary.intentModel
    let raincoat = try #require(
      sampleVocabulary.normalizer.normalize("raincoat").first.map {
        IntentWord(latin: $0.latinKey)
      })
    #expect(model.rows[IntentFeatures.unigrams(of: raincoat).latin] != nil)
    #expect(!model.knows(raincoat))
    let inbox = try #require(
      sampleVocabulary.normalizer.normalize("inbox").first.map { IntentWord(latin: $0.latinKey) })
    #expect(model.knows(inbox))
  }
}
