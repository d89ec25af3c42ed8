import VocabKitMatching
import VocabKitNormalization
import VocabKitSupport

/// Media qualifier phrases ("season finale", 大结局, последняя серия) as sequences of Latin
/// keys.
///
/// Phrases are matched over token sequences, not single tokens: ICU's word breaker splits
/// 大结局 into 大 + 结局, and "season finale" is two words in any script.
struct MediaQualifiers: Sendable {
  enum Kind: Sendable { case latest, finale }

  /// The phrases as written, by kind; each language's own words for "the latest episode" and
  /// "the last episode of all".
  static let phrases: [(text: String, kind: Kind)] = [
    ("latest", .latest), ("newest", .latest), ("new", .latest), ("latest episode", .latest),
    ("newest episode", .latest), ("最新", .latest), ("最新的", .latest), ("最新一集", .latest),
    ("последняя серия", .latest), ("новая серия", .latest), ("आखिरी एपिसोड", .latest),
    ("नया एपिसोड", .latest), ("ตอนล่าสุด", .latest),
    ("finale", .finale), ("final", .finale), ("season finale", .finale),
    ("series finale", .finale), ("final episode", .finale), ("大结局", .finale),
    ("финал", .finale), ("ตอนจบ", .finale),
  ]

  /// Each phrase's Latin keys as ``Normalizer`` makes them, in the order of ``phrases``.
  ///
  /// Written out rather than normalized when a vocabulary compiles: normalizing the three
  /// Chinese phrases opens ICU's Han-Latin transliterator, about 0.25 s that a vocabulary
  /// without Chinese would spend on nothing else. `MediaQualifierTests` checks that the
  /// normalizer still makes exactly these keys.
  static let phraseKeys: [[String]] = [
    ["latest"], ["newest"], ["new"], ["latest", "episode"], ["newest", "episode"], ["zuixin"],
    ["zuixin", "de"], ["zuixin", "1"], ["poslednyaya", "seriya"], ["novaya", "seriya"],
    ["akhiri", "episod"], ["naya", "episod"], ["ton", "lasut"], ["finale"], ["final"],
    ["season", "finale"], ["series", "finale"], ["final", "episode"], ["da", "jieju"],
    ["final"], ["ton", "chop"],
  ]

  /// Each phrase's Latin keys, longest first, so "latest episode" wins over "latest".
  let keys: [(keys: [String], kind: Kind)]

  /// The phrases with their written-out keys (``phraseKeys``).
  init() {
    self.init(keys: zip(Self.phrases, Self.phraseKeys).map { phrase, keys in (keys, phrase.kind) })
  }

  /// The phrases normalized by `normalizer`: what ``phraseKeys`` must equal.
  init(normalizer: Normalizer) throws(ICUError) {
    var keys: [(keys: [String], kind: Kind)] = []
    for (text, kind) in Self.phrases {
      keys.append((try normalizer.normalize(text).map(\.latinKey), kind))
    }
    self.init(keys: keys)
  }

  private init(keys: [(keys: [String], kind: Kind)]) {
    self.keys = keys.sorted { $0.keys.count > $1.keys.count }
  }

  /// Writes the phrases' keys for the compiled cache: reading them back spares opening ICU's
  /// Han-Latin transliterator (about 0.2 s) in a process that loads a cache.
  func write(to writer: inout BinaryWriter) {
    writer.write(keys) { writer, phrase in
      writer.write(phrase.kind == .latest ? UInt8(0) : 1)
      writer.write(phrase.keys) { writer, key in writer.write(key) }
    }
  }

  /// Reads the keys ``write(to:)`` wrote, checking that they are the phrases', in order.
  init(reading reader: inout BinaryReader) throws(BinaryReaderError) {
    let keys = try reader.readArray { reader throws(BinaryReaderError) in
      let kind = try reader.read(UInt8.self)
      guard kind <= 1 else {
        throw BinaryReaderError(description: "media qualifier of unknown kind \(kind)")
      }
      let words = try reader.readArray { reader throws(BinaryReaderError) in
        try reader.readString()
      }
      return (keys: words, kind: kind == 0 ? Kind.latest : .finale)
    }
    guard keys.count == Self.phrases.count,
      zip(keys, keys.dropFirst()).allSatisfy({ $0.keys.count >= $1.keys.count })
    else {
      throw BinaryReaderError(
        description: "\(keys.count) media qualifiers, not the \(Self.phrases.count) phrases")
    }
    self.keys = keys
  }

  /// The qualifier phrases said in `range` of `tokens`: each phrase's token range and kind,
  /// left to right, without overlaps.
  ///
  /// - Complexity: O(*n* × *p*) for *n* tokens and *p* phrases.
  func find(in tokens: [Token], range: Range<Int>) -> [(range: Range<Int>, kind: Kind)] {
    var found: [(range: Range<Int>, kind: Kind)] = []
    var start = range.lowerBound
    while start < range.upperBound {
      var matched = false
      for phrase in keys where !phrase.keys.isEmpty && start + phrase.keys.count <= range.upperBound
      {
        if phrase.keys.indices.allSatisfy({ tokens[start + $0].latinKey == phrase.keys[$0] }) {
          found.append((start..<start + phrase.keys.count, phrase.kind))
          start += phrase.keys.count
          matched = true
          break
        }
      }
      if !matched { start += 1 }
    }
    return found
  }
}
