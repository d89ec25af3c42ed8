import Foundation
import Testing
import VocabKitMatching
import VocabKitVocabulary

@testable import VocabKitRouting

/// A possessive names the entry of the name it belongs to ("reply to mark's email" is Mark),
/// unless the words as written match as well ("richard's" may be Richards) or a title goes on
/// after it.
@Suite struct PossessiveTests {
  static let vocabulary: CompiledVocabulary = try! mailVocabulary()

  /// A mail app whose contacts include a first name and a name ending in s.
  static func mailVocabulary() throws -> CompiledVocabulary {
    let intent = "email_sendemail"
    let app = App(
      bundleIdentifier: "com.example.mail", folder: "Mail.app", name: "Mail",
      names: [AppName(text: "Mail", kind: .bundleName)],
      intents: [
        Intent(
          name: intent,
          examples: StandardPhrasingTests.examples([
            "reply to ${person} email", "send an email to ${person}",
          ]))
      ],
      parameterVocabularies: [
        ParameterName(intent: intent, parameter: "person"): StandardPhrasingTests.items(
          ["Mark", "Mary S.", "Richards", "Richard Nicastro"], kind: "person")
      ])
    return try CompiledVocabulary(registry: VocabularyRegistry(apps: [app]))
  }

  func route(_ text: String) throws -> RouteResult {
    try Router(vocabulary: Self.vocabulary).route(text)
  }

  @Test func aPossessiveNamesItsName() throws {
    let result = try route("reply to mark's email")
    #expect(result.intent == "email_sendemail")
    #expect(result.slot("person")?.value == "person.mark")
    #expect(result.slot("person")?.resolution == .success)
    #expect(try route("reply to mark’s email").slot("person")?.value == "person.mark")
  }

  /// A recognizer that writes the possessive apart ("richard 's") heard a possessive: the
  /// name said is Richard, who may be Richard Nicastro, not Richards for certain.
  @Test func aPossessiveWrittenApartNamesItsName() throws {
    let result = try route("send an email to richard 's")
    #expect(result.intent == "email_sendemail")
    let person = result.slot("person")
    #expect(person?.resolution == .disambiguation)
    #expect(person?.candidates.map(\.identifier).contains("person.richard-nicastro") == true)
    #expect(try route("reply to mark 's email").slot("person")?.value == "person.mark")
  }

  /// "richard's" is how recognizers write Richards too: the written reading stays first when
  /// it matches as well.
  @Test func theWrittenReadingWinsATie() throws {
    let result = try route("reply to richards email")
    #expect(result.slot("person")?.value == "person.richards")
    #expect(try route("reply to richard's email").slot("person")?.value == "person.richards")
  }

  /// Only a possessive that a template word follows, or that ends the utterance, is read so.
  @Test func onlyBeforeACarrierWord() throws {
    let vocabulary = Self.vocabulary
    let utterance = try PreparedUtterance(
      "reply to mark's handover mark's", normalizer: vocabulary.normalizer)
    let read = RoutingContext.withoutPossessives(utterance, carrierKeys: vocabulary.carrierKeySet)
    #expect(read?.tokens == [false, false, false, false, true])
    #expect(read?.utterance.tokens[4].latinKey == "mark")
    let plain = try PreparedUtterance("send an email to mark", normalizer: vocabulary.normalizer)
    #expect(RoutingContext.withoutPossessives(plain, carrierKeys: vocabulary.carrierKeySet) == nil)
  }
}
