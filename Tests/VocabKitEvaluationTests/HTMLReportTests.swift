import Foundation
import Testing
import VocabKitEvaluation
import VocabKitMatching
import VocabKitRouting

/// Text that breaks pages that do not escape: markup, entities, quotes, scripts and bidi.
private let hostile =
  "<script>alert('x')</script> & \"q\" <img src=x onerror=y> &amp; "
  + "राहुल สมชาย 张伟 Александр مرحبا"

private func sampleReport(
  failures: Int = 2, text: String = hostile, policy: ResolutionPolicy = ResolutionPolicy()
) -> EvaluationReport {
  EvaluationReport(
    utterances: 4, intentAccuracy: 0.75, appAccuracy: 1, slotAccuracy: 0.5,
    slotAccuracyByName: ["contacts": 0.5, "slot<b>": 1], exactMatch: 0.5,
    disambiguationPrecision: 1, falseAcceptRate: 0, medianMicroseconds: 1234,
    p99Microseconds: 56789, skippedLines: 1,
    failures: (0..<failures).map {
      .init(
        id: "id-\($0) \(text)", text: text, problem: "intent none ≠ <Intent>",
        expected: "<Intent> in \"app\"", routed: "no intent & 'nothing'")
    },
    intentAccuracyByName: ["INStartCallIntent": 1, "<Intent>": 0, "none": 1],
    intentCountByName: ["INStartCallIntent": 2, "<Intent>": 1, "none": 1],
    slotCountByName: ["contacts": 2, "slot<b>": 1],
    confusions: [
      .init(expected: "INStartCallIntent", routed: "INStartCallIntent", count: 2, examples: ["a"]),
      .init(expected: "<Intent>", routed: "none", count: 1, examples: ["b<c>"]),
      .init(expected: "none", routed: "none", count: 1, examples: ["d"]),
    ],
    slotScores: [
      .init(id: "a", slot: "contacts", score: 0.95, right: true, resolution: .success),
      .init(
        id: "b", slot: "contacts", score: 0.7, right: false, resolution: .confirmationRequired),
      .init(id: "c", slot: "contacts", score: 0.41, right: false, resolution: .unsupported),
      .init(id: "d", slot: "contacts", score: 1, right: true, resolution: .success),
    ],
    policy: policy)
}

