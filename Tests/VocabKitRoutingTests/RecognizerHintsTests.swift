import Testing
import VocabKitVocabulary

@testable import VocabKitRouting

/// Hints for recognizers: what they list first, and their bounds.
@Suite struct RecognizerHintsTests {
  let hints = RecognizerHints(registry: sampleVocabulary.registry)

  @Test func appNamesComeFirstThenEachListsMostImportantEntries() throws {
    let appNames = sampleVocabulary.registry.apps.flatMap { $0.names.map(\.text) }
    let leading = hints.phrases.prefix(while: { $0.source == "app" }).map(\.text)
    #expect(Set(leading) == Set(appNames))
    // Each user vocabulary's first entry comes before any list's second entry.
    let taskly = try #require(sampleVocabulary.registry.apps.first { $0.name == "Taskly" })
    let lists = try #require(taskly.userVocabulary[.notebookItemTitle])
    let first = try #require(hints.phrases.firstIndex { $0.text == lists[0].phrases[0].text })
    let second = try #require(hints.phrases.firstIndex { $0.text == lists[1].phrases[0].text })
    #expect(first < second)
  }

  @Test func phrasesAreDistinctAndBounded() {
    let texts = hints.phrases.map { $0.text.lowercased() }
    #expect(Set(texts).count == texts.count)
    #expect(hints.contextualStrings(limit: 7).count == 7)
    #expect(hints.contextualStrings(limit: 0).isEmpty)
    for limit in [1, 10, 50, 600] {
      #expect(hints.whisperPrompt(maximumCharacters: limit).count <= limit)
    }
    // The shared alias 爱奇艺 is held by two apps: listed once, counted twice.
    #expect(hints.phrases.first { $0.text == "爱奇艺" }?.count == 2)
  }

  /// The values of free-text parameters follow every vocabulary phrase, named by their
  /// parameter, so that a language model can fill the templates' free placeholders.
  @Test func freeTextValuesComeLast() throws {
    let app = App(
      bundleIdentifier: "com.example.social", folder: "Social.app", name: "Social",
      names: [AppName(text: "Social", kind: .bundleName)],
      intents: [
        Intent(
          name: "PostUpdate", examples: StandardPhrasingTests.examples(["post to ${network}"]),
          parameterExamples: ["twitter", "Facebook"].map {
            ParameterExample(parameter: "network", text: $0, localization: "Base")
          })
      ],
      userVocabulary: [.contactName: StandardPhrasingTests.items(["Alex Kim"], kind: "contact")]
    )
    let hints = RecognizerHints(registry: VocabularyRegistry(apps: [app]))
    #expect(hints.phrases.map(\.text) == ["Social", "Alex Kim", "twitter", "Facebook"])
    #expect(hints.phrases.last?.source == "PostUpdate.network")
  }

  @Test func everyTemplateIsListed() {
    let examples = sampleVocabulary.registry.apps.flatMap { $0.intents.flatMap(\.examples) }
    #expect(hints.templates.count == examples.count)
  }

  @Test func hintsForWhatWasHeardNameTheEntriesItMayStandFor() throws {
    let appNames = Set(sampleVocabulary.registry.apps.flatMap { $0.names.map(\.text) })
    // A first pass that heard the contact's name wrong, and a list's name wrong: the meant
    // entries are among the phrases, which come before every app name.
    let call = try sampleVocabulary.hintPhrases(heard: "call alex morgen on chatter", limit: 5)
    let named = call.prefix { !appNames.contains($0) }
    #expect(named.count <= 5)
    #expect(named.contains("Alex Morgan"))
    #expect(Set(call.dropFirst(named.count)) == appNames)
    let add = try sampleVocabulary.hintPhrases(heard: "add milk to my in box list", limit: 5)
    #expect(add.first == "Inbox")
    // With no limit, the app names alone.
    #expect(Set(try sampleVocabulary.hintPhrases(heard: "call alex", limit: 0)) == appNames)
    #expect(throws: Router.UtteranceTooLong.self) {
      try sampleVocabulary.hintPhrases(heard: String(repeating: "a ", count: 2100))
    }
  }

  @Test func hintsForAnNBestListNameWhatAnyAlternativeMayStandFor() throws {
    // The beam's first transcription lost the name; a later one kept enough of it.
    let alternatives = ["call alex on chatter", "call alex morgen on chatter"]
    let first = try sampleVocabulary.hintPhrases(heard: alternatives[0], limit: 40)
    let second = try sampleVocabulary.hintPhrases(heard: alternatives[1], limit: 40)
    let both = try sampleVocabulary.hintPhrases(heardAlternatives: alternatives, limit: 40)
    #expect(both.contains("Alex Morgan"))
    // Fewer than 40 phrases are like either: every one of them is kept.
    #expect(Set(first).union(second).isSubset(of: Set(both)))
  }
}
