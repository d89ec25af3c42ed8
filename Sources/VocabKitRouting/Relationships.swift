import VocabKitNormalization

/// The words that name a person by relationship ("my mom", "my boss", 老板, माँ, начальнику),
/// found over the normalizer's Latin keys in every first-class language: what a `relation`
/// parameter takes.
///
/// Words are looked up with their script (``ScriptedPhrases``), as ``TemporalExpressions``'
/// are.
enum Relationships {
  /// The words, by script, as the normalizer keys them. Written out rather than normalized
  /// when the router starts; `RelationshipTests` checks them against the normalizer.
  static let words: [(script: Script, text: String, keys: [String])] = {
    var words: [(script: Script, text: String, keys: [String])] = []
    let english =
      "mom moms mum mums mommy mother mothers mama dad dads daddy father fathers papa parent"
      + " parents brother brothers sister sisters sibling siblings son sons daughter daughters"
      + " child children kids wife wifes wives husband husbands spouse partner boyfriend"
      + " girlfriend fiance fiancee friend friends buddy boss bosses manager managers"
      + " supervisor assistant secretary colleague colleagues coworker coworkers teammate"
      + " teammates team family uncle uncles aunt aunts auntie cousin cousins nephew niece"
      + " grandma grandmother grandpa grandfather grandparents granny neighbor neighbors"
      + " neighbour neighbours roommate roommates client clients employer employees"
    for word in english.split(separator: " ") {
      words.append((.latin, String(word), [String(word)]))
    }
    for phrase in [
      "best friend", "co worker", "co workers", "in laws", "mother in law", "father in law",
      "parents in law", "brother in law", "sister in law", "son in law", "daughter in law",
    ] {
      words.append((.latin, phrase, phrase.split(separator: " ").map(String.init)))
    }
    let others: [(Script, [(String, String)])] = [
      (
        .devanagari,
        [
          ("माँ", "man"), ("माता", "mata"), ("पिता", "pita"), ("पापा", "papa"),
          ("भाई", "bhai"), ("बहन", "bahan"), ("दोस्त", "dost"), ("पत्नी", "patni"),
          ("पति", "pati"), ("बॉस", "bos"), ("बेटा", "beta"), ("बेटी", "beti"),
        ]
      ),
      (
        .cyrillic,
        [
          ("мама", "mama"), ("маме", "mame"), ("маму", "mamu"), ("папа", "papa"),
          ("папе", "pape"), ("брат", "brat"), ("брату", "bratu"), ("сестра", "sestra"),
          ("сестре", "sestre"), ("друг", "drug"), ("другу", "drugu"), ("подруга", "podruga"),
          ("подруге", "podruge"), ("жена", "zhena"), ("жене", "zhene"), ("муж", "muzh"),
          ("мужу", "muzhu"), ("начальник", "nachalnik"), ("начальнику", "nachalniku"),
          ("сын", "syn"), ("дочь", "doch"),
        ]
      ),
      (
        .han,
        [
          ("妈妈", "mama"), ("爸爸", "baba"), ("哥哥", "gege"), ("姐姐", "jiejie"),
          ("弟弟", "didi"), ("妹妹", "meimei"), ("朋友", "pengyou"), ("老婆", "laopo"),
          ("老公", "laogong"), ("老板", "laoban"), ("妻子", "qizi"), ("丈夫", "zhangfu"),
          ("儿子", "erzi"), ("女儿", "nuer"), ("同事", "tongshi"),
        ]
      ),
      (
        .thai,
        [
          ("แม่", "mae"), ("พ่อ", "pho"), ("พี่", "phi"), ("น้อง", "nong"),
          ("เพื่อน", "phuean"), ("แฟน", "faen"), ("ภรรยา", "phonraya"), ("สามี", "sami"),
          ("เจ้านาย", "che nai"), ("ลูก", "luk"),
        ]
      ),
    ]
    for (script, entries) in others {
      for (text, keys) in entries {
        words.append((script, text, keys.split(separator: " ").map(String.init)))
      }
    }
    return words
  }()

  /// ``words`` as phrases to look up.
  static let lexicon = ScriptedPhrases(
    words.map { (script: $0.script, keys: $0.keys, value: ()) })

  /// The relationship words of `tokens`, left to right, without overlaps.
  ///
  /// - Complexity: O(*n* × *p*) for *n* tokens and *p* phrases sharing a first word.
  static func find(in tokens: [Token]) -> [Range<Int>] {
    var found: [Range<Int>] = []
    var index = 0
    while index < tokens.count {
      if let phrase = lexicon.match(at: index, in: tokens) {
        found.append(index..<index + phrase.length)
        index += phrase.length
      } else {
        index += 1
      }
    }
    return found
  }
}
