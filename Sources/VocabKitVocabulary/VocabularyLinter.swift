import VocabKitNormalization
import VocabKitSupport

/// Checks a loaded vocabulary for what no loader error catches: entries a recognizer will
/// confuse, look-alike spoofing, and aliases that borrow another app's name.
public struct VocabularyLinter: Sendable {
  /// Pairs whose differing words sound at least this alike are reported.
  public var phoneticThreshold: Double = 0.7
  /// Pairs whose differing words are spelled at least this alike are reported.
  public var spellingThreshold: Double = 0.75
  /// Lists longer than this are compared by sampling nothing: pairwise comparison is
  /// quadratic, so larger lists are skipped with a note.
  public var maximumPairwiseList = 5_000
  /// The most phrase pairs compared in one vocabulary, over all its lists (those of one list
  /// at the size above): later lists that would pass it are skipped with a note, so lint time
  /// is bounded however many lists a vocabulary has.
  public var maximumComparedPairs = 5_000 * 4_999 / 2

  public let normalizer: Normalizer

  public init(normalizer: Normalizer) { self.normalizer = normalizer }

  /// The confusion risk of two phrases of different items.
  public struct Confusion: Sendable, Hashable {
    /// 0...1: the higher of the sound and spelling similarity of the words that differ.
    public var risk: Double
    /// "sounds alike", "spelled alike" or "same Latin key in two scripts".
    public var reason: String
  }

  /// Returns every lint finding for `registry` (load diagnostics are not repeated).
  ///
  /// - Complexity: O(*n*²) in the phrases of each list, up to ``maximumPairwiseList``, and
  ///   at most ``maximumComparedPairs`` comparisons in all.
  public func lint(_ registry: VocabularyRegistry) throws(ICUError) -> [Diagnostic] {
    var findings: [Diagnostic] = []
    let spoof = try SpoofChecker()
    var remainingPairs = maximumComparedPairs
    for app in registry.apps {
      var lists: [(name: String, file: String, items: [VocabularyItem])] = []
      for (type, items) in app.userVocabulary.sorted(by: { $0.key < $1.key }) {
        lists.append((type.rawValue, "\(app.folder)/UserVocabulary.plist", items))
      }
      // A list several parameters share (one `ParameterVocabulary` under several
      // `ParameterNames`) is checked once, under the first of them.
      let parameterLists = app.parameterLists
      var others = [Int](repeating: 0, count: parameterLists.count)
      for case (_, let sameAs?) in parameterLists { others[sameAs] += 1 }
      for (position, (parameter, sameAs)) in parameterLists.enumerated() where sameAs == nil {
        let name =
          others[position] == 0
          ? parameter.description
          : "\(parameter.description) and \(others[position]) other parameter"
            + (others[position] == 1 ? "" : "s")
        lists.append(
          (name, "\(app.folder)/AppIntentVocabulary.plist", app.parameterVocabularies[parameter]!))
      }
      for list in lists {
        findings += try confusables(
          in: list.items, listName: list.name, file: list.file, remainingPairs: &remainingPairs)
        for item in list.items {
          for phrase in item.phrases {
            if try isSpoofed(phrase.text, spoof) {
              findings.append(
                Diagnostic(
                  .warning, code: "mixed-script", file: list.file, keyPath: list.name,
                  message:
                    "'\(phrase.text)' of '\(item.identifier)' mixes scripts in one word (a look-alike letter from another alphabet?)"
                ))
            }
          }
        }
      }
      for name in app.names where try isSpoofed(name.text, spoof) {
        findings.append(
          Diagnostic(
            .warning, code: "mixed-script", file: "\(app.folder)/Info.plist",
            message: "app name '\(name.text)' mixes scripts in one word"))
      }
      for alias in app.names where alias.kind == .alternativeName {
        let folded = try CaseFolding.fold(alias.text)
        // An alias that is a short form of the app's own name (爱奇艺 for 爱奇艺HD) is the usual
        // way a variant app answers to its family name: a note, not a warning.
        var ownNames: [String] = []
        for name in app.names where name.kind != .alternativeName {
          ownNames.append(try CaseFolding.fold(name.text))
        }
        let isShortForm = ownNames.contains { $0 != folded && $0.contains(folded) }
        for other in registry.apps where other.bundleIdentifier != app.bundleIdentifier {
          var borrowed = false
          for name in other.names where name.kind != .alternativeName {
            if try CaseFolding.fold(name.text) == folded { borrowed = true }
          }
          guard borrowed else { continue }
          findings.append(
            Diagnostic(
              isShortForm ? .note : .warning, code: "alias-borrows-name",
              file: "\(app.folder)/Info.plist", keyPath: "INAlternativeAppNames",
              message: isShortForm
                ? "alternative name '\(alias.text)' is a short form of this app's name and the name of another app (\(other.bundleIdentifier)); VocabKit routes it to that app"
                : "alternative name '\(alias.text)' is the name of another app (\(other.bundleIdentifier)); VocabKit routes it to that app"
            ))
        }
      }
    }
    return findings
  }

