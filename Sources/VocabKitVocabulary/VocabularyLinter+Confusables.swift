import VocabKitNormalization
import VocabKitSupport

/// Confusable pairs: every pair of phrases of different items in one list, compared by
/// ``VocabularyLinter/confusion(_:_:differentScripts:)``, with the work cut by bounds that
/// rule pairs out without aligning them.
extension VocabularyLinter {
  /// A phrase with what comparing it needs, made once (a class: the pair loop passes it
  /// around without copying its arrays' references).
  fileprivate final class Prepared: Sendable {
    let identifier: String
    let text: String
    let tokens: [Token]
    let scripts: Set<Script>
    /// The phrase's words, as numbers shared by the list's phrases with the same Latin key,
    /// sorted: two phrases share a word when these meet.
    let words: [Int]
    /// The Latin keys joined, as characters (what the spelling distance compares).
    let spelling: [Character]
    /// Each ASCII byte's count in `spelling`, by its low five bits; nil when not all ASCII.
    let letterCounts: [UInt8]?
    /// The phrase's sound key and its weight.
    let sound: [UInt8]
    let weight: Int32

    init(
      identifier: String, text: String, tokens: [Token], scripts: Set<Script>, words: [Int],
      spelling: [Character], letterCounts: [UInt8]?, sound: [UInt8], weight: Int32
    ) {
      self.identifier = identifier
      self.text = text
      self.tokens = tokens
      self.scripts = scripts
      self.words = words
      self.spelling = spelling
      self.letterCounts = letterCounts
      self.sound = sound
      self.weight = weight
    }
  }

  /// The `confusable` warnings of one list, or a `lint-skipped` one when the list is past
  /// ``maximumPairwiseList`` or its pairs past what is left of ``maximumComparedPairs``.
  ///
  /// - Complexity: O(*n*²) in the list's phrases, an alignment only for the pairs the bounds
  ///   let through, on every core.
  func confusables(
    in items: [VocabularyItem], listName: String, file: String, remainingPairs: inout Int
  ) throws(ICUError) -> [Diagnostic] {
    // The limits are checked before the phrases are prepared: a list too long to compare
    // costs nothing more than its count.
    let count = items.reduce(0) { $0 + $1.phrases.count }
    func skipped(_ why: String) -> [Diagnostic] {
      [
        Diagnostic(
          .warning, code: "lint-skipped", file: file, keyPath: listName,
          message: "\(count) phrases; " + why)
      ]
    }
    guard count <= maximumPairwiseList else {
      return skipped("confusable pairs are checked for lists of up to \(maximumPairwiseList)")
    }
    let pairs = count * (count - 1) / 2
    guard pairs <= remainingPairs else {
      return skipped(
        "confusable pairs not checked: the lists before it used "
          + "\(maximumComparedPairs - remainingPairs) of the \(maximumComparedPairs) "
          + "comparisons lint makes in a vocabulary")
    }
    remainingPairs -= pairs
    let phrases = try prepared(items)
    var findings: [Diagnostic] = []
    var reported = Set<[String]>()
    for (first, second, confusion) in confusedPairs(phrases) {
      let a = phrases[first]
      let b = phrases[second]
      guard reported.insert([a.identifier, b.identifier].sorted()).inserted else { continue }
      let risk = Int((confusion.risk * 100).rounded())
      findings.append(
        Diagnostic(
          .warning, code: "confusable", file: file, keyPath: listName,
          message:
            "'\(a.text)' (\(a.identifier)) and '\(b.text)' (\(b.identifier)) are confusable: \(confusion.reason), risk \(risk)%"
        ))
    }
    return findings
  }

  /// Every phrase of `items`, normalized once, with its keys, word numbers and letter counts.
  ///
  /// - Complexity: O(*n*) in the length of the phrases.
  fileprivate func prepared(_ items: [VocabularyItem]) throws(ICUError) -> [Prepared] {
    var phrases: [Prepared] = []
    var wordNumbers: [String: Int] = [:]
    for item in items {
      for phrase in item.phrases {
        let tokens = try normalizer.normalize(phrase.text)
        let keys = tokens.map(\.latinKey)
        let spelling = Array(keys.joined())
        var letterCounts: [UInt8]? = nil
        if spelling.allSatisfy(\.isASCII) {
          var counts = [UInt8](repeating: 0, count: 32)
          for character in spelling {
            let bucket = Int(character.asciiValue! & 31)
            counts[bucket] &+= counts[bucket] == 255 ? 0 : 1
          }
          letterCounts = counts
        }
        let sound = PhoneticKey(latinKeys: keys).symbols
        let words = keys.map { key in
          if let number = wordNumbers[key] { return number }
          wordNumbers[key] = wordNumbers.count
          return wordNumbers.count - 1
        }
        phrases.append(
          Prepared(
            identifier: item.identifier, text: phrase.text, tokens: tokens,
            scripts: Set(tokens.map(\.script)), words: Set(words).sorted(), spelling: spelling,
            letterCounts: letterCounts, sound: sound, weight: ErrorModel.standard.weight(sound)))
      }
    }
    return phrases
  }

  /// The pairs of phrases of different items that are confusable, in row order, found on
  /// every core (each row's pairs by one core; rows joined in order, as one loop would).
  ///
  /// - Complexity: O(*n*²) bound checks, an alignment only where the bounds leave room.
  fileprivate func confusedPairs(_ phrases: [Prepared]) -> [(Int, Int, Confusion)] {
    let bounds = PairBounds(phrases, linter: self)
    return concurrentChunks(count: phrases.count, chunkSize: 32) { rows in
      var found: [(Int, Int, Confusion)] = []
      for first in rows {
        for second in (first + 1)..<phrases.count
        where bounds.items[first] != bounds.items[second] && bounds.mayBeAlike(first, second) {
          let a = phrases[first]
          let b = phrases[second]
          let confusion =
            a.tokens.isEmpty || b.tokens.isEmpty || Self.meet(a.words, b.words)
            ? self.confusion(a.tokens, b.tokens, differentScripts: a.scripts != b.scripts)
            : confusionOfDisjoint(a, b, gapBound: bounds.gapBound)
          if let confusion { found.append((first, second, confusion)) }
        }
      }
      return found
    }
  }

