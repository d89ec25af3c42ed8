import Foundation
import Testing
import VocabKitNormalization
import VocabKitSupport

@testable import VocabKitVocabulary

/// Loading paths that were quadratic in hostile input (issue 24, item 8), each checked
/// against a slow reference on seeded random input rather than timed.
@Suite struct LoaderScalingTests {
  /// The merge of items across localizations, as it was: `Array.contains` per phrase.
  static func referenceMerge(_ existing: [VocabularyItem], _ new: [VocabularyItem])
    -> [VocabularyItem]
  {
    var result = existing
    for item in new {
      if let index = result.firstIndex(where: { $0.identifier == item.identifier }) {
        for phrase in item.phrases where !result[index].phrases.contains(phrase) {
          var synonym = phrase
          if synonym.kind == .primary { synonym.kind = .synonym }
          result[index].phrases.append(synonym)
        }
        result[index].examples += item.examples
      } else {
        var added = item
        added.priority = result.count
        result.append(added)
      }
    }
    return result
  }

  @Test func mergingLocalizationsKeepsEveryPhraseOnceInOrder() {
    var random = SplitMix64(seed: 24_08)
    let words = ["ana", "bo", "kim", "lee", "max", "zoe"]
    func items(_ count: Int) -> [VocabularyItem] {
      (0..<count).map { _ in
        VocabularyItem(
          identifier: "id\(random.next(5))",
          phrases: (0..<(1 + random.next(4))).map { _ in
            VocabularyPhrase(
              text: words[random.next(words.count)],
              pronunciation: random.next(3) == 0 ? "p\(random.next(2))" : nil,
              kind: random.next(2) == 0 ? .primary : .synonym)
          })
      }
    }
    for _ in 0..<200 {
      var merged = items(random.next(4))
      var reference = merged
      for _ in 0..<(1 + random.next(3)) {
        let new = items(random.next(5))
        merged = AppLoader.merge(merged, new)
        reference = Self.referenceMerge(reference, new)
      }
      #expect(merged == reference)
    }
  }

  /// The suggestion as it was: a distance to every candidate.
  static func referenceSuggestion(for word: String, in candidates: [String]) -> String? {
    var best: (String, Int)? = nil
    for candidate in candidates {
      let distance = EditDistance.characters(word.lowercased(), candidate.lowercased())
      if distance <= max(2, candidate.count / 4), distance < (best?.1 ?? .max) {
        best = (candidate, distance)
      }
    }
    return best?.0
  }

  @Test func suggestionsSkipOnlyCandidatesTooFarInLength() {
    var random = SplitMix64(seed: 24_09)
    let letters = Array("abcdeİßK")
    func word() -> String { String((0..<random.next(14)).map { _ in letters[random.next(8)] }) }
    for _ in 0..<500 {
      let candidates = (0..<(1 + random.next(6))).map { _ in word() }
      let text = word()
      #expect(
        AppLoader.suggestion(for: text, in: candidates)
          == Self.referenceSuggestion(for: text, in: candidates), "\(text) \(candidates)")
    }
  }

  @Test func aMegabyteKeyIsQuotedShort() throws {
    let directory = try makeTemporaryDirectory()
    defer { cleanUp(directory) }
    let app = directory.appendingPathComponent("Long.app")
    try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
    try plistDocument(
      "<dict><key>CFBundleIdentifier</key><string>com.example.long</string></dict>"
    ).write(to: app.appendingPathComponent("Info.plist"), atomically: true, encoding: .utf8)
    let key = String(repeating: "contactNames", count: 100_000)
    try plistDocument("<dict><key>\(key)</key><array><string>Ann</string></array></dict>")
      .write(
        to: app.appendingPathComponent("UserVocabulary.plist"), atomically: true,
        encoding: .utf8)
    let registry = try VocabularyRegistry.load(directory: directory)
    let diagnostic = try #require(registry.errors.first { $0.code == "unknown-key" })
    #expect(diagnostic.message.count < 200)
    #expect(diagnostic.keyPath.count <= 65)
    #expect(diagnostic.message.contains("'contactNamescontactNames"))
  }

  @Test func keyPathsOfDeepDuplicatesAreWritten() {
    let result = parsePlist(
      plistDocument(
        """
        <dict><key>A</key><array><string>x</string>
        <dict><key>B</key><array><dict><key>C</key><true/><key>C</key><false/></dict></array></dict>
        </array></dict>
        """))
    let diagnostic = result.diagnostics.first { $0.code == "duplicate-key" }
    #expect(diagnostic?.keyPath == "A[1].B[0].C")
  }

  /// App names and their pronunciation hints have the length bound of vocabulary strings
  /// (issue 24, item 6): a 100,000-character name is an error, not seconds of compiling.
  @Test func overlongAppNamesAreErrorsAndSkipped() throws {
    let directory = try makeTemporaryDirectory()
    defer { cleanUp(directory) }
    let app = directory.appendingPathComponent("Long.app")
    try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
    let long = String(repeating: "Taskly", count: 20_000)
    try plistDocument(
      """
      <dict>
      <key>CFBundleIdentifier</key><string>com.example.long</string>
      <key>CFBundleName</key><string>\(long)</string>
      <key>CFBundleDisplayName</key><string>Taskly</string>
      <key>INAlternativeAppNames</key><array>
      <dict><key>INAlternativeAppName</key><string>\(long)</string></dict>
      <dict><key>INAlternativeAppName</key><string>Tasks</string>
      <key>INAlternativeAppNamePronunciationHint</key><string>\(long)</string></dict>
      </array>
      </dict>
      """
    ).write(to: app.appendingPathComponent("Info.plist"), atomically: true, encoding: .utf8)
    let registry = try VocabularyRegistry.load(directory: directory)
    let loaded = try #require(registry.apps.first)
    #expect(loaded.name == "Long")
    #expect(loaded.names.map(\.text) == ["Taskly", "Tasks"])
    #expect(loaded.names.allSatisfy { $0.pronunciation == nil })
    let paths = registry.errors.filter { $0.code == "string-too-long" }.map(\.keyPath)
    #expect(
      paths == [
        "CFBundleName", "INAlternativeAppNames[0].INAlternativeAppName",
        "INAlternativeAppNames[1].INAlternativeAppNamePronunciationHint",
      ])
  }
}
