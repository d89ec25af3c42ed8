import VocabKitMatching
import VocabKitNormalization
import VocabKitVocabulary

/// Routes utterances to an app, an intent and resolved slots.
///
/// ```swift
/// let vocabulary = try CompiledVocabulary.load(directory: URL(fileURLWithPath: "vocab"))
/// let router = Router(vocabulary: vocabulary)
/// let result = try router.route("add milk to my inbox in taskly")
/// result.intent                               // "INAddTasksIntent"
/// result.slot("targetTaskList")?.value        // "list.inbox"
/// ```
///
/// A model learned from the vocabulary's example phrases ranks the intents; the templates
/// of the best few are aligned against the whole utterance in sound space (carrier words
/// match fuzzily, "ad milk two my inbox"; each slot takes the span whose vocabulary match is
/// best); and each intent's score is a calibrated combination of the two. A `Router` is a
/// value holding an immutable vocabulary: call it from any number of threads.
public struct Router: Sendable {
  public let vocabulary: CompiledVocabulary
  public var policy: ResolutionPolicy
  /// Below this combined score (an estimate that the intent is right) the result is "no
  /// intent"; raise it for fewer false accepts, lower it to accept more free phrasing.
  public var minimumIntentScore: Double
  /// The longest utterance routed, in Unicode scalars; longer input is an error.
  public static let maximumUtteranceLength = 4096

  public init(
    vocabulary: CompiledVocabulary, policy: ResolutionPolicy = ResolutionPolicy(),
    minimumIntentScore: Double = 0.4
  ) {
    self.vocabulary = vocabulary
    self.policy = policy
    self.minimumIntentScore = minimumIntentScore
  }

  /// An utterance longer than ``maximumUtteranceLength``.
  public struct UtteranceTooLong: Error, CustomStringConvertible {
    public var length: Int
    public var description: String {
      "utterance is \(length) characters; at most \(Router.maximumUtteranceLength) are routed"
    }
  }

  /// Routes one utterance.
  ///
  /// - Parameters:
  ///   - text: The utterance, as the recognizer wrote it.
  ///   - locale: When given (`zh-CN`, `ru`), only templates of that language are tried;
  ///     an app without templates in it is routed with its English ones (`Base.lproj` and
  ///     its folder's own), as a localized app falls back to its base localization.
  /// - Complexity: O(*f* × *c*) for the learned model's *f* features and *c* intents, plus
  ///   O(*t* × *k* × *n* × 64) for the *t* templates of the best intents, of *k* elements,
  ///   over *n* tokens (a slot spans at most 64 tokens), plus one query of each vocabulary
  ///   shard.
  public func route(_ text: String, locale: String? = nil) throws -> RouteResult {
    try route(text, locale: locale, onlyApp: nil)
  }

