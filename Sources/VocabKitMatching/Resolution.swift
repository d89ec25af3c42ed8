/// How a slot value resolved, in the terms of Apple's `INIntentResolutionResult`.
public enum Resolution: Hashable, Sendable {
  /// One clear winner.
  case success(Match)
  /// Several candidates within the margin of the best: ask "Which one?".
  case disambiguation([Match])
  /// One candidate, but not a confident one: ask "Did you mean …?".
  case confirmationRequired(Match)
  /// The slot is needed but the utterance gives no value.
  case needsValue
  /// The slot is optional and absent.
  case notRequired
  /// Something was said for the slot, but nothing in the vocabulary is close.
  case unsupported

  /// The kind of outcome without its candidates; its raw value is the name Apple uses.
  public enum Outcome: String, Hashable, Sendable, Codable, CustomStringConvertible {
    case success, disambiguation, confirmationRequired, needsValue, notRequired, unsupported

    public var description: String { rawValue }
  }

  /// The kind of outcome, as in `INIntentResolutionResult`.
  public var outcome: Outcome {
    switch self {
    case .success: return .success
    case .disambiguation: return .disambiguation
    case .confirmationRequired: return .confirmationRequired
    case .needsValue: return .needsValue
    case .notRequired: return .notRequired
    case .unsupported: return .unsupported
    }
  }

  /// The candidates, best first.
  public var matches: [Match] {
    switch self {
    case .success(let match), .confirmationRequired(let match): return [match]
    case .disambiguation(let matches): return matches
    default: return []
    }
  }
}

/// The thresholds that turn ranked matches into a ``Resolution``.
///
/// ``cutoff`` and ``margin`` were calibrated on the hand-written and recognizer corpora in
/// `corpora/` with `Benchmarks/calibrate.sh` (results in `Docs/matching.md`); ``confident`` is a
/// judgement, as the corpora do not yet tell a success from a needed confirmation.
public struct ResolutionPolicy: Hashable, Sendable, Codable {
  /// Matches below this score are not reported at all.
  public var cutoff: Double
  /// A single match at or above this score is a success; below it needs confirmation.
  public var confident: Double
  /// Every candidate within this distance of the best is offered for disambiguation.
  public var margin: Double

  public init(cutoff: Double = 0.6, confident: Double = 0.8, margin: Double = 0.04) {
    self.cutoff = cutoff
    self.confident = confident
    self.margin = margin
  }

  /// Resolves ranked matches (best first, one per identifier): candidates within ``margin``
  /// of the best are a question, unless the first one's whole phrase
  /// (``ScoreComponents/wholePhraseScore``, at least ``cutoff``) beats each other's by more
  /// than ``margin``, which asks to confirm it.
  ///
  /// - Complexity: O(*n*) in the number of matches.
  public func resolve(_ matches: [Match]) -> Resolution {
    let kept = matches.filter { $0.score >= cutoff }
    guard let best = kept.first else { return .unsupported }
    let close = kept.filter { best.score - $0.score <= margin }
    if close.count > 1 {
      // Alike on the words that matched, but one whole phrase fits the words around them
      // clearly best ("nani allen": Danny Allen of the Allens): ask to confirm it.
      let whole = best.components.wholePhraseScore
      if whole >= cutoff,
        close.dropFirst().allSatisfy({ whole - $0.components.wholePhraseScore > margin })
      {
        return .confirmationRequired(best)
      }
      return .disambiguation(close)
    }
    return best.score >= confident ? .success(best) : .confirmationRequired(best)
  }
}
