import Testing
import VocabKitNormalization
import VocabKitSupport

@testable import VocabKitRouting

/// The carrier-word cost with its shortcuts agrees with the plain definition.
@Suite struct WordCostTests {
  /// Seeded random sound keys, and pairs one edit apart, against 1 - similarity (or 1 below
  /// the minimum) computed in full.
  @Test(arguments: [0.5, 0.3, 0.7])
  func shortcutsAgreeWithTheDefinition(minimum: Double) {
    let symbols = Array("aeioubdfgklmnprstvz".utf8)
    var random = SplitMix64(seed: 20)
    func key() -> [UInt8] { (0..<random.next(9)).map { _ in symbols[random.next(symbols.count)] } }
    for _ in 0..<4_000 {
      let word = key()
      var token = random.next(3) == 0 ? word : key()
      if random.next(2) == 0, !token.isEmpty {
        token[random.next(token.count)] = symbols[random.next(symbols.count)]
      }
      let similarity = PhoneticKey.similarity(word, token)
      let expected = similarity < minimum ? 1 : 1 - similarity
      let found = HeardKeys.wordCost(word, token, minimumSimilarity: minimum)
      #expect(found == expected, "\(word) \(token)")
    }
  }

  /// An utterance's keys, compared with a word all at once, give each token's and each pair's
  /// cost as comparing them one by one does.
  @Test func allKeysAtOnceAgreeWithOneByOne() {
    let symbols = Array("aeioubdfgklmnprstvz".utf8)
    var random = SplitMix64(seed: 21)
    func key() -> [UInt8] { (0..<random.next(7)).map { _ in symbols[random.next(symbols.count)] } }
    for _ in 0..<300 {
      let tokens = (0..<(1 + random.next(6))).map { _ in key() }
      let word = random.next(2) == 0 ? tokens[random.next(tokens.count)] : key()
      let pairs = zip(tokens, tokens.dropFirst()).map { $0 + $1 }
      let expected = (tokens + pairs).map { HeardKeys.wordCost(word, $0, minimumSimilarity: 0.5) }
      #expect(HeardKeys(tokens: tokens).costs(of: word, minimumSimilarity: 0.5) == expected)
    }
  }
}
