import VocabKitNormalization

/// Dates, times and parts of the day said in an utterance ("tomorrow", "ten am", "the last
/// ten minutes", 明天下午三点, कल शाम, завтра вечером), found over the normalizer's Latin keys
/// in every first-class language.
///
/// Siri fills date and time parameters itself; a template's `${date}` slot would otherwise
/// take whatever words the alignment leaves ("me yesterday", "of errands for saturday"), and a
/// template with no `${date}` would lose the date. Words are looked up with their script, so
/// Hindi इस ("this", key `is`) never reads English "is", nor Russian май ("may") English "may".
enum TemporalExpressions {
  /// What an expression says.
  enum Kind: Sendable, Equatable {
    /// A day, a month, a year or a span of days ("tomorrow", "march twenty first", "next
    /// week", "two days ago").
    case date
    /// A clock time or a span of hours ("ten am", "five o'clock", "the last ten minutes").
    case time
    /// A part of the day ("evening", "tonight", 下午, शाम).
    case partOfDay
  }

  /// An expression: its token range and what it says.
  struct Expression: Sendable, Equatable {
    var range: Range<Int>
    var kind: Kind
  }

  /// The role of a word in a date or time.
  enum WordClass: Sendable, Equatable {
    /// A day by itself: "today", "monday", 明天, कल.
    case day
    /// A month, which may take a day number: "march", "марта", 三月.
    case month
    /// A unit of days or longer: "days", "week", "месяц", 天.
    case dateUnit
    /// A unit shorter than a day: "minutes", "hours", 小时. ("second" is the ordinal 2 to the
    /// normalizer; "seconds" is the unit.)
    case timeUnit
    /// A part of the day: "evening", "tonight", 下午, शाम.
    case partOfDay
    /// A word that makes a number a clock time: "am", "o'clock", 点, बजे, โมง.
    case clock
    /// A clock time by itself: "noon", "midnight".
    case clockTime
    /// A word that picks one day or span before it is named: "next", "last", "this", 下周's 下.
    case modifier
    /// A word that places a span after it is named: "ago", "before", "later", 以后, बाद, หน้า.
    case after
    /// A count that is not a number: "a", "an", "half", "couple".
    case quantity
    /// A word that joins parts of one date: "the", "of", "and".
    case link
    /// A number's year or decade: 2013年, 七十年代.
    case year
  }

