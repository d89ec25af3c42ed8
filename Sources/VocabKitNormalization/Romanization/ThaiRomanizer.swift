/// Romanizes Thai words close to the Royal Thai General System, with the implicit vowels
/// that Thai script leaves unwritten ("สมชาย" → "somchai", where ICU gives "smchay").
///
/// Thai writes no vowel in many closed syllables ("สม" is "som") and some open ones
/// ("สบาย" is "sabai"). The romanizer splits a word into syllables from its consonants and
/// vowel marks, inserts "o" into a closed syllable without a vowel and "a" into an open one,
/// and uses each consonant's final sound at the end of a syllable.
enum ThaiRomanizer {
  private struct Consonant {
    var initial: String
    var final: String
  }

  private static let consonants: [UInt32: Consonant] = {
    let rows: [(UInt32, String, String)] = [
      (0x0E01, "k", "k"), (0x0E02, "kh", "k"), (0x0E03, "kh", "k"), (0x0E04, "kh", "k"),
      (0x0E05, "kh", "k"), (0x0E06, "kh", "k"), (0x0E07, "ng", "ng"), (0x0E08, "ch", "t"),
      (0x0E09, "ch", "t"), (0x0E0A, "ch", "t"), (0x0E0B, "s", "t"), (0x0E0C, "ch", "t"),
      (0x0E0D, "y", "n"), (0x0E0E, "d", "t"), (0x0E0F, "t", "t"), (0x0E10, "th", "t"),
      (0x0E11, "th", "t"), (0x0E12, "th", "t"), (0x0E13, "n", "n"), (0x0E14, "d", "t"),
      (0x0E15, "t", "t"), (0x0E16, "th", "t"), (0x0E17, "th", "t"), (0x0E18, "th", "t"),
      (0x0E19, "n", "n"), (0x0E1A, "b", "p"), (0x0E1B, "p", "p"), (0x0E1C, "ph", "p"),
      (0x0E1D, "f", "p"), (0x0E1E, "ph", "p"), (0x0E1F, "f", "p"), (0x0E20, "ph", "p"),
      (0x0E21, "m", "m"), (0x0E22, "y", "i"), (0x0E23, "r", "n"), (0x0E24, "rue", "rue"),
      (0x0E25, "l", "n"), (0x0E26, "lue", "lue"), (0x0E27, "w", "o"), (0x0E28, "s", "t"),
      (0x0E29, "s", "t"), (0x0E2A, "s", "t"), (0x0E2B, "h", ""), (0x0E2C, "l", "n"),
      (0x0E2D, "", ""), (0x0E2E, "h", ""),
    ]
    var table: [UInt32: Consonant] = [:]
    for (scalar, initial, final) in rows {
      table[scalar] = Consonant(initial: initial, final: final)
    }
    return table
  }()

  private static let leadingVowels: Set<UInt32> = [0x0E40, 0x0E41, 0x0E42, 0x0E43, 0x0E44]
  /// Vowel marks written after (or above or below) the initial consonant.
  private static let followingVowels: [UInt32: String] = [
    0x0E30: "a", 0x0E31: "a", 0x0E32: "a", 0x0E33: "am", 0x0E34: "i", 0x0E35: "i",
    0x0E36: "ue", 0x0E37: "ue", 0x0E38: "u", 0x0E39: "u", 0x0E45: "",
  ]
  /// Tone marks, the vowel shortener and the cancellation mark carry no letters.
  private static let silentMarks: Set<UInt32> = [0x0E47, 0x0E48, 0x0E49, 0x0E4A, 0x0E4B, 0x0E4D]
  private static let thanthakhat: UInt32 = 0x0E4C
  /// Consonants that start a cluster with ร or ล: ก ข ค ต ป ผ พ, and บ ด ฟ in loanwords.
  private static let clusterFirsts: Set<UInt32> = [
    0x0E01, 0x0E02, 0x0E04, 0x0E15, 0x0E1B, 0x0E1C, 0x0E1E, 0x0E1A, 0x0E14, 0x0E1F,
  ]

  /// True when `first` and `second` are a consonant cluster such as กร, พล or กว, and not two
  /// syllables such as เว-ลา or ส-วัส.
  private static func formsCluster(_ first: UInt32, _ second: UInt32) -> Bool {
    switch second {
    case 0x0E23:  // ร, also after ท จ ซ ศ ส (ทราย, จริง, สร้าง)
      return clusterFirsts.contains(first)
        || [0x0E17, 0x0E08, 0x0E0B, 0x0E28, 0x0E2A].contains(first)
    case 0x0E25: return clusterFirsts.contains(first)  // ล
    case 0x0E27: return first == 0x0E01 || first == 0x0E02 || first == 0x0E04  // ว: กว ขว คว
    default: return false
    }
  }

  private static let digits: ClosedRange<UInt32> = 0x0E50...0x0E59

  private struct Syllable {
    var leading: UInt32?
    var initial: [UInt32] = []
    var vowel: String = ""
    var hasVowel = false
    var final: UInt32?
  }

