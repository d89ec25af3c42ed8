import Testing
import VocabKitRouting

/// Routing in each first-class language over the sample vocabulary: intent, app and slots.
@Suite struct LanguageTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var text: String
    var app: String?
    var intent: String
    var slots: [String: String]
    var testDescription: String { text }
  }

  static let cases: [Case] = [
    // English
    Case(
      text: "add umbrella to packing in lister master", app: "com.example.listmaster",
      intent: "INAddTasksIntent",
      slots: ["targetTaskList": "list.packing", "taskTitles": "umbrella"]),
    Case(
      text: "send a message to alex kim saying see you at noon", app: "com.example.chatter",
      intent: "INSendMessageIntent",
      slots: ["recipients": "contact.alex-kim", "content": "see you at noon"]),
    Case(
      text: "play 延禧攻略 on iqiyi", app: "com.example.iqiyi", intent: "INPlayMediaIntent",
      slots: ["mediaSearch": "show.yanxi"]),
    // Chinese
    Case(
      text: "给张伟打电话", app: "com.example.chatter", intent: "INStartCallIntent",
      slots: ["contacts": "contact.zhang-wei"]),
    Case(
      text: "用爱奇艺 HD 播放奇葩说", app: "com.example.iqiyihd", intent: "INPlayMediaIntent",
      slots: ["mediaSearch": "hd.show.qipashuo"]),
    Case(
      text: "播放Kino", app: "com.example.melody", intent: "INPlayMediaIntent",
      slots: ["mediaSearch": "artist.kino"]),
    // Russian
    Case(
      text: "добавь молоко во входящие", app: "com.example.taskly", intent: "INAddTasksIntent",
      slots: ["targetTaskList": "list.inbox", "taskTitles": "молоко"]),
    Case(
      text: "включи дип фокус", app: "com.example.melody", intent: "INPlayMediaIntent",
      slots: ["mediaSearch": "playlist.deep-focus"]),
    Case(
      text: "позвони Александру Петрову", app: "com.example.chatter", intent: "INStartCallIntent",
      slots: ["contacts": "contact.aleksandr"]),
    // Hindi
    Case(
      text: "प्रिया पटेल को कॉल करो", app: "com.example.chatter", intent: "INStartCallIntent",
      slots: ["contacts": "contact.priya"]),
    Case(
      text: "रहुल शर्मा को कॉल करो", app: "com.example.chatter", intent: "INStartCallIntent",
      slots: ["contacts": "contact.rahul-sharma"]),
    Case(
      text: "रूट 66 चलाओ", app: "com.example.melody", intent: "INPlayMediaIntent",
      slots: ["mediaSearch": "playlist.route-66"]),
    // Thai, written without spaces
    Case(
      text: "เปิดเพลงดีพโฟกัส", app: "com.example.melody", intent: "INPlayMediaIntent",
      slots: ["mediaSearch": "playlist.deep-focus"]),
    Case(
      text: "เปิดเพลงChill Vibes", app: "com.example.melody", intent: "INPlayMediaIntent",
      slots: ["mediaSearch": "playlist.chill"]),
    Case(
      text: "โทรหาจางเว่ย", app: "com.example.chatter", intent: "INStartCallIntent",
      slots: ["contacts": "contact.zhang-wei"]),
  ]

  /// Routes `example` and checks its intent, app and slots.
  @discardableResult
  func check(_ example: Case) throws -> RouteResult {
    let result = try Router(vocabulary: sampleVocabulary).route(example.text)
    #expect(result.intent == example.intent)
    if let app = example.app { #expect(result.app == app) }
    for (name, value) in example.slots {
      #expect(result.slot(name)?.value == value, "slot \(name)")
    }
    return result
  }

  @Test(arguments: cases)
  func routes(_ example: Case) throws {
    try check(example)
  }

  /// The app named in each language's own carrier phrase ("в …", "… में", "ใน …", "在…里",
  /// "用…", "… पर") is the app chosen, as a named app.
  static let namedApps: [Case] = [
    Case(
      text: "добавь молоко во входящие в Taskly", app: "com.example.taskly",
      intent: "INAddTasksIntent", slots: ["targetTaskList": "list.inbox"]),
    Case(
      text: "в Мелоди включи дип фокус", app: "com.example.melody", intent: "INPlayMediaIntent",
      slots: ["mediaSearch": "playlist.deep-focus"]),
    Case(
      text: "Taskly में इनबॉक्स में दूध जोड़ो", app: "com.example.taskly",
      intent: "INAddTasksIntent", slots: ["targetTaskList": "list.inbox"]),
    Case(
      text: "Melody पर डीप फोकस चलाओ", app: "com.example.melody", intent: "INPlayMediaIntent",
      slots: ["mediaSearch": "playlist.deep-focus"]),
    Case(
      text: "เพิ่มนมในอินบ็อกซ์ใน Taskly", app: "com.example.taskly", intent: "INAddTasksIntent",
      slots: ["targetTaskList": "list.inbox"]),
    Case(
      text: "เปิดดีพโฟกัสใน Melody", app: "com.example.melody", intent: "INPlayMediaIntent",
      slots: ["mediaSearch": "playlist.deep-focus"]),
    Case(
      text: "在Taskly里把牛奶加到收件箱", app: "com.example.taskly", intent: "INAddTasksIntent",
      slots: ["targetTaskList": "list.inbox", "taskTitles": "牛奶"]),
    Case(
      text: "用Melody播放Deep Focus", app: "com.example.melody", intent: "INPlayMediaIntent",
      slots: ["mediaSearch": "playlist.deep-focus"]),
  ]

  @Test(arguments: namedApps)
  func appNamedInItsLanguage(_ example: Case) throws {
    #expect(try check(example).appChoice == .named)
  }

  /// A Russian name in the case its verb or preposition puts it in ("позвони Александру",
  /// dative) is found as surely as written, not only confirmed.
  static let declinedNames: [Case] = [
    Case(
      text: "позвони Александру", app: "com.example.chatter", intent: "INStartCallIntent",
      slots: ["contacts": "contact.aleksandr"]),
    Case(
      text: "напиши Петрову я опаздываю", app: "com.example.chatter",
      intent: "INSendMessageIntent", slots: ["recipients": "contact.aleksandr"]),
    Case(
      text: "добавь хлеб в работу", app: "com.example.taskly", intent: "INAddTasksIntent",
      slots: ["targetTaskList": "list.work", "taskTitles": "хлеб"]),
  ]

  /// A card named by relationship ("Mom") is found by the relationship's other words, in
  /// every language: the Thai, Hindi, Chinese and Russian ones below were unsupported, or
  /// found only by sound and so to be confirmed ("маме").
  @Test(arguments: [
    ("call my mother", "contact.mom"), ("text my mum i am home", "contact.mom"),
    ("给妈妈打电话", "contact.mom"), ("позвони Петрову", "contact.aleksandr"),
    ("โทรหาแม่", "contact.mom"), ("माँ को फ़ोन करो", "contact.mom"), ("मम्मी को फ़ोन करो", "contact.mom"),
    ("给我妈打电话", "contact.mom"), ("позвони маме", "contact.mom"),
    ("ส่งข้อความถึงแม่ว่ากำลังไป", "contact.mom"),
  ])
  func aRelationshipFindsTheCardNamedByIt(text: String, contact: String) throws {
    let result = try Router(vocabulary: sampleVocabulary).route(text)
    let slot = try #require(result.slots.first { $0.name == "contacts" || $0.name == "recipients" })
    #expect(slot.value == contact && slot.resolution == .success)
  }

  /// A relationship's word in another script finds the card only as said: "call mae" is
  /// not Thai แม่.
  @Test func aRelationshipInAnotherScriptIsNoSound() throws {
    let result = try Router(vocabulary: sampleVocabulary).route("call mae")
    #expect(result.slot("contacts")?.value != "contact.mom")
  }

  @Test(arguments: declinedNames)
  func aDeclinedRussianNameIsFound(_ example: Case) throws {
    let result = try check(example)
    for name in example.slots.keys where name != "taskTitles" {
      #expect(result.slot(name)?.resolution == .success, "slot \(name)")
    }
  }
}
