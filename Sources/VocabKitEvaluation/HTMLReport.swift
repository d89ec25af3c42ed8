import Foundation
import VocabKitMatching
import VocabKitRouting
import VocabKitSupport

/// An ``EvaluationReport`` as one self-contained HTML page: inline CSS and SVG, no script,
/// no font and no other file fetched, so it can be attached to a CI run or mailed.
///
/// ```swift
/// let report = try Evaluator(router: router).evaluate(corpora)
/// try HTMLReport(report: report, corpora: ["handwritten.jsonl"]).write(to: url)
/// ```
public struct HTMLReport: Sendable {
  public var report: EvaluationReport
  public var title: String
  /// The corpus files, shown in the header.
  public var corpora: [String]
  /// The vocabulary directory, shown in the header.
  public var vocabulary: String?
  /// When the evaluation ran, shown in the header; nil leaves it out (stable output).
  public var generated: Date?
  /// The most failed utterances listed; the page says how many were left out.
  public var maximumFailures: Int

  public init(
    report: EvaluationReport, title: String = "VocabKit evaluation", corpora: [String] = [],
    vocabulary: String? = nil, generated: Date? = nil, maximumFailures: Int = 500
  ) {
    self.report = report
    self.title = title
    self.corpora = corpora
    self.vocabulary = vocabulary
    self.generated = generated
    self.maximumFailures = maximumFailures
  }

  // MARK: Writing

  /// Writes the page atomically: to a temporary file in the same directory, then renamed
  /// over `url`, so a reader never sees half a page and a failed write leaves the old one.
  public func write(to url: URL) throws(ReportWriteError) {
    try Self.writeAtomically(Data(render().utf8), to: url)
  }

  /// Writes `data` to a temporary file beside `url` and renames it to `url` (rename(2)).
  public static func writeAtomically(_ data: Data, to url: URL) throws(ReportWriteError) {
    do {
      try AtomicFile.write(Array(data), to: url)
    } catch {
      throw ReportWriteError(path: error.path, reason: error.reason)
    }
  }

  // MARK: Rendering

  /// The whole page.
  ///
  /// - Complexity: O(*n*) in the size of the report.
  public func render() -> String {
    var page = """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(Self.escape(title))</title>
      <style>\(Self.style)</style>
      </head>
      <body>
      <main>

      """
    page += header()
    page += summary()
    page += corpusTable()
    page += scoreDistribution()
    page += accuracyCharts()
    page += confusionTable()
    page += failureTable()
    page += "<footer>Written by <code>vocab eval --report</code>.</footer>\n"
    page += "</main>\n</body>\n</html>\n"
    return page
  }

  private func header() -> String {
    var html = "<header>\n<h1>\(Self.escape(title))</h1>\n<p class=\"meta\">"
    var parts: [String] = []
    if !corpora.isEmpty {
      parts.append(
        "Corpus: " + corpora.map { "<code>\(Self.escape($0))</code>" }.joined(separator: ", "))
    }
    if let vocabulary { parts.append("Vocabulary: <code>\(Self.escape(vocabulary))</code>") }
    let policy = report.policy
    parts.append(
      "Resolution policy: cutoff \(Self.fixed(policy.cutoff, 2)), confident "
        + "\(Self.fixed(policy.confident, 2)), margin \(Self.fixed(policy.margin, 2))")
    if let generated {
      parts.append("Run \(Self.escape(generated.formatted(.iso8601)))")
    }
    html += parts.joined(separator: " · ") + "</p>\n</header>\n"
    return html
  }

