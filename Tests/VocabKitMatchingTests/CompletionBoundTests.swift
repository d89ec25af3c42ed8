import Testing
import VocabKitNormalization
import VocabKitSupport

@testable import VocabKitMatching

/// The bound that ranks phrase completions in crowded directories, against verification (the
/// slow reference), on seeded random names and misspelled utterances.
@Suite struct CompletionBoundTests {
  static let syllables = [
    "ka", "ro", "mi", "an", "te", "li", "son", "ber", "gar", "ne", "sha", "vi", "do", "lo",
    "mar", "tin", "el", "ju", "ha", "rey",
  ]

  func word(_ random: inout SplitMix64) -> String {
    (0...random.next(3)).map { _ in Self.syllables[random.next(Self.syllables.count)] }.joined()
  }

  /// A word with a letter or two changed, dropped or doubled, as a recognizer misspells.
  func misspelled(_ word: String, _ random: inout SplitMix64) -> String {
    var letters = Array(word)
    for _ in 0..<random.next(3) where !letters.isEmpty {
      let position = random.next(letters.count)
      switch random.next(3) {
      case 0: letters[position] = Array("aeioukstrnz")[random.next(11)]
      case 1: letters.remove(at: position)
      default: letters.insert(letters[position], at: position)
      }
    }
    return String(letters)
  }

  /// No key's verified score in any token-aligned window exceeds its bound times its weight,
  /// nor that bound the whole window's.
  @Test func theBoundNeverFallsBelowTheVerifiedScore() throws {
    var random = SplitMix64(seed: 71)
    let normalizer = try Normalizer.shared
    let names = (0..<300).map { _ in (0...random.next(2)).map { _ in word(&random) } }
    let entries = names.enumerated().map { number, words in
      MatchEntry(
        identifier: "e\(number)", type: "name",
        phrases: [MatchPhrase(words.joined(separator: " "))], priority: number)
    }
    let index = try MatchIndex(entries: entries, normalizer: normalizer)
    let masks = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: 128)
    masks.initialize(repeating: 0)
    defer { masks.deallocate() }
    var checked = 0
    for _ in 0..<150 {
      let said = names[random.next(names.count)].map { misspelled($0, &random) }
      let text = (["call"] + said + (random.next(2) == 0 ? ["now"] : [])).joined(separator: " ")
      let utterance = try PreparedUtterance(text, normalizer: normalizer)
      let starts = utterance.startsToken.indices.filter { utterance.startsToken[$0] }
      let ends = utterance.endsToken.indices.filter { utterance.endsToken[$0] }
      for _ in 0..<4 {
        let lower = starts[random.next(starts.count)]
        guard let upper = ends.filter({ $0 > lower }).randomElement(using: &random) else {
          continue
        }
        let window = lower..<upper
        for key in (0..<index.tables.keyEntry.count).filter({ _ in random.next(4) == 0 }) {
          guard
            let scored = index.verify(
              key: Int32(key), utterance, window: window, soundingExactly: false,
              latinMasks: masks)
          else { continue }
          let bounds = index.boundsOfScore(key: key, in: window, utterance)
          #expect(bounds.spans + 1e-9 >= scored.score, "key \(key) in '\(text)' \(window)")
          #expect(bounds.window + 1e-9 >= bounds.spans, "key \(key) in '\(text)' \(window)")
          checked += 1
        }
      }
    }
    #expect(checked > 1000)
  }

  /// Ranking many completions nearly always keeps the best-verified one (the ranking is by a
  /// bound, not the score), keeps them in their given order, and returns them all when there
  /// are no more than the limit.
  @Test func theClosestCompletionsKeepTheBest() throws {
    var random = SplitMix64(seed: 73)
    let normalizer = try Normalizer.shared
    let surnames = (0..<200).map { _ in word(&random) }
    let entries = surnames.enumerated().map { number, surname in
      MatchEntry(
        identifier: "e\(number)", type: "name", phrases: [MatchPhrase("james " + surname)],
        priority: number)
    }
    let index = try MatchIndex(entries: entries, normalizer: normalizer)
    let masks = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: 128)
    masks.initialize(repeating: 0)
    defer { masks.deallocate() }
    let whole = (0..<index.tables.keyEntry.count).filter { !index.isPartial($0) }
    var keptBest = 0
    for _ in 0..<40 {
      var surname = ""
      while surname.count < 3 {
        surname = misspelled(surnames[random.next(surnames.count)], &random)
      }
      let text = "call james " + surname
      let utterance = try PreparedUtterance(text, normalizer: normalizer)
      let window = 0..<utterance.symbols.count
      let completions = whole.map { (key: Int32($0), window: window) }
      let kept = index.closestCompletions(completions, utterance, limit: 16)
      #expect(kept.count == 16)
      #expect(kept.map(\.key) == kept.map(\.key).sorted(), "kept in their given order")
      let scores = completions.map {
        index.verify(
          key: $0.key, utterance, window: window, soundingExactly: false, latinMasks: masks)?
          .score ?? -1
      }
      let best = completions[scores.indices.max { scores[$0] < scores[$1] }!].key
      if kept.contains(where: { $0.key == best }) { keptBest += 1 }
      let few = Array(completions.prefix(10))
      #expect(index.closestCompletions(few, utterance, limit: 16).map(\.key) == few.map(\.key))
    }
    #expect(keptBest >= 38, "the best kept for \(keptBest) of 40")
  }
}
