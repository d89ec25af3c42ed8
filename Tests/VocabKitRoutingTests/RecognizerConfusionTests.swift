import Foundation
import Testing
import VocabKitNormalization

@testable import VocabKitRouting

/// Carrier words as a recognizer hears them ("but" for "put"), learned by the intent model.
@Suite struct RecognizerConfusionTests {
  /// "put" heard as "but", with the list's name misheard too: the intent stands, as it does
  /// when only the name is misheard.
  @Test func aCarrierWordHeardAsAnotherKeepsTheIntent() throws {
    let router = Router(vocabulary: whisperVocabulary)
    let result = try router.route("but socks on the misty lint list")
    #expect(result.intent == "INAddTasksIntent")
  }

  /// "and" is still a conjunction: words joined by it name no intent.
  @Test(arguments: ["bread and butter", "salt and pepper"])
  func aConjunctionAloneIsNoIntent(text: String) throws {
    #expect(try Router(vocabulary: whisperVocabulary).route(text).intent == nil)
  }

  /// Each word said is one word (the model replaces one word of a template) and differs from
  /// what was heard.
  @Test func everyConfusionReplacesOneWord() throws {
    let table = RecognizerConfusions.table(language: "en")
    #expect(!table.isEmpty)
    for (word, heard) in table {
      #expect(try Normalizer.shared.normalize(word).count == 1, "\(word)")
      #expect(try !Normalizer.shared.normalize(heard).isEmpty, "\(heard)")
      #expect(word != heard)
    }
    #expect(RecognizerConfusions.table(language: "zh").isEmpty)
  }
}