  /// Routes one utterance, considering only `onlyApp`'s intents when it is given (as if the
  /// utterance named it): the n-best combination asks each alternative about one app.
  ///
  /// One function on purpose: the loop over the best intents keeps the best choice so far and its
  /// tie-breakers; the steps around it are functions of their own.
  func route(_ text: String, locale: String?, onlyApp: String?) throws -> RouteResult {
    let length = text.unicodeScalars.count
    guard length <= Self.maximumUtteranceLength else { throw UtteranceTooLong(length: length) }
    // A Thai carrier word ICU split before a name it does not know is one word again.
    let utterance = PreparedUtterance(
      text: text,
      tokens: vocabulary.unspacedCarrierWords.joining(try vocabulary.normalizer.normalize(text)))
    var context = RoutingContext(vocabulary: vocabulary, policy: policy, utterance: utterance)
    let language = locale.map { Self.language(of: $0) }
    let costs = RoutingCosts.standard

    // The learned model ranks the intents the utterance may name; only the best few have
    // their templates aligned.
    let model = vocabulary.intentModel
    // "trash my list" is seen as "remove my list", as the examples say it.
    let (features, known) = context.intentFeatures(
      apps: context.namedApp,
      replacing: RoutingLexicon.undoingPhrase(utterance.tokens).map {
        ($0, RoutingLexicon.undoingPhraseVerb)
      })
    let probabilities = model.probabilities(features)
    var (allowed, allowedTotal) = allowedLabels(
      probabilities, app: context.namedApp ?? onlyApp, language: language)
    // An app named for a request it has no intent for ("call priya on melody") is no
    // intent, not the named app's nearest intent: free to choose any app, the model puts
    // the request, surely, in an intent the named app lacks.
    if let named = context.namedApp, onlyApp == nil {
      let (every, everyTotal) = allowedLabels(probabilities, app: nil, language: language)
      if let top = every.first, everyTotal > 0,
        probabilities[top] / everyTotal >= costs.otherAppIntentProbability,
        !model.labels.contains(IntentModel.Label(app: named, intent: model.labels[top].intent))
      {
        allowed = []
      }
    }
    // A question ("what is route 66", "how do i clean out my inbox") goes only to intents
    // that one of their examples asks: naming an entry does not make it a command.
    if RoutingLexicon.isQuestion(utterance.tokens) {
      allowed = allowed.filter { vocabulary.asksQuestions[$0] }
    }
    // "open Taskly" asks for the app, not for anything it does.
    if context.namedApp != nil, context.cheapTokens.allSatisfy({ $0 }),
      utterance.tokens.contains(where: { RoutingLexicon.appLaunchers.contains($0.latinKey) })
    {
      allowed = []
    }
    // A request that opens by undoing or asking to see ("delete my groceries list", "show me
    // my groceries list") goes only to an intent whose templates say so, however well its
    // other words fit another.
    let opening = RoutingLexicon.opening(utterance.tokens).upperBound
    if let verb = RoutingLexicon.requestKindVerb(utterance.tokens) {
      allowed = allowed.filter { vocabulary.requestKindVerbs[$0].contains(verb) }
    }

    // Content words (not common words) are what coverage counts: function words say nothing
    // about the topic.
    let isContent = utterance.tokens.map { !CommonWords.latinKeys.contains($0.latinKey) }
    let contentCount = isContent.filter { $0 }.count
    let scripts = Set(utterance.tokens.map(\.script))

    // Whether there is an intent at all is judged on the intent's probability summed over
    // the apps that serve it; which app serves it, on each app's own share.
    var intentProbability: [String: Double] = [:]
    for label in allowed where allowedTotal > 0 {
      intentProbability[model.labels[label].intent, default: 0] +=
        probabilities[label] / allowedTotal
    }
    var best: (alignment: TemplateAlignment, template: Template)? = nil
    var bestAccepted = -1.0
    var bestCombined = -1.0
    var bestLabel = Int.max
    var candidates: [IntentCandidate] = []
    // The entries behind each candidate's evidence, the spans of its entries said exactly,
    // and its best template, parallel to `candidates`.
    var evidenceEntries: [Set<String>] = []
    var exactSpans: [[Range<Int>]] = []
    var labelBests: [(label: Int, alignment: TemplateAlignment, template: Template)?] = []
    for label in allowed.prefix(costs.alignedIntents) {
      let labelBest = bestTemplate(
        of: label, &context, language: language, scripts: scripts)
      let probability = allowedTotal > 0 ? probabilities[label] / allowedTotal : 0
      let alignmentScore = labelBest?.misheardScore ?? 0
      let coverage = Self.coverage(
        known: known, explained: labelBest?.alignment.explained, isContent: isContent,
        contentCount: contentCount)
      let (evidence, entries, spans) = context.vocabularyEvidence(of: model.labels[label])
      evidenceEntries.append(entries)
      exactSpans.append(spans)
      labelBests.append(labelBest.map { (label, $0.alignment, $0.template) })
      let combined = costs.confidence(
        probability: probability, alignment: alignmentScore, coverage: coverage,
        evidence: evidence)
      candidates.append(
        IntentCandidate(
          app: model.labels[label].app, intent: model.labels[label].intent, score: combined,
          probability: probability, alignment: alignmentScore, coverage: coverage,
          evidence: evidence, template: labelBest?.template.text))
      // Ties go to the better alignment, then to the first app in bundle-identifier order.
      if let labelBest,
        (combined, labelBest.alignment.score, -label)
          > (bestCombined, best?.alignment.score ?? -1, -bestLabel)
      {
        bestCombined = combined
        bestAccepted = costs.confidence(
          probability: intentProbability[model.labels[label].intent] ?? 0,
          alignment: alignmentScore, coverage: coverage, evidence: evidence)
        best = (labelBest.alignment, labelBest.template)
        bestLabel = label
      }
    }
    // The position in `candidates` of the choice so far.
    func chosenCandidate() -> Int? {
      candidates.firstIndex {
        $0.app == model.labels[bestLabel].app && $0.intent == model.labels[bestLabel].intent
      }
    }
    // Makes candidate `other` the choice when its confidence, with `probability` (its
    // intent's when nil), reaches the threshold.
    func choose(_ other: Int, probability: Double? = nil) {
      guard let otherBest = labelBests[other] else { return }
      let accepted = costs.confidence(
        of: candidates[other],
        probability: probability ?? intentProbability[candidates[other].intent] ?? 0)
      guard accepted >= minimumIntentScore else { return }
      best = (otherBest.alignment, otherBest.template)
      bestAccepted = accepted
      bestLabel = otherBest.label
    }
    // An entry said exactly inside a longer one that another app serving the same intent
    // has ("the vacation ideas list": one app's Ideas, another's Vacation Ideas) is that
    // longer entry, as the longest match wins: its app serves the request.
    if context.namedApp == nil, onlyApp == nil, best != nil,
      let chosen = chosenCandidate(),
      let other = Self.appWithLongerEntry(
        than: chosen, candidates, exactSpans: exactSpans,
        aligned: labelBests.map { $0 != nil })
    {
      choose(other)
    }
    // Two words said together that the chosen template parts with a slot left empty ("put
    // on chill vibes": "put ${mediaSearch} on ${mediaDestination}", nothing put) are the
    // template that says them together ("put on ${mediaSearch}"), as a verb and its
    // particle, when it fills its slots and finds as good an entry.
    if let chosenBest = best,
      let chosen = chosenCandidate(),
      let joined = Self.templateJoining(
        chosenBest, chosen: chosen, among: candidates,
        labelBests.map { $0.map { ($0.alignment, $0.template) } }, tokens: utterance.tokens)
    {
      choose(joined)
    }
    // A template said word for word, every slot filled ("put on my deep focus playlist":
    // "put on ${mediaSearch}"), is the request over one said in part ("put this in my
    // ${mediaDestination} playlist", nothing put), as a deterministic parser's exact match
    // comes before a learned guess, when its entries are as good and its intent is accepted.
    if let chosenBest = best,
      let chosen = chosenCandidate(),
      let exact = Self.templateSaidWordForWord(
        over: chosenBest.alignment, chosen: chosen, among: candidates,
        labelBests.map { $0?.alignment }, costs: costs)
    {
      choose(exact)
    }
    // A request said inside another's free-text slot ("remind me to call mom", "text ann
    // call me back") is that slot's words: the template that opens the utterance with every
    // carrier word said takes it, with the inner request's probability as its own.
    if context.namedApp == nil, let chosenBest = best,
      let chosen = chosenCandidate(),
      let outer = Self.templateHolding(
        chosenBest.alignment, of: candidates[chosen].intent, among: candidates,
        labelBests.map { $0.map { ($0.alignment, $0.template) } },
        opening: opening)
    {
      choose(
        outer,
        probability: (intentProbability[candidates[outer].intent] ?? 0)
          + (intentProbability[candidates[chosen].intent] ?? 0))
    }
    // Words taken for an app that is not installed that sound like another app serving the
    // same intent are that app: "play yan xi gong lue on i chi yi" is iQIYI when the model
    // leans to iQIYI HD, which plays the same shows.
    if context.namedApp == nil, onlyApp == nil, let chosenBest = best,
      context.unknownAppName(chosenBest.alignment) != nil,
      let span = chosenBest.alignment.unknownAppSpan,
      let heard = context.misheardApp(span: span), heard != chosenBest.template.app,
      let other = labelBests.firstIndex(where: {
        $0.map {
          model.labels[$0.label]
            == IntentModel.Label(app: heard, intent: chosenBest.template.intent)
        } ?? false
      }),
      let otherBest = labelBests[other], otherBest.alignment.unknownAppSpan == span
    {
      best = (otherBest.alignment, otherBest.template)
      bestLabel = otherBest.label
      bestAccepted = costs.confidence(
        of: candidates[other], probability: intentProbability[candidates[other].intent] ?? 0)
    }
    // An entry that several intents take ("talk to Simon Ortiz": call or message) is
    // evidence that the utterance means one of them: whether there is an intent at all is
    // judged on their probabilities together; which one, on each alone.
    if best != nil,
      let chosen = chosenCandidate(), candidates[chosen].evidence >= costs.sharedEvidenceScore
    {
      let intent = candidates[chosen].intent
      var shared = intentProbability[intent] ?? 0
      var counted: Set<String> = [intent]
      for (other, entries) in zip(candidates, evidenceEntries)
      where other.evidence == candidates[chosen].evidence
        && !entries.isDisjoint(with: evidenceEntries[chosen])
        && counted.insert(other.intent).inserted
      {
        shared += intentProbability[other.intent] ?? 0
      }
      bestAccepted = max(
        bestAccepted,
        costs.confidence(of: candidates[chosen], probability: shared))
    }
    return result(
      of: text, best: best, accepted: bestAccepted, candidates: candidates, &context)
  }

