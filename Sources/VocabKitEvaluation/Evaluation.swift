import Foundation
import VocabKitMatching
import VocabKitNormalization
import VocabKitRouting
import VocabKitVocabulary

/// Accuracy of a router on corpora.
public struct EvaluationReport: Sendable, Codable {
  public var utterances: Int
  public var intentAccuracy: Double
  public var appAccuracy: Double
  public var slotAccuracy: Double
  public var slotAccuracyByName: [String: Double]
  public var exactMatch: Double
  public var disambiguationPrecision: Double
  public var falseAcceptRate: Double
  public var medianMicroseconds: Double
  public var p99Microseconds: Double
  public var skippedLines: Int
  public var failures: [Failure]
  /// Intent accuracy per expected intent; `none` is the lines where no intent should fire.
  public var intentAccuracyByName: [String: Double]
  /// How many lines score each expected intent (`none` included).
  public var intentCountByName: [String: Int]
  /// How many lines score each slot.
  public var slotCountByName: [String: Int]
  /// Expected against routed intent (`none` for no intent), one entry per pair seen,
  /// right pairs included; most frequent first.
  public var confusions: [Confusion]
  /// The best candidate of every scored bound slot, for calibrating the thresholds.
  public var slotScores: [ScoredSlot]
  /// The thresholds the router resolved slots with.
  public var policy: ResolutionPolicy
  /// Each corpus on its own, in the order given, when more than one was evaluated.
  public var byCorpus: [CorpusSummary] = []

  /// One corpus's share of a report: its headline numbers.
  public struct CorpusSummary: Sendable, Codable, Hashable {
    /// The corpus file as it was named.
    public var file: String
    public var utterances: Int
    public var intentAccuracy: Double
    public var appAccuracy: Double
    public var slotAccuracy: Double
    public var exactMatch: Double
    public var falseAcceptRate: Double
    public var skippedLines: Int
  }

  public init(
    utterances: Int, intentAccuracy: Double, appAccuracy: Double, slotAccuracy: Double,
    slotAccuracyByName: [String: Double], exactMatch: Double, disambiguationPrecision: Double,
    falseAcceptRate: Double, medianMicroseconds: Double, p99Microseconds: Double,
    skippedLines: Int, failures: [Failure], intentAccuracyByName: [String: Double] = [:],
    intentCountByName: [String: Int] = [:], slotCountByName: [String: Int] = [:],
    confusions: [Confusion] = [], slotScores: [ScoredSlot] = [],
    policy: ResolutionPolicy = ResolutionPolicy()
  ) {
    self.utterances = utterances
    self.intentAccuracy = intentAccuracy
    self.appAccuracy = appAccuracy
    self.slotAccuracy = slotAccuracy
    self.slotAccuracyByName = slotAccuracyByName
    self.exactMatch = exactMatch
    self.disambiguationPrecision = disambiguationPrecision
    self.falseAcceptRate = falseAcceptRate
    self.medianMicroseconds = medianMicroseconds
    self.p99Microseconds = p99Microseconds
    self.skippedLines = skippedLines
    self.failures = failures
    self.intentAccuracyByName = intentAccuracyByName
    self.intentCountByName = intentCountByName
    self.slotCountByName = slotCountByName
    self.confusions = confusions
    self.slotScores = slotScores
    self.policy = policy
  }

  /// An utterance that did not come out as expected.
  public struct Failure: Sendable, Codable {
    public var id: String
    public var text: String
    /// What differed: `intent got ≠ expected; slot got ≠ expected`.
    public var problem: String
    /// What should have come out, in one line (`INAddTasksIntent in app; slot: value`).
    public var expected: String
    /// What came out, in one line, with each slot's resolution.
    public var routed: String

    public init(id: String, text: String, problem: String, expected: String, routed: String) {
      self.id = id
      self.text = text
      self.problem = problem
      self.expected = expected
      self.routed = routed
    }
  }

  /// How often an expected intent was routed to another (or the same) intent.
  public struct Confusion: Sendable, Codable, Hashable {
    /// The expected intent, or `none`.
    public var expected: String
    /// The routed intent, or `none`.
    public var routed: String
    public var count: Int
    /// The ids of the first few lines with this outcome, in corpus order.
    public var examples: [String]