  private func summary() -> String {
    let report = report
    let metrics: [(String, String, Quality)] = [
      ("Utterances", Self.grouped(Double(report.utterances)), .neutral),
      ("Intent accuracy", Self.fixed(report.intentAccuracy, 2), .higher(report.intentAccuracy)),
      ("App accuracy", Self.fixed(report.appAccuracy, 2), .higher(report.appAccuracy)),
      ("Slot accuracy", Self.fixed(report.slotAccuracy, 2), .higher(report.slotAccuracy)),
      ("Exact match", Self.fixed(report.exactMatch, 2), .higher(report.exactMatch)),
      (
        "Disambiguation precision", Self.fixed(report.disambiguationPrecision, 2),
        .higher(report.disambiguationPrecision)
      ),
      ("False-accept rate", Self.fixed(report.falseAcceptRate, 2), .lower(report.falseAcceptRate)),
      ("Median µs / utterance", Self.grouped(report.medianMicroseconds), .neutral),
      ("p99 µs / utterance", Self.grouped(report.p99Microseconds), .neutral),
      ("Skipped corpus lines", "\(report.skippedLines)", .neutral),
    ]
    var html = "<section id=\"summary\">\n<h2>Summary</h2>\n<div class=\"metrics\">\n"
    for (label, value, quality) in metrics {
      html +=
        "<div class=\"metric \(quality.cssClass)\"><div class=\"label\">\(Self.escape(label))</div>"
        + "<div class=\"value\">\(value)</div></div>\n"
    }
    html += "</div>\n</section>\n"
    return html
  }

  /// Each corpus's headline numbers, when the report covers more than one.
  private func corpusTable() -> String {
    guard !report.byCorpus.isEmpty else { return "" }
    var html = "<section id=\"by-corpus\">\n<h2>By corpus</h2>\n<table class=\"list\">\n"
    html += "<thead><tr><th>corpus</th><th>utterances</th><th>intent</th><th>app</th>"
    html += "<th>slot</th><th>exact</th><th>false accepts</th></tr></thead>\n<tbody>\n"
    for corpus in report.byCorpus {
      let cells = [
        "<code>\(Self.escape(corpus.file))</code>", Self.grouped(Double(corpus.utterances)),
        Self.fixed(corpus.intentAccuracy, 2), Self.fixed(corpus.appAccuracy, 2),
        Self.fixed(corpus.slotAccuracy, 2), Self.fixed(corpus.exactMatch, 2),
        Self.fixed(corpus.falseAcceptRate, 2),
      ]
      html += "<tr>" + cells.map { "<td>\($0)</td>" }.joined() + "</tr>\n"
    }
    html += "</tbody>\n</table>\n</section>\n"
    return html
  }

  private enum Quality {
    case neutral
    case higher(Double)
    case lower(Double)

    var cssClass: String {
      switch self {
      case .neutral: return "neutral"
      case .higher(let value): return value >= 0.9 ? "good" : value >= 0.7 ? "fair" : "poor"
      case .lower(let value): return value <= 0.05 ? "good" : value <= 0.15 ? "fair" : "poor"
      }
    }
  }

  private func accuracyCharts() -> String {
    var html = "<div class=\"pair\">\n"
    let intents = report.intentAccuracyByName.map {
      (name: $0.key, value: $0.value, count: report.intentCountByName[$0.key])
    }.sorted { Self.intentOrder($0.name, $1.name) }
    html += "<section id=\"by-intent\">\n<h2>Intent accuracy by expected intent</h2>\n"
    html +=
      intents.isEmpty
      ? "<p class=\"empty\">No line scores the intent.</p>\n"
      : Self.barChart(intents, label: "Intent accuracy by expected intent")
    html += "</section>\n"
    let slots = report.slotAccuracyByName.map {
      (name: $0.key, value: $0.value, count: report.slotCountByName[$0.key])
    }.sorted { $0.name < $1.name }
    html += "<section id=\"by-slot\">\n<h2>Slot accuracy by slot</h2>\n"
    html +=
      slots.isEmpty
      ? "<p class=\"empty\">No line scores a slot.</p>\n"
      : Self.barChart(slots, label: "Slot accuracy by slot name")
    html += "</section>\n</div>\n"
    return html
  }

  /// Intents by name, `none` last.
  static func intentOrder(_ a: String, _ b: String) -> Bool {
    (a == "none" ? 1 : 0, a) < (b == "none" ? 1 : 0, b)
  }