  /// Romanizes one word; characters outside Thai pass through unchanged.
  ///
  /// - Complexity: O(*n*) in the length of `word`.
  ///
  /// One function on purpose: one pass of a state machine over a Thai syllable's parts (leading
  /// consonants, vowel signs around them, final consonant, tone marks).
  static func romanize(_ word: some StringProtocol) -> String {
    var scalars = Array(word.unicodeScalars.map(\.value))
    // A consonant under a thanthakhat is silent: drop it with the mark.
    var index = 0
    while index < scalars.count {
      if scalars[index] == thanthakhat {
        scalars.remove(at: index)
        if index > 0, consonants[scalars[index - 1]] != nil {
          scalars.remove(at: index - 1)
          index -= 1
        }
      } else {
        index += 1
      }
    }
    scalars.removeAll { silentMarks.contains($0) }

    var output = ""
    var syllables: [Syllable] = []
    var position = 0
    func isConsonant(_ at: Int) -> Bool { at < scalars.count && consonants[scalars[at]] != nil }
    func isFollowingVowel(_ at: Int) -> Bool {
      at < scalars.count && followingVowels[scalars[at]] != nil
    }
    func flush() {
      for syllable in syllables { output += render(syllable) }
      syllables.removeAll()
    }
    while position < scalars.count {
      let value = scalars[position]
      if digits.contains(value) {
        flush()
        output += String(value - digits.lowerBound)
        position += 1
        continue
      }
      guard leadingVowels.contains(value) || consonants[value] != nil else {
        flush()
        if followingVowels[value] == nil, let scalar = Unicode.Scalar(value) {
          output.unicodeScalars.append(scalar)
        }
        position += 1
        continue
      }
      var syllable = Syllable()
      if leadingVowels.contains(value) {
        syllable.leading = value
        syllable.hasVowel = true
        position += 1
      }
      guard isConsonant(position) else {
        syllables.append(syllable)
        continue
      }
      syllable.initial.append(scalars[position])
      position += 1
      // A cluster such as "กร", "พล", "กว", or a silent ห before a sonorant.
      if isConsonant(position), position + 1 <= scalars.count,
        formsCluster(syllable.initial[0], scalars[position]) || syllable.initial[0] == 0x0E2B,
        isFollowingVowel(position + 1) || (syllable.leading != nil && isConsonant(position + 1))
      {
        syllable.initial.append(scalars[position])
        position += 1
      }
      // Vowel marks after the consonant.
      while isFollowingVowel(position) {
        syllable.vowel += followingVowels[scalars[position]]!
        syllable.hasVowel = true
        position += 1
      }
      // Compound vowels spelled with ย, ว or อ after the consonant.
      if position < scalars.count {
        let next = scalars[position]
        if syllable.leading == 0x0E40, syllable.vowel == "i", next == 0x0E22 {
          syllable.vowel = "ia"
          position += 1
        } else if syllable.leading == 0x0E40, syllable.vowel == "i",
          scalars[position - 1] == 0x0E34
        {
          syllable.vowel = "oe"  // เ◌ิ: เปิด "poet", เดิน "doen", เวิร์ก "woek"
        } else if syllable.leading == 0x0E40, syllable.vowel == "ue", next == 0x0E2D {
          syllable.vowel = "uea"
          position += 1
        } else if syllable.vowel == "a", scalars[position - 1] == 0x0E31, next == 0x0E27 {
          syllable.vowel = "ua"
          position += 1
        } else if syllable.leading == 0x0E40, syllable.vowel.isEmpty, next == 0x0E32 {
          syllable.vowel = "ao"
          position += 1
        } else if syllable.leading == 0x0E40, syllable.vowel.isEmpty, next == 0x0E2D,
          !isFollowingVowel(position + 1)
        {
          syllable.vowel = "oe"
          position += 1
        } else if !syllable.hasVowel, next == 0x0E2D, isConsonant(position + 1) {
          syllable.vowel = "o"  // consonant + อ + final: "o" as in "บอล"
          syllable.hasVowel = true
          position += 1
        }
      }
      // A final consonant: one not followed by a vowel mark of its own.
      if isConsonant(position), !isFollowingVowel(position + 1) {
        syllable.final = scalars[position]
        position += 1
      }
      syllables.append(syllable)
    }
    flush()
    return output
  }

  private static func render(_ syllable: Syllable) -> String {
    var text = ""
    var initials = syllable.initial
    if initials.count == 2, initials[0] == 0x0E2B {
      initials.removeFirst()  // A leading ห only marks the tone.
    }
    for consonant in initials { text += consonants[consonant]!.initial }
    var vowel = syllable.vowel
    switch syllable.leading {
    case 0x0E40: vowel = vowel.isEmpty || vowel == "a" ? "e" : vowel
    case 0x0E41: vowel = "ae"
    case 0x0E42: vowel = "o"
    case 0x0E43, 0x0E44: vowel = "ai"
    default: break
    }
    if vowel.isEmpty && !syllable.initial.isEmpty && syllable.initial != [0x0E2D] {
      vowel = syllable.final == nil ? "a" : "o"
    } else if vowel.isEmpty && syllable.initial == [0x0E2D] && syllable.final != nil {
      vowel = "o"
    }
    text += vowel
    if let final = syllable.final {
      let sound = consonants[final]!.final
      if final == 0x0E22, vowel.hasSuffix("i") {
        // "ไย" adds nothing.
      } else if final == 0x0E27, vowel.hasSuffix("o") || vowel.hasSuffix("u") {
        // "โว" adds nothing.
      } else {
        text += sound
      }
    }
    return text
  }
}