    public init(expected: String, routed: String, count: Int, examples: [String]) {
      self.expected = expected
      self.routed = routed
      self.count = count
      self.examples = examples
    }
  }

  /// The best candidate of one scored bound slot and whether it is the expected value.
  public struct ScoredSlot: Sendable, Codable, Hashable {
    /// The corpus line.
    public var id: String
    public var slot: String
    /// The best candidate's score. When the router reported no candidate (`unsupported`:
    /// all below the cutoff), the slot's words are matched again without a cutoff.
    public var score: Double
    /// True when the best candidate is the expected identifier (or one of the expected
    /// disambiguation choices).
    public var right: Bool
    /// How the router resolved the slot (`success`, `confirmationRequired` …).
    public var resolution: Resolution.Outcome

    public init(
      id: String, slot: String, score: Double, right: Bool, resolution: Resolution.Outcome
    ) {
      self.id = id
      self.slot = slot
      self.score = score
      self.right = right
      self.resolution = resolution
    }
  }

  /// The wrong pairs of ``confusions``, most frequent first.
  public var worstConfusions: [Confusion] { confusions.filter { $0.expected != $0.routed } }
}

/// Runs corpora through a router and counts what came out right.
public struct Evaluator: Sendable {
  public let router: Router
  /// Route each line's n-best `alternatives` together (`Router.route(alternatives:locale:)`)
  /// instead of its `text` alone, where the line has them.
  public var usesAlternatives: Bool

  public init(router: Router, usesAlternatives: Bool = false) {
    self.router = router
    self.usesAlternatives = usesAlternatives
  }

  /// How many example ids each confusion keeps.
  public static let confusionExamples = 5