  /// A horizontal bar chart of ratios in 0...1.
  static func barChart(_ rows: [(name: String, value: Double, count: Int?)], label: String)
    -> String
  {
    let width = 520.0
    let labelWidth = 190.0
    let valueWidth = 92.0
    let barWidth = width - labelWidth - valueWidth - 8
    let rowHeight = 24.0
    let top = 6.0
    let height = top + rowHeight * Double(rows.count) + 22
    var svg =
      "<svg class=\"bars\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" width=\"\(Int(width))\" "
      + "height=\"\(Int(height))\" role=\"img\" aria-label=\"\(escape(label))\">\n"
    for tick in stride(from: 0.0, through: 1.0, by: 0.25) {
      let x = labelWidth + barWidth * tick
      svg +=
        "<line class=\"grid\" x1=\"\(fixed(x, 1))\" y1=\"\(fixed(top, 1))\" x2=\"\(fixed(x, 1))\" "
        + "y2=\"\(fixed(height - 18, 1))\"/>"
        + "<text class=\"tick\" x=\"\(fixed(x, 1))\" y=\"\(fixed(height - 5, 1))\" "
        + "text-anchor=\"middle\">\(fixed(tick, 2))</text>\n"
    }
    for (index, row) in rows.enumerated() {
      let y = top + rowHeight * Double(index)
      let value = min(max(row.value, 0), 1)
      let shown = row.name.count > 26 ? String(row.name.prefix(25)) + "…" : row.name
      let tone = value >= 0.9 ? "good" : value >= 0.7 ? "fair" : "poor"
      let count = row.count.map { " of \($0)" } ?? ""
      svg +=
        "<g><title>\(escape(row.name)): \(fixed(row.value, 3))\(count)</title>"
        + "<text class=\"label\" x=\"\(fixed(labelWidth - 8, 1))\" y=\"\(fixed(y + 16, 1))\" "
        + "text-anchor=\"end\">\(escape(shown))</text>"
        + "<rect class=\"track\" x=\"\(fixed(labelWidth, 1))\" y=\"\(fixed(y + 4, 1))\" "
        + "width=\"\(fixed(barWidth, 1))\" height=\"16\" rx=\"2\"/>"
        + "<rect class=\"bar \(tone)\" x=\"\(fixed(labelWidth, 1))\" y=\"\(fixed(y + 4, 1))\" "
        + "width=\"\(fixed(barWidth * value, 1))\" height=\"16\" rx=\"2\"/>"
        + "<text class=\"value\" x=\"\(fixed(labelWidth + barWidth + 8, 1))\" "
        + "y=\"\(fixed(y + 16, 1))\">\(fixed(row.value, 2))"
        + (row.count.map { "<tspan class=\"count\"> n=\($0)</tspan>" } ?? "") + "</text></g>\n"
    }
    svg += "</svg>\n"
    return svg
  }

