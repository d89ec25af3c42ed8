import Foundation

extension Router {
  /// Routes a recognizer's n-best list: the intent the alternatives agree on, with each slot
  /// taken from the alternative that resolved it best.
  ///
  /// Each alternative's candidates vote with their combined score, weighted by rank (the
  /// first counts 1, the second 1/2, the third 1/3 …), as `SFSpeechRecognitionResult`
  /// transcriptions and Whisper beams come best first. When they agree on no intent, the
  /// alternative that routes best on its own, its score discounted by rank, may stand. The
  /// result is the best-ranked alternative's routing for the winning intent. Each bound slot's
  /// value is voted on the same way, by the alternatives routed to that intent that resolved
  /// it (a success or a confirmation); a slot that still did not resolve (`unsupported`,
  /// `needsValue`, a confirmation) is replaced by the same slot of another alternative, when
  /// that one resolved with a better candidate.
  ///
  /// - Parameters:
  ///   - alternatives: Transcriptions, best first; empty strings are skipped.
  ///   - locale: As in ``route(_:locale:)``.
  /// - Complexity: *a* times ``route(_:locale:)`` for *a* alternatives, and again for those
  ///   routed to another app when the chosen intent has a bound slot.
  public func route(alternatives: [String], locale: String? = nil) throws -> RouteResult {
    let texts = alternatives.filter { !$0.allSatisfy(\.isWhitespace) }
    guard !texts.isEmpty else { return try route("", locale: locale) }
    let results = try texts.map { try route($0, locale: locale) }
    var votes: [IntentModel.Label: Double] = [:]
    var totalWeight = 0.0
    for (rank, result) in results.enumerated() {
      let weight = 1 / Double(rank + 1)
      totalWeight += weight
      for candidate in result.candidates {
        // The intent an alternative routed to votes with the score that accepted it (summed
        // over apps, or shared with the intents that take the same entry).
        let routed = candidate.app == result.app && candidate.intent == result.intent
        votes[IntentModel.Label(app: candidate.app, intent: candidate.intent), default: 0] +=
          weight * (routed ? max(candidate.score, result.score) : candidate.score)
      }
    }
    let winner = votes.max {
      $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key
    }
    var chosen: (index: Int, score: Double)? = nil
    if let winner, winner.value / totalWeight >= minimumIntentScore,
      let index = results.firstIndex(where: {
        $0.intent == winner.key.intent && $0.app == winner.key.app
      })
    {
      chosen = (index, winner.value / totalWeight)
    } else {
      // No intent the alternatives agree on: one that routes on its own may still stand,
      // its score discounted by its rank (the first misheard "call" as "carl", the second
      // heard it).
      let discount = RoutingCosts.standard.alternativeRankDiscount
      for (rank, result) in results.enumerated() where result.intent != nil {
        let score = result.score * pow(discount, Double(rank))
        if score >= minimumIntentScore, score > chosen?.score ?? 0 {
          chosen = (rank, score)
        }
      }
    }
    // No intent at all: the best transcription's answer stands.
    guard let chosen else { return results[0] }
    var result = results[chosen.index]
    result.score = chosen.score
    // The other alternatives as they route within the chosen app (those routed elsewhere are
    // asked again, only about that app), for the votes on bound slots and for slots that did
    // not resolve here.
    let asksOthers = result.slots.contains { !$0.isFreeText || $0.resolution != .success }
    let withinApp =
      asksOthers
      ? try texts.indices.map { alternative in
        results[alternative].app == result.app
          ? results[alternative]
          : try route(texts[alternative], locale: locale, onlyApp: result.app)
      } : []
    for index in result.slots.indices where !result.slots[index].isFreeText {
      let name = result.slots[index].name
      var votes: [String: (total: Double, slot: SlotResult)] = [:]
      for (rank, other) in withinApp.enumerated()
      where other.intent == result.intent && other.app == result.app {
        guard let slot = other.slot(name),
          slot.resolution == .success || slot.resolution == .confirmationRequired,
          let value = slot.value, let score = slot.candidates.first?.score
        else { continue }
        votes[value, default: (0, slot)].total += score / Double(rank + 1)
      }
      if let winner = votes.max(by: {
        $0.value.total != $1.value.total ? $0.value.total < $1.value.total : $0.key > $1.key
      }), winner.key != result.slots[index].value {
        result.slots[index] = winner.value.slot
      }
    }
    for index in result.slots.indices where result.slots[index].resolution != .success {
      let name = result.slots[index].name
      let current = result.slots[index].candidates.first?.score ?? 0
      var best: SlotResult? = nil
      for other in withinApp
      where other.intent == result.intent && other.app == result.app {
        guard let slot = other.slot(name),
          slot.resolution == .success || slot.resolution == .disambiguation,
          let score = slot.candidates.first?.score,
          score > max(current, best?.candidates.first?.score ?? 0)
        else { continue }
        best = slot
      }
      if let best { result.slots[index] = best }
    }
    return result
  }
}