  /// The result of routing `text`: the chosen template `best` when its `accepted` score
  /// reaches ``minimumIntentScore`` and no uninstalled app was named, with its slots
  /// resolved, and the five best of `candidates`.
  func result(
    of text: String, best: (alignment: TemplateAlignment, template: Template)?,
    accepted bestAccepted: Double, candidates: [IntentCandidate],
    _ context: inout RoutingContext
  ) -> RouteResult {
    var candidates = candidates
    // The chosen template's first, then the same order as the choice above: score, then
    // alignment, then app and intent.
    let chosen = best.map { ($0.template.app, $0.template.intent) }
    candidates.sort {
      if let chosen, ($0.app, $0.intent) == chosen || ($1.app, $1.intent) == chosen {
        return ($0.app, $0.intent) == chosen && ($1.app, $1.intent) != chosen
      }
      if $0.score != $1.score { return $0.score > $1.score }
      if $0.alignment != $1.alignment { return $0.alignment > $1.alignment }
      return ($0.app, $0.intent) < ($1.app, $1.intent)
    }
    var result = RouteResult(
      utterance: text, intent: nil, app: nil, appChoice: nil, spokenAppName: nil,
      score: max(bestAccepted, 0), template: nil, slots: [], mediaSearch: nil,
      candidates: Array(candidates.prefix(5)))
    // Words taken for an app that is not installed are the chosen app misheard when they
    // sound like its name and the rest of the utterance already chose it; otherwise the app
    // is unsupported, and nothing else is picked.
    var misheardAppName: String? = nil
    if context.namedApp == nil, let spoken = context.unknownAppName(best?.alignment) {
      guard let best, bestAccepted >= minimumIntentScore,
        let span = best.alignment.unknownAppSpan,
        context.misheardApp(span: span) == best.template.app
      else {
        result.appChoice = .unsupported
        result.spokenAppName = spoken
        return result
      }
      misheardAppName = spoken
    }
    guard let (alignment, template) = best, bestAccepted >= minimumIntentScore else {
      return result
    }
    result.intent = template.intent
    result.app = template.app
    result.appChoice = context.namedApp == nil && misheardAppName == nil ? .inferred : .named
    result.spokenAppName = misheardAppName
    result.template = template.text
    resolveSlots(of: alignment, in: template, &context, into: &result)
    return result
  }