  private func confusionTable() -> String {
    let confusions = report.confusions
    var html = "<section id=\"confusions\">\n<h2>Expected against routed intent</h2>\n"
    guard !confusions.isEmpty else {
      return html + "<p class=\"empty\">No line scores the intent.</p>\n</section>\n"
    }
    let expected = Set(confusions.map(\.expected)).sorted(by: Self.intentOrder)
    let routed = Set(confusions.map(\.expected) + confusions.map(\.routed)).sorted(
      by: Self.intentOrder)
    var cells: [String: EvaluationReport.Confusion] = [:]
    for confusion in confusions {
      cells[confusion.expected + "\u{0}" + confusion.routed] = confusion
    }
    html +=
      "<p class=\"note\">Rows: the expected intent; columns: what the router chose. "
      + "<code>none</code> is no intent. Hover a cell for example ids.</p>\n"
    html += "<div class=\"scroll\"><table class=\"confusion\">\n<thead><tr><th class=\"corner\">"
    html += "expected ↓ routed →</th>"
    for name in routed { html += "<th class=\"column\"><span>\(Self.escape(name))</span></th>" }
    html += "<th class=\"column\"><span>lines</span></th><th class=\"column\"><span>accuracy</span>"
    html += "</th></tr></thead>\n<tbody>\n"
    for row in expected {
      let total = routed.reduce(0) { $0 + (cells[row + "\u{0}" + $1]?.count ?? 0) }
      html += "<tr><th class=\"row\">\(Self.escape(row))</th>"
      for column in routed {
        guard let cell = cells[row + "\u{0}" + column] else {
          html += "<td class=\"zero\">·</td>"
          continue
        }
        let share = Double(cell.count) / Double(max(total, 1))
        let hit = row == column
        let alpha = Self.fixed(0.12 + 0.7 * share, 2)
        let colour = hit ? "42,157,143" : "231,111,81"
        html +=
          "<td class=\"\(hit ? "hit" : "miss")\" style=\"background: rgba(\(colour),\(alpha))\" "
          + "title=\"\(Self.escape(cell.examples.joined(separator: ", ")))\">\(cell.count)</td>"
      }
      let accuracy = report.intentAccuracyByName[row].map { Self.fixed($0, 2) } ?? ""
      html += "<td class=\"total\">\(total)</td><td class=\"total\">\(accuracy)</td></tr>\n"
    }
    html += "</tbody>\n</table></div>\n"
    let worst = report.worstConfusions.prefix(10)
    if !worst.isEmpty {
      html += "<h3>Worst confusions</h3>\n<table class=\"list\">\n"
      html += "<thead><tr><th>expected</th><th>routed</th><th>lines</th><th>examples</th></tr>"
      html += "</thead>\n<tbody>\n"
      for confusion in worst {
        html +=
          "<tr><td>\(Self.escape(confusion.expected))</td><td>\(Self.escape(confusion.routed))</td>"
          + "<td class=\"number\">\(confusion.count)</td><td>"
          + confusion.examples.map { "<code>\(Self.escape($0))</code>" }.joined(separator: " ")
          + "</td></tr>\n"
      }
      html += "</tbody>\n</table>\n"
    }
    html += "</section>\n"
    return html
  }

  private func scoreDistribution() -> String {
    let scores = report.slotScores
    let policy = report.policy
    var html = "<section id=\"scores\">\n<h2>Best-candidate scores of bound slots</h2>\n"
    html +=
      "<p class=\"note\">For every scored slot bound to vocabulary, the score of the best "
      + "candidate, split by whether it is the expected identifier. Below the cutoff the router "
      + "reports nothing; there the slot's words are matched again without a cutoff.</p>\n"
    html += Self.histogram(scores, policy: policy)
    let zones: [(String, (Double) -> Bool)] = [
      ("below cutoff (not reported)", { $0 < policy.cutoff }),
      ("cutoff to confident (confirmation)", { $0 >= policy.cutoff && $0 < policy.confident }),
      ("confident and above (success)", { $0 >= policy.confident }),
    ]
    html += "<table class=\"list zones\">\n<thead><tr><th>score</th><th>right</th><th>wrong</th>"
    html += "<th>share right</th></tr></thead>\n<tbody>\n"
    for (name, contains) in zones {
      let inZone = scores.filter { contains($0.score) }
      let right = inZone.filter(\.right).count
      let share = inZone.isEmpty ? "–" : Self.fixed(Double(right) / Double(inZone.count), 2)
      html +=
        "<tr><td>\(Self.escape(name))</td><td class=\"number\">\(right)</td>"
        + "<td class=\"number\">\(inZone.count - right)</td><td class=\"number\">\(share)</td></tr>\n"
    }
    html += "</tbody>\n</table>\n</section>\n"
    return html
  }

  /// Bins of width 0.05 over 0...1; a score of exactly 1 falls in the last.
  static func bin(_ score: Double) -> Int {
    min(19, max(0, Int((score * 20 + 1e-9).rounded(.down))))
  }

