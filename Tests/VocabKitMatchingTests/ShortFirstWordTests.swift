import Testing
import VocabKitNormalization
import VocabKitSupport

@testable import VocabKitMatching

/// A short first word of a longer name ("Joe" of Joe Smith, "Ed" of Ed Gullett, the surname
/// "Li" of Li Na) is too light for the lookups that find words said loosely, but said exactly
/// it names its entry: "call joe" is Joe Smith. A short last word ("High" of Aces High) is
/// most often an everyday word, and names nothing alone.
@Suite struct ShortFirstWordTests {
  static let entries = [
    ("joe", "Joe Smith"), ("ed", "Ed Gullett"), ("li", "Li Na"), ("ann", "Ann Lee"),
    ("aces", "Aces High"), ("eddie", "Eddie Becker"),
  ].map { MatchEntry(identifier: $0.0, type: "contact", phrases: [MatchPhrase($0.1)]) }

  static func index() throws -> MatchIndex {
    try MatchIndex(entries: entries, normalizer: try Normalizer.shared)
  }

  @Test(arguments: [
    ("call joe", "joe"), ("call ed", "ed"), ("call li", "li"), ("text ann please", "ann"),
  ])
  func aShortFirstNameSaidAloneNamesItsEntry(text: String, identifier: String) throws {
    let found = try Self.index().matches(in: text)
    #expect(found.first?.identifier == identifier)
    #expect(found.first?.components.exact == true)
  }

  /// Neither a short last word nor a short word said another way finds anything by it.
  @Test(arguments: ["fly high", "call lee", "call jay"])
  func onlyTheExactFirstWordIsLookedUp(text: String) throws {
    let found = try Self.index().matches(in: text)
    #expect(!found.contains { ["aces", "ann", "joe"].contains($0.identifier) })
  }

  /// The exact-only keys survive the index's bytes (a compiled cache).
  @Test func theKeysRoundTripThroughTheIndexBytes() throws {
    let index = try Self.index()
    var writer = BinaryWriter()
    index.write(to: &writer)
    var reader = BinaryReader(writer.bytes)
    let read = try MatchIndex(
      reading: &reader, entries: index.entries, normalizer: try Normalizer.shared)
    #expect(try read.matches(in: "call joe").first?.identifier == "joe")
  }
}