  /// Evaluates every line; `progress` is called after each with (done, total).
  ///
  /// - Complexity: O(*n*) routes for *n* lines.
  public func evaluate(_ corpora: [Corpus], progress: ((Int, Int) -> Void)? = nil) throws
    -> EvaluationReport
  {
    let lines = corpora.flatMap(\.lines)
    var routed: [(result: RouteResult, microseconds: Double)] = []
    routed.reserveCapacity(lines.count)
    let clock = ContinuousClock()
    for (index, line) in lines.enumerated() {
      var result: RouteResult? = nil
      let elapsed = try clock.measure {
        result =
          usesAlternatives && !line.alternatives.isEmpty
          ? try router.route(alternatives: line.alternatives) : try router.route(line.text)
      }
      routed.append(
        (
          result!,
          Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds)
            / 1e12
        ))
      progress?(index + 1, lines.count)
    }
    var report = score(
      lines[...], routed[...], skippedLines: corpora.reduce(0) { $0 + $1.problems.count })
    if corpora.count > 1 {
      var start = 0
      for corpus in corpora {
        let range = start..<(start + corpus.lines.count)
        start = range.upperBound
        let part = score(lines[range], routed[range], skippedLines: corpus.problems.count)
        report.byCorpus.append(
          EvaluationReport.CorpusSummary(
            file: corpus.file, utterances: part.utterances, intentAccuracy: part.intentAccuracy,
            appAccuracy: part.appAccuracy, slotAccuracy: part.slotAccuracy,
            exactMatch: part.exactMatch, falseAcceptRate: part.falseAcceptRate,
            skippedLines: part.skippedLines))
      }
    }
    return report
  }

  /// The report of routed lines.
  ///
  /// - Complexity: O(*n* log *n*) for *n* lines (the times are sorted for the percentiles).
  private func score(
    _ lines: ArraySlice<CorpusLine>,
    _ routedLines: ArraySlice<(result: RouteResult, microseconds: Double)>, skippedLines: Int
  ) -> EvaluationReport {
    var tally = Tally()
    for (line, (routed, microseconds)) in zip(lines, routedLines) {
      tally.times.append(microseconds)
      var problems: [String] = []
      if line.scoresIntent { tally.scoreIntent(line, routed, &problems) }
      tally.scoreApp(line, routed, &problems)
      for (name, expected) in line.slots.sorted(by: { $0.key < $1.key }) {
        tally.scoreSlot(
          name, expected, line, routed,
          best: routed.slot(name).flatMap { bestCandidate($0, of: routed) },
          &problems)
      }
      if problems.isEmpty {
        tally.exact += 1
      } else {
        tally.failures.append(
          .init(
            id: line.id, text: line.text, problem: problems.joined(separator: "; "),
            expected: Self.describe(line), routed: Self.describe(routed)))
      }
    }
    return tally.report(utterances: lines.count, skippedLines: skippedLines, policy: router.policy)
  }

  /// The counts behind a report, line by line.
  private struct Tally {
    var intentRight = 0
    var intentTotal = 0
    var intentRightByName: [String: Int] = [:]
    var intentTotalByName: [String: Int] = [:]
    var confusions: [ConfusionKey: EvaluationReport.Confusion] = [:]
    var appRight = 0
    var appTotal = 0
    var slotRight: [String: Int] = [:]
    var slotTotal: [String: Int] = [:]
    var slotScores: [EvaluationReport.ScoredSlot] = []
    var exact = 0
    var disambiguationAsked = 0
    var disambiguationRight = 0
    var negatives = 0
    var falseAccepts = 0
    var times: [Double] = []
    var failures: [EvaluationReport.Failure] = []

    /// Counts the routed intent against the expected one (or none), and the confusion.
    mutating func scoreIntent(_ line: CorpusLine, _ routed: RouteResult, _ problems: inout [String])
    {
      intentTotal += 1
      let expected = line.intent ?? "none"
      let got = routed.intent ?? "none"
      intentTotalByName[expected, default: 0] += 1
      let key = ConfusionKey(expected: expected, routed: got)
      var confusion =
        confusions[key] ?? .init(expected: expected, routed: got, count: 0, examples: [])
      confusion.count += 1
      if confusion.examples.count < Evaluator.confusionExamples {
        confusion.examples.append(line.id)
      }
      confusions[key] = confusion
      if line.intent == nil {
        negatives += 1
        if routed.intent != nil { falseAccepts += 1 }
      }
      if routed.intent == line.intent {
        intentRight += 1
        intentRightByName[expected, default: 0] += 1
      } else {
        problems.append("intent \(got) ≠ \(expected)")
      }
    }

    /// Counts the routed app against the expected one, when the line expects one.
    mutating func scoreApp(_ line: CorpusLine, _ routed: RouteResult, _ problems: inout [String]) {
      guard let app = line.app else { return }
      appTotal += 1
      if routed.app == app {
        appRight += 1
      } else {
        problems.append("app \(routed.app ?? "none") ≠ \(app)")
      }
    }

    /// Counts slot `name` against its expected value or disambiguation; `best` is the slot's
    /// best candidate, for the score calibration.
    mutating func scoreSlot(
      _ name: String, _ expected: ExpectedSlot, _ line: CorpusLine,
      _ routed: RouteResult, best: (identifier: String, score: Double)?,
      _ problems: inout [String]
    ) {
      slotTotal[name, default: 0] += 1
      let slot = routed.slot(name)
      var right = false
      switch expected {
      case .value(let value):
        if let slot, let got = slot.value {
          right = slot.isFreeText ? Evaluator.sameText(got, value) : got == value
        }
      case .disambiguation(let ids):
        if let slot, slot.resolution == .disambiguation {
          disambiguationAsked += 1
          right = Set(slot.candidates.map(\.identifier)) == Set(ids)
          if right { disambiguationRight += 1 }
        }
      }
      if let slot, slot.resolution == .disambiguation, case .value = expected {
        disambiguationAsked += 1
      }
      if let slot, let best {
        let rightIdentifier: Bool
        switch expected {
        case .value(let value): rightIdentifier = best.identifier == value
        case .disambiguation(let ids): rightIdentifier = ids.contains(best.identifier)
        }
        slotScores.append(
          .init(
            id: line.id, slot: name, score: best.score, right: rightIdentifier,
            resolution: slot.resolution))
      }
      if right {
        slotRight[name, default: 0] += 1
      } else {
        let got = slot.map { slot in slot.value.map { "'\($0)'" } ?? slot.resolution.rawValue }
        problems.append("\(name) \(got ?? "missing") ≠ \(expected)")
      }
    }

    /// The report of the counted lines.
    mutating func report(utterances: Int, skippedLines: Int, policy: ResolutionPolicy)
      -> EvaluationReport
    {
      times.sort()
      func ratio(_ a: Int, _ b: Int) -> Double { b == 0 ? 1 : Double(a) / Double(b) }
      let totalSlots = slotTotal.values.reduce(0, +)
      return EvaluationReport(
        utterances: utterances, intentAccuracy: ratio(intentRight, intentTotal),
        appAccuracy: ratio(appRight, appTotal),
        slotAccuracy: ratio(slotRight.values.reduce(0, +), totalSlots),
        slotAccuracyByName: slotTotal.mapValues { _ in 0 }.merging(
          slotTotal.map { ($0.key, ratio(slotRight[$0.key] ?? 0, $0.value)) }
        ) { $1 },
        exactMatch: ratio(exact, utterances),
        disambiguationPrecision: ratio(disambiguationRight, disambiguationAsked),
        falseAcceptRate: negatives == 0 ? 0 : Double(falseAccepts) / Double(negatives),
        medianMicroseconds: times.isEmpty ? 0 : times[times.count / 2],
        p99Microseconds: times.isEmpty ? 0 : times[min(times.count - 1, times.count * 99 / 100)],
        skippedLines: skippedLines, failures: failures,
        intentAccuracyByName: intentTotalByName.mapValues { _ in 0 }.merging(
          intentTotalByName.map { ($0.key, ratio(intentRightByName[$0.key] ?? 0, $0.value)) }
        ) { $1 },
        intentCountByName: intentTotalByName, slotCountByName: slotTotal,
        confusions: confusions.values.sorted {
          $0.count != $1.count
            ? $0.count > $1.count : ($0.expected, $0.routed) < ($1.expected, $1.routed)
        }, slotScores: slotScores, policy: policy)
    }
  }

  private struct ConfusionKey: Hashable {
    var expected: String
    var routed: String
  }

  /// The best candidate of a bound slot: the router's first, or, when the router reported
  /// none because all were below the cutoff, the best match of the slot's words without one.
  private func bestCandidate(_ slot: SlotResult, of routed: RouteResult) -> (
    identifier: String, score: Double
  )? {
    guard !slot.isFreeText else { return nil }
    if let first = slot.candidates.first { return (first.identifier, first.score) }
    guard slot.resolution == .unsupported, let text = slot.text, let app = routed.app,
      let intent = routed.intent,
      let utterance = try? PreparedUtterance(text, normalizer: router.vocabulary.normalizer)
    else { return nil }
    let parameter = ParameterName(intent: intent, parameter: slot.name)
    var best: Match? = nil
    for shard in router.vocabulary.shards(app: app, parameter: parameter) {
      for match in shard.matches(in: utterance, limit: 1, cutoff: 0)
      where match.score > best?.score ?? -1 {
        best = match
      }
    }
    return best.map { ($0.identifier, $0.score) }
  }

  /// An expectation in one line: `INAddTasksIntent in app; slot: value; slot: one of a, b`.
  static func describe(_ line: CorpusLine) -> String {
    var parts: [String] = []
    var head = line.scoresIntent ? (line.intent ?? "no intent") : "any intent"
    if let app = line.app { head += " in \(app)" }
    parts.append(head)
    for (name, value) in line.slots.sorted(by: { $0.key < $1.key }) {
      switch value {
      case .value(let text): parts.append("\(name): \(text)")
      case .disambiguation: parts.append("\(name): \(value)")
      }
    }
    return parts.joined(separator: "; ")
  }

  /// A route result in one line, each slot with its resolution.
  static func describe(_ result: RouteResult) -> String {
    guard let intent = result.intent else {
      if result.appChoice == .unsupported, let spoken = result.spokenAppName {
        return "no intent (app '\(spoken)' unsupported)"
      }
      return "no intent"
    }
    var parts = ["\(intent) in \(result.app ?? "no app")"]
    for slot in result.slots {
      var text = "\(slot.name): \(slot.resolution)"
      if let value = slot.value {
        text += " \(value)"
      } else if slot.resolution == .disambiguation {
        text += " among \(slot.candidates.map(\.identifier).joined(separator: ", "))"
      } else if let words = slot.text {
        text += " '\(words)'"
      }
      parts.append(text)
    }
    return parts.joined(separator: "; ")
  }

  /// Free-text values compare after folding case and dropping punctuation and spaces.
  static func sameText(_ a: String, _ b: String) -> Bool {
    func key(_ text: String) -> String {
      String(
        text.lowercased().unicodeScalars.filter {
          $0.properties.isAlphabetic || ("0"..."9").contains($0)
        }.map(Character.init))
    }
    return key(a) == key(b)
  }
}