  /// Two-colour histogram of right and wrong scores with the policy's thresholds.
  static func histogram(_ scores: [EvaluationReport.ScoredSlot], policy: ResolutionPolicy)
    -> String
  {
    var right = [Int](repeating: 0, count: 20)
    var wrong = [Int](repeating: 0, count: 20)
    for score in scores {
      if score.right { right[bin(score.score)] += 1 } else { wrong[bin(score.score)] += 1 }
    }
    let frame = HistogramFrame(largestCount: max(right.max() ?? 0, wrong.max() ?? 0, 1))
    var svg =
      "<svg class=\"histogram\" viewBox=\"0 0 \(Int(frame.width)) \(Int(frame.height))\" "
      + "width=\"\(Int(frame.width))\" height=\"\(Int(frame.height))\" role=\"img\" "
      + "aria-label=\"Histogram of best-candidate scores, right and wrong\">\n"
    svg += frame.zones(policy) + frame.countAxis() + frame.bars(right: right, wrong: wrong)
    svg += frame.scoreAxis() + frame.thresholds(policy)
    svg += frame.legend(right: right.reduce(0, +), wrong: wrong.reduce(0, +))
    if scores.isEmpty {
      svg +=
        "<text class=\"zone\" x=\"\(fixed(frame.left + frame.plotWidth / 2, 1))\" "
        + "y=\"\(fixed(frame.top + frame.plotHeight / 2, 1))\" text-anchor=\"middle\">no bound slot was "
        + "scored</text>\n"
    }
    svg += "</svg>\n"
    return svg
  }

  /// The histogram's geometry: a plot of 20 score bins by counts up to a round maximum,
  /// and the SVG of each of its parts.
  struct HistogramFrame {
    let width = 1040.0
    let height = 320.0
    let left = 52.0
    let rightMargin = 20.0
    let top = 40.0
    let bottom = 44.0
    /// The count between grid lines, and the count at the top of the plot.
    let step: Int
    let maximum: Double

    init(largestCount: Int) {
      step = niceStep(largestCount)
      maximum = Double(step) * (Double(largestCount) / Double(step)).rounded(.up)
    }

    var plotWidth: Double { width - left - rightMargin }
    var plotHeight: Double { height - top - bottom }
    func x(_ score: Double) -> Double { left + plotWidth * score }
    func y(_ count: Double) -> Double { top + plotHeight * (1 - count / maximum) }

    /// The resolution zones: below the cutoff, confirmation and success.
    func zones(_ policy: ResolutionPolicy) -> String {
      let zones: [(Double, Double, String, String)] = [
        (0, policy.cutoff, "zone-below", "not reported"),
        (policy.cutoff, policy.confident, "zone-confirm", "confirmation"),
        (policy.confident, 1, "zone-success", "success"),
      ]
      var svg = ""
      for (from, to, css, name) in zones where to > from {
        svg +=
          "<rect class=\"\(css)\" x=\"\(fixed(x(from), 1))\" y=\"\(fixed(top, 1))\" "
          + "width=\"\(fixed(x(to) - x(from), 1))\" height=\"\(fixed(plotHeight, 1))\"/>"
          + "<text class=\"zone\" x=\"\(fixed((x(from) + x(to)) / 2, 1))\" "
          + "y=\"\(fixed(top + 14, 1))\" text-anchor=\"middle\">\(name)</text>\n"
      }
      return svg
    }

    /// Grid lines and their counts.
    func countAxis() -> String {
      var svg = ""
      for count in stride(from: 0, through: Int(maximum), by: step) {
        let yy = y(Double(count))
        svg +=
          "<line class=\"grid\" x1=\"\(fixed(left, 1))\" y1=\"\(fixed(yy, 1))\" "
          + "x2=\"\(fixed(width - rightMargin, 1))\" y2=\"\(fixed(yy, 1))\"/>"
          + "<text class=\"tick\" x=\"\(fixed(left - 6, 1))\" y=\"\(fixed(yy + 4, 1))\" "
          + "text-anchor=\"end\">\(count)</text>\n"
      }
      return svg
    }

