import Testing
import VocabKitNormalization
import VocabKitSupport

@testable import VocabKitMatching

/// The bound that ranks phrase completions in crowded directories, against verification (the
/// slow reference), on seeded random names and misspelled utterances.
@Suite struct CompletionBoundTests {
  static let syllables = [
    "ka", "ro", "mi", "an", "te", "li", "son", "ber", "gar", "ne", "sha", "vi", "do", "lo",
    "mar", "tin", "el", "ju", "ha", "rey", "se", "ss", "st", "op",
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

  /// A name as a recognizer may write it: words misspelled, or run together, or split where
  /// the name has none ("rose mary" for Rosemary: the same letters, other sounds).
  func said(_ name: [String], _ random: inout SplitMix64) -> [String] {
    switch random.next(4) {
    case 0: return [name.joined()]
    case 1:
      return name.flatMap { word in
        guard word.count > 3 else { return [word] }
        let cut = word.index(word.startIndex, offsetBy: 1 + random.next(word.count - 2))
        return [String(word[..<cut]), String(word[cut...])]
      }
    default: return name.map { misspelled($0, &random) }
    }
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
    var exact = 0
    for _ in 0..<200 {
      let name = said(names[random.next(names.count)], &random)
      let text = (["call"] + name + (random.next(2) == 0 ? ["now"] : [])).joined(separator: " ")
      let utterance = try PreparedUtterance(text, normalizer: normalizer)
      let starts = utterance.startsToken.indices.filter { utterance.startsToken[$0] }
      let ends = utterance.endsToken.indices.filter { utterance.endsToken[$0] }
      for _ in 0..<4 {
        let lower = starts[random.next(starts.count)]
        let later = ends.filter { $0 > lower }
        guard !later.isEmpty else { continue }
        let window = lower..<later[random.next(later.count)]
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
          if scored.exact { exact += 1 }
        }
      }
    }
    #expect(checked > 1000)
    #expect(exact > 0, "some spans spell a key exactly")
  }

  /// The completions kept are those of the `limit` keys ranked first by their best bound
  /// over their windows (ties to the key whose best bound came first), in their given order;
  /// all of them when there are no more than the limit.
  @Test func theClosestCompletionsAreTheBestByBound() throws {
    var random = SplitMix64(seed: 73)
    let normalizer = try Normalizer.shared
    let surnames = (0..<200).map { _ in word(&random) }
    let entries = surnames.enumerated().map { number, surname in
      MatchEntry(
        identifier: "e\(number)", type: "name", phrases: [MatchPhrase("james " + surname)],
        priority: number)
    }
    let index = try MatchIndex(entries: entries, normalizer: normalizer)
    let whole = (0..<index.tables.keyEntry.count).filter { !index.isPartial($0) }
    for _ in 0..<40 {
      let text =
        "call james " + misspelled(surnames[random.next(surnames.count)], &random) + " now"
      let utterance = try PreparedUtterance(text, normalizer: normalizer)
      let starts = utterance.startsToken.indices.filter { utterance.startsToken[$0] }
      let ends = utterance.endsToken.indices.filter { utterance.endsToken[$0] }
      let windows = (0..<3).compactMap { _ -> Range<Int>? in
        let lower = starts[random.next(starts.count)]
        let later = ends.filter { $0 > lower }
        return later.isEmpty ? nil : lower..<later[random.next(later.count)]
      }
      // Some keys twice, in windows of their own; runs of one window, as completions come.
      var completions: [(key: Int32, window: Range<Int>)] = []
      for key in whole where random.next(3) > 0 {
        completions.append((Int32(key), windows[random.next(windows.count)]))
        if random.next(8) == 0 {
          completions.append((Int32(key), windows[random.next(windows.count)]))
        }
      }
      var best: [Int32: (bound: Double, first: Int)] = [:]
      for (position, completion) in completions.enumerated() {
        let bound = index.boundsOfScore(
          key: Int(completion.key), in: completion.window, utterance
        ).spans
        if let known = best[completion.key], known.bound >= bound { continue }
        best[completion.key] = (bound, position)
      }
      let ranked = best.sorted {
        $0.value.bound != $1.value.bound
          ? $0.value.bound > $1.value.bound : $0.value.first < $1.value.first
      }
      for limit in [1, 16, 32] {
        let chosen = Set(ranked.prefix(limit).map(\.key))
        let expected = completions.filter { chosen.contains($0.key) }
        let kept = index.closestCompletions(completions, utterance, limit: limit)
        #expect(kept.map(\.key) == expected.map(\.key), "\(text), limit \(limit)")
        #expect(kept.map(\.window) == expected.map(\.window), "\(text), limit \(limit)")
      }
      let few = Array(completions.prefix(10))
      #expect(index.closestCompletions(few, utterance, limit: 16).map(\.key) == few.map(\.key))
      #expect(index.closestCompletions(completions, utterance, limit: 0).isEmpty)
    }
  }
}