  /// The words, by script, as the normalizer keys them, with their classes. Written out
  /// rather than normalized when the router starts (normalizing the Chinese ones would open
  /// ICU's Han-Latin transliterator); `TemporalExpressionTests` checks them against the
  /// normalizer.
  static let words: [(script: Script, text: String, keys: [String], wordClass: WordClass)] = {
    var words: [(Script, String, [String], WordClass)] = []
    func add(_ script: Script, _ wordClass: WordClass, _ entries: [(String, String)]) {
      for (text, keys) in entries {
        words.append((script, text, keys.split(separator: " ").map(String.init), wordClass))
      }
    }
    func english(_ wordClass: WordClass, _ texts: String) {
      add(
        .latin, wordClass,
        texts.split(separator: " ").map { (String($0), String($0).replacingApostrophes) })
    }
    english(
      .day,
      "today today's todays tomorrow tomorrow's tomorrows yesterday yesterday's weekend"
        + " monday tuesday wednesday thursday friday saturday sunday mondays tuesdays"
        + " wednesdays thursdays fridays saturdays sundays")
    // Holidays name a day as well as a date does.
    english(
      .day,
      "christmas xmas thanksgiving easter halloween hanukkah diwali ramadan eid")
    add(
      .latin, .day,
      [
        ("christmas eve", "christmas eve"), ("new year's eve", "new years eve"),
        ("new year's day", "new years day"), ("new year's", "new years"),
        ("valentine's day", "valentines day"), ("mother's day", "mothers day"),
        ("father's day", "fathers day"), ("independence day", "independence day"),
        ("labor day", "labor day"), ("memorial day", "memorial day"),
      ])
    add(.latin, .day, [("day after tomorrow", "day after tomorrow")])
    add(.latin, .day, [("day before yesterday", "day before yesterday")])
    english(
      .month,
      "january february march april may june july august september october november december")
    english(.dateUnit, "day days week weeks weekends fortnight month months year years")
    english(.timeUnit, "seconds minute minutes min mins hour hours")
    english(.partOfDay, "morning afternoon evening night tonight tonight's dawn dusk")
    english(.clock, "am pm o'clock")
    add(.latin, .clock, [("a.m.", "am"), ("p.m.", "pm"), ("o clock", "o clock")])
    english(.clockTime, "noon midnight")
    english(.modifier, "next last this past coming previous upcoming following every")
    english(.after, "ago before later after earlier hence")
    add(.latin, .after, [("from now", "from now"), ("in advance", "in advance")])
    english(.quantity, "a an half quarter couple few several")
    english(.link, "the of and")

    add(
      .han, .day,
      [
        ("今天", "jintian"), ("明天", "mingtian"), ("昨天", "zuotian"), ("后天", "houtian"),
        ("前天", "qian tian"), ("周末", "zhoumo"), ("每天", "meitian"), ("下周", "xiazhou"),
        ("上周", "shangzhou"), ("本周", "benzhou"), ("这周", "zhe zhou"),
        ("下个月", "xiageyue"), ("上个月", "shangge yue"), ("星期一", "xingqiyi"),
        ("星期二", "xingqier"), ("星期三", "xingqisan"), ("星期四", "xingqisi"),
        ("星期五", "xingqiwu"), ("星期六", "xingqiliu"), ("星期天", "xingqitian"),
        ("星期日", "xingqiri"), ("周一", "zhouyi"), ("周二", "zhouer"), ("周三", "zhousan"),
        ("周四", "zhousi"), ("周五", "zhouwu"), ("周六", "zhouliu"), ("周日", "zhouri"),
        ("春节", "chunjie"), ("中秋节", "zhongqiu jie"), ("国庆节", "guoqing jie"),
        ("元旦", "yuandan"),
      ])
    add(
      .han, .month,
      [
        ("一月", "yiyue"), ("二月", "eryue"), ("三月", "sanyue"), ("四月", "siyue"),
        ("五月", "wuyue"), ("六月", "liuyue"), ("七月", "qiyue"), ("八月", "bayue"),
        ("九月", "jiuyue"), ("十月", "shiyue"), ("十一月", "shiyiyue"), ("十二月", "shieryue"),
        ("月", "yue"),
      ])
    add(.han, .dateUnit, [("天", "tian"), ("周", "zhou"), ("星期", "xingqi"), ("个月", "ge yue")])
    add(
      .han, .timeUnit,
      [("秒", "miao"), ("分钟", "fenzhong"), ("十分钟", "shifenzhong"), ("小时", "xiaoshi")])
    add(
      .han, .partOfDay,
      [
        ("早上", "zaoshang"), ("上午", "shangwu"), ("中午", "zhongwu"), ("下午", "xiawu"),
        ("晚上", "wanshang"), ("傍晚", "bangwan"), ("凌晨", "lingchen"), ("夜里", "yeli"),
        ("今晚", "jinwan"),
      ])
    add(.han, .clock, [("点", "dian"), ("点钟", "dianzhong"), ("分", "fen"), ("半", "ban")])
    add(.han, .modifier, [("每", "mei")])
    add(
      .han, .after,
      [
        ("后", "hou"), ("以后", "yihou"), ("之后", "zhihou"), ("前", "qian"),
        ("以前", "yiqian"), ("之前", "zhiqian"), ("内", "nei"), ("以内", "yinei"),
      ])
    add(.han, .year, [("年", "nian"), ("年代", "niandai")])

    add(
      .devanagari, .day,
      [
        ("आज", "aj"), ("कल", "kal"), ("परसों", "parson"), ("सोमवार", "somvar"),
        ("मंगलवार", "mangalvar"), ("बुधवार", "budhvar"), ("गुरुवार", "guruvar"),
        ("शुक्रवार", "shukravar"), ("शनिवार", "shanivar"), ("रविवार", "ravivar"),
        ("इतवार", "itvar"), ("दिवाली", "divali"), ("होली", "holi"),
      ])
    add(
      .devanagari, .month,
      [
        ("जनवरी", "janavri"), ("फ़रवरी", "faravri"), ("फरवरी", "pharavri"), ("मार्च", "march"),
        ("अप्रैल", "aprail"), ("मई", "mai"), ("जून", "jun"), ("जुलाई", "julai"),
        ("अगस्त", "agast"), ("सितंबर", "sitambar"), ("अक्टूबर", "aktubar"),
        ("नवंबर", "navambar"), ("दिसंबर", "disambar"),
      ])
    add(
      .devanagari, .dateUnit,
      [
        ("दिन", "din"), ("हफ़्ते", "hafte"), ("हफ्ते", "haphte"), ("हफ़्ता", "hafta"),
        ("महीने", "mahine"), ("महीना", "mahina"), ("साल", "sal"),
      ])
    add(
      .devanagari, .timeUnit,
      [("मिनट", "minat"), ("घंटे", "ghante"), ("घंटा", "ghanta"), ("सेकंड", "sekand")])
    add(
      .devanagari, .partOfDay,
      [("सुबह", "subah"), ("दोपहर", "dophar"), ("शाम", "sham"), ("रात", "rat")])
    add(.devanagari, .clock, [("बजे", "baje")])
    add(
      .devanagari, .modifier,
      [
        ("अगले", "agle"), ("अगला", "agla"), ("अगली", "agli"), ("पिछले", "pichhle"),
        ("पिछला", "pichhla"), ("पिछली", "pichhli"), ("इस", "is"),
      ])
    add(.devanagari, .after, [("बाद", "bad"), ("पहले", "pahle")])

    add(
      .cyrillic, .day,
      [
        ("сегодня", "segodnya"), ("завтра", "zavtra"), ("вчера", "vchera"),
        ("послезавтра", "poslezavtra"), ("понедельник", "ponedelnik"), ("вторник", "vtornik"),
        ("среда", "sreda"), ("среду", "sredu"), ("четверг", "chetverg"),
        ("пятница", "pyatnitsa"), ("пятницу", "pyatnitsu"), ("суббота", "subbota"),
        ("субботу", "subbotu"), ("воскресенье", "voskresene"), ("новый год", "novyy god"),
        ("рождество", "rozhdestvo"), ("рождества", "rozhdestva"),
      ])
    add(
      .cyrillic, .month,
      [
        ("января", "yanvarya"), ("февраля", "fevralya"), ("марта", "marta"),
        ("апреля", "aprelya"), ("мая", "maya"), ("июня", "iyunya"), ("июля", "iyulya"),
        ("августа", "avgusta"), ("сентября", "sentyabrya"), ("октября", "oktyabrya"),
        ("ноября", "noyabrya"), ("декабря", "dekabrya"), ("январь", "yanvar"),
        ("февраль", "fevral"), ("март", "mart"), ("апрель", "aprel"), ("май", "may"),
        ("июнь", "iyun"), ("июль", "iyul"), ("август", "avgust"), ("сентябрь", "sentyabr"),
        ("октябрь", "oktyabr"), ("ноябрь", "noyabr"), ("декабрь", "dekabr"),
      ])
    add(
      .cyrillic, .dateUnit,
      [
        ("день", "den"), ("дня", "dnya"), ("дней", "dney"), ("неделя", "nedelya"),
        ("неделю", "nedelyu"), ("недели", "nedeli"), ("недель", "nedel"), ("месяц", "mesyats"),
        ("месяца", "mesyatsa"), ("месяцев", "mesyatsev"), ("год", "god"), ("года", "goda"),
        ("лет", "let"),
      ])
    add(
      .cyrillic, .timeUnit,
      [
        ("минута", "minuta"), ("минуты", "minuty"), ("минут", "minut"), ("минуту", "minutu"),
        ("час", "chas"), ("часа", "chasa"), ("часов", "chasov"), ("секунд", "sekund"),
        ("секунду", "sekundu"), ("секунды", "sekundy"),
      ])
    add(
      .cyrillic, .partOfDay,
      [
        ("утро", "utro"), ("утром", "utrom"), ("утра", "utra"), ("вечер", "vecher"),
        ("вечером", "vecherom"), ("вечера", "vechera"), ("ночь", "noch"), ("ночью", "nochyu"),
        ("ночи", "nochi"), ("днём", "dnyom"), ("днем", "dnem"),
      ])
    add(
      .cyrillic, .modifier,
      [
        ("следующий", "sleduyushchiy"), ("следующей", "sleduyushchey"),
        ("следующую", "sleduyushchuyu"), ("следующем", "sleduyushchem"),
        ("прошлый", "proshlyy"), ("прошлой", "proshloy"), ("прошлую", "proshluyu"),
        ("прошлом", "proshlom"), ("этот", "etot"), ("эту", "etu"), ("этой", "etoy"),
        ("этом", "etom"),
      ])
    add(.cyrillic, .after, [("назад", "nazad"), ("спустя", "spustya"), ("позже", "pozzhe")])

    add(
      .thai, .day,
      [
        ("วันนี้", "wan ni"), ("พรุ่งนี้", "phrung ni"), ("เมื่อวาน", "muea wan"),
        ("วันจันทร์", "wan chantha"), ("วันอังคาร", "wan angkhan"), ("วันพุธ", "wan phut"),
        ("วันพฤหัสบดี", "wan phoruehatbadi"), ("วันพฤหัส", "wan phoruehat"),
        ("วันศุกร์", "wan suk"), ("วันเสาร์", "wan se"), ("วันอาทิตย์", "wan athit"),
        ("สงกรานต์", "songkran"), ("ปีใหม่", "pi haim"),
      ])
    add(
      .thai, .dateUnit,
      [
        ("วัน", "wan"), ("สัปดาห์", "sapda"), ("อาทิตย์", "athit"), ("เดือน", "duean"),
        ("ปี", "pi"),
      ])
    add(.thai, .timeUnit, [("นาที", "nathi"), ("ชั่วโมง", "chuamong"), ("วินาที", "winathi")])
    add(
      .thai, .partOfDay,
      [
        ("ตอนเช้า", "ton che"), ("ตอนบ่าย", "ton bai"), ("ตอนเย็น", "ton yen"),
        ("กลางคืน", "klang khuen"), ("คืนนี้", "khuen ni"), ("เช้า", "che"), ("เย็น", "yen"),
      ])
    add(.thai, .clock, [("โมง", "mong"), ("ทุ่ม", "thum"), ("นาฬิกา", "nalika")])
    add(.thai, .after, [("หน้า", "na"), ("ที่แล้ว", "thi laeo"), ("นี้", "ni")])
    return words.map { (script: $0.0, text: $0.1, keys: $0.2, wordClass: $0.3) }
  }()

