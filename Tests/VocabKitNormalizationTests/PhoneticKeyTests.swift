import Testing
import VocabKitSupport

@testable import VocabKitNormalization

@Suite("Phonetic keys")
struct PhoneticKeyTests {
  @Test(
    "Keys ignore word boundaries",
    arguments: [
      (["in", "box"], "inbox"),
      (["you", "tube"], "youtube"),
      (["bus", "stop"], "busstop"),
      (["net", "flix"], "netflix"),
    ])
  func boundaries(words: [String], joined: String) {
    #expect(PhoneticKey(latinKeys: words) == PhoneticKey(latinKey: joined))
  }

  @Test("in + box through the normalizer")
  func inBox() throws {
    let spaced = PhoneticKey(latinKeys: try latinKeys("in box"))
    let joined = PhoneticKey(latinKeys: try latinKeys("inbox"))
    #expect(spaced == joined)
    #expect(spaced == PhoneticKey(latinKey: "inbox"))
  }

  @Test(
    "Spelling rules",
    arguments: [
      ("phone", "fon"), ("fone", "fon"), ("city", "siti"), ("cat", "kat"), ("ship", "xip"),
      ("chip", "cip"), ("schmidt", "xmidt"), ("kick", "kik"), ("queen", "kwin"),
      ("box", "boks"), ("zhang", "jang"), ("bell", "bel"),
      ("see", "si"), ("sea", "si"), ("moon", "mun"), ("book", "buk"), ("lee", "li"), ("li", "li"),
    ])
  func rules(latin: String, expected: String) {
    #expect(PhoneticKey(latinKey: latin).text == expected)
  }

  @Test(
    "Homophones share a key",
    arguments: [
      ("see", "sea"), ("been", "bean"), ("lee", "li"), ("phil", "fill"), ("kristen", "christen"),
      ("moon", "mune"), ("book", "buk"),
    ])
  func homophones(a: String, b: String) {
    let x = PhoneticKey(latinKey: a)
    let y = PhoneticKey(latinKey: b)
    #expect(phoneticSimilarity(x, y) >= 0.8, "\(a)=\(x.text) \(b)=\(y.text)")
  }

  @Test(
    "Different words are far apart",
    arguments: [
      ("spotify", "netflix"), ("alexander", "maria"), ("inbox", "calendar"), ("zhang", "smith"),
    ])
  func distinct(a: String, b: String) {
    #expect(phoneticSimilarity(PhoneticKey(latinKey: a), PhoneticKey(latinKey: b)) < 0.5)
  }

  @Test("Costs are symmetric and zero on the diagonal")
  func costs() {
    let symbols = Array("aeioupbtdkgfvszxcjmnlrwyh0123456789".utf8)
    for a in symbols {
      #expect(PhoneticKey.substitutionCost(a, a) == 0)
      #expect(PhoneticKey.indelCost(a) > 0)
      for b in symbols {
        #expect(PhoneticKey.substitutionCost(a, b) == PhoneticKey.substitutionCost(b, a))
        #expect(PhoneticKey.substitutionCost(a, b) <= 10)
      }
    }
    #expect(PhoneticKey.substitutionCost(UInt8(ascii: "m"), UInt8(ascii: "n")) < 10)
    #expect(PhoneticKey.substitutionCost(UInt8(ascii: "p"), UInt8(ascii: "k")) == 10)
  }

  @Test("Weight is the sum of indel costs")
  func weight() {
    let key = PhoneticKey(latinKey: "alexander")
    #expect(
      PhoneticKey.weight(key.symbols) == key.symbols.reduce(0) { $0 + PhoneticKey.indelCost($1) })
    #expect(PhoneticKey.weight([]) == 0)
  }

  @Test("Empty and digit keys")
  func emptyAndDigits() {
    #expect(PhoneticKey(latinKey: "").symbols.isEmpty)
    #expect(PhoneticKey(latinKey: "66").text == "66")
    #expect(PhoneticKey(latinKey: "100").text == "100")
    #expect(
      PhoneticKey(latinKeys: ["route", "66"])
        == PhoneticKey(latinKeys: try! latinKeys("route sixty six")))
  }

  @Test(
    "Keys are ASCII symbols from the documented alphabet",
    arguments: [
      "alexander", "aleksandr", "somchai", "zhangwei", "rahulsharma", "aiqiyi", "wifi", "acdc",
      "qwertyuiopasdfghjklzxcvbnm", "xxxx", "hhhh", "wh", "qu", "q", "y", "w",
    ])
  func alphabet(latin: String) {
    let allowed = Set("aeioupbtdkgfvszxcjmnlrwyh0123456789".utf8)
    #expect(PhoneticKey(latinKey: latin).symbols.allSatisfy(allowed.contains))
  }

  /// Compiling appends every word's symbols to one shared array: each word's part must be
  /// exactly its own key, even where the word before ends in the sound this one starts with
  /// ("bus" + "stop"), which a key of several words would write once.
  @Test("Words appended to one array keep their own keys")
  func appendedWordsKeepTheirKeys() {
    var random = SplitMix64(seed: 0xA99E)
    let letters = Array("aeioubcdfghjklmnpqrstvwxyz0123456789".utf8)
    var words: [[UInt8]] = []
    var shared: [UInt8] = []
    var separate: [UInt8] = []
    for _ in 0..<5_000 {
      var word = (0..<(1 + random.next(9))).map { _ in letters[random.next(letters.count)] }
      // Doubled letters and a final "e" exercise the letter pass.
      if random.next(4) == 0, let last = word.last { word.append(last) }
      if random.next(4) == 0 { word.append(UInt8(ascii: "e")) }
      words.append(word)
      word.withUnsafeBufferPointer { PhoneticKey.encode($0, appendingTo: &shared) }
      separate += PhoneticKey(latinKey: String(decoding: word, as: UTF8.self)).symbols
    }
    #expect(shared == separate)
    // The case the shared array must not merge is common in these words.
    let boundaries = zip(words, words.dropFirst()).filter { pair in
      let first = PhoneticKey(latinKey: String(decoding: pair.0, as: UTF8.self)).symbols
      let second = PhoneticKey(latinKey: String(decoding: pair.1, as: UTF8.self)).symbols
      return first.last != nil && first.last == second.first
    }
    #expect(boundaries.count > 100)
  }
}
