/// Parses Chinese numerals such as 十, 二十一, 一百零五 and 两千.
enum ChineseNumerals {
  static let digits: [Character: Int64] = [
    "零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7,
    "八": 8, "九": 9,
  ]
  static let units: [Character: Int64] = ["十": 10, "百": 100, "千": 1000]
  static let myriads: [Character: Int64] = ["万": 10_000, "亿": 100_000_000]
  /// Measure words that commonly follow a number in requests (episode, season, song …).
  static let counters: Set<Character> = [
    "集", "季", "期", "个", "首", "部", "章", "话", "回", "次", "遍", "张", "本", "条", "号",
  ]
  /// The ordinal prefix 第.
  static let ordinalPrefix: Character = "第"

  static func isNumeral(_ character: Character) -> Bool {
    digits[character] != nil || units[character] != nil || myriads[character] != nil
  }

  /// Returns the value of a run of Chinese numeral characters, or nil if it is malformed.
  ///
  /// - Complexity: O(*n*) in the length of `text`.
  static func value(of text: some StringProtocol) -> Int64? {
    var total: Int64 = 0
    var section: Int64 = 0
    var digit: Int64? = nil
    var sawAny = false
    for character in text {
      if let value = digits[character] {
        digit = value
      } else if let unit = units[character] {
        section += (digit ?? 1) * unit
        digit = nil
      } else if let myriad = myriads[character] {
        section += digit ?? 0
        total += max(section, 1) * myriad
        section = 0
        digit = nil
      } else {
        return nil
      }
      sawAny = true
      if total > Int64(Int32.max) { return nil }
    }
    guard sawAny else { return nil }
    return total + section + (digit ?? 0)
  }
}