  /// ``words`` as phrases to look up.
  static let lexicon = ScriptedPhrases(
    words.map { (script: $0.script, keys: $0.keys, value: $0.wordClass) })

  /// A token or phrase of the utterance with its role.
  struct Item {
    enum Role: Equatable {
      case word(WordClass)
      case number(value: Int64, isOrdinal: Bool, dayOfMonth: Bool)
      case other(String)
    }
    var range: Range<Int>
    var role: Role
    /// The Latin key of the item's first token.
    var key: String
  }

  /// Months that alone are more often another word: "may i", "march on".
  static let ambiguousMonths: Set<String> = ["may", "march"]

  /// The roles of `tokens`' words, phrases taken longest first.
  ///
  /// - Complexity: O(*n* × *p*) for *n* tokens and *p* phrases sharing a first word.
  static func items(of tokens: [Token]) -> [Item] {
    var items: [Item] = []
    var index = 0
    while index < tokens.count {
      let token = tokens[index]
      if let number = token.number {
        // "two thousand and seventeen", "five hundred and twenty": the normalizer keeps "and"
        // a word of its own.
        var value = number.value
        var end = index + 1
        if value >= 100, value % 100 == 0, end + 1 < tokens.count, tokens[end].latinKey == "and",
          let rest = tokens[end + 1].number, rest.value < 100, !number.isOrdinal
        {
          value += rest.value
          end += 2
        }
        // 五号: the fifth of the month.
        items.append(
          Item(
            range: index..<end,
            role: .number(
              value: value, isOrdinal: number.isOrdinal, dayOfMonth: number.counter == "号"),
            key: token.latinKey))
        index = end
        continue
      }
      let item =
        lexicon.match(at: index, in: tokens).map {
          Item(range: index..<index + $0.length, role: .word($0.value), key: token.latinKey)
        } ?? Item(range: index..<index + 1, role: .other(token.latinKey), key: token.latinKey)
      items.append(item)
      index = item.range.upperBound
    }
    return items
  }

