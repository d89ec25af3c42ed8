import Foundation
import Testing
import VocabKitMatching
import VocabKitNormalization
import VocabKitVocabulary

@testable import VocabKitRouting

/// Everyday phrasings of the standard intents, templates in other scripts, and the score bound
/// that lets the router skip templates.
@Suite struct StandardPhrasingTests {
  /// Items named `kind.name-in-lowercase`, one phrase each (shared with `IntentModelTests`).
  static func items(_ names: [String], kind: String) -> [VocabularyItem] {
    names.map {
      VocabularyItem(
        identifier: kind + "." + $0.lowercased().replacingOccurrences(of: " ", with: "-"),
        phrases: [VocabularyPhrase(text: $0)])
    }
  }

  static func examples(_ texts: [String], localization: String = "Base") -> [IntentExample] {
    texts.map { IntentExample(text: $0, localization: localization) }
  }

  /// Apps that each wrote a single example per intent, as a new adopter might; compiled once
  /// for the suite (training is slow under the sanitizers).
  static let terse: CompiledVocabulary = try! terseVocabulary()

  static func terseVocabulary() throws -> CompiledVocabulary {
    let phone = App(
      bundleIdentifier: "com.example.phone", folder: "Phone.app", name: "Phone",
      names: [AppName(text: "Phone", kind: .bundleName)],
      intents: [
        Intent(name: "INStartCallIntent", examples: examples(["call ${contacts}"])),
        Intent(
          name: "INSendMessageIntent", examples: examples(["message ${recipients} ${content}"])),
        Intent(name: "ExampleCheckVoicemailIntent", examples: examples(["voicemail"])),
      ],
      userVocabulary: [.contactName: items(["Tom Baker", "Maria Garcia"], kind: "contact")])
    let lists = App(
      bundleIdentifier: "com.example.lists", folder: "Lists.app", name: "Lists",
      names: [AppName(text: "Lists", kind: .bundleName)],
      intents: [
        Intent(
          name: "INAddTasksIntent",
          examples: examples(["add ${taskTitles} to my ${targetTaskList} list"]))
      ],
      userVocabulary: [.notebookItemTitle: items(["Reading", "Reading List"], kind: "list")])
    let music = App(
      bundleIdentifier: "com.example.music", folder: "Music.app", name: "Tunes",
      names: [AppName(text: "Tunes", kind: .bundleName)],
      intents: [
        Intent(
          name: "INPlayMediaIntent",
          examples: examples(["播放${mediaSearch}"], localization: "zh-Hans"))
      ],
      userVocabulary: [.mediaPlaylistTitle: items(["Deep Focus"], kind: "playlist")])
    return try CompiledVocabulary(registry: VocabularyRegistry(apps: [phone, lists, music]))
  }

  @Test func standardIntentsUnderstandPhrasingTheAppNeverWrote() throws {
    let router = Router(vocabulary: Self.terse)
    let call = try router.route("give tom baker a call")
    #expect(call.intent == "INStartCallIntent")
    #expect(call.slot("contacts")?.value == "contact.tom-baker")
    let message = try router.route("tell maria garcia that i am running late")
    #expect(message.intent == "INSendMessageIntent")
    #expect(message.slot("recipients")?.value == "contact.maria-garcia")
    #expect(message.slot("content")?.value == "i am running late")
  }

  /// A dictated message is as long as the user makes it: its words are unknown to the model
  /// and each costs a little, but an anchored template ("tell ${recipients} that …" with
  /// the contact found) accounts for them. Up to ``RoutingCosts/longestSlot`` words.
  @Test(arguments: [12, 25, 40, RoutingCosts.standard.longestSlot])
  func aLongDictatedMessageRoutesWithItsWholeContent(length: Int) throws {
    let sentence =
      "i will be there in about twenty minutes because the traffic on the bridge is really bad "
      + "today and i also need to stop by the store to pick up some milk and bread for dinner "
      + "tonight so please start without me and save me a plate if you can thanks so much see "
      + "you soon"
    let words = sentence.split(separator: " ")
    let message = (0..<length).map { words[$0 % words.count] }.joined(separator: " ")
    let result = try Router(vocabulary: Self.terse).route("tell maria garcia that " + message)
    #expect(result.intent == "INSendMessageIntent", "\(result.score)")
    #expect(result.slot("recipients")?.value == "contact.maria-garcia")
    #expect(result.slot("content")?.value == message)
  }