/// A fresh directory under the temporary directory.
private func temporaryDirectory() throws -> URL {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent(
    "eval-report-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}

@Suite struct HTMLReportTests {
  @Test func escapesMarkupQuotesAndAmpersands() {
    #expect(
      HTMLReport.escape("<a href='x'>\"T&C\"</a>")
        == "&lt;a href=&#39;x&#39;&gt;&quot;T&amp;C&quot;&lt;/a&gt;")
    #expect(HTMLReport.escape("&amp;") == "&amp;amp;")
    #expect(HTMLReport.escape("राहुल สมชาย 张伟 Александр") == "राहुल สมชาย 张伟 Александр")
  }

  @Test func hostileTextIsEscapedEverywhere() {
    let page = HTMLReport(
      report: sampleReport(), title: "Report <of> \"x\"", corpora: ["<corpus>.jsonl"],
      vocabulary: "voc&ab"
    ).render()
    #expect(!page.contains("<script"))
    #expect(!page.contains("<img"))
    #expect(!page.contains("<b>"))
    #expect(!page.contains("<Intent>"))
    #expect(!page.contains("<c>"))
    #expect(!page.contains("<corpus>"))
    #expect(page.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot;"))
    #expect(page.contains("&amp;amp;"))
    #expect(page.contains("<title>Report &lt;of&gt; &quot;x&quot;</title>"))
    #expect(page.contains("voc&amp;ab"))
    #expect(page.contains("राहुल สมชาย 张伟 Александр مرحبا"))
    // Every tag the page opens is one of its own.
    let tags = Set(
      page.split(separator: "<").dropFirst().compactMap {
        $0.prefix { $0.isLetter || $0 == "/" || $0 == "!" }.lowercased()
      })
    let own: Set<String> = [
      "!doctype", "html", "/html", "head", "/head", "meta", "title", "/title", "style", "/style",
      "body", "/body", "main", "/main", "header", "/header", "h", "/h", "p", "/p", "code",
      "/code", "section", "/section", "div", "/div", "svg", "/svg", "line", "text", "/text", "g",
      "/g", "rect", "/rect", "tspan", "/tspan", "table", "/table", "thead", "/thead", "tbody",
      "/tbody", "tr", "/tr", "th", "/th", "td", "/td", "span", "/span", "bdi", "/bdi", "br",
      "colgroup", "/colgroup", "col", "footer", "/footer",
    ]
    #expect(tags.subtracting(own).isEmpty, "unexpected tags: \(tags.subtracting(own))")
  }

  @Test func pageIsSelfContained() {
    // Benign utterances: the hostile ones contain `src=` as (escaped) text.
    let report = sampleReport(text: "call राहुल शर्मा")
    let page = HTMLReport(report: report, corpora: ["a.jsonl"], generated: Date()).render()
      .lowercased()
    for reference in ["http", "src=", "href=", "url(", "@import", "@font-face", "<script", "<link"]
    {
      let found = page.contains(reference)
      #expect(!found, "page contains \(reference)")
    }
    #expect(page.hasPrefix("<!doctype html>"))
    #expect(page.contains("<meta charset=\"utf-8\">"))
    #expect(page.contains("<svg"))
    #expect(page.contains("<style>"))
  }

  @Test func histogramDrawsThePolicyThresholds() {
    let policy = ResolutionPolicy(cutoff: 0.55, confident: 0.85)
    let page = HTMLReport(report: sampleReport(policy: policy)).render()
    #expect(page.contains("class=\"histogram\""))
    #expect(page.contains("data-threshold=\"cutoff\""))
    #expect(page.contains("data-threshold=\"confident\""))
    #expect(page.contains(">cutoff 0.55</text>"))
    #expect(page.contains(">confident 0.85</text>"))
    // Both colours: right (0.95, 1.0) and wrong (0.7, 0.41) bars.
    #expect(page.contains("<rect class=\"right\""))
    #expect(page.contains("<rect class=\"wrong\""))
    #expect(page.contains("0.95–1.00: 2 right"))
    #expect(page.contains("0.40–0.45: 1 wrong"))
    #expect(HTMLReport(report: sampleReport()).render().contains(">cutoff 0.60</text>"))
  }

  @Test func chartsAndConfusionsAreDrawn() {
    let page = HTMLReport(report: sampleReport()).render()
    #expect(page.contains("class=\"bars\""))
    #expect(page.contains("INStartCallIntent"))
    #expect(page.contains("slot&lt;b&gt;"))
    #expect(page.contains("class=\"confusion\""))
    #expect(page.contains("Worst confusions"))
    #expect(page.contains("b&lt;c&gt;"))
  }

  @Test func failuresAreCappedWithANote() {
    let page = HTMLReport(report: sampleReport(failures: 7), maximumFailures: 5).render()
    #expect(page.contains("Failed utterances (7)"))
    #expect(page.contains("Showing the first 5 of 7; 2 left out."))
    #expect(page.components(separatedBy: "<td><code>id-").count - 1 == 5)
    let all = HTMLReport(report: sampleReport(failures: 3)).render()
    #expect(!all.contains("left out"))
    #expect(all.components(separatedBy: "<td><code>id-").count - 1 == 3)
  }

  @Test func writeReplacesAnExistingFileAtomically() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("report.html")
    try Data("old report".utf8).write(to: url)
    try HTMLReport(report: sampleReport()).write(to: url)
    let written = try String(contentsOf: url, encoding: .utf8)
    #expect(written.hasPrefix("<!DOCTYPE html>"))
    #expect(written.hasSuffix("</html>\n"))
    // No temporary file is left beside it.
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["report.html"])
    let permissions =
      try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
    #expect(permissions == 0o644)
  }

  @Test func unwritableDirectoryFailsWithThePath() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // A "directory" that is a file: cannot be written into, not even by root.
    let file = directory.appendingPathComponent("plain-file")
    try Data("x".utf8).write(to: file)
    let inside = file.appendingPathComponent("report.html")
    #expect {
      try HTMLReport(report: sampleReport()).write(to: inside)
    } throws: { error in
      let description = "\(error)"
      return description.contains(inside.path) && description.contains("cannot write the report")
    }
    // A directory that does not exist.
    let missing = directory.appendingPathComponent("no/such/dir/report.html")
    #expect {
      try HTMLReport(report: sampleReport()).write(to: missing)
    } throws: { error in
      "\(error)".contains(missing.path) && "\(error)".contains("No such file or directory")
    }
    // Renaming over a non-empty directory fails; the temporary file is removed.
    let occupied = directory.appendingPathComponent("occupied")
    try FileManager.default.createDirectory(
      at: occupied.appendingPathComponent("child"), withIntermediateDirectories: true)
    #expect {
      try HTMLReport(report: sampleReport()).write(to: occupied)
    } throws: { error in
      "\(error)".contains(occupied.path)
    }
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == [
        "occupied", "plain-file",
      ])
    // A read-only directory (only meaningful when not root, who may write anywhere).
    if getuid() != 0 {
      let readOnly = directory.appendingPathComponent("read-only")
      try FileManager.default.createDirectory(at: readOnly, withIntermediateDirectories: true)
      try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: readOnly.path)
      defer {
        try? FileManager.default.setAttributes(
          [.posixPermissions: 0o755], ofItemAtPath: readOnly.path)
      }
      let target = readOnly.appendingPathComponent("report.html")
      #expect {
        try HTMLReport(report: sampleReport()).write(to: target)
      } throws: { error in
        "\(error)".contains(target.path) && "\(error)".contains("Permission denied")
      }
    }
  }
}