  /// The candidate of another app, for the same intent as candidate `chosen` and with a
  /// template aligned, that has an entry said exactly around `chosen`'s longest one; nil when
  /// none has.
  ///
  /// - Complexity: O(*c* × *e*) for *c* candidates of at most *e* entries said exactly.
  static func appWithLongerEntry(
    than chosen: Int, _ candidates: [IntentCandidate], exactSpans: [[Range<Int>]],
    aligned: [Bool]
  ) -> Int? {
    guard let shorter = exactSpans[chosen].max(by: { $0.count < $1.count }) else { return nil }
    return candidates.indices.first { other in
      candidates[other].intent == candidates[chosen].intent
        && candidates[other].app != candidates[chosen].app && aligned[other]
        && exactSpans[other].contains {
          $0.count > shorter.count && $0.clamped(to: shorter) == shorter
        }
    }
  }

  /// The candidate of another intent whose best template says as carrier words, side by
  /// side, two adjacent tokens that `chosen`'s template says around a slot it left empty,
  /// fills every slot it has, aligns at least as well and finds an entry at least as good;
  /// nil when none does.
  ///
  /// - Complexity: O(*c* × *n* + *k*) for *c* candidates, *n* tokens and a template of *k*
  ///   elements.
  static func templateJoining(
    _ chosenBest: (alignment: TemplateAlignment, template: Template), chosen: Int,
    among candidates: [IntentCandidate],
    _ alignments: [(alignment: TemplateAlignment, template: Template)?], tokens: [Token]
  ) -> Int? {
    let (alignment, template) = chosenBest
    let filled = Set(alignment.slots.map(\.name))
    // The tokens said by two carrier words around an empty slot: "put" and "on".
    let elements = template.elements
    var split: Int? = nil
    for index in elements.indices.dropFirst().dropLast() {
      guard case .slot(let name) = elements[index], !filled.contains(name),
        case .word(_, let before) = elements[index - 1],
        case .word(_, let after) = elements[index + 1]
      else { continue }
      split = tokens.indices.dropFirst().first { token in
        alignment.carrierTokens[token - 1] && alignment.carrierTokens[token]
          && tokens[token - 1].latinKey == before && tokens[token].latinKey == after
      }
      if split != nil { break }
    }
    guard let split else { return nil }
    return candidates.indices.first { other in
      guard candidates[other].intent != candidates[chosen].intent,
        let (joined, joinedTemplate) = alignments[other],
        joined.carrierTokens[split - 1], joined.carrierTokens[split],
        candidates[other].alignment >= candidates[chosen].alignment,
        candidates[other].evidence >= candidates[chosen].evidence
      else { return false }
      let joinedFilled = Set(joined.slots.map(\.name))
      return joinedTemplate.elements.allSatisfy { element in
        guard case .slot(let name) = element else { return true }
        return joinedFilled.contains(name)
      }
    }
  }

