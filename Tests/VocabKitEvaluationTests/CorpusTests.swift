import Foundation
import Testing
import VocabKitEvaluation

@Suite struct CorpusTests {
  @Test func malformedLinesAreReportedWithTheirNumbersAndSkipped() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "corpus-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    var data = Data(
      """
      {"id": "a", "text": "call alex", "expect": {"intent": "INStartCallIntent", "slots": {"contacts": {"disambiguation": ["x", "y"]}}}}
      not json
      {"id": "c"}

      {"id": "d", "text": "hello", "expect": {"intent": null}}

      """.utf8)
    data.append(contentsOf: [0xFF, 0xFE, 0x0A])
    try data.write(to: url)
    let corpus = try Corpus.read(url, file: "test.jsonl")
    #expect(corpus.lines.map(\.id) == ["a", "d"])
    #expect(corpus.lines[0].slots["contacts"] == .disambiguation(["x", "y"]))
    #expect(corpus.lines[1].scoresIntent && corpus.lines[1].intent == nil)
    #expect(corpus.problems.count == 3)
    #expect(corpus.problems[0].hasPrefix("test.jsonl:2:"))
    #expect(corpus.problems[1].contains("missing string 'text'"))
    #expect(corpus.problems[2].contains("UTF-8"))
  }

  /// A field of the wrong JSON type is reported and its line skipped: `"intent": 5` must not
  /// be scored as "no intent expected", nor a list of slots ignored.
  @Test func fieldsOfTheWrongTypeAreReportedNotDefaulted() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "corpus-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    let long = String(repeating: "a ", count: 2100)
    try Data(
      """
      {"id": "ok", "text": "call alex", "expect": {"intent": null}}
      {"id": "intent", "text": "call alex", "expect": {"intent": 5}}
      {"id": "slots", "text": "call alex", "expect": {"intent": "INStartCallIntent", "slots": ["contacts"]}}
      {"id": "expect", "text": "call alex", "expect": "INStartCallIntent"}
      {"id": 7, "text": "call alex"}
      {"id": "number", "text": "call alex", "n": 1e999}
      {"id": "long", "text": "\(long)"}

      """.utf8
    ).write(to: url)
    let corpus = try Corpus.read(url, file: "test.jsonl")
    #expect(corpus.lines.map(\.id) == ["ok"])
    #expect(corpus.problems.count == 6, "\(corpus.problems)")
    #expect(corpus.problems[0] == "test.jsonl:2: 'expect.intent' is not a string; skipped")
    #expect(corpus.problems[1] == "test.jsonl:3: 'expect.slots' is not an object; skipped")
    #expect(corpus.problems[2] == "test.jsonl:4: 'expect' is not an object; skipped")
    #expect(corpus.problems[3] == "test.jsonl:5: 'id' is not a string; skipped")
    #expect(corpus.problems[4].hasPrefix("test.jsonl:6: not valid JSON ("))
    #expect(
      corpus.problems[5]
        == "test.jsonl:7 (long): text is 4200 characters; at most 4096 are routed; skipped")
  }
}