@Suite struct EvaluatorReportTests {
  static let vocabulary: CompiledVocabulary = {
    var root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path)
    {
      root = root.deletingLastPathComponent()
    }
    return try! CompiledVocabulary.load(directory: root.appendingPathComponent("vocab"))
  }()

  func tinyCorpus() throws -> Corpus {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tiny-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    try Data(
      """
      {"id": "inbox", "text": "add milk to index in taskly", "expect": {"app": "com.example.taskly", "intent": "INAddTasksIntent", "slots": {"targetTaskList": "list.inbox", "taskTitles": "milk"}}}
      {"id": "alex", "text": "call alex", "expect": {"intent": "INStartCallIntent", "slots": {"contacts": {"disambiguation": ["contact.alex-kim", "contact.alex-morgan", "contact.alex-chen"]}}}}
      {"id": "weather", "text": "what's the weather like", "expect": {"intent": null}}
      {"id": "wrong<1>", "text": "add eggs to groceries", "expect": {"intent": "INStartCallIntent"}}
      {"id": "wrong-2", "text": "add bread to groceries", "expect": {"intent": "INStartCallIntent"}}
      {"id": "list", "text": "add eggs to groceries", "expect": {"intent": "INAddTasksIntent", "slots": {"targetTaskList": "list.inbox"}}}

      """.utf8
    ).write(to: url)
    return try Corpus.read(url, file: "tiny.jsonl")
  }

  @Test func recordsConfusionsPerIntentAccuracyAndSlotScores() throws {
    let router = Router(vocabulary: Self.vocabulary)
    let report = try Evaluator(router: router).evaluate([tinyCorpus()])
    #expect(report.utterances == 6)
    #expect(report.intentCountByName["INStartCallIntent"] == 3)
    #expect(report.intentAccuracyByName["INStartCallIntent"] == 1.0 / 3)
    #expect(report.intentAccuracyByName["none"] == 1)
    #expect(report.slotCountByName["targetTaskList"] == 2)
    let worst = try #require(report.worstConfusions.first)
    #expect(worst.expected == "INStartCallIntent" && worst.routed == "INAddTasksIntent")
    #expect(worst.count == 2 && worst.examples == ["wrong<1>", "wrong-2"])
    #expect(report.confusions.reduce(0) { $0 + $1.count } == 6)
    #expect(report.confusions.contains { $0.expected == "none" && $0.routed == "none" })
    // Bound slots are scored; the free-text task title is not.
    #expect(!report.slotScores.contains { $0.slot == "taskTitles" })
    let inbox = try #require(report.slotScores.first { $0.id == "inbox" })
    #expect(inbox.slot == "targetTaskList" && inbox.right)
    #expect((0.6...1).contains(inbox.score))
    let alex = try #require(report.slotScores.first { $0.id == "alex" })
    #expect(alex.right && alex.resolution == .disambiguation)
    let list = try #require(report.slotScores.first { $0.id == "list" })
    #expect(!list.right)
    #expect(report.policy == router.policy)
    let failure = try #require(report.failures.first { $0.id == "list" })
    #expect(failure.problem.contains("targetTaskList 'list.groceries' ≠ 'list.inbox'"))
    #expect(failure.expected == "INAddTasksIntent; targetTaskList: list.inbox")
    #expect(failure.routed.hasPrefix("INAddTasksIntent in com.example."))
  }

  @Test func jsonKeepsTheKeysCIReadsAndAddsTheNewOnes() throws {
    let report = try Evaluator(router: Router(vocabulary: Self.vocabulary)).evaluate([tinyCorpus()])
    let object = try #require(
      try JSONSerialization.jsonObject(with: JSONEncoder().encode(report)) as? [String: Any])
    for key in [
      "utterances", "intentAccuracy", "appAccuracy", "slotAccuracy", "exactMatch",
      "falseAcceptRate", "medianMicroseconds", "p99Microseconds", "slotAccuracyByName",
      "disambiguationPrecision", "skippedLines", "failures", "intentAccuracyByName",
      "confusions", "slotScores", "policy",
    ] {
      #expect(object[key] != nil, "missing \(key)")
    }
    #expect(object["utterances"] as? Int == 6)
  }

  @Test func reportOfARealRunRenders() throws {
    let report = try Evaluator(router: Router(vocabulary: Self.vocabulary)).evaluate([tinyCorpus()])
    let page = HTMLReport(report: report, corpora: ["tiny.jsonl"]).render()
    #expect(page.contains("wrong&lt;1&gt;"))
    #expect(!page.contains("wrong<1>"))
    #expect(page.contains("data-threshold=\"cutoff\""))
    #expect(!page.contains("http"))
  }
}