  /// The date, time and part-of-day expressions of `tokens`, left to right, without overlaps.
  ///
  /// - Complexity: O(*n*) for *n* tokens (each expression is a few words long).
  static func find(in tokens: [Token]) -> [Expression] {
    let items = items(of: tokens)
    var found: [Expression] = []
    var index = 0
    while index < items.count {
      if let (end, kind) = expression(in: items, at: index) {
        found.append(
          Expression(
            range: items[index].range.lowerBound..<items[end - 1].range.upperBound, kind: kind))
        index = end
      } else {
        index += 1
      }
    }
    return found
  }

  /// The years and decades said in `tokens`, left to right: "1998", "two thousand three",
  /// "nineteen eighty five", "the seventies", "80s", 2013年, 七十年代. What a `year` parameter
  /// takes.
  ///
  /// - Complexity: O(*n*) for *n* tokens.
  static func years(in tokens: [Token]) -> [Range<Int>] {
    var found: [Range<Int>] = []
    let items = items(of: tokens)
    var skip = false
    for (index, item) in items.enumerated() {
      if skip {
        skip = false
        continue
      }
      let range: Range<Int>
      switch item.role {
      case .number(let value, false, _)
      where index + 1 < items.count && Self.isYearInParts(value, items[index + 1].role)
        && !(index + 2 < items.count && items[index + 2].role == .word(.clock))
        && !(index > 0 && items[index - 1].role == .other("at")):
        // "two thousand three", "nineteen eighty five".
        range = item.range.lowerBound..<items[index + 1].range.upperBound
        skip = true
      case .number(let value, let isOrdinal, _) where !isOrdinal && (1000...2999).contains(value):
        range = item.range
      case .other(let key) where isDecadeNumber(key):
        range = item.range
      case .word(.year):
        // 年 or 年代 after a number already found: the year goes on to it.
        if let last = found.last, last.upperBound == item.range.lowerBound {
          found[found.count - 1] = last.lowerBound..<item.range.upperBound
          continue
        }
        if item.range.lowerBound > 0, let number = tokens[item.range.lowerBound - 1].number,
          !number.isOrdinal
        {
          found.append(item.range.lowerBound - 1..<item.range.upperBound)
        }
        continue
      default: continue
      }
      found.append(range)
    }
    return found
  }

