/// Sound classes for matching what a recognizer wrote against what a vocabulary means.
///
/// A phonetic key is a string of sound symbols derived from a Latin key with English-like
/// spelling rules ("ph" → f, "c" before e/i → s, "sh" → one symbol, doubled letters once,
/// vowel clusters as one vowel, silent final "e" dropped). Keys ignore word boundaries:
/// the key of "in box" equals the key of "inbox". Distances between keys use
/// ``PhoneticKey/substitutionCost(_:_:)``, which makes likely recognizer confusions cheap
/// (voiced/voiceless pairs, m/n, l/r, one vowel for another).
///
/// The rules are VocabKit's own and licence-clean: no pronouncing dictionary or GPL
/// synthesizer is involved.
package struct PhoneticKey: Hashable, Sendable {
  /// The sound symbols, as ASCII bytes: vowels `a e i o u`; consonants `p b t d k g f v s z`,
  /// `x` (sh), `c` (ch), `j`, `m n l r w y h`; digits stand for themselves.
  package var symbols: [UInt8]

  package init(symbols: [UInt8]) { self.symbols = symbols }

  /// The key of one word's Latin key.
  ///
  /// - Complexity: O(*n*) in the length of `latinKey`.
  package init(latinKey: String) {
    var latinKey = latinKey
    var symbols: [UInt8] = []
    latinKey.withUTF8 { Self.encode($0, appendingTo: &symbols) }
    self.symbols = symbols
  }

  /// The key of several words, concatenated without boundaries.
  package init(latinKeys: some Sequence<String>) {
    var symbols: [UInt8] = []
    for var key in latinKeys {
      let start = symbols.count
      key.withUTF8 { Self.encode($0, appendingTo: &symbols) }
      // A sound ending one word and starting the next is heard once ("bus stop", "busstop"),
      // as within a word.
      if start > 0, start < symbols.count, symbols[start] == symbols[start - 1],
        !(0x30...0x39).contains(symbols[start])
      {
        symbols.remove(at: start)
      }
    }
    self.symbols = symbols
  }

  /// The symbols as a string, for display.
  package var text: String { String(decoding: symbols, as: UTF8.self) }

  private static func isVowelLetter(_ byte: UInt8) -> Bool {
    byte == 0x61 || byte == 0x65 || byte == 0x69 || byte == 0x6F || byte == 0x75
  }

  /// Appends the sound symbols of one word's Latin key to `output`, which may already hold
  /// other words' symbols: a sound repeated within the word is written once, across words
  /// it is not. Compiling writes every word of a vocabulary this way, without an array of
  /// its own.
  ///
  /// - Complexity: O(*n*) in the length of `word`.
  package static func encode(_ word: UnsafeBufferPointer<UInt8>, appendingTo output: inout [UInt8])
  {
    // Doubled consonants sound once (doubled vowels are clusters: "ee", "oo"); a silent
    // final "e" after a consonant is dropped. The letters are kept on the stack.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(word.count, 1)) { letterBuffer in
      var count = 0
      for byte in word
      where count == 0 || letterBuffer[count - 1] != byte || (0x30...0x39).contains(byte)
        || isVowelLetter(byte)
      {
        letterBuffer[count] = byte
        count += 1
      }
      if count >= 4, letterBuffer[count - 1] == UInt8(ascii: "e"),
        !isVowelLetter(letterBuffer[count - 2]), letterBuffer[count - 2] != UInt8(ascii: "y")
      {
        count -= 1
      }
      encodeLetters(UnsafeBufferPointer(rebasing: letterBuffer[..<count]), appendingTo: &output)
    }
  }

  /// ``encode(_:appendingTo:)`` after doubled letters and a silent final "e" are removed.
  ///
  /// One function on purpose: the spelling rules apply in order within one pass over the letters,
  /// and read as one table of rules.
  private static func encodeLetters(
    _ letters: UnsafeBufferPointer<UInt8>, appendingTo output: inout [UInt8]
  ) {
    let start = output.count
    var index = 0
    func letter(_ at: Int) -> UInt8 { at < letters.count ? letters[at] : 0 }
    func emit(_ symbol: UInt8) {
      if output.count == start || output[output.count - 1] != symbol { output.append(symbol) }
    }
    while index < letters.count {
      let current = letters[index]
      let next = letter(index + 1)
      switch current {
      case UInt8(ascii: "a"), UInt8(ascii: "e"), UInt8(ascii: "i"), UInt8(ascii: "o"),
        UInt8(ascii: "u"):
        var end = index
        while isVowelLetter(letter(end)) { end += 1 }
        // A run of vowels sounds as its first two letters say (bytes, not a string: this runs
        // for every vowel of every query).
        let second = end - index >= 2 ? letters[index + 1] : 0
        let symbol: Unicode.Scalar
        switch (Unicode.Scalar(current), Unicode.Scalar(second)) {
        case ("e", "e"), ("e", "a"), ("i", "e"), ("e", "i"): symbol = "i"
        case ("o", "o"), ("o", "u"), ("u", "e"), ("u", "i"): symbol = "u"
        case ("a", "i"), ("a", "e"): symbol = "e"
        case ("a", "u"), ("o", "a"): symbol = "o"
        default: symbol = Unicode.Scalar(current)
        }
        emit(UInt8(symbol.value))
        index = end
        continue
      case UInt8(ascii: "c"):
        if next == UInt8(ascii: "h") {
          emit(UInt8(ascii: "c"))
          index += 2
          continue
        }
        if next == UInt8(ascii: "k") {
          emit(UInt8(ascii: "k"))
          index += 2
          continue
        }
        emit(
          UInt8(
            ascii: next == UInt8(ascii: "e") || next == UInt8(ascii: "i")
              || next == UInt8(ascii: "y")
              ? "s" : "k"))
      case UInt8(ascii: "s"):
        if next == UInt8(ascii: "h") {
          emit(UInt8(ascii: "x"))
          index += 2
          continue
        }
        if next == UInt8(ascii: "c"), letter(index + 2) == UInt8(ascii: "h") {
          emit(UInt8(ascii: "x"))
          index += 3
          continue
        }
        emit(UInt8(ascii: "s"))
      case UInt8(ascii: "t"):
        if next == UInt8(ascii: "c"), letter(index + 2) == UInt8(ascii: "h") {
          emit(UInt8(ascii: "c"))
          index += 3
          continue
        }
        emit(UInt8(ascii: "t"))
        if next == UInt8(ascii: "h") { index += 1 }
      case UInt8(ascii: "p"):
        if next == UInt8(ascii: "h") {
          emit(UInt8(ascii: "f"))
          index += 2
          continue
        }
        emit(UInt8(ascii: "p"))
      case UInt8(ascii: "z"):
        if next == UInt8(ascii: "h") {
          emit(UInt8(ascii: "j"))
          index += 2
          continue
        }
        emit(UInt8(ascii: "z"))
      case UInt8(ascii: "k"), UInt8(ascii: "g"), UInt8(ascii: "d"), UInt8(ascii: "b"),
        UInt8(ascii: "j"), UInt8(ascii: "r"):
        emit(current)
        if next == UInt8(ascii: "h") { index += 1 }  // kh, gh, dh, bh, jh, rh: aspiration
      case UInt8(ascii: "q"):
        emit(UInt8(ascii: "k"))
        if next == UInt8(ascii: "u") {
          emit(UInt8(ascii: "w"))
          index += 1
        }
      case UInt8(ascii: "x"):
        if index == 0 {
          // Word-initial x: pinyin "xi" (shee) more often than English "xylo".
          emit(UInt8(ascii: "x"))
        } else {
          emit(UInt8(ascii: "k"))
          emit(UInt8(ascii: "s"))
        }
      case UInt8(ascii: "y"):
        emit(UInt8(ascii: isVowelLetter(next) ? "y" : "i"))
      case UInt8(ascii: "w"):
        if next == UInt8(ascii: "h") { index += 1 }
        emit(UInt8(ascii: isVowelLetter(letter(index + 1)) ? "w" : "u"))
      case UInt8(ascii: "h"):
        // A spoken "h" before a vowel; silent after a vowel at the end of a syllable.
        if isVowelLetter(next) || index == 0 { emit(UInt8(ascii: "h")) }
      case UInt8(ascii: "f"), UInt8(ascii: "v"), UInt8(ascii: "l"), UInt8(ascii: "m"),
        UInt8(ascii: "n"):
        emit(current)
      case 0x30...0x39:
        output.append(current)
      default:
        break
      }
      index += 1
    }
  }

  // MARK: Costs

  /// The cost of deleting or inserting one symbol, out of 10.
  @inline(__always)
  package static func indelCost(_ symbol: UInt8) -> Int32 { costs.indel[Int(symbol & 0x7F)] }

  /// The cost of writing `b` where `a` was meant, out of 10: 0 for the same symbol, 3 for
  /// close sounds, 10 for unrelated ones.
  @inline(__always)
  package static func substitutionCost(_ a: UInt8, _ b: UInt8) -> Int32 {
    costs.substitution[Int(a & 0x7F) << 7 | Int(b & 0x7F)]
  }

  /// Calls `body` with the indel (128 entries) and substitution (128 × 128, row `a << 7`)
  /// cost tables, for hot loops that should not look the tables up per symbol.
  /// Inlinable, so that callers in other modules get it specialized for their closure
  /// instead of a generic call (which looks type metadata up at run time) in their hot loops.
  @inlinable
  package static func withCostTables<Result>(
    _ body: (UnsafeBufferPointer<Int32>, UnsafeBufferPointer<Int32>) throws -> Result
  ) rethrows -> Result {
    let tables = costs
    return try tables.indel.withUnsafeBufferPointer { indel in
      try tables.substitution.withUnsafeBufferPointer { substitution in
        try body(indel, substitution)
      }
    }
  }

  /// The sum of the indel costs of a run of symbols: the most an alignment can cost.
  package static func weight(_ symbols: some Sequence<UInt8>) -> Int32 {
    symbols.reduce(0) { $0 + indelCost($1) }
  }

  /// The sum of the indel costs of a run of symbols, without generic overhead (hot in
  /// compiling and verifying).
  ///
  /// - Complexity: O(*n*) in the number of symbols.
  package static func weight(_ symbols: ArraySlice<UInt8>) -> Int32 {
    costs.indel.withUnsafeBufferPointer { indel in
      symbols.withUnsafeBufferPointer { symbols in
        var total: Int32 = 0
        for symbol in symbols { total &+= indel[Int(symbol & 0x7F)] }
        return total
      }
    }
  }

  /// The sum of the indel costs of the symbols of an array; see ``weight(_:)-(ArraySlice<UInt8>)``.
  package static func weight(_ symbols: [UInt8]) -> Int32 { weight(symbols[...]) }

  @usableFromInline
  struct CostTables: Sendable {
    @usableFromInline var indel: [Int32]
    @usableFromInline var substitution: [Int32]
  }

  @usableFromInline
  static let costs: CostTables = {
    var indel = [Int32](repeating: 10, count: 128)
    for vowel in "aeiou" { indel[Int(vowel.asciiValue!)] = 5 }
    indel[Int(Character("h").asciiValue!)] = 4
    indel[Int(Character("y").asciiValue!)] = 6
    indel[Int(Character("w").asciiValue!)] = 6
    var substitution = [Int32](repeating: 10, count: 128 * 128)
    func set(_ a: Character, _ b: Character, _ cost: Int32) {
      let x = Int(a.asciiValue!)
      let y = Int(b.asciiValue!)
      substitution[x << 7 | y] = cost
      substitution[y << 7 | x] = cost
    }
    for byte in 0..<128 { substitution[byte << 7 | byte] = 0 }
    let vowels = Array("aeiou")
    for a in vowels { for b in vowels where a != b { set(a, b, 3) } }
    for (a, b) in [
      ("p", "b"), ("t", "d"), ("k", "g"), ("f", "v"), ("s", "z"), ("c", "j"), ("x", "j"),
      ("m", "n"),
    ] { set(Character(a), Character(b), 3) }
    for (a, b) in [
      ("s", "x"), ("c", "x"), ("l", "r"), ("w", "v"), ("y", "i"), ("w", "u"), ("z", "j"),
      ("s", "c"), ("t", "c"), ("d", "j"), ("k", "c"),
    ] { set(Character(a), Character(b), 4) }
    for (a, b) in [("p", "f"), ("b", "v"), ("k", "h"), ("g", "j"), ("t", "s"), ("n", "l")] {
      set(Character(a), Character(b), 6)
    }
    return CostTables(indel: indel, substitution: substitution)
  }()
}

extension PhoneticKey {
  /// Similarity of two whole keys in 0...1: 1 - weighted edit cost / the larger weight.
  ///
  /// - Complexity: O(*m* × *n*).
  package static func similarity(_ a: [UInt8], _ b: [UInt8]) -> Double {
    ErrorModel.standard.similarity(a, b)
  }
}