  /// Printing a result gives what `vocab route` prints, a line each, not one long dump.
  @Test func aResultPrintsAsRouteDoes() throws {
    let router = Router(vocabulary: Self.terse)
    let call = try router.route("call tom baker")
    #expect(
      call.description == """
        call tom baker
          INStartCallIntent in com.example.phone (inferred), score \(RouteResult.twoDecimals(call.score))
          contacts: success contact.tom-baker from 'tom baker'
        """)
    let none = try router.route("what is the weather")
    #expect(
      none.description
        == "what is the weather\n  no intent (best score \(RouteResult.twoDecimals(none.score)))")
  }

  @Test func phrasingsAreAddedOnlyToStandardIntentsInTheAppsLanguages() throws {
    let vocabulary = Self.terse
    let texts = { (app: String, intent: String) in
      vocabulary.templates.filter { $0.app == app && $0.intent == intent }.map(\.text)
    }
    let calls = texts("com.example.phone", "INStartCallIntent")
    #expect(calls.contains("give ${contacts} a call"))
    // The app wrote English only: no Chinese, Hindi or Thai phrasings.
    #expect(calls.allSatisfy { $0.unicodeScalars.allSatisfy { $0.isASCII } })
    #expect(calls.filter { $0 == "call ${contacts}" }.count == 1)
    #expect(texts("com.example.phone", "ExampleCheckVoicemailIntent") == ["voicemail"])
    let play = texts("com.example.music", "INPlayMediaIntent")
    #expect(play.contains("我想听${mediaSearch}"))
    #expect(!play.contains("play ${mediaSearch}"))
  }

  /// Taskly wrote its list-making examples in English only, and its other examples in
  /// Russian, Chinese, Hindi and Thai too: "создай список отпуск" was no intent. An app's
  /// languages are those of all its examples.
  @Test(arguments: [
    ("создай список отпуск", "отпуск"), ("新建旅行清单", "旅行"), ("สร้างรายการท่องเที่ยว", "ท่องเที่ยว"),
  ])
  func anIntentIsAskedInEveryLanguageOfItsApp(text: String, title: String) throws {
    let result = try Router(vocabulary: sampleVocabulary).route(text)
    #expect(result.intent == "INCreateTaskListIntent")
    #expect(result.app == "com.example.taskly")
    #expect(result.slot("title")?.text == title)
  }

  /// Russian, Chinese and Thai had a "remind me to" phrasing; Hindi had none, and "मुझे दूध
  /// खरीदना याद दिलाओ" (remind me to buy milk) was no intent.
  @Test func aHindiReminderAddsATask() throws {
    let result = try Router(vocabulary: sampleVocabulary).route("मुझे दूध खरीदना याद दिलाओ")
    #expect(result.intent == "INAddTasksIntent")
    #expect(result.slot("taskTitles")?.text == "दूध खरीदना")
  }

  @Test func aListNamedLikeTheTemplatesWordListResolves() throws {
    let router = Router(vocabulary: Self.terse)
    // The app's own "… my ${targetTaskList} list" is said whole with the list Reading, which
    // the matcher explained away inside "reading list" (the list Reading List).
    for text in ["put eggs on my reading list", "add eggs to my reading list"] {
      let result = try router.route(text)
      #expect(result.intent == "INAddTasksIntent", "\(text)")
      #expect(result.slot("targetTaskList")?.resolution == .success, "\(text)")
      #expect(result.slot("targetTaskList")?.value == "list.reading", "\(text)")
    }
    let long = try router.route("add eggs to my reading list list")
    #expect(long.slot("targetTaskList")?.value == "list.reading-list")
  }

  /// A match explained away is taken back only in a template whose carrier words were all
  /// said: "remove … from my reading list" gains nothing from "add … to my ${list} list".
  @Test func aMatchTakenBackNeedsItsTemplateSaid() throws {
    let vocabulary = Self.terse
    let template = try #require(
      vocabulary.templates.first { $0.text == "add ${taskTitles} to my ${targetTaskList} list" })
    func scores(_ text: String) throws -> (takingBack: Double, not: Double) {
      let utterance = try PreparedUtterance(text, normalizer: vocabulary.normalizer)
      var context = RoutingContext(
        vocabulary: vocabulary, policy: ResolutionPolicy(), utterance: utterance)
      return (context.align(template).score, context.align(template, takingBack: false).score)
    }
    let said = try scores("add eggs to my reading list")
    #expect(said.takingBack > said.not)
    let other = try scores("remove eggs from my reading list")
    #expect(other.takingBack == other.not)
  }

  @Test func templatesAreAlignedOnlyAgainstUtterancesInTheirScript() throws {
    let router = Router(vocabulary: Self.terse)
    // 播放 is "bofang" in sound space, close to "who sang": an English sentence is not Chinese.
    let english = try router.route("who sang deep focus")
    #expect(english.intent == nil)
    let mixed = try router.route("播放Deep Focus")
    #expect(mixed.intent == "INPlayMediaIntent")
    #expect(mixed.slot("mediaSearch")?.value == "playlist.deep-focus")
  }

  @Test func hindiPhoneAndCallMeanACall() throws {
    let router = Router(vocabulary: sampleVocabulary)
    for text in ["राहुल को फ़ोन करो", "राहुल को कॉल करो"] {
      let result = try router.route(text)
      #expect(result.intent == "INStartCallIntent", "\(text)")
      #expect(result.slot("contacts")?.value == "contact.rahul-sharma", "\(text)")
    }
  }

  /// Everyday ways to ask for a call, a reminder and a list that no sample app wrote: "talk
  /// to Alex Kim" was a message whose content was "talk", "set a reminder to …" no intent,
  /// and "make a new list named …" a list called "new".
  @Test(arguments: [
    ("i want to talk to alex kim", "INStartCallIntent", "contacts", "contact.alex-kim"),
    ("speak to maria", "INStartCallIntent", "contacts", "contact.maria"),
    ("set a reminder to water the plants", "INAddTasksIntent", "taskTitles", "water the plants"),
    ("make a new list named weekend chores", "INCreateTaskListIntent", "title", "weekend chores"),
    ("make a new list for camping", "INCreateTaskListIntent", "title", "camping"),
  ])
  func everydayPhrasingsOfCallsRemindersAndLists(
    text: String, intent: String, parameter: String, value: String
  ) throws {
    let result = try Router(vocabulary: sampleVocabulary).route(text)
    #expect(result.intent == intent)
    #expect(result.slot(parameter)?.value == value)
  }

  @Test func aSurnameSplitAtItsApostropheStillNamesTheContact() throws {
    let result = try Router(vocabulary: sampleVocabulary).route("call shawn o brian")
    #expect(result.intent == "INStartCallIntent")
    #expect(result.slot("contacts")?.value == "contact.sean")
  }

  /// The router skips templates whose score bound is below the best alignment so far; the
  /// bound must never be below the alignment it bounds (checked for every sample template).
  @Test func theScoreBoundIsNeverBelowTheAlignment() throws {
    let vocabulary = sampleVocabulary
    let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("corpora/handwritten/handwritten.jsonl")
    var checked = 0
    // Every 12th line (30 utterances of every language): the check aligns every template,
    // which is slow under AddressSanitizer.
    let lines = try String(contentsOf: corpus, encoding: .utf8).split(separator: "\n")
    for line in stride(from: 0, to: lines.count, by: 12).map({ lines[$0] }) {
      let row = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
      let utterance = try PreparedUtterance(
        row["text"] as! String, normalizer: vocabulary.normalizer)
      var context = RoutingContext(
        vocabulary: vocabulary, policy: ResolutionPolicy(), utterance: utterance)
      for template in vocabulary.templates {
        let bound = context.alignmentBound(template)
        let score = context.align(template).score
        #expect(bound >= score, "\(template.text) over \(row["text"]!)")
        checked += 1
      }
    }
    #expect(checked > 5_000)
  }
}
