/// Common verbs of commands and the other ways people say them, by language: the intent model
/// also learns each template of an app's own intent with its verb said another way, so that
/// "i want to hear some jazz" finds an intent whose examples all say "play", as Siri
/// understands a synonym that no example phrase lists. Apple's intents have their standard
/// phrasings (`StandardPhrasings`) instead.
///
/// Only synonyms that keep the request the same are listed: "put" adds to a list as "add"
/// does, but "put on" also plays music, so it is no paraphrase of "play"; เปิด plays music and
/// opens apps, so it paraphrases เล่น ("play") and not the other way round; सुनाओ plays a song
/// and tells a joke, so it paraphrases nothing. They name verbs, not any corpus's lines.
enum VerbParaphrases {
  /// The verbs of `language` ("en", "ru", "hi", "th") with their paraphrases, as written;
  /// empty for other languages. Chinese has none: its everyday verbs (听 "listen", 找 "find")
  /// serve several intents of one app, as playing and searching music do in xSID.
  static func table(language: String) -> [(verb: String, paraphrases: [String])] {
    table[language] ?? []
  }

  private static let table: [String: [(verb: String, paraphrases: [String])]] = [
    "en": [
      ("play", ["listen to", "hear"]),
      ("listen", ["play"]),
      ("call", ["phone", "ring", "dial"]),
      ("phone", ["call"]),
      ("ring", ["call"]),
      ("text", ["message"]),
      ("message", ["text"]),
      ("add", ["put"]),
      ("find", ["look for", "search for"]),
      ("search", ["look for", "find"]),
      ("show", ["display", "bring up"]),
      ("open", ["launch"]),
      ("create", ["make"]),
      ("make", ["create"]),
      ("delete", ["remove"]),
      ("remove", ["delete"]),
      ("book", ["reserve"]),
      ("reserve", ["book"]),
    ],
    "ru": [
      ("включи", ["поставь"]),
      ("позвони", ["набери"]),
      ("добавь", ["запиши"]),
      ("найди", ["поищи"]),
      ("удали", ["убери"]),
    ],
    "hi": [
      ("चलाओ", ["बजाओ"]),
      ("बजाओ", ["चलाओ"]),
      ("जोड़ो", ["डालो"]),
      ("ढूंढो", ["खोजो"]),
      ("हटाओ", ["मिटाओ"]),
    ],
    "th": [
      ("เล่น", ["เปิด"]),
      ("โทร", ["โทรหา"]),
      ("เพิ่ม", ["ใส่"]),
      ("ค้นหา", ["หา"]),
      ("ลบ", ["เอาออก"]),
    ],
  ]
}