  /// The candidate, of another intent than `chosen`'s, whose best template is said word for
  /// word (its alignment at least ``RoutingCosts/wordForWordAlignment``: every carrier word
  /// said, every slot filled) while `chosenAlignment` is not, with evidence at least as good:
  /// nil when none.
  ///
  /// - Complexity: O(*c*) for *c* candidates.
  static func templateSaidWordForWord(
    over chosenAlignment: TemplateAlignment, chosen: Int, among candidates: [IntentCandidate],
    _ alignments: [TemplateAlignment?], costs: RoutingCosts
  ) -> Int? {
    guard chosenAlignment.score < costs.wordForWordAlignment else { return nil }
    return candidates.indices.first { other in
      guard candidates[other].intent != candidates[chosen].intent,
        let alignment = alignments[other]
      else { return false }
      return alignment.saidEveryWord && alignment.score >= costs.wordForWordAlignment
        && candidates[other].evidence >= candidates[chosen].evidence
    }
  }

  /// The candidate, of another intent than `intent`, whose best template opens the
  /// utterance (its first element a carrier word said at `opening`, the first token after
  /// fillers and request openings), said every carrier word, and holds in one dictated slot
  /// (``RoutingLexicon/dictationParameters``) the verb of `inner` (the chosen alignment,
  /// which must not say the opening token: its first carrier word the outer did not say)
  /// and every token `inner` explains that it does not explain outside its free-text slots:
  /// nil when none.
  ///
  /// - Complexity: O(*c* × *n*) for *c* candidates and *n* tokens.
  static func templateHolding(
    _ inner: TemplateAlignment, of intent: String, among candidates: [IntentCandidate],
    _ alignments: [(alignment: TemplateAlignment, template: Template)?], opening: Int
  ) -> Int? {
    guard opening < inner.carrierTokens.count, !inner.carrierTokens[opening] else { return nil }
    return candidates.indices.first { other in
      guard candidates[other].intent != intent, let (outer, template) = alignments[other],
        outer.saidEveryWord, case .word = template.elements.first,
        outer.carrierTokens[opening]
      else { return false }
      // The words the inner request explains, past the opening ("please" heard as the
      // "place" of "place a call to …" is no word of it).
      let words = inner.explained.indices.filter { token in
        token >= opening && inner.explained[token]
          && !(outer.explained[token] && !outer.freeSpans.contains { $0.contains(token) })
      }
      // The inner request's verb: its first carrier word that the outer template did not
      // say; when it said none of its own, the first word it explains.
      guard
        let verb = inner.carrierTokens.indices.first(where: {
          $0 >= opening && inner.carrierTokens[$0] && !outer.carrierTokens[$0]
        }) ?? words.first
      else { return false }
      return !words.isEmpty
        && outer.slots.contains { slot in
          RoutingLexicon.dictationParameters.contains(slot.name)
            && outer.freeSpans.contains(slot.span) && slot.span.contains(verb)
            && words.allSatisfy(slot.span.contains)
        }
    }
  }

