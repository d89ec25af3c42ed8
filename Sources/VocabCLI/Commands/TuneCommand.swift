import Foundation
import VocabKit
import VocabKitEvaluation
import VocabKitSupport

/// `vocab tune`: learns the matcher's sound costs from what a recognizer wrote.
enum TuneCommand {
  static let command = Subcommand(
    name: "tune",
    abstract: "Learn sound costs from reference and recognized text (an error model).",
    discussion: """
      Reads pairs of what was said and what a recognizer wrote (JSON Lines: a corpus line's
      'reference' and 'text', or SLURP's 'text' and 'asr_hypothesis'), aligns their words,
      and counts, in sound space, how each misheard stretch differs from what was said.
      Every cost is then set from how often its confusion happens, with the standard costs
      as the prior (a noisy channel), three times over.

      The report compares the standard and the learned costs on held-apart pairs (the
      --held-out files, else every fifth pair): for each misheard stretch, is what was said
      the most similar of every phrase said in those pairs?

      Examples:
        vocab tune --pairs corpora/whisper/generated_train.jsonl \\
                   --held-out corpora/whisper/generated_test.jsonl --output whisper.costs.json
      """,
    options: [
      .repeated("pairs", "FILE", help: "Pairs to learn from (repeatable)."),
      .repeated("held-out", "FILE", help: "Pairs to measure on (default: every fifth pair)."),
      .value("output", "FILE", help: "Write the learned costs here (JSON)."),
      .value("iterations", "N", help: "Rounds of aligning and counting (default 3)."),
      .flag("json", help: "Print the report as JSON."),
    ],
    run: run)

  struct Report: Encodable {
    struct Side: Encodable {
      var pairs: Int
      var misheardStretches: Int
    }
    struct Measure: Encodable {
      var topOne: Double
      var meanReciprocalRank: Double
      var meanSimilarity: Double
    }
    struct Change: Encodable {
      var edit: String
      var standard: Int
      var learned: Int
    }
    var train: Side
    var heldOut: Side
    var standard: Measure
    var learned: Measure
    var changedCosts: [Change]
  }

  static func run(_ arguments: ParsedArguments, _ console: Console) throws -> Int32 {
    let trainFiles = arguments.allValues("pairs")
    guard !trainFiles.isEmpty else {
      throw UsageError(description: "Missing --pairs FILE: the pairs to learn from.")
    }
    let iterations = try arguments.number("iterations", in: 1...20) ?? 3
    if let output = arguments.value("output") { try checkReplaceable(output) }
    var train = try readPairs(trainFiles, console)
    var heldOut: [RecognitionPair]
    let heldOutFiles = arguments.allValues("held-out")
    if heldOutFiles.isEmpty {
      heldOut = train.enumerated().filter { $0.offset % 5 == 4 }.map(\.element)
      train = train.enumerated().filter { $0.offset % 5 != 4 }.map(\.element)
    } else {
      heldOut = try readPairs(heldOutFiles, console)
    }
    let normalizer = try Normalizer()
    // Words heard right count too: they are how often each sound is heard as itself, the
    // base every confusion's rate is taken against.
    let trainStretches = try train.flatMap {
      try ErrorModelTuning.misheardStretches(
        $0, normalizer: normalizer, keepingWordsHeardRight: true)
    }
    let heldOutStretches = try heldOut.flatMap {
      try ErrorModelTuning.misheardStretches($0, normalizer: normalizer)
    }
    let misheard = trainStretches.count { $0.said != $0.heard }
    guard misheard > 0 else {
      throw CommandFailure(
        description: "No misheard stretch in \(train.count) pairs: nothing to learn from.")
    }
    let model = ErrorModel.fit(trainStretches, iterations: iterations)
    func measure(_ model: ErrorModel) -> Report.Measure {
      let retrieval = ErrorModelTuning.retrieval(of: model, on: heldOutStretches)
      return Report.Measure(
        topOne: retrieval.topOne, meanReciprocalRank: retrieval.meanReciprocalRank,
        meanSimilarity: retrieval.meanSimilarity)
    }
    let report = Report(
      train: Report.Side(pairs: train.count, misheardStretches: misheard),
      heldOut: Report.Side(pairs: heldOut.count, misheardStretches: heldOutStretches.count),
      standard: measure(.standard), learned: measure(model), changedCosts: changes(model))
    if let output = arguments.value("output") {
      let note =
        "vocab tune, \(iterations) iterations, from \(train.count) pairs of "
        + trainFiles.joined(separator: ", ")
      try AtomicFile.write(
        String(decoding: try model.jsonData(note: note), as: UTF8.self), to: output)
      console.error("Wrote the learned costs to \(output).")
    }
    if arguments.flag("json") {
      console.output(try JSONOutput.pretty(report))
    } else {
      console.output(text(report))
    }
    return 0
  }