  /// What the bounds of a pair need, in flat arrays: read for every pair, where the phrases
  /// themselves are read only for the pairs the bounds let through.
  fileprivate struct PairBounds: Sendable {
    let phrases: [Prepared]
    let items: [Int]
    let weights: [Int32]
    let lengths: [Int]
    let counted: [Bool]
    let counts: [UInt8]
    let gapBound = ErrorModel.standard.weightGapBound
    let phoneticThreshold: Double
    let spellingThreshold: Double

    init(_ phrases: [Prepared], linter: VocabularyLinter) {
      self.phrases = phrases
      var itemNumbers: [String: Int] = [:]
      items = phrases.map { phrase in
        if let number = itemNumbers[phrase.identifier] { return number }
        itemNumbers[phrase.identifier] = itemNumbers.count
        return itemNumbers.count - 1
      }
      weights = phrases.map(\.weight)
      lengths = phrases.map(\.spelling.count)
      counted = phrases.map { $0.letterCounts != nil }
      counts = phrases.flatMap { $0.letterCounts ?? [UInt8](repeating: 0, count: 32) }
      phoneticThreshold = linter.phoneticThreshold
      spellingThreshold = linter.spellingThreshold
    }

    /// False only when neither the sound nor the spelling of two phrases can reach its
    /// threshold and they share no word (then the words that differ would be compared, not
    /// these): the sound distance is at least ``gapBound`` times the gap between the weights,
    /// the spelling distance at least the gap between the lengths and the letters one phrase
    /// has more of than the other.
    func mayBeAlike(_ first: Int, _ second: Int) -> Bool {
      let heavier = Double(max(weights[first], weights[second], 1))
      if 1 - gapBound * Double(abs(weights[first] - weights[second])) / heavier
        >= phoneticThreshold
      {
        return true
      }
      let longer = Double(max(lengths[first], lengths[second], 1))
      var floor = abs(lengths[first] - lengths[second])
      if counted[first], counted[second] {
        var more = 0
        var fewer = 0
        for bucket in 0..<32 {
          let difference = Int(counts[first * 32 + bucket]) - Int(counts[second * 32 + bucket])
          if difference > 0 { more += difference } else { fewer -= difference }
        }
        floor = max(floor, more, fewer)
      }
      return 1 - Double(floor) / longer >= spellingThreshold
        || VocabularyLinter.meet(phrases[first].words, phrases[second].words)
    }
  }

  /// Whether two sorted arrays share an element.
  fileprivate static func meet(_ a: [Int], _ b: [Int]) -> Bool {
    var i = 0
    var j = 0
    while i < a.count, j < b.count {
      if a[i] == b[j] { return true }
      if a[i] < b[j] { i += 1 } else { j += 1 }
    }
    return false
  }

  /// ``confusion(_:_:differentScripts:)`` of two phrases that share no word, from what was
  /// prepared once per phrase, skipping each alignment that bounds show cannot reach its
  /// threshold: the sound distance is at least a fixed share of the gap between the weights
  /// (``ErrorModel/weightGapBound``), the spelling distance at least the gap between the
  /// lengths and the letters one phrase has more of than the other.
  fileprivate func confusionOfDisjoint(
    _ a: Prepared, _ b: Prepared, gapBound: Double
  ) -> Confusion? {
    if a.spelling == b.spelling {
      return Confusion(
        risk: 1, reason: a.scripts != b.scripts ? "same Latin key in two scripts" : "same words")
    }
    let heavier = Double(max(a.weight, b.weight, 1))
    let phoneticReachable =
      a.sound == b.sound
      || 1 - gapBound * Double(abs(a.weight - b.weight)) / heavier >= phoneticThreshold
    var phonetic = 0.0
    if a.sound == b.sound {
      phonetic = 1
    } else if phoneticReachable {
      // Only a distance within the threshold matters: a larger one is as good as any.
      let limit = Int32(((1 - phoneticThreshold) * heavier).rounded(.up))
      let distance = ErrorModel.standard.distance(a.sound, b.sound, atMost: limit)
      if distance <= limit { phonetic = max(0, 1 - Double(distance) / heavier) }
    }
    let longer = Double(max(a.spelling.count, b.spelling.count, 1))
    var spellingFloor = abs(a.spelling.count - b.spelling.count)
    if let countsA = a.letterCounts, let countsB = b.letterCounts {
      var more = 0
      var fewer = 0
      for bucket in 0..<32 {
        let difference = Int(countsA[bucket]) - Int(countsB[bucket])
        if difference > 0 { more += difference } else { fewer -= difference }
      }
      spellingFloor = max(spellingFloor, more, fewer)
    }
    let spellingReachable = 1 - Double(spellingFloor) / longer >= spellingThreshold
    let spelling =
      spellingReachable
      ? 1 - Double(EditDistance.characters(a.spelling, b.spelling)) / longer : 0
    if phonetic >= phoneticThreshold && phonetic >= spelling {
      return Confusion(risk: phonetic, reason: "sounds alike")
    }
    if spelling >= spellingThreshold { return Confusion(risk: spelling, reason: "spelled alike") }
    if phonetic >= phoneticThreshold { return Confusion(risk: phonetic, reason: "sounds alike") }
    return nil
  }
}
