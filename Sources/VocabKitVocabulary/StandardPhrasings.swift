/// Everyday phrasings of Apple's standard intents that every app adopting them gets, as Siri
/// understands "ring Alex" for any calling app without the app listing that phrasing.
///
/// An app's own `IntentExamples` say how *its* users talk; these add the common ways anyone
/// asks for a call, a message, a task, a list or a song, in the languages VocabKit supports.
/// They are added only to intents an app declares, and only in the languages the app wrote
/// examples in. Placeholders use Apple's parameter names.
package enum StandardPhrasings {
  /// The phrasings of `intent` in `language` (`en`, `zh`, `ru`, `hi`, `th`); empty when there
  /// are none.
  package static func phrasings(intent: String, language: String) -> [String] {
    table[intent]?[language] ?? []
  }

  /// Whether any phrasings exist for `intent`.
  package static func covers(_ intent: String) -> Bool { table[intent] != nil }

  static let table: [String: [String: [String]]] = [
    "INStartCallIntent": [
      "en": [
        "call ${contacts}", "phone ${contacts}", "ring ${contacts}", "dial ${contacts}",
        "give ${contacts} a call", "give ${contacts} a ring", "make a call to ${contacts}",
        "place a call to ${contacts}", "start a call with ${contacts}",
        "video call ${contacts}", "start a video call with ${contacts}",
        "facetime ${contacts}", "get ${contacts} on the phone", "i want to call ${contacts}",
        "i need to call ${contacts}", "can you call ${contacts}", "call ${contacts} back",
        "talk to ${contacts}", "speak to ${contacts}", "speak with ${contacts}",
      ],
      "zh": ["打电话给${contacts}", "给${contacts}打电话", "呼叫${contacts}", "拨打${contacts}的电话"],
      "ru": ["позвони ${contacts}", "набери ${contacts}", "позвонить ${contacts}"],
      "hi": [
        "${contacts} को फ़ोन करो", "${contacts} को कॉल करो", "${contacts} को फ़ोन लगाओ",
      ],
      "th": ["โทรหา${contacts}", "โทรไปหา${contacts}"],
    ],
    "INSendMessageIntent": [
      "en": [
        "message ${recipients}", "text ${recipients}", "send a message to ${recipients}",
        "send ${recipients} a message", "send a text to ${recipients}",
        "message ${recipients} ${content}", "text ${recipients} ${content}",
        "tell ${recipients} ${content}", "tell ${recipients} that ${content}",
        "send ${recipients} a message saying ${content}",
        "send a message to ${recipients} saying ${content}",
        "text ${recipients} saying ${content}", "message ${recipients} and say ${content}",
        "let ${recipients} know ${content}", "let ${recipients} know that ${content}",
        "write to ${recipients} ${content}", "reply to ${recipients} ${content}",
        "send ${content} to ${recipients}",
      ],
      "zh": [
        "给${recipients}发消息", "发消息给${recipients}", "给${recipients}发消息说${content}",
        "告诉${recipients}${content}",
      ],
      "ru": [
        "напиши ${recipients} ${content}", "отправь сообщение ${recipients}",
        "скажи ${recipients} что ${content}", "напиши ${recipients} что ${content}",
      ],
      "hi": [
        "${recipients} को मैसेज भेजो", "${recipients} को संदेश भेजो कि ${content}",
        "${recipients} को बताओ कि ${content}",
      ],
      "th": [
        "ส่งข้อความหา${recipients}", "ส่งข้อความถึง${recipients}ว่า${content}",
        "บอก${recipients}ว่า${content}",
      ],
    ],
    "INAddTasksIntent": [
      "en": [
        "add ${taskTitles} to ${targetTaskList}", "add ${taskTitles} to my ${targetTaskList} list",
        "add ${taskTitles} to the ${targetTaskList} list",
        "put ${taskTitles} on my ${targetTaskList} list", "put ${taskTitles} on ${targetTaskList}",
        "put ${taskTitles} in ${targetTaskList}", "add ${taskTitles} to my list",
        "put ${taskTitles} on my list", "remind me to ${taskTitles}",
        "don't let me forget to ${taskTitles}", "add a task ${taskTitles}",
        "create a task to ${taskTitles}", "new task ${taskTitles}",
        "write down ${taskTitles}", "jot down ${taskTitles}",
        "set a reminder to ${taskTitles}",
      ],
      "zh": [
        "把${taskTitles}加到${targetTaskList}", "在${targetTaskList}里添加${taskTitles}",
        "提醒我${taskTitles}",
      ],
      "ru": ["добавь ${taskTitles} в ${targetTaskList}", "напомни мне ${taskTitles}"],
      "hi": [
        "${taskTitles} को ${targetTaskList} में जोड़ो", "${targetTaskList} में ${taskTitles} जोड़ो",
        "मुझे ${taskTitles} याद दिलाओ",
      ],
      "th": ["เพิ่ม${taskTitles}ใน${targetTaskList}", "เตือนฉันให้${taskTitles}"],
    ],
    "INCreateTaskListIntent": [
      "en": [
        "create a list called ${title}", "create a new list called ${title}",
        "make a list called ${title}", "make a new ${title} list", "new list ${title}",
        "create a ${title} list", "start a new list called ${title}",
        "create a list named ${title}", "create a list called ${title} with ${taskTitles}",
        "make a new list called ${title}", "make a new list named ${title}",
        "make a new list for ${title}",
      ],
      "zh": ["新建${title}清单", "创建一个叫${title}的清单"],
      "ru": ["создай список ${title}"],
      "hi": ["${title} नाम की सूची बनाओ"],
      "th": ["สร้างรายการ${title}"],
    ],
    "INPlayMediaIntent": [
      "en": [
        "play ${mediaSearch}", "play some ${mediaSearch}", "play the ${mediaSearch} playlist",
        "play my ${mediaSearch} playlist", "play songs by ${mediaSearch}",
        "play music by ${mediaSearch}", "play the album ${mediaSearch}",
        "play the song ${mediaSearch}", "put on ${mediaSearch}", "put on some ${mediaSearch}",
        "i want to hear ${mediaSearch}", "i want to listen to ${mediaSearch}",
        "listen to ${mediaSearch}", "let me hear ${mediaSearch}", "start playing ${mediaSearch}",
        "shuffle ${mediaSearch}", "shuffle my ${mediaSearch} playlist",
        "can you play ${mediaSearch}", "play something by ${mediaSearch}",
        "queue up ${mediaSearch}",
      ],
      "zh": ["播放${mediaSearch}", "我想听${mediaSearch}", "我想看${mediaSearch}", "放${mediaSearch}"],
      "ru": ["включи ${mediaSearch}", "поставь ${mediaSearch}", "я хочу послушать ${mediaSearch}"],
      "hi": ["${mediaSearch} चलाओ", "${mediaSearch} बजाओ", "मुझे ${mediaSearch} सुनना है"],
      "th": ["เล่น${mediaSearch}", "เปิดเพลง${mediaSearch}", "ฉันอยากฟัง${mediaSearch}"],
    ],
    "INAddMediaIntent": [
      "en": [
        "add this song to ${mediaDestination}", "add this song to my ${mediaDestination} playlist",
        "add this to ${mediaDestination}", "add ${mediaSearch} to ${mediaDestination}",
        "add ${mediaSearch} to my ${mediaDestination} playlist",
        "put ${mediaSearch} on ${mediaDestination}",
        "put this song on my ${mediaDestination} playlist",
        "save this song to ${mediaDestination}", "save this track to ${mediaDestination}",
        "save ${mediaSearch} to my ${mediaDestination} playlist",
        "add this track to my ${mediaDestination} playlist",
        "put this in my ${mediaDestination} playlist",
      ],
      "zh": ["把这首歌加到${mediaDestination}", "把${mediaSearch}添加到${mediaDestination}"],
      "ru": ["добавь эту песню в ${mediaDestination}"],
      "hi": ["यह गाना ${mediaDestination} में जोड़ो"],
      "th": ["เพิ่มเพลงนี้ใน${mediaDestination}"],
    ],
  ]
}
