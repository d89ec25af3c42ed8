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
}