  /// Whether a number `value` and the item after it say one year: thousands and a number
  /// below 100 ("two thousand three"), or 18 to 20 and a number from 10 to 99 ("nineteen
  /// eighty five"; "ten thirty" is a time).
  static func isYearInParts(_ value: Int64, _ next: Item.Role) -> Bool {
    guard case .number(let rest, false, _) = next else { return false }
    return (value % 1000 == 0 && (1000...2999).contains(value) && rest < 100)
      || ((18...20).contains(value) && (10...99).contains(rest))
  }

  /// "80s", "1980s": a decade in digits, as the normalizer keys it, and so "eighties" too
  /// (the normalizer keys decades said in words as written in digits).
  static func isDecadeNumber(_ key: String) -> Bool {
    guard key.hasSuffix("s") else { return false }
    let digits = key.dropLast()
    return (digits.count == 2 || digits.count == 4) && digits.allSatisfy(\.isASCII)
      && digits.allSatisfy(\.isNumber) && digits.last == "0"
  }

  /// Runs of adjacent expressions joined into one ("明天 下午 三点"): what a `datetime`
  /// parameter takes.
  static func joined(_ expressions: [Expression]) -> [Expression] {
    var joined: [Expression] = []
    for expression in expressions {
      if let last = joined.last, last.range.upperBound == expression.range.lowerBound {
        joined[joined.count - 1].range = last.range.lowerBound..<expression.range.upperBound
      } else {
        joined.append(expression)
      }
    }
    return joined
  }

