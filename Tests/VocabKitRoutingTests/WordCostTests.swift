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
      let found = RoutingContext.wordCost(word, token, minimumSimilarity: minimum)
      #expect(found == expected, "\(word) \(token)")
    }
  }
}