  private func isSpoofed(_ text: String, _ checker: SpoofChecker) throws(ICUError) -> Bool {
    guard try normalizer.normalize(text).contains(where: \.isMixedScript) else { return false }
    return try checker.isSuspicious(text)
  }

  /// A phrase with what comparing it needs, made once (a class: the pair loop passes it
  /// around without copying its arrays' references).
  private final class Prepared: Sendable {
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

  private func confusables(
    in items: [VocabularyItem], listName: String, file: String, remainingPairs: inout Int
  ) throws(ICUError) -> [Diagnostic] {
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
        phrases.append(
          Prepared(
            identifier: item.identifier, text: phrase.text, tokens: tokens,
            scripts: Set(tokens.map(\.script)),
            words: Set(
              keys.map { key in
                if let number = wordNumbers[key] { return number }
                wordNumbers[key] = wordNumbers.count
                return wordNumbers.count - 1
              }
            ).sorted(), spelling: spelling, letterCounts: letterCounts, sound: sound,
            weight: ErrorModel.standard.weight(sound)))
      }
    }
    guard phrases.count <= maximumPairwiseList else {
      return [
        Diagnostic(
          .warning, code: "lint-skipped", file: file, keyPath: listName,
          message:
            "\(phrases.count) phrases; confusable pairs are checked for lists of up to \(maximumPairwiseList)"
        )
      ]
    }
    let pairs = phrases.count * (phrases.count - 1) / 2
    guard pairs <= remainingPairs else {
      return [
        Diagnostic(
          .warning, code: "lint-skipped", file: file, keyPath: listName,
          message:
            "\(phrases.count) phrases; confusable pairs not checked: the lists before it used "
            + "\(maximumComparedPairs - remainingPairs) of the \(maximumComparedPairs) comparisons lint makes in a vocabulary"
        )
      ]
    }
    remainingPairs -= pairs
    let gapBound = ErrorModel.standard.weightGapBound
    // The numbers the bounds need, in flat arrays: the pair loop reads them for every pair
    // and the phrases themselves only for the pairs the bounds let through.
    var itemNumbers: [String: Int] = [:]
    let items = phrases.map { phrase in
      if let number = itemNumbers[phrase.identifier] { return number }
      itemNumbers[phrase.identifier] = itemNumbers.count
      return itemNumbers.count - 1
    }
    let weights = phrases.map(\.weight)
    let lengths = phrases.map(\.spelling.count)
    let counted = phrases.map { $0.letterCounts != nil }
    let counts = phrases.flatMap { $0.letterCounts ?? [UInt8](repeating: 0, count: 32) }
    // Rows of the pair table run on every core; their findings are joined in row order, so
    // the output is the same as one loop's.
    let prepared = phrases
    let rows = concurrentChunks(count: prepared.count, chunkSize: 32) { rows in
      var found: [(first: Int, second: Int, confusion: Confusion)] = []
      for first in rows {
        for second in (first + 1)..<prepared.count where items[first] != items[second] {
          let heavier = Double(max(weights[first], weights[second], 1))
          let phoneticReachable =
            1 - gapBound * Double(abs(weights[first] - weights[second])) / heavier
            >= phoneticThreshold
          if !phoneticReachable {
            let longer = Double(max(lengths[first], lengths[second], 1))
            var floor = abs(lengths[first] - lengths[second])
            if counted[first], counted[second] {
              var more = 0
              var fewer = 0
              for bucket in 0..<32 {
                let difference =
                  Int(counts[first * 32 + bucket]) - Int(counts[second * 32 + bucket])
                if difference > 0 { more += difference } else { fewer -= difference }
              }
              floor = max(floor, more, fewer)
            }
            // Neither the sound nor the spelling can be alike; unless the phrases share a
            // word (then the words that differ are compared, not these).
            if 1 - Double(floor) / longer < spellingThreshold,
              !Self.meet(prepared[first].words, prepared[second].words)
            {
              continue
            }
          }
          let a = prepared[first]
          let b = prepared[second]
          let confusion =
            a.tokens.isEmpty || b.tokens.isEmpty || Self.meet(a.words, b.words)
            ? self.confusion(a.tokens, b.tokens, differentScripts: a.scripts != b.scripts)
            : confusionOfDisjoint(a, b, gapBound: gapBound)
          if let confusion { found.append((first, second, confusion)) }
        }
      }
      return found
    }
    var findings: [Diagnostic] = []
    var reported = Set<[String]>()
    for (first, second, confusion) in rows {
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

  /// Whether two sorted arrays share an element.
  private static func meet(_ a: [Int], _ b: [Int]) -> Bool {
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
  private func confusionOfDisjoint(
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

  /// The confusion of two phrases, or nil when they are easy to tell apart.
  ///
  /// Words the phrases share are set aside ("Alex Kim" and "Alex Chen" differ only in "Kim"
  /// and "Chen"); one phrase inside the other is a partial name, not a confusion.
  public func confusion(_ a: [Token], _ b: [Token], differentScripts: Bool = false)
    -> Confusion?
  {
    let latinA = a.map(\.latinKey).joined()
    let latinB = b.map(\.latinKey).joined()
    if latinA == latinB {
      return Confusion(
        risk: 1, reason: differentScripts ? "same Latin key in two scripts" : "same words")
    }
    let keysB = b.map(\.latinKey)
    let keysA = a.map(\.latinKey)
    let restA = a.filter { !keysB.contains($0.latinKey) }
    let restB = b.filter { !keysA.contains($0.latinKey) }
    guard !restA.isEmpty, !restB.isEmpty else { return nil }
    let phonetic = PhoneticKey.similarity(
      PhoneticKey(latinKeys: restA.map(\.latinKey)).symbols,
      PhoneticKey(latinKeys: restB.map(\.latinKey)).symbols)
    let spellingA = Array(restA.map(\.latinKey).joined().utf8)
    let spellingB = Array(restB.map(\.latinKey).joined().utf8)
    let distance = EditDistance.characters(
      String(decoding: spellingA, as: UTF8.self), String(decoding: spellingB, as: UTF8.self))
    let spelling = 1 - Double(distance) / Double(max(spellingA.count, spellingB.count, 1))
    if phonetic >= phoneticThreshold && phonetic >= spelling {
      return Confusion(risk: phonetic, reason: "sounds alike")
    }
    if spelling >= spellingThreshold { return Confusion(risk: spelling, reason: "spelled alike") }
    if phonetic >= phoneticThreshold { return Confusion(risk: phonetic, reason: "sounds alike") }
    return nil
  }
}
