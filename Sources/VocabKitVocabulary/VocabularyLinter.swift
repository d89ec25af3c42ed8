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
      for list in Self.lists(of: app) {
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
      findings += try borrowedNames(of: app, in: registry)
    }
    return findings
  }

  /// An app's lists to check: each user vocabulary type, then each parameter vocabulary
  /// once (a list several parameters share is checked under the first of them).
  static func lists(of app: App) -> [(name: String, file: String, items: [VocabularyItem])] {
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
    return lists
  }

  /// An app's alternative names that are another app's own name: a warning, or a note when
  /// the alias is a short form of the app's own name (爱奇艺 for 爱奇艺HD), the usual way a
  /// variant app answers to its family name.
  private func borrowedNames(of app: App, in registry: VocabularyRegistry) throws(ICUError)
    -> [Diagnostic]
  {
    var findings: [Diagnostic] = []
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
    return findings
  }

  private func isSpoofed(_ text: String, _ checker: SpoofChecker) throws(ICUError) -> Bool {
    guard try normalizer.normalize(text).contains(where: \.isMixedScript) else { return false }
    return try checker.isSuspicious(text)
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
