import Foundation
import VocabKitNormalization
import VocabKitRouting

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

  /// An utterance that did not come out as expected.
  public struct Failure: Sendable, Codable {
    public var id: String
    public var text: String
    public var problem: String
  }
}

/// Runs corpora through a router and counts what came out right.
public struct Evaluator: Sendable {
  public let router: Router

  public init(router: Router) { self.router = router }

  /// Evaluates every line; `progress` is called after each with (done, total).
  ///
  /// - Complexity: O(*n*) routes for *n* lines.
  public func evaluate(_ corpora: [Corpus], progress: ((Int, Int) -> Void)? = nil) throws
    -> EvaluationReport
  {
    let lines = corpora.flatMap(\.lines)
    var intentRight = 0
    var intentTotal = 0
    var appRight = 0
    var appTotal = 0
    var slotRight: [String: Int] = [:]
    var slotTotal: [String: Int] = [:]
    var exact = 0
    var disambiguationAsked = 0
    var disambiguationRight = 0
    var negatives = 0
    var falseAccepts = 0
    var times: [Double] = []
    var failures: [EvaluationReport.Failure] = []
    let clock = ContinuousClock()
    for (index, line) in lines.enumerated() {
      var result: RouteResult? = nil
      let elapsed = try clock.measure { result = try router.route(line.text) }
      times.append(
        Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12)
      let routed = result!
      var allRight = true
      var problems: [String] = []
      if line.scoresIntent {
        intentTotal += 1
        if line.intent == nil {
          negatives += 1
          if routed.intent != nil { falseAccepts += 1 }
        }
        if routed.intent == line.intent {
          intentRight += 1
        } else {
          allRight = false
          problems.append("intent \(routed.intent ?? "none") ≠ \(line.intent ?? "none")")
        }
      }
      if let app = line.app {
        appTotal += 1
        if routed.app == app {
          appRight += 1
        } else {
          allRight = false
          problems.append("app \(routed.app ?? "none") ≠ \(app)")
        }
      }
      for (name, expected) in line.slots.sorted(by: { $0.key < $1.key }) {
        slotTotal[name, default: 0] += 1
        let slot = routed.slot(name)
        var right = false
        switch expected {
        case .value(let value):
          if let slot, let got = slot.value {
            right = slot.isFreeText ? Self.sameText(got, value) : got == value
          }
        case .disambiguation(let ids):
          if let slot, slot.resolution == "disambiguation" {
            disambiguationAsked += 1
            right = Set(slot.candidates.map(\.identifier)) == Set(ids)
            if right { disambiguationRight += 1 }
          }
        }
        if let slot, slot.resolution == "disambiguation", case .value = expected {
          disambiguationAsked += 1
        }
        if right {
          slotRight[name, default: 0] += 1
        } else {
          allRight = false
          problems.append("\(name) \(slot?.value ?? slot?.resolution ?? "missing") ≠ \(expected)")
        }
      }
      if allRight {
        exact += 1
      } else {
        failures.append(
          .init(id: line.id, text: line.text, problem: problems.joined(separator: "; ")))
      }
      progress?(index + 1, lines.count)
    }
    times.sort()
    func ratio(_ a: Int, _ b: Int) -> Double { b == 0 ? 1 : Double(a) / Double(b) }
    let totalSlots = slotTotal.values.reduce(0, +)
    return EvaluationReport(
      utterances: lines.count, intentAccuracy: ratio(intentRight, intentTotal),
      appAccuracy: ratio(appRight, appTotal),
      slotAccuracy: ratio(slotRight.values.reduce(0, +), totalSlots),
      slotAccuracyByName: slotTotal.mapValues { _ in 0 }.merging(
        slotTotal.map { ($0.key, ratio(slotRight[$0.key] ?? 0, $0.value)) }
      ) { $1 },
      exactMatch: ratio(exact, lines.count),
      disambiguationPrecision: ratio(disambiguationRight, disambiguationAsked),
      falseAcceptRate: negatives == 0 ? 0 : Double(falseAccepts) / Double(negatives),
      medianMicroseconds: times.isEmpty ? 0 : times[times.count / 2],
      p99Microseconds: times.isEmpty ? 0 : times[min(times.count - 1, times.count * 99 / 100)],
      skippedLines: corpora.reduce(0) { $0 + $1.problems.count }, failures: failures)
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