  static func readPairs(_ files: [String], _ console: Console) throws -> [RecognitionPair] {
    var pairs: [RecognitionPair] = []
    for file in files {
      try CommandFailure.checkInputFile(file, kind: "file of pairs")
      let read: (pairs: [RecognitionPair], problems: [String])
      do {
        read = try ErrorModelTuning.readPairs(URL(fileURLWithPath: file), file: file)
      } catch {
        throw CommandFailure(description: "\(file): cannot read: \(error.localizedDescription)")
      }
      for problem in read.problems { console.error("warning: \(problem)") }
      pairs += read.pairs
    }
    return pairs
  }

  /// Refuses to replace a file that is not an error model (a corpus given by mistake).
  static func checkReplaceable(_ path: String) throws {
    guard let handle = FileHandle(forReadingAtPath: path) else { return }
    defer { try? handle.close() }
    let start = (try? handle.read(upToCount: 4096)) ?? Data()
    guard !start.isEmpty else { return }
    if !String(decoding: start, as: UTF8.self).contains("\"\(ErrorModel.fileFormat)\"") {
      throw CommandFailure(
        description: "\(path): exists and is not an error-model file; not overwritten")
    }
  }

  /// Every cost the learned model changed, the largest changes first.
  static func changes(_ model: ErrorModel) -> [Report.Change] {
    var changes: [Report.Change] = []
    let symbols = ErrorModel.letterSymbols
    for (index, a) in symbols.enumerated() {
      let standard = ErrorModel.standard
      if model.indelCost(a) != standard.indelCost(a) {
        changes.append(
          Report.Change(
            edit: "lose or add \(UnicodeScalar(a))", standard: Int(standard.indelCost(a)),
            learned: Int(model.indelCost(a))))
      }
      for b in symbols[(index + 1)...]
      where model.substitutionCost(a, b) != standard.substitutionCost(a, b) {
        changes.append(
          Report.Change(
            edit: "\(UnicodeScalar(a)) ↔ \(UnicodeScalar(b))",
            standard: Int(standard.substitutionCost(a, b)),
            learned: Int(model.substitutionCost(a, b))))
      }
    }
    return changes.sorted {
      abs($0.learned - $0.standard) > abs($1.learned - $1.standard)
        || (abs($0.learned - $0.standard) == abs($1.learned - $1.standard) && $0.edit < $1.edit)
    }
  }

  static func text(_ report: Report) -> String {
    var lines = [
      "pairs: \(report.train.pairs) to learn from (\(report.train.misheardStretches) misheard stretches), "
        + "\(report.heldOut.pairs) held out (\(report.heldOut.misheardStretches))",
      "",
    ]
    lines.append(
      Table.render([
        ["held-out stretches", "standard", "learned"],
        [
          "said phrase ranked first", format(report.standard.topOne), format(report.learned.topOne),
        ],
        [
          "mean reciprocal rank", format(report.standard.meanReciprocalRank),
          format(report.learned.meanReciprocalRank),
        ],
        [
          "mean similarity", format(report.standard.meanSimilarity),
          format(report.learned.meanSimilarity),
        ],
      ]))
    lines.append("")
    lines.append("\(report.changedCosts.count) costs changed (out of 10):")
    for change in report.changedCosts.prefix(15) {
      lines.append("  \(change.edit): \(change.standard) → \(change.learned)")
    }
    if report.changedCosts.count > 15 {
      lines.append("  … \(report.changedCosts.count - 15) more (--json lists all)")
    }
    return lines.joined(separator: "\n")
  }

  static func format(_ value: Double) -> String { String(format: "%.3f", value) }
}
