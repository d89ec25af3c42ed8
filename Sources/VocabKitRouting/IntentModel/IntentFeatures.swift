import VocabKitMatching
import VocabKitNormalization

/// One word of a sentence as the intent model sees it: its Latin key and sound symbols.
struct IntentWord: Sendable, Hashable {
  var latin: String
  var symbols: [UInt8]

  init(latin: String, symbols: [UInt8]) {
    self.latin = latin
    self.symbols = symbols
  }

  init(latin: String) {
    self.init(latin: latin, symbols: PhoneticKey(latinKey: latin).symbols)
  }
}

/// A unit of a sentence with its vocabulary spans replaced: a word, or the class of what a
/// span names (`contactName`, an app's name), as Snips' entity features do.
enum IntentUnit: Sendable, Hashable {
  case word(String)
  case slot(String)
}

/// Sparse features of a sentence: hashed n-grams with L2-normalized counts.
///
/// Words and bigrams of the Latin keys carry the phrasing; character n-grams of each key
/// and the sound keys carry misspelled and misheard carrier words ("ad milk two my" still
/// votes for `add … to my`); slot-class n-grams carry "call §contactName" whatever the name.
struct IntentFeatures: Sendable {
  /// Hashed feature identifiers, sorted, without repeats.
  var hashes: [UInt64]
  /// Each feature's value, parallel to ``hashes``; the values' squares sum to 1.
  var values: [Float]

  /// The features of a sentence; `appClasses` are the ``appClass(app:name:)`` of its spans
  /// whose class several apps' vocabularies have.
  ///
  /// - Complexity: O(*n*) in the total length of the words.
  init(words: [IntentWord], units: [IntentUnit], appClasses: [UInt64] = []) {
    var counts: [UInt64: Float] = [:]
    func add(_ hash: UInt64) { counts[hash, default: 0] += 1 }
    var previousLatin = FeatureHash(kind: 0).adding("<s>")
    var previousSound = FeatureHash(kind: 0).adding("<s>")
    for word in words {
      let latin = FeatureHash(kind: 0).adding(word.latin)
      let sound = FeatureHash(kind: 0).adding(word.symbols)
      let unigrams = Self.unigrams(of: word)
      add(unigrams.latin)
      add(unigrams.sound)
      add(FeatureHash(kind: 2).adding(previousLatin.value).adding(latin.value).value)
      add(FeatureHash(kind: 4).adding(previousSound.value).adding(sound.value).value)
      Self.addGrams(of: Array(word.latin.utf8), kind: 5, to: add)
      Self.addGrams(of: word.symbols, kind: 6, to: add)
      previousLatin = latin
      previousSound = sound
    }
    add(FeatureHash(kind: 2).adding(previousLatin.value).adding("</s>").value)
    // Slot classes: each class alone and with its neighbours ("to §list", "§contact saying").
    for (index, unit) in units.enumerated() {
      guard case .slot(let name) = unit else { continue }
      let slot = FeatureHash(kind: 0).adding("§").adding(name).value
      add(FeatureHash(kind: 7).adding(slot).value)
      let before =
        index > 0 ? Self.hash(of: units[index - 1]) : FeatureHash(kind: 0).adding("<s>").value
      let after =
        index + 1 < units.count
        ? Self.hash(of: units[index + 1]) : FeatureHash(kind: 0).adding("</s>").value
      add(FeatureHash(kind: 8).adding(before).adding(slot).value)
      add(FeatureHash(kind: 9).adding(slot).adding(after).value)
    }
    for appClass in appClasses { add(appClass) }
    let norm = counts.values.reduce(0) { $0 + $1 * $1 }.squareRoot()
    let sorted = counts.sorted { $0.key < $1.key }
    hashes = sorted.map(\.key)
    values = sorted.map { $0.value / max(norm, 1) }
  }

  /// The feature of a span of class `name` found in `app`'s vocabulary: when several apps'
  /// vocabularies share a class (two apps' lists), it says whose list was named.
  static func appClass(app: String, name: String) -> UInt64 {
    FeatureHash(kind: 10).adding(app).adding(name).value
  }

  /// A word's own features: its Latin key and its sound key, each alone.
  static func unigrams(of word: IntentWord) -> (latin: UInt64, sound: UInt64) {
    (
      FeatureHash(kind: 1).adding(FeatureHash(kind: 0).adding(word.latin).value).value,
      FeatureHash(kind: 3).adding(FeatureHash(kind: 0).adding(word.symbols).value).value
    )
  }

  private static func hash(of unit: IntentUnit) -> UInt64 {
    switch unit {
    case .word(let latin): return FeatureHash(kind: 0).adding(latin).value
    case .slot(let name): return FeatureHash(kind: 0).adding("§").adding(name).value
    }
  }

  /// Trigrams of a word padded with boundary marks, so short words count too.
  private static func addGrams(of bytes: [UInt8], kind: UInt8, to add: (UInt64) -> Void) {
    let padded = [0xFE] + bytes + [0xFF]
    guard padded.count >= 3 else { return }
    for start in 0...(padded.count - 3) {
      add(FeatureHash(kind: kind).adding(padded[start..<start + 3]).value)
    }
  }
}

/// FNV-1a, 64 bits: a feature's identity from its kind and contents.
struct FeatureHash {
  private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

  init(kind: UInt8) { add(kind) }

  private mutating func add(_ byte: UInt8) {
    value = (value ^ UInt64(byte)) &* 0x100_0000_01b3
  }

  func adding(_ text: String) -> FeatureHash {
    var copy = self
    for byte in text.utf8 { copy.add(byte) }
    copy.add(0)
    return copy
  }

  func adding<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> FeatureHash {
    var copy = self
    for byte in bytes { copy.add(byte) }
    copy.add(0xFD)
    return copy
  }

  func adding(_ other: UInt64) -> FeatureHash {
    var copy = self
    for shift in stride(from: 0, to: 64, by: 8) {
      copy.add(UInt8(truncatingIfNeeded: other >> shift))
    }
    return copy
  }
}