  /// The share of content words that the model knows or a template explains; of all words
  /// when there are no content words ("what time is it").
  ///
  /// - Complexity: O(*n*) for *n* tokens.
  static func coverage(
    known: [Bool], explained: [Bool]?, isContent: [Bool], contentCount: Int
  ) -> Double {
    var covered = 0
    for token in known.indices
    where (isContent[token] || contentCount == 0)
      && (known[token] || explained?[token] == true)
    {
      covered += 1
    }
    let counted = contentCount == 0 ? known.count : contentCount
    return counted == 0 ? 1 : Double(covered) / Double(counted)
  }

  /// The labels the learned model may choose, most probable first (ties in label order),
  /// and their summed probability with the out-of-scope class's: only `app`'s when given,
  /// and only those with templates in `language` when given.
  ///
  /// - Complexity: O(*c* log *c*) for *c* labels, plus their templates when `language` is
  ///   given.
  func allowedLabels(_ probabilities: [Double], app: String?, language: String?) -> (
    labels: [Int], total: Double
  ) {
    let model = vocabulary.intentModel
    var allowed: [Int] = []
    var allowedTotal = 0.0
    for label in model.labels.indices {
      if model.labels[label] == .outOfScope {
        allowedTotal += probabilities[label]
        continue
      }
      if let app, model.labels[label].app != app { continue }
      if let language,
        !vocabulary.templatesOfLabel[label].contains(where: {
          Self.language(of: vocabulary.templates[$0].localization)
            == vocabulary.templateLanguage(app: model.labels[label].app, for: language)
        })
      {
        continue
      }
      allowed.append(label)
      allowedTotal += probabilities[label]
    }
    allowed.sort {
      probabilities[$0] != probabilities[$1]
        ? probabilities[$0] > probabilities[$1] : model.labels[$0] < model.labels[$1]
    }
    return (allowed, allowedTotal)
  }

