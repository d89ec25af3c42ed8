import Foundation
import Testing
import VocabKitNormalization
import VocabKitVocabulary

@testable import VocabKitRouting

/// Dates and times are found in every first-class language and fill the parameters whose
/// names say a date or time, as Siri fills them itself.
@Suite struct TemporalExpressionTests {
  /// The expressions of `text` as (words, kind), left to right.
  func expressions(_ text: String) throws -> [(String, TemporalExpressions.Kind)] {
    let tokens = try Normalizer.shared.normalize(text)
    return TemporalExpressions.find(in: tokens).map { expression in
      (expression.range.map { tokens[$0].text }.joined(separator: " "), expression.kind)
    }
  }

  func expect(
    _ text: String, _ expected: [(String, TemporalExpressions.Kind)],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let found = try expressions(text)
    #expect(
      found.map(\.0) == expected.map(\.0) && found.map(\.1) == expected.map(\.1),
      "\(text): \(found)", sourceLocation: sourceLocation)
  }

  /// Checks that each word's written-out keys and script are the normalizer's.
  func expectNormalizerKeys(_ words: [(script: Script, text: String, keys: [String])]) throws {
    for word in words {
      let tokens = try Normalizer.shared.normalize(word.text)
      #expect(tokens.map(\.latinKey) == word.keys, "\(word.text)")
      #expect(tokens.allSatisfy { $0.script == word.script }, "\(word.text)")
    }
  }

  @Test("the written-out keys are the ones the normalizer makes, word by word")
  func writtenOutKeysAreTheNormalizers() throws {
    try expectNormalizerKeys(
      TemporalExpressions.words.map { (script: $0.script, text: $0.text, keys: $0.keys) })
  }

  @Test func englishDatesTimesAndSpans() throws {
    try expect(
      "put meeting with pawel for tomorrow ten am", [("tomorrow", .date), ("ten am", .time)])
    try expect("have i received new emails in the last ten minutes", [("last ten minutes", .time)])
    try expect("please remind me to call mom in half an hour", [("half an hour", .time)])
    try expect("tell me that list i wrote two days ago", [("two days ago", .date)])
    try expect(
      "on monday the twentieth i need to talk to greg", [("monday the twentieth", .date)])
    try expect(
      "the twenty first of march two thousand and seventeen",
      [("the twenty first of march two thousand and seventeen", .date)])
    try expect("remind me at five in the evening", [("five", .time), ("evening", .partOfDay)])
    try expect("what is on for this weekend", [("this weekend", .date)])
    try expect("remind me on new year's eve", [("new year's eve", .date)])
    try expect("add it for christmas", [("christmas", .date)])
  }

  @Test("words that only look like dates are not dates")
  func notDates() throws {
    try expect("may i play the last song", [])
    try expect("march on by the second army", [])
    try expect("this is the day", [])
    try expect("play the first song", [])
  }

  /// An ordinal that opens the utterance ("fifth song please") looked for "on the" before
  /// it, out of range: `vocab route` over SLURP's vocabulary stopped with a trap.
  @Test(arguments: ["fifth song please", "second on full ten when i am", "third", "the fifth"])
  func anOrdinalOpeningTheUtteranceIsNoCrash(text: String) throws {
    try expect(text, [])
    let result = try Router(vocabulary: Self.vocabulary).route(text)
    #expect(result.slots.allSatisfy { $0.name != "date" })
  }

  @Test func otherLanguages() throws {
    try expect("明天下午三点开会", [("明天", .date), ("下午", .partOfDay), ("三 点", .time)])
    try expect("我想听七十年代的音乐", [("七十 年代", .date)])
    try expect("कल शाम पांच बजे", [("कल", .date), ("शाम", .partOfDay), ("पांच बजे", .time)])
    try expect(
      "завтра в пять вечера", [("завтра", .date), ("пять", .time), ("вечера", .partOfDay)])
    try expect("พรุ่งนี้ ตอนเย็น ห้าโมง", [("พรุ่ง นี้", .date), ("ตอน เย็น", .partOfDay), ("ห้า โมง", .time)])
    // Hindi इस ("this") is keyed `is`, Russian май ("may") `may`: neither is read as English.
    try expect("it is week five", [])
  }

  @Test func parameterNamesSayTheKind() {
    let kinds: [(String, BuiltinKind?)] = [
      ("date", .date), ("dueDate", .date), ("transactionScheduledDate", .date), ("time", .time),
      ("timeofday", .partOfDay), ("time_of_day", .partOfDay), ("datetime", .dateTime),
      ("dateTimeRange", .dateTime), ("temporalEventTrigger", .dateTime), ("update", nil),
      ("relation", .relationship), ("contactRelationship", .relationship), ("year", .year),
      ("releaseYear", .year),
      ("general_frequency", nil), ("person", nil),
    ]
    for (name, kind) in kinds {
      #expect(BuiltinKind(parameterName: name) == kind, "\(name)")
    }
  }

  /// A calendar app whose templates name a date, a time and a person.
  static let vocabulary: CompiledVocabulary = {
    let intent = "calendar_set"
    let query = "email_query"
    let app = App(
      bundleIdentifier: "com.example.calendar", folder: "Calendar.app", name: "Calendar",
      names: [AppName(text: "Calendar", kind: .bundleName)],
      intents: [
        Intent(
          name: intent,
          examples: StandardPhrasingTests.examples([
            "set ${event_name} with ${person} on ${date}", "remind me at ${time} to ${event_name}",
          ]),
        ),
        Intent(
          name: query,
          examples: StandardPhrasingTests.examples([
            "do i have any new emails from ${person}", "check emails for ${time}",
            "send an email to my ${relation}",
          ])),
      ],
      parameterVocabularies: [
        ParameterName(intent: intent, parameter: "person"): StandardPhrasingTests.items(
          ["Pawel", "Greg", "Alice"], kind: "person"),
        ParameterName(intent: query, parameter: "person"): StandardPhrasingTests.items(
          ["Pawel", "Greg", "Alice"], kind: "person"),
      ])
    return try! CompiledVocabulary(registry: VocabularyRegistry(apps: [app]))
  }()

  @Test("a date and a time are both filled where the template has a place for one")
  func dateAndTimeBesideTheTemplate() throws {
    let result = try Router(vocabulary: Self.vocabulary).route(
      "set meeting with pawel on tomorrow at ten am")
    #expect(result.intent == "calendar_set")
    #expect(result.slot("date")?.value == "tomorrow")
    #expect(result.slot("time")?.value == "ten am")
    #expect(result.slot("person")?.value == "person.pawel")
  }

  @Test("a free-text slot gives up the date at its edge and the preposition before it")
  func freeTextGivesUpTheDate() throws {
    let result = try Router(vocabulary: Self.vocabulary).route(
      "set lunch on friday at noon with greg")
    #expect(result.intent == "calendar_set")
    #expect(result.slot("date")?.value == "friday")
    #expect(result.slot("time")?.value == "noon")
    #expect(result.slot("event_name")?.value == "lunch")
  }

  @Test("a bound slot that named nothing does not keep a time from its parameter")
  func unsupportedBoundSlotGivesWayToATime() throws {
    let result = try Router(vocabulary: Self.vocabulary).route(
      "do i have any new emails in the last hour")
    #expect(result.intent == "email_query")
    #expect(result.slot("time")?.value == "last hour")
    #expect(result.slot("person") == nil)
  }

  @Test("a relationship word is the relation, not the words after it")
  func relationshipWords() throws {
    let router = Router(vocabulary: Self.vocabulary)
    let result = try router.route("send an email to my brother and say happy anniversary")
    #expect(result.intent == "email_query")
    #expect(result.slot("relation")?.value == "brother")
    // Nothing of the kind said: the template's words stand.
    let other = try router.route("send an email to my landlord")
    #expect(other.slot("relation")?.value == "landlord")
  }

  @Test("the relationship words' written-out keys are the normalizer's")
  func relationshipKeysAreTheNormalizers() throws {
    try expectNormalizerKeys(Relationships.words)
    let tokens = try Normalizer.shared.normalize("позвони моему начальнику и маме")
    #expect(
      Relationships.find(in: tokens).map { tokens[$0.lowerBound].text } == ["начальнику", "маме"])
  }

  @Test func yearsAndDecades() throws {
    for (text, expected) in [
      ("play something from the seventies", ["seventies"]),
      ("an ep from 1998 or 80s", ["1998", "80s"]),
      ("music from two thousand three", ["two thousand three"]),
      ("songs from nineteen eighty five", ["nineteen eighty five"]),
      ("我想听七十年代的音乐", ["七十 年代"]),
      ("play the first 3 songs at 10 30 pm", []), ("wake me at nineteen thirty", []),
      ("twenty fifteen at 20 30 pm", ["twenty fifteen"]),
    ] {
      let tokens = try Normalizer.shared.normalize(text)
      let found = TemporalExpressions.years(in: tokens).map { range in
        range.map { tokens[$0].text }.joined(separator: " ")
      }
      #expect(found == expected, "\(text)")
    }
  }

  @Test("a year beside a name the template placed is still the year's")
  func yearBesideABoundSlot() throws {
    let result = try Router(vocabulary: snipsVocabulary).route(
      "play a song by Ramesh Narayan from 1960")
    #expect(result.intent == "PlayMusic")
    #expect(result.slot("artist")?.value == "artist.ramesh-narayan")
    #expect(result.slot("year")?.value == "1960")
  }
}

/// The Snips corpus's vocabulary (two music intents), compiled once for these tests.
let snipsVocabulary: CompiledVocabulary = {
  let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  return try! CompiledVocabulary.load(
    directory: root.appendingPathComponent("corpora/public/snips/vocab"))
}()
