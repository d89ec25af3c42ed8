import Foundation
import VocabKit
import VocabKitEvaluation
import VocabKitSupport
import VocabKitVocabulary

/// `vocab eval`: accuracy of routing on corpora, with thresholds for CI.
enum EvalCommand {
  static let command = Subcommand(
    name: "eval",
    abstract: "Evaluate routing against corpora of utterances with expected outcomes.",
    discussion: """
      Each corpus is JSON Lines: {"id", "text", "locale", "expect": {"app", "intent", "slots"}}.
      Malformed lines are reported with their line numbers and skipped (fatal with --strict).
      Exit status 1 when a --min or --max threshold fails.
      --report writes one self-contained HTML page (inline SVG and CSS, nothing fetched).
      """,
    options: [
      VocabularyOption.option, VocabularyOption.cache, VocabularyOption.modelSeed,
      .repeated("corpus", "FILE", help: "A corpus file; may repeat."),
      .flag("json", help: "Print one JSON object."),
      .flag("strict", help: "Fail on malformed corpus lines."),
      .flag(
        "alternatives",
        help:
          "Route each line's n-best 'alternatives' together, where it has them, not 'text' alone."),
      .value("min-intent-accuracy", "X", help: "Fail below this intent accuracy."),
      .value("min-app-accuracy", "X", help: "Fail below this app accuracy."),
      .value("min-slot-accuracy", "X", help: "Fail below this slot accuracy."),
      .value("max-false-accept", "X", help: "Fail above this false-accept rate."),
      .value("failures", "N", help: "Show at most N failed utterances (default 10)."),
      .value("cutoff", "X", help: "Resolution: report no match below this score (default 0.6)."),
      .value("confident", "X", help: "Resolution: success at or above this score (default 0.8)."),
      .value(
        "margin", "X", help: "Resolution: disambiguate within this of the best (default 0.04)."),
      .value(
        "report", "FILE.html",
        help: "Also write an HTML report: charts, confusions, score histograms, failures."),
      .value(
        "every", "N",
        help: "Evaluate every Nth utterance of each corpus (the 1st, N+1st, …), for quick gates."),
      .flag(
        "slot-matching",
        help:
          "Score the matcher alone on each bound slot (top-1 against the exact-phrase baseline), not routing."
      ),
      .value("min-slot-match", "X", help: "With --slot-matching: fail below this top-1."),
      .value(
        "export-slot-cases", "FILE",
        help: "With --slot-matching: write the cases and their choices for peers_corpus.py."),
    ],
    run: run)

  static func run(_ arguments: ParsedArguments, _ console: Console) throws -> Int32 {
    let files = arguments.allValues("corpus")
    guard !files.isEmpty else { throw UsageError(description: "Missing '--corpus FILE'.") }
    let minIntent = try arguments.number("min-intent-accuracy", in: 0.0...1.0)
    let minApp = try arguments.number("min-app-accuracy", in: 0.0...1.0)
    let minSlot = try arguments.number("min-slot-accuracy", in: 0.0...1.0)
    let maxFalseAccept = try arguments.number("max-false-accept", in: 0.0...1.0)
    let shownFailures = try arguments.number("failures", in: 0...100_000) ?? 10
    let corpora = try readCorpora(files, arguments, console)
    let vocabulary = try VocabularyOption.compile(arguments, console)
    let defaults = ResolutionPolicy()
    let policy = ResolutionPolicy(
      cutoff: try arguments.number("cutoff", in: 0.0...1.0) ?? defaults.cutoff,
      confident: try arguments.number("confident", in: 0.0...1.0) ?? defaults.confident,
      margin: try arguments.number("margin", in: 0.0...1.0) ?? defaults.margin)
    if arguments.flag("slot-matching") {
      return try slotMatching(arguments, console, corpora, vocabulary, policy)
    }
    let evaluator = Evaluator(
      router: Router(vocabulary: vocabulary, policy: policy),
      usesAlternatives: arguments.flag("alternatives"))
    let showProgress = console.errorIsTerminal && !arguments.flag("json")
    let report = try evaluator.evaluate(corpora) { done, total in
      guard showProgress, done % 25 == 0 || done == total else { return }
      let width = 30
      let filled = width * done / max(total, 1)
      console.errorInline(
        "\r[\(String(repeating: "#", count: filled))\(String(repeating: " ", count: width - filled))] \(done)/\(total)"
          + (done == total ? "\n" : ""))
    }
    if let file = arguments.value("report") {
      let page = HTMLReport(
        report: report, corpora: files,
        vocabulary: VocabularyOption.directory(arguments).relativePath, generated: Date())
      do {
        try page.write(to: URL(fileURLWithPath: file))
      } catch {
        throw CommandFailure(description: error.description)
      }
      console.error("Wrote the report to \(file).")
    }
    if arguments.flag("json") {
      console.output(try JSONOutput.pretty(report))
    } else {
      printSummary(report, shownFailures: shownFailures, console)
    }
    let failed = gateFailures(
      report, minimumIntent: minIntent, minimumApp: minApp, minimumSlot: minSlot,
      maximumFalseAccept: maxFalseAccept)
    for failure in failed { console.error("error: \(failure)") }
    return failed.isEmpty ? 0 : 1
  }