    /// The bars: right on the left half of each bin, wrong on the right half.
    func bars(right: [Int], wrong: [Int]) -> String {
      var svg = ""
      let binWidth = plotWidth / 20
      for index in 0..<20 {
        let from = Double(index) / 20
        let range = "\(fixed(from, 2))–\(fixed(from + 0.05, 2))"
        for (isRight, count) in [(true, right[index]), (false, wrong[index])] where count > 0 {
          let barX = x(from) + (isRight ? 2 : binWidth / 2)
          let barHeight = max(y(0) - y(Double(count)), 2)
          svg +=
            "<rect class=\"\(isRight ? "right" : "wrong")\" x=\"\(fixed(barX, 1))\" "
            + "y=\"\(fixed(y(0) - barHeight, 1))\" width=\"\(fixed(binWidth / 2 - 2, 1))\" "
            + "height=\"\(fixed(barHeight, 1))\"><title>\(range): \(count) "
            + "\(isRight ? "right" : "wrong")</title></rect>"
            + "<text class=\"bar-count\" x=\"\(fixed(barX + binWidth / 4 - 1, 1))\" "
            + "y=\"\(fixed(y(0) - barHeight - 3, 1))\" text-anchor=\"middle\">\(count)</text>\n"
        }
      }
      return svg
    }

    /// The score axis, its ticks and its label.
    func scoreAxis() -> String {
      var svg =
        "<line class=\"axis\" x1=\"\(fixed(left, 1))\" y1=\"\(fixed(y(0), 1))\" "
        + "x2=\"\(fixed(width - rightMargin, 1))\" y2=\"\(fixed(y(0), 1))\"/>\n"
      for tick in 0...10 {
        let score = Double(tick) / 10
        svg +=
          "<text class=\"tick\" x=\"\(fixed(x(score), 1))\" y=\"\(fixed(y(0) + 16, 1))\" "
          + "text-anchor=\"middle\">\(fixed(score, 1))</text>"
      }
      svg +=
        "\n<text class=\"axis-label\" x=\"\(fixed(left + plotWidth / 2, 1))\" "
        + "y=\"\(fixed(height - 6, 1))\" text-anchor=\"middle\">best-candidate score "
        + "(bins of 0.05)</text>\n"
      return svg
    }

    /// The policy's cutoff and confident thresholds as labelled lines.
    func thresholds(_ policy: ResolutionPolicy) -> String {
      var svg = ""
      for (name, value) in [("cutoff", policy.cutoff), ("confident", policy.confident)] {
        let xx = x(min(max(value, 0), 1))
        svg +=
          "<line class=\"threshold\" data-threshold=\"\(name)\" x1=\"\(fixed(xx, 1))\" "
          + "y1=\"\(fixed(top - 14, 1))\" x2=\"\(fixed(xx, 1))\" y2=\"\(fixed(y(0), 1))\"/>"
          + "<text class=\"threshold-label\" x=\"\(fixed(xx, 1))\" y=\"\(fixed(top - 18, 1))\" "
          + "text-anchor=\"middle\">\(name) \(fixed(value, 2))</text>\n"
      }
      return svg
    }

    /// The legend, with the totals of right and wrong identifiers.
    func legend(right rightTotal: Int, wrong wrongTotal: Int) -> String {
      "<g class=\"legend\"><rect class=\"right\" x=\"\(fixed(left, 1))\" y=\"6\" width=\"12\" "
        + "height=\"12\"/><text x=\"\(fixed(left + 18, 1))\" y=\"16\">right identifier "
        + "(\(rightTotal))</text><rect class=\"wrong\" x=\"\(fixed(left + 190, 1))\" y=\"6\" "
        + "width=\"12\" height=\"12\"/><text x=\"\(fixed(left + 208, 1))\" y=\"16\">wrong "
        + "identifier (\(wrongTotal))</text></g>\n"
    }
  }

  /// A step of 1, 2 or 5 × 10ⁿ giving at most about five ticks up to `maximum`.
  static func niceStep(_ maximum: Int) -> Int {
    var magnitude = 1
    while true {
      for factor in [1, 2, 5] where maximum <= factor * magnitude * 5 {
        return factor * magnitude
      }
      magnitude *= 10
    }
  }