  /// The expression that starts at item `start`: the index after its last item and its kind.
  static func expression(in items: [Item], at start: Int) -> (end: Int, kind: Kind)? {
    // Each looks before `start` too ("on the seventh"): out of range is nothing there.
    func wordClass(_ index: Int) -> WordClass? {
      guard items.indices.contains(index), case .word(let wordClass) = items[index].role else {
        return nil
      }
      return wordClass
    }
    func number(_ index: Int) -> (value: Int64, isOrdinal: Bool, dayOfMonth: Bool)? {
      guard items.indices.contains(index),
        case .number(let value, let isOrdinal, let dayOfMonth) =
          items[index].role
      else { return nil }
      return (value, isOrdinal, dayOfMonth)
    }
    func other(_ index: Int) -> String? {
      guard items.indices.contains(index), case .other(let key) = items[index].role else {
        return nil
      }
      return key
    }
    func isDayNumber(_ index: Int) -> Bool {
      guard let number = number(index) else { return false }
      return (1...31).contains(number.value)
    }
    var index = start
    let modified = wordClass(index) == .modifier
    if modified { index += 1 }

    // A day, and the day of the month after it: "monday the twentieth".
    if wordClass(index) == .day {
      var end = index + 1
      if wordClass(end) == .link, isDayNumber(end + 1), number(end + 1)!.isOrdinal {
        end += 2
      } else if isDayNumber(end), number(end)!.isOrdinal {
        end += 1
      }
      return (end, .date)
    }
    // A month with its day and year: "march twenty first", "may two 2017", 三月五号.
    if wordClass(index) == .month {
      var end = index + 1
      if isDayNumber(end) { end += 1 }
      if let year = number(end), (1000...2999).contains(year.value) { end += 1 }
      // "may" and "march" alone are more often a verb than a month.
      if end > index + 1 || modified || !ambiguousMonths.contains(items[index].key) {
        return (end, .date)
      }
    }
    // A day of the month before its month: "the twenty first of march 2017", "fifth april".
    if !modified {
      var first = index
      if wordClass(first) == .link, isDayNumber(first + 1) { first += 1 }
      if isDayNumber(first) {
        var month = first + 1
        if wordClass(month) == .link { month += 1 }
        if wordClass(month) == .month {
          var end = month + 1
          if let year = number(end), (1000...2999).contains(year.value) { end += 1 }
          return (end, .date)
        }
      }
      // 五号, and "on the seventh".
      if let day = number(index), day.dayOfMonth { return (index + 1, .date) }
      if let day = number(index), day.isOrdinal, (1...31).contains(day.value),
        other(index - 1) == "on" || (wordClass(index - 1) == .link && other(index - 2) == "on")
      {
        return (index + 1, .date)
      }
      // 2013年, 七十年代.
      if number(index) != nil, wordClass(index + 1) == .year { return (index + 2, .date) }
    }
    // A span counted in units: "two days ago", "half an hour", "the last ten minutes", "next
    // week", สัปดาห์หน้า.
    var unit = index
    var counted = modified
    while number(unit) != nil || wordClass(unit) == .quantity
      || (counted && wordClass(unit) == .link
        && (number(unit + 1) != nil || wordClass(unit + 1) == .quantity
          || wordClass(unit + 1) == .dateUnit || wordClass(unit + 1) == .timeUnit))
    {
      counted = true
      unit += 1
    }
    if let unitClass = wordClass(unit), unitClass == .dateUnit || unitClass == .timeUnit {
      var end = unit + 1
      while wordClass(end) == .after { end += 1 }
      if counted || end > unit + 1 { return (end, unitClass == .dateUnit ? .date : .time) }
    }
    // A clock time: "ten am", "5 30 pm", "five o'clock", 三点半, पांच बजे, ห้าโมง; "noon".
    if wordClass(index) == .clockTime { return (index + 1, .time) }
    if number(index) != nil {
      var end = index + 1
      if number(end) != nil, wordClass(end + 1) == .clock { end += 1 }
      if wordClass(end) == .clock {
        end += 1
        // 三点十五分, 三点半.
        if number(end) != nil, wordClass(end + 1) == .clock { end += 2 }
        if wordClass(end) == .clock { end += 1 }
        return (end, .time)
      }
      // "at five", "в пять": a bare hour after "at"; "пять вечера": an hour before a part of
      // the day, which stays an expression of its own.
      let hour = (1...24).contains(number(index)!.value)
      if !modified, hour, other(index - 1) == "at" || other(index - 1) == "v" {
        return (index + 1, .time)
      }
      if hour, wordClass(index + 1) == .partOfDay { return (index + 1, .time) }
    }
    // A part of the day: "evening", "this morning", 下午, कल शाम's शाम.
    if wordClass(index) == .partOfDay { return (index + 1, .partOfDay) }
    return nil
  }
}

extension String {
  /// The text with its apostrophes dropped, as the normalizer keys "today's" (`todays`).
  fileprivate var replacingApostrophes: String {
    String(filter { $0 != "'" && $0 != "." })
  }
}