  /// The best alignment among label `label`'s templates (of `language`, when given, and
  /// able to match text in `scripts`), ties to the template listed first.
  ///
  /// Templates are aligned in order of their score bound; once the best score found beats
  /// the next bound, no later template can win.
  func bestTemplate(
    of label: Int, _ context: inout RoutingContext, language: String?, scripts: Set<Script>
  ) -> (alignment: TemplateAlignment, template: Template, misheardScore: Double)? {
    // Templates are read in place, not copied: a copy retains each of a template's arrays
    // and strings, for every template of the label.
    vocabulary.templates.withUnsafeBufferPointer { templates in
      var bounded: [(bound: Double, index: Int)] = []
      for index in vocabulary.templatesOfLabel[label] {
        if let language,
          Self.language(of: templates[index].localization)
            != vocabulary.templateLanguage(app: templates[index].app, for: language)
        {
          continue
        }
        guard templates[index].fits(scripts: scripts) else { continue }
        bounded.append((context.alignmentBound(templates[index]), index))
      }
      bounded.sort { $0.bound != $1.bound ? $0.bound > $1.bound : $0.index < $1.index }
      var labelBest: (alignment: TemplateAlignment, index: Int)? = nil
      var misheardScore = 0.0
      // The bound is above the choice score too (it is at most the score).
      for (bound, index) in bounded {
        if let labelBest, bound < labelBest.alignment.choiceScore { break }
        let alignment = context.align(templates[index])
        misheardScore = max(misheardScore, alignment.misheardScore)
        if (alignment.choiceScore, -index)
          > (labelBest?.alignment.choiceScore ?? -1, -(labelBest?.index ?? Int.max))
        {
          labelBest = (alignment, index)
        }
      }
      // A template that left its media search empty ("play songs by ${mediaSearch}" for
      // "play despacito", its carrier words said loosely by the title's), or that left a
      // word that may be a title's outside its media search, which names no entry ("play
      // game of thrones": "songs by" for "game", the title "of thrones"), yields to one that
      // said every carrier word and holds the rest as a title it does not list ("play
      // ${mediaSearch}"), when that scores better than the first does on the words it said
      // near-exactly ("beatles" is "playlist" only loosely): a title the app lacks is still
      // the title, and all of it.
      if let chosen = labelBest,
        Self.leavesMediaSearchEmpty(chosen.alignment, of: templates[chosen.index])
          || (chosen.alignment.mediaSearchNamesNoEntry && chosen.alignment.leftTitleWord)
      {
        var heard: (alignment: TemplateAlignment, index: Int)? = nil
        for (_, index) in bounded where index != chosen.index {
          let floor = max(chosen.alignment.anchoredScore, heard?.alignment.misheardScore ?? 0)
          guard context.alignmentBound(templates[index], misheard: true) > floor else { continue }
          // Aligned again when it was before: rare, and cheaper than keeping every alignment.
          let alignment = context.align(templates[index])
          misheardScore = max(misheardScore, alignment.misheardScore)
          if alignment.misheardScore > floor,
            alignment.slots.contains(where: {
              $0.name == ParameterName.mediaSearch && !$0.span.isEmpty
            })
          {
            heard = (alignment, index)
          }
        }
        if let heard { labelBest = heard }
      }
      return labelBest.map { ($0.alignment, templates[$0.index], misheardScore) }
    }
  }

  /// Whether `template` has a media search that `alignment` left empty.
  static func leavesMediaSearchEmpty(_ alignment: TemplateAlignment, of template: Template)
    -> Bool
  {
    template.elements.contains { $0 == .slot(ParameterName.mediaSearch) }
      && !alignment.slots.contains { $0.name == ParameterName.mediaSearch && !$0.span.isEmpty }
  }