  private func failureTable() -> String {
    let failures = report.failures
    var html = "<section id=\"failures\">\n<h2>Failed utterances (\(failures.count))</h2>\n"
    guard !failures.isEmpty else {
      return html + "<p class=\"empty\">Every utterance came out as expected.</p>\n</section>\n"
    }
    let shown = failures.prefix(max(maximumFailures, 0))
    if shown.count < failures.count {
      html +=
        "<p class=\"note\">Showing the first \(shown.count) of \(failures.count); "
        + "\(failures.count - shown.count) left out.</p>\n"
    }
    html += "<table class=\"failures\">\n<colgroup><col class=\"id\"><col class=\"text\">"
    html += "<col class=\"problem\"><col class=\"expected\"><col class=\"routed\"></colgroup>\n"
    html += "<thead><tr><th>id</th><th>utterance</th><th>what differed</th><th>expected</th>"
    html += "<th>came out</th></tr></thead>\n<tbody>\n"
    /// One part a line: the summaries separate intent and slots with "; ".
    func lines(_ text: String) -> String {
      text.components(separatedBy: "; ").map { "<bdi>\(Self.escape($0))</bdi>" }.joined(
        separator: "<br>")
    }
    for failure in shown {
      html +=
        "<tr><td><code>\(Self.escape(failure.id))</code></td>"
        + "<td class=\"utterance\"><bdi>\(Self.escape(failure.text))</bdi></td>"
        + "<td class=\"problem\">\(Self.differences(failure.problem))</td>"
        + "<td>\(lines(failure.expected))</td><td>\(lines(failure.routed))</td></tr>\n"
    }
    html += "</tbody>\n</table>\n</section>\n"
    return html
  }

  /// `intent none ≠ INPlayMediaIntent; …` as one line per difference, each
  /// `intent none (expected INPlayMediaIntent)`: plainer than ≠, which some fonts lack.
  static func differences(_ problem: String) -> String {
    problem.components(separatedBy: "; ").map { part in
      guard let sign = part.range(of: " ≠ ") else { return "<bdi>\(escape(part))</bdi>" }
      return "<bdi>\(escape(String(part[..<sign.lowerBound])))</bdi> <span class=\"wanted\">"
        + "(expected <bdi>\(escape(String(part[sign.upperBound...])))</bdi>)</span>"
    }.joined(separator: "<br>")
  }

  // MARK: Text

  /// Escapes text for HTML element content and quoted attribute values.
  public static func escape(_ text: String) -> String {
    var escaped = ""
    escaped.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      case "'": escaped += "&#39;"
      case "\u{0}": escaped += "\u{FFFD}"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }

  /// `value` with `digits` decimals, without locale.
  static func fixed(_ value: Double, _ digits: Int) -> String {
    guard value.isFinite else { return "–" }
    return String(format: "%.\(digits)f", value)
  }

