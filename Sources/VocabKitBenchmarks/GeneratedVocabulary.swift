import Foundation
import VocabKitMatching

/// Seeded synthetic names and queries for the match benchmark.
///
/// Names are 1-3 words of 2-3 syllables; queries put a name in a 4-12 word carrier sentence
/// with 0-2 letter edits or a word-boundary change (a split or a join).
struct GeneratedVocabulary {
  struct Query {
    var text: String
    var identifier: String
  }

  private var state: UInt64

  init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }

  mutating func next() -> UInt64 {
    state ^= state << 13
    state ^= state >> 7
    state ^= state << 17
    return state
  }

  mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

  static let onsets = [
    "b", "d", "f", "g", "h", "j", "k", "l", "m", "n", "p", "r", "s", "t", "v", "w", "z", "ch",
    "sh", "th", "br", "kr", "st", "tr", "pl",
  ]
  static let vowels = ["a", "e", "i", "o", "u", "ai", "ee", "oo", "ou"]
  static let codas = ["", "", "", "n", "r", "l", "s", "m", "k", "t"]
  static let before = [
    "please", "play", "call", "add", "this", "to", "my", "open", "the", "can", "you", "send",
    "a", "message", "hey",
  ]
  static let after = ["now", "please", "on", "spotify", "tonight", "list", "for", "me", "today"]

  mutating func word() -> String {
    var word = ""
    for _ in 0..<(2 + below(2)) {
      word += Self.onsets[below(Self.onsets.count)] + Self.vowels[below(Self.vowels.count)]
    }
    return word + Self.codas[below(Self.codas.count)]
  }

  mutating func entries(_ count: Int) -> [MatchEntry] {
    var seen = Set<String>()
    var result: [MatchEntry] = []
    while result.count < count {
      let name = (0..<(1 + below(3))).map { _ in word() }.joined(separator: " ")
      guard seen.insert(name).inserted else { continue }
      result.append(
        MatchEntry(
          identifier: "e\(result.count)", type: "name", phrases: [MatchPhrase(name)],
          priority: result.count))
    }
    return result
  }

  mutating func queries(_ count: Int, over entries: [MatchEntry]) -> [Query] {
    (0..<count).map { _ in
      let entry = entries[below(entries.count)]
      var name = entry.phrases[0].text
      switch below(4) {
      case 0: break
      case 1, 2:
        for _ in 0..<(1 + below(2)) { name = edit(name) }
      default:
        if let space = name.firstIndex(of: " ") {
          name.remove(at: space)  // "deep focus" → "deepfocus"
        } else if name.count > 4 {
          name.insert(" ", at: name.index(name.startIndex, offsetBy: name.count / 2))
        }
      }
      let words = name.split(separator: " ").count
      let carrier = max(3, 4 + below(9) - words)
      let prefixCount = below(carrier + 1)
      let prefix = (0..<prefixCount).map { _ in Self.before[below(Self.before.count)] }
      let suffix = (0..<(carrier - prefixCount)).map { _ in Self.after[below(Self.after.count)] }
      return Query(
        text: (prefix + [name] + suffix).joined(separator: " "), identifier: entry.identifier)
    }
  }

  /// One letter substituted, inserted or deleted (never a space).
  mutating func edit(_ text: String) -> String {
    var letters = Array(text)
    let positions = letters.indices.filter { letters[$0] != " " }
    guard let position = positions.isEmpty ? nil : positions[below(positions.count)] else {
      return text
    }
    let alphabet = Array("abcdefghijklmnopqrstuvwxyz")
    switch below(3) {
    case 0: letters[position] = alphabet[below(alphabet.count)]
    case 1: letters.insert(alphabet[below(alphabet.count)], at: position)
    default: if letters.count > 3 { letters.remove(at: position) }
    }
    return String(letters)
  }

  /// Writes an app folder: Info.plist, the entries as `contactName` user vocabulary, and,
  /// when given, `INStartCallIntent` examples. Generated names are plain ASCII letters, so
  /// nothing needs escaping.
  ///
  /// With `identifiers`, a contact whose name another contact shares is written as a
  /// dictionary with its identifier, so people of the same name stay apart; every other
  /// contact as its name alone.
  static func writeApp(
    at folder: URL, name: String, contacts: [MatchEntry], callExamples: [String] = [],
    identifiers: Bool = false
  ) throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    func plist(_ body: String) -> String {
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n\(body)</plist>\n"
    }
    try Benchmark.write(
      plist(
        "<dict><key>CFBundleIdentifier</key><string>com.example.\(name.lowercased())</string>"
          + "<key>CFBundleName</key><string>\(name)</string></dict>"),
      to: folder.appendingPathComponent("Info.plist").path)
    if !callExamples.isEmpty {
      let examples = callExamples.map { "<string>\($0)</string>" }.joined()
      try Benchmark.write(
        plist(
          "<dict><key>IntentPhrases</key><array><dict>"
            + "<key>IntentName</key><string>INStartCallIntent</string>"
            + "<key>IntentExamples</key><array>\(examples)</array></dict></array></dict>"),
        to: folder.appendingPathComponent("AppIntentVocabulary.plist").path)
    }
    var counts: [String: Int] = [:]
    if identifiers { for contact in contacts { counts[contact.phrases[0].text, default: 0] += 1 } }
    let names = contacts.map {
      counts[$0.phrases[0].text, default: 0] > 1
        ? "    <dict><key>vocabularyIdentifier</key><string>\($0.identifier)</string>"
          + "<key>spokenPhrase</key><string>\($0.phrases[0].text)</string></dict>"
        : "    <string>\($0.phrases[0].text)</string>"
    }
    try Benchmark.write(
      plist(
        "<dict>\n  <key>contactName</key>\n  <array>\n" + names.joined(separator: "\n")
          + "\n  </array>\n</dict>\n"),
      to: folder.appendingPathComponent("UserVocabulary.plist").path)
  }
}