  /// Resolves the slots `alignment` found in `template` (all but the app name) into
  /// `result`, with the media search's qualifiers; then the intent's bound parameters that
  /// the template left empty or has no place for, from vocabulary matches elsewhere in the
  /// utterance (see ``RoutingContext/spottedSlots(of:in:)``), and its free-text ones from
  /// their `ParameterExamples` said word for word; then its date and time
  /// parameters and the like (see ``RoutingContext/placeBuiltinSlots(in:slots:spans:)``).
  func resolveSlots(
    of alignment: TemplateAlignment, in template: Template, _ context: inout RoutingContext,
    into result: inout RouteResult
  ) {
    // Each slot's token span, beside `result.slots`.
    var spans: [Range<Int>] = []
    for (name, aligned) in alignment.slots where name != ParameterName.applicationName {
      let parameter = ParameterName(intent: template.intent, parameter: name)
      // A free-text span that holds one of the parameter's values among other words is the
      // value (bound parameters have no values: `CompiledVocabulary.freeValues`).
      var span = context.narrowedFreeSlot(name, span: aligned, in: template) ?? aligned
      // "okay" of "text mom okay see you" is the message's.
      if template.intent == ParameterName.messageIntent, name == ParameterName.messageContent,
        !span.isEmpty
      {
        span = context.withMessageInterjections(span, explained: alignment.explained)
      }
      result.slots.append(context.resolve(parameter, app: template.app, span: span))
      spans.append(span)
      if name == ParameterName.mediaSearch {
        result.mediaSearch = context.mediaSearch(span: span, resolved: result.slots.last!)
      }
    }
    // A free-text value said word for word is surer than a name that only sounds like it:
    // its words are spotted first, and the names the template has no place for are spotted
    // among the rest.
    let filled = Set(zip(result.slots, spans).filter { !$0.1.isEmpty }.map(\.0.name))
    let values = context.spottedFreeValues(
      of: alignment, in: template, taken: spans, filled: filled)
    var rest = alignment
    for (_, span) in values { for index in span { rest.explained[index] = true } }
    for (parameter, span) in context.spottedSlots(of: rest, in: template) + values {
      let spotted = context.resolve(parameter, app: template.app, span: span)
      if let index = result.slots.firstIndex(where: { $0.name == parameter.parameter }) {
        result.slots[index] = spotted
        spans[index] = span
      } else {
        result.slots.append(spotted)
        spans.append(span)
      }
    }
    // A dictated message the template has no place for, after its quotative (or that its
    // slot missed: "saying" alone in the slot of "… saying ${content}").
    if !zip(result.slots, spans).contains(where: {
      $0.0.name == ParameterName.messageContent && !$0.1.isEmpty && $0.0.text != nil
    }),
      let message = context.spottedMessage(
        of: rest, in: template,
        taken: zip(result.slots, spans).map { context.heldTokens(of: $0.0, in: $0.1) })
    {
      let parameter = ParameterName(
        intent: template.intent, parameter: ParameterName.messageContent)
      let slot = context.resolve(parameter, app: template.app, span: message)
      if let index = result.slots.firstIndex(where: { $0.name == slot.name }) {
        result.slots[index] = slot
        spans[index] = message
      } else {
        result.slots.append(slot)
        spans.append(message)
      }
    }
    // Slots with words; a bound one may still give them up to a date below. A group messaged
    // is who the message goes to.
    var said = Set(result.slots.map(\.name))
    if said.contains(ParameterName.messageGroup) { said.insert(ParameterName.messageRecipients) }
    context.placeBuiltinSlots(in: template, slots: &result.slots, spans: &spans)
    said.formUnion(result.slots.map(\.name))
    if said.contains(ParameterName.messageGroup) { said.insert(ParameterName.messageRecipients) }
    // A slot the template names that the utterance left empty ("call", "call <unk>") is asked
    // for, as Siri asks "who?"; an empty media search plays what is recommended.
    for case .slot(let name) in template.elements
    where name != ParameterName.applicationName && said.insert(name).inserted {
      let slot = context.resolve(
        ParameterName(intent: template.intent, parameter: name), app: template.app, span: 0..<0)
      if name == ParameterName.mediaSearch {
        if result.mediaSearch == nil {
          result.mediaSearch = context.mediaSearch(span: 0..<0, resolved: slot)
        }
      } else {
        result.slots.append(slot)
      }
    }
  }

  static func language(of locale: String) -> String {
    if locale.isEmpty || locale == "Base" { return "en" }
    return String(locale.split(whereSeparator: { $0 == "-" || $0 == "_" }).first ?? "")
      .lowercased()
  }
}