  /// A whole number with thousands separators: 23,816.
  static func grouped(_ value: Double) -> String {
    guard value.isFinite else { return "–" }
    let digits = String(Int(value.rounded()).magnitude)
    var text = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { text += "," }
      text.append(digit)
    }
    return (value < -0.5 ? "-" : "") + text
  }

  static let style = """
    :root { --ink: #1f2933; --muted: #616e7c; --line: #d9e2ec; --page: #f5f7fa;
      --right: #2a9d8f; --wrong: #e76f51; --fair: #e9c46a; }
    * { box-sizing: border-box; }
    body { margin: 0; background: var(--page); color: var(--ink);
      font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue",
        Arial, sans-serif; }
    main { max-width: 1120px; margin: 0 auto; padding: 20px 24px 40px; }
    h1 { font-size: 24px; margin: 0 0 4px; }
    h2 { font-size: 17px; margin: 0 0 12px; }
    h3 { font-size: 15px; margin: 18px 0 8px; }
    .meta, .note, .empty, footer { color: var(--muted); }
    .meta { margin: 0 0 8px; }
    .note { margin: 0 0 10px; font-size: 13px; }
    code { font-family: ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace;
      font-size: 12.5px; }
    section { background: #fff; border: 1px solid var(--line); border-radius: 8px;
      padding: 16px 20px; margin: 16px 0; }
    .pair { display: grid; grid-template-columns: repeat(auto-fit, minmax(520px, 1fr));
      gap: 0 16px; }
    .pair section { margin: 0 0 16px; }
    .pair + section { margin-top: 0; }
    .metrics { display: grid; grid-template-columns: repeat(5, 1fr); gap: 10px; }
    .metric { border: 1px solid var(--line); border-left-width: 4px; border-radius: 6px;
      padding: 8px 12px; }
    .metric.good { border-left-color: var(--right); }
    .metric.fair { border-left-color: var(--fair); }
    .metric.poor { border-left-color: var(--wrong); }
    .metric .label { color: var(--muted); font-size: 12px; }
    .metric .value { font-size: 22px; font-weight: 600; font-variant-numeric: tabular-nums; }
    svg { display: block; max-width: 100%; height: auto; }
    svg text { font-size: 12px; fill: var(--ink); }
    svg .tick, svg .count, svg .zone, svg .axis-label { fill: var(--muted); }
    svg .grid { stroke: #e4e7eb; stroke-width: 1; }
    svg .axis { stroke: #9aa5b1; stroke-width: 1; }
    svg .track { fill: #eef2f6; }
    svg .bar.good, svg .right { fill: var(--right); }
    svg .bar.fair { fill: var(--fair); }
    svg .bar.poor, svg .wrong { fill: var(--wrong); }
    svg .value { font-variant-numeric: tabular-nums; }
    svg .bar-count { font-size: 10px; fill: var(--muted); }
    svg .zone-below { fill: #fbeae5; opacity: 0.55; }
    svg .zone-confirm { fill: #fdf6e3; opacity: 0.8; }
    svg .zone-success { fill: #e8f5f3; opacity: 0.7; }
    svg .threshold { stroke: #3e4c59; stroke-width: 1.5; stroke-dasharray: 5 3; }
    svg .threshold-label { font-weight: 600; }
    table { border-collapse: collapse; }
    th, td { padding: 4px 8px; border-bottom: 1px solid var(--line); text-align: left;
      vertical-align: top; }
    th { font-weight: 600; }
    td.number, td.total { text-align: right; font-variant-numeric: tabular-nums; }
    .scroll { overflow-x: auto; }
    table.confusion td { text-align: center; min-width: 36px; font-variant-numeric: tabular-nums;
      border: 1px solid #fff; }
    table.confusion td.zero { color: #c4cdd5; }
    table.confusion th.column { vertical-align: bottom; padding: 4px 2px; }
    table.confusion th.column span { writing-mode: vertical-rl; transform: rotate(180deg);
      white-space: nowrap; display: inline-block; font-weight: 500; }
    table.confusion th.row { white-space: nowrap; font-weight: 500; }
    table.confusion th.corner { vertical-align: bottom; color: var(--muted); font-weight: 400;
      font-size: 12px; }
    table.zones { margin-top: 10px; }
    table.failures { width: 100%; table-layout: fixed; font-size: 13px; }
    table.failures col.id { width: 13%; }
    table.failures col.text { width: 23%; }
    table.failures col.problem { width: 22%; }
    table.failures col.expected, table.failures col.routed { width: 21%; }
    table.failures td { overflow-wrap: anywhere; }
    table.failures td.utterance { font-weight: 500; }
    table.failures td.problem { color: #b23c17; }
    table.failures td.problem .wanted { color: var(--muted); }
    table.failures tbody tr:nth-child(even) { background: #f9fafb; }
    footer { font-size: 12px; margin-top: 8px; }
    """
}

/// The report could not be written; names the path and the reason.
public struct ReportWriteError: Error, CustomStringConvertible {
  public var path: String
  public var reason: String

  public var description: String { "\(path): cannot write the report: \(reason)" }
}
