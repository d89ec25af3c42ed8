import Foundation

/// Every tuning value of the router, in one place, each with what it trades.
///
/// Costs are in units of one unmatched template element: a template's score is
/// 1 - cost / elements, times its evidence factor. Measurements behind the values are in
/// `Docs/benchmarks.md` and the commit log.
struct RoutingCosts: Sendable {
  // MARK: App names

  /// App-name matches looked for in each utterance: enough for every app a sentence names.
  var appMatchLimit = 8
  /// App-name matches below this are not app mentions at all.
  var appMatchCutoff = 0.6
  /// An app counts as named ("in Taskly") at this score: high, as naming an app restricts
  /// routing to it.
  var namedAppScore = 0.88
  /// A `${applicationName}` span overlapping an app match this good is an installed app, not
  /// an unknown one.
  var knownAppSpanScore = 0.75
  /// An unknown app name is reported only from a template that fits at least this well.
  var unknownAppMinimumScore = 0.5
  /// Words taken for an unknown app name that sound this much like the chosen template's own
  /// app are that app misheard, as Siri matches app names by sound: the resolution cutoff,
  /// the similarity a slot's value needs too.
  var misheardAppSimilarity = 0.6

  // MARK: Combining the learned model with template alignment

  /// Intents whose templates are aligned, the learned model's best first: alignment is the
  /// costly step, and the right intent is nearly always among the model's first few.
  var alignedIntents = 3
  /// The weights of the combined score, a logistic function of the learned probability,
  /// the best template's alignment, the utterance's known-word share and the best vocabulary
  /// match of a parameter the intent names, fit on held-apart development sets by
  /// `Benchmarks/calibrate_router.py`, for the default ``Router/minimumIntentScore``, 0.4.
  /// The bias, moved from -8.36 by logit(0.4) - logit(0.35) (`--weights` there), takes the
  /// most recall on those sets at no more false accepts than before the last model change.
  var confidenceWeights = (
    probability: 7.3, alignment: 7.2, coverage: 0.4, evidence: 1.2, bias: -8.15
  )

  /// Intents whose best vocabulary evidence is at least this good (as good as a match that
  /// anchors a template) share it: their probabilities together decide whether the
  /// utterance has an intent at all.
  var sharedEvidenceScore = 0.85

  /// The combined score of one intent, in 0...1: how likely it is the right one.
  func confidence(probability: Double, alignment: Double, coverage: Double, evidence: Double)
    -> Double
  {
    let weights = confidenceWeights
    let z =
      weights.probability * probability + weights.alignment * alignment + weights.coverage
      * coverage + weights.evidence * evidence + weights.bias
    return 1 / (1 + exp(-z))
  }

  /// ``confidence(probability:alignment:coverage:evidence:)`` of `candidate`'s alignment,
  /// coverage and evidence with another probability (its intent's over every app, say).
  func confidence(of candidate: IntentCandidate, probability: Double) -> Double {
    confidence(
      probability: probability, alignment: candidate.alignment, coverage: candidate.coverage,
      evidence: candidate.evidence)
  }

  /// The learned probability, among every app's intents, past which the request is taken
  /// to be an intent that a named app lacks: a clear lean, not a guess among near ties.
  var otherAppIntentProbability = 0.5

  /// With a recognizer's n-best list, an alternative lower in the list that routes on its
  /// own counts with its score times this per rank, when the alternatives agree on no
  /// intent: a beam's later transcriptions are nearly as likely as the first (Whisper's
  /// differ by a word or two), but each rank down is less trusted.
  var alternativeRankDiscount = 0.6

  // MARK: Template alignment

  /// A token the template does not account for: high enough that carrier words matter.
  var extraToken = 0.6
  /// An extra token that is a filler or names the app ("please", "in Taskly"): nearly free.
  var cheapExtraToken = 0.05
  /// A carrier word of the template that nothing in the utterance says.
  var skippedWord = 1.0
  /// A carrier word and a token less similar than this are unrelated (cost 1).
  var minimumWordSimilarity = 0.5
  /// A slot left empty: a little cheaper than a skipped word, as slots are often optional.
  var emptySlot = 0.8
  /// The most tokens one slot spans: longer than any dictated message or title a command
  /// carries, and it keeps alignment linear in the utterance's length.
  var longestSlot = 64

  // MARK: Slot spans

  /// `${applicationName}` over a span that holds another app's name.
  var otherAppName = 3.0
  /// Each word of an `${applicationName}` span beyond the app's own name.
  var appNameExtraWord = 0.3
  /// `${applicationName}` over words that name no installed app.
  var unknownAppName = 0.7
  /// Each word of an unknown app name beyond the first.
  var unknownAppNameWord = 0.2
  /// Each word of a free-text slot: cheap, but not free, so carrier words are preferred.
  var freeTextWord = 0.1
  /// Free-text words charged at most: a long dictated message is no less likely than a
  /// short one, and must not sink its template.
  var freeTextWordsCharged = 8
  /// A free-text slot made only of fillers and app mentions.
  var freeTextOnlyCheap = 0.5
  /// A bound slot with no vocabulary match inside it.
  var unmatchedBoundSlot = 0.9
  /// Each word of such a slot.
  var unmatchedBoundSlotWord = 0.05
  /// Such a slot in a template whose carrier words were all said: a name misheard, however
  /// many words the recognizer made of it ("mode of your cannon" for Mona Buchanan).
  var misheardNameSlot = 0.5

  /// What bound slots of `words` words that match no entry cost in a template whose carrier
  /// words were all said: less than unmatched words elsewhere, never less than free text.
  func misheardName(words: Int) -> Double {
    max(misheardNameSlot, freeTextWord * Double(min(words, freeTextWordsCharged)))
  }
  /// Each word of a bound slot outside its match (not a filler or a media qualifier).
  var uncoveredSlotWord = 0.35
  /// A media search of qualifiers only ("play something new").
  var qualifierOnlyMediaSearch = 0.3
  /// Vocabulary matches kept per bound parameter and utterance.
  var slotMatchLimit = 12
  /// Slot matches are looked for down to this share of the resolution cutoff, so a weak but
  /// right span can still shape the alignment.
  var slotMatchCutoffShare = 0.8

  // MARK: Slots the template has no place for

  /// A bound parameter the chosen template does not hold is filled from a vocabulary match
  /// anywhere in the utterance at least this good: as good as a match that anchors a
  /// template, since no template word stands beside it.
  var spottedSlotScore = 0.85

  // MARK: Anchored templates

  /// An alignment at least this good says its template word for word, every slot filled:
  /// below 1 only by rounding.
  var wordForWordAlignment = 0.999

  /// A carrier word matched at most this dearly counts as said (near-exact: "tell", not
  /// "what" for "add").
  var anchoringWordCost = 0.15
  /// A bound slot's vocabulary match at least this good anchors its template; an anchored
  /// template whose carrier words were all said accounts for its free-text slots' words.
  var anchoringSlotScore = 0.85

  // MARK: Template evidence (see `Template.evidenceFactor(isBound:)`)

  /// Evidence of a bound slot or the app's name.
  var boundSlotEvidence = 1.5
  /// Evidence of a carrier word that is not a common word.
  var carrierWordEvidence = 1.0
  /// Evidence of a common word that is not a filler.
  var commonWordEvidence = 0.5
  /// The factor of a template with no evidence.
  var evidenceBase = 0.5
  /// The factor each unit of evidence adds, up to 1.
  var evidenceStep = 0.25

  /// The values VocabKit ships with.
  static let standard = RoutingCosts()
}
