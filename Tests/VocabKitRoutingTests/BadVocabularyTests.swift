import Testing
import VocabKitRouting
import VocabKitVocabulary

/// Vocabularies that are legal but strange: empty, or with one phrase under two identifiers.
@Suite struct BadVocabularyTests {
  func messenger(_ contacts: [VocabularyItem]) throws -> Router {
    let app = App(
      bundleIdentifier: "com.example.talk", folder: "Talk.app", name: "Talk",
      names: [AppName(text: "Talk", kind: .bundleName)],
      intents: [
        Intent(
          name: "INStartCallIntent",
          examples: [IntentExample(text: "call ${contacts}", localization: "Base")])
      ],
      userVocabulary: [.contactName: contacts])
    return Router(vocabulary: try CompiledVocabulary(registry: VocabularyRegistry(apps: [app])))
  }

  /// An app whose contact list is empty: the parameter has no vocabulary, so it is free text.
  /// The call stands, as a misheard or unknown name must not veto it, with the words said as
  /// the free-text contact: never a crash and never an invented contact.
  @Test func zeroEntries() throws {
    let result = try messenger([]).route("call alex kim")
    #expect(result.candidates.first?.intent == "INStartCallIntent")
    #expect(result.intent == "INStartCallIntent")
    #expect(result.slots.allSatisfy { $0.value == nil || $0.isFreeText })
  }

  /// The same phrase under two identifiers: neither is picked silently; the caller is asked
  /// which one, with the earlier (higher-priority) entry first.
  @Test func identicalPhrasesUnderDifferentIdentifiers() throws {
    let router = try messenger([
      VocabularyItem(
        identifier: "contact.alex-work", phrases: [VocabularyPhrase(text: "Alex Kim")], priority: 0),
      VocabularyItem(
        identifier: "contact.alex-home", phrases: [VocabularyPhrase(text: "Alex Kim")], priority: 1),
      VocabularyItem(
        identifier: "contact.maria", phrases: [VocabularyPhrase(text: "Maria Lopez")], priority: 2),
    ])
    let contacts = try #require(router.route("call alex kim").slot("contacts"))
    #expect(contacts.resolution == .disambiguation)
    #expect(contacts.candidates.map(\.identifier) == ["contact.alex-work", "contact.alex-home"])
  }
}