  /// Reads every `--corpus` file, keeping every `--every`th line when asked, and warns of
  /// each malformed line (an error with `--strict`).
  static func readCorpora(_ files: [String], _ arguments: ParsedArguments, _ console: Console)
    throws -> [Corpus]
  {
    var corpora: [Corpus] = []
    for file in files {
      try CommandFailure.checkInputFile(file, kind: "corpus file")
      do {
        corpora.append(try Corpus.read(URL(fileURLWithPath: file), file: file))
      } catch {
        throw CommandFailure(
          description: "\(file): cannot read the corpus: \(error.localizedDescription)")
      }
    }
    if let every = try arguments.number("every", in: 1...1_000_000) {
      for index in corpora.indices {
        corpora[index].lines = corpora[index].lines.enumerated()
          .filter { $0.offset % every == 0 }.map(\.element)
      }
    }
    let problems = corpora.flatMap(\.problems)
    for problem in problems { console.error("warning: \(problem.escapingControlCharacters)") }
    if arguments.flag("strict"), !problems.isEmpty {
      throw CommandFailure(description: "\(problems.count) malformed corpus line(s) (--strict)")
    }
    return corpora
  }

  /// Prints the report's metrics, per-corpus rows, worst confusions and the first
  /// `shownFailures` failures as tables.
  static func printSummary(_ report: EvaluationReport, shownFailures: Int, _ console: Console) {
    var rows = [["metric", "value"]]
    rows.append(["utterances", "\(report.utterances)"])
    rows.append(["intent accuracy", format2(report.intentAccuracy)])
    rows.append(["app accuracy", format2(report.appAccuracy)])
    rows.append(["slot accuracy", format2(report.slotAccuracy)])
    for (name, value) in report.slotAccuracyByName.sorted(by: { $0.key < $1.key }) {
      rows.append(["  \(name)", format2(value)])
    }
    rows.append(["exact match", format2(report.exactMatch)])
    rows.append(["disambiguation precision", format2(report.disambiguationPrecision)])
    rows.append(["false-accept rate", format2(report.falseAcceptRate)])
    rows.append(["median µs / utterance", String(Int(report.medianMicroseconds))])
    rows.append(["p99 µs / utterance", String(Int(report.p99Microseconds))])
    rows.append(["skipped lines", "\(report.skippedLines)"])
    console.output(Table.render(rows))
    if !report.byCorpus.isEmpty {
      console.output("\nBy corpus:")
      var corpusRows = [["corpus", "utterances", "intent", "app", "slot", "false accepts"]]
      for corpus in report.byCorpus {
        corpusRows.append([
          corpus.file, "\(corpus.utterances)", format2(corpus.intentAccuracy),
          format2(corpus.appAccuracy), format2(corpus.slotAccuracy),
          format2(corpus.falseAcceptRate),
        ])
      }
      console.output(Table.render(corpusRows))
    }
    let worst = report.worstConfusions.prefix(5)
    if !worst.isEmpty {
      console.output("\nWorst confusions (expected → routed):")
      var confusionRows: [[String]] = []
      for confusion in worst {
        let examples = confusion.examples.prefix(3)
        confusionRows.append([
          "  \(confusion.expected) → \(confusion.routed)", "\(confusion.count)",
          "e.g. " + examples.joined(separator: ", ")
            + (confusion.count > examples.count ? ", …" : ""),
        ])
      }
      console.output(Table.render(confusionRows))
    }
    if !report.failures.isEmpty, shownFailures > 0 {
      let shown = min(shownFailures, report.failures.count)
      console.output(
        shown < report.failures.count
          ? "\nFailures (showing \(shown) of \(report.failures.count); --failures N shows more):"
          : "\nFailures (\(report.failures.count)):")
      for failure in report.failures.prefix(shownFailures) {
        console.output(
          "  \(failure.id): '\(failure.text)': \(failure.problem)".escapingControlCharacters)
      }
    }
  }

  /// The CI gates `report` fails, each said as "intent accuracy 0.71 < 0.8".
  static func gateFailures(
    _ report: EvaluationReport, minimumIntent: Double?, minimumApp: Double? = nil,
    minimumSlot: Double?, maximumFalseAccept: Double?
  ) -> [String] {
    var failed: [String] = []
    if let minimumIntent, report.intentAccuracy < minimumIntent {
      failed.append("intent accuracy \(format2(report.intentAccuracy)) < \(minimumIntent)")
    }
    if let minimumApp, report.appAccuracy < minimumApp {
      failed.append("app accuracy \(format2(report.appAccuracy)) < \(minimumApp)")
    }
    if let minimumSlot, report.slotAccuracy < minimumSlot {
      failed.append("slot accuracy \(format2(report.slotAccuracy)) < \(minimumSlot)")
    }
    if let maximumFalseAccept, report.falseAcceptRate > maximumFalseAccept {
      failed.append("false-accept rate \(format2(report.falseAcceptRate)) > \(maximumFalseAccept)")
    }
    return failed
  }

  /// `--slot-matching`: the matcher alone on every bound slot of the corpora.
  static func slotMatching(
    _ arguments: ParsedArguments, _ console: Console, _ corpora: [Corpus],
    _ vocabulary: CompiledVocabulary, _ policy: ResolutionPolicy
  ) throws -> Int32 {
    let minimum = try arguments.number("min-slot-match", in: 0.0...1.0)
    let cases = corpora.flatMap { SlotMatching.cases(in: $0, vocabulary: vocabulary) }
    if let file = arguments.value("export-slot-cases") {
      let lines = try cases.map { try SlotMatching.exportLine($0, vocabulary: vocabulary) }
      try AtomicFile.write(lines.joined(separator: "\n") + "\n", to: file)
      console.error("Wrote \(cases.count) cases to \(file).")
    }
    let report = try SlotMatching.evaluate(cases, in: vocabulary, policy: policy)
    if arguments.flag("json") {
      console.output(try JSONOutput.pretty(report))
    } else {
      console.output(
        Table.render([
          ["metric", "value"], ["bound slots", "\(report.cases)"],
          ["matcher top-1", format2(report.topOne)], ["no match", format2(report.noMatch)],
          ["matcher top-1, forced to answer", format2(report.forcedTopOne)],
          ["exact-phrase baseline", format2(report.exactPhrase)],
          ["median µs / slot", String(Int(report.medianMicroseconds))],
        ]))
      let shown = try arguments.number("failures", in: 0...100_000) ?? 10
      if !report.misses.isEmpty, shown > 0 {
        console.output("\nMisses (\(report.misses.count)):")
        for miss in report.misses.prefix(shown) {
          console.output("  \(miss)".escapingControlCharacters)
        }
      }
    }
    if let minimum, report.topOne < minimum {
      console.error("error: matcher top-1 \(format2(report.topOne)) < \(minimum)")
      return 1
    }
    return 0
  }
}
