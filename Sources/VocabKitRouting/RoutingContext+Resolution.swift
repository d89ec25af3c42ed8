import VocabKitMatching
import VocabKitNormalization
import VocabKitVocabulary

extension RoutingContext {
  /// The tokens of a quotative ("that says") that open `span`; 0 when there is none.
  ///
  /// - Complexity: O(*q*) for the *q* quotatives.
  func quotativeLength(opening span: Range<Int>) -> Int {
    RoutingLexicon.quotativeLength(at: 0, in: utterance.tokens[span].lazy.map(\.latinKey))
  }

  /// Whether a quotative ("that says") starts at a token of `span` after its first and
  /// ends inside it.
  ///
  /// - Complexity: O(1): every span of every slot asks, up to a million at full length.
  func holdsQuotative(_ span: Range<Int>) -> Bool {
    let start = span.lowerBound + 1
    let (one, two) = quotativesBefore
    if start < span.upperBound, one[span.upperBound] - one[start] > 0 { return true }
    return start < span.upperBound - 1 && two[span.upperBound - 1] - two[start] > 0
  }

  /// `span`, a dictated message, grown over the ``RoutingLexicon/messageInterjections``
  /// before it that the template did not account for ("okay" of "text mom okay see you",
  /// which a recipient's span may hold after the name), never into the utterance's opening.
  ///
  /// - Complexity: O(*k*) for *k* tokens taken.
  func withMessageInterjections(_ span: Range<Int>, explained: [Bool]) -> Range<Int> {
    let tokens = utterance.tokens
    let openingEnd = RoutingLexicon.opening(tokens).upperBound
    var lower = span.lowerBound
    while lower > openingEnd, !explained[lower - 1],
      RoutingLexicon.messageInterjections.contains(tokens[lower - 1].latinKey)
    {
      lower -= 1
    }
    return lower..<span.upperBound
  }

  /// The words of a dictated message that `template` has no place for: those after a
  /// quotative ("send a text to Maria that says see you soon" fits "send a text to
  /// ${recipients}"), up to the words something else took and the preposition before them
  /// ("send a text that says hi to Maria"), or interjections alone at the end ("text mom
  /// ok"); nil for other intents and when there are none.
  ///
  /// - Complexity: O(*n* × *q*) for *n* tokens and *q* quotatives.
  func spottedMessage(
    of alignment: TemplateAlignment, in template: Template, taken spans: [Range<Int>]
  ) -> Range<Int>? {
    guard template.intent == ParameterName.messageIntent else { return nil }
    var used = alignment.explained
    for span in spans { for index in span { used[index] = true } }
    let tokens = utterance.tokens
    let keys = tokens.lazy.map(\.latinKey)
    for start in tokens.indices where !used[start] {
      let length = RoutingLexicon.quotativeLength(at: start, in: keys)
      if length > 0, start + length < tokens.count {
        let first = start + length
        guard !(start..<first).contains(where: { used[$0] }) else { continue }
        var end = tokens[first...].indices.first { used[$0] } ?? tokens.count
        if end < tokens.count {
          while end > first, RoutingLexicon.valuePrepositions.contains(tokens[end - 1].latinKey) {
            end -= 1
          }
        }
        if end > first { return first..<end }
      }
    }
    // Interjections alone after everything the template took: "text mom ok".
    if let last = used.lastIndex(of: true), last + 1 < tokens.count,
      tokens[(last + 1)...].allSatisfy({
        RoutingLexicon.messageInterjections.contains($0.latinKey)
      })
    {
      return (last + 1)..<tokens.count
    }
    return nil
  }

  /// The tokens of `span` that `slot` holds: those of its text (a bound slot's match, not
  /// the words around it that the alignment gave it); none when it has no text.
  func heldTokens(of slot: SlotResult, in span: Range<Int>) -> Range<Int> {
    guard let start = slot.start, let end = slot.end else {
      return span.lowerBound..<span.lowerBound
    }
    let held = span.filter {
      let scalars = utterance.tokens[$0].scalarRange
      return scalars.lowerBound >= start && scalars.upperBound <= end
    }
    guard let first = held.first, let last = held.last else {
      return span.lowerBound..<span.lowerBound
    }
    return first..<(last + 1)
  }

  mutating func resolve(_ parameter: ParameterName, app: String, span: Range<Int>) -> SlotResult {
    var result = SlotResult(
      name: parameter.parameter, resolution: .needsValue, value: nil, text: nil, start: nil,
      end: nil, isFreeText: false, candidates: [])
    var shown = span
    // A message's own "okay" or "please" opens it ("text mom okay see you").
    let isMessage = parameter.parameter == ParameterName.messageContent
    while shown.count > 1, cheapTokens[shown.lowerBound],
      !(isMessage
        && RoutingLexicon.messageInterjections.contains(
          utterance.tokens[shown.lowerBound].latinKey))
    {
      shown = shown.dropFirst()
    }
    while shown.count > 1, cheapTokens[shown.upperBound - 1] { shown = shown.dropLast() }
    // A dictated message starts after its quotative; one that is nothing else is not said.
    var span = span
    if parameter.parameter == ParameterName.messageContent, !span.isEmpty {
      shown = shown.dropFirst(quotativeLength(opening: shown))
      if shown.isEmpty { span = shown }
    }
    if !span.isEmpty {
      result.text = utterance.text(of: shown)
      let range = utterance.scalarRange(of: shown)
      result.start = range.lowerBound
      result.end = range.upperBound
    }
    guard vocabulary.isBound(app: app, parameter: parameter) else {
      result.isFreeText = true
      if !span.isEmpty {
        result.resolution = .success
        result.value = result.text
      }
      return result
    }
    guard !span.isEmpty else { return result }
    // One match per identifier, inside the span, best first.
    var seen = Set<String>()
    var ranked: [Match] = []
    for match in insideSpan(matches(app: app, parameter: parameter), span) {
      if seen.insert(match.identifier).inserted { ranked.append(match) }
    }
    if ranked.count > 1, ranked[0].score - ranked[1].score <= policy.margin {
      ranked = withWholePhrasesInside(span, ranked, app: app, parameter: parameter)
    }
    let resolution = policy.resolve(ranked)
    result.resolution = resolution.outcome
    result.candidates = resolution.matches.map {
      SlotResult.Candidate(identifier: $0.identifier, phrase: $0.phrase, score: $0.score)
    }
    switch resolution {
    case .success(let match), .confirmationRequired(let match):
      result.value = match.identifier
      // A group said where a person would be is the message's group, as Siri fills it.
      if parameter.intent == ParameterName.messageIntent,
        parameter.parameter == ParameterName.messageRecipients,
        match.type == UserVocabularyType.contactGroupName.rawValue
      {
        result.name = ParameterName.messageGroup
      }
      // The words that named the value, not the words the alignment gave the slot: 打电话给张伟
      // names 张伟, not 给张伟.
      if !match.tokenRange.isEmpty {
        result.text = utterance.text(of: match.tokenRange)
        let range = utterance.scalarRange(of: match.tokenRange)
        result.start = range.lowerBound
        result.end = range.upperBound
      }
    case .unsupported where parameter.parameter == ParameterName.mediaSearch:
      if countedWords(span, qualifiersCount: false) == 0 {
        result.resolution = .notRequired
      }
    default: break
    }
    return result
  }

  /// `ranked` with each match's whole-phrase score found inside `span` alone, re-ranked: the
  /// words that tell tied candidates apart must be the slot's own ("alex" of "send a message
  /// to alex saying …" is no closer to Alex Chen for the template's "saying").
  ///
  /// - Complexity: one query of each shard of the parameter, over the span's tokens.
  func withWholePhrasesInside(
    _ span: Range<Int>, _ ranked: [Match], app: String, parameter: ParameterName
  ) -> [Match] {
    var inside: [String: Double] = [:]
    for shard in vocabulary.shards(app: app, parameter: parameter) {
      for match in shard.matches(
        in: utterance, tokens: span, limit: costs.slotMatchLimit,
        cutoff: policy.cutoff * costs.slotMatchCutoffShare)
      {
        inside[match.identifier] = max(
          inside[match.identifier] ?? 0, match.components.wholePhraseScore)
      }
    }
    var result = ranked
    for index in result.indices {
      result[index].components.wholePhraseScore = inside[result[index].identifier] ?? 0
    }
    return result.sorted(by: Self.isRankedBefore)
  }

  /// The installed app that words taken for an unknown app name most likely are, misheard
  /// ("ring go" for Ringo, "shorter" for Jotter): the app whose name sounds most like them,
  /// at least ``RoutingCosts/misheardAppSimilarity``, and more than any other app's.
  ///
  /// - Complexity: O(*a* × *m* × *n*) for *a* app-name keys of *m* sound symbols and a span
  ///   of *n*.
  func misheardApp(span: Range<Int>) -> String? {
    let heard = span.flatMap { tokenSymbols[$0] }
    guard !heard.isEmpty else { return nil }
    var best: (app: String, similarity: Double)? = nil
    var runnerUp = 0.0
    let names = vocabulary.appNames
    for (index, entry) in names.entries.enumerated() {
      let similarity =
        names.wholePhraseSymbols(ofEntry: index).map {
          ErrorModel.standard.similarity(heard, $0)
        }.max() ?? 0
      if similarity > (best?.similarity ?? 0) {
        runnerUp = max(runnerUp, best?.similarity ?? 0)
        best = (entry.identifier, similarity)
      } else {
        runnerUp = max(runnerUp, similarity)
      }
    }
    guard let best, best.similarity >= costs.misheardAppSimilarity, best.similarity > runnerUp
    else { return nil }
    return best.app
  }

  /// The app name said in a template's `${applicationName}` slot when no installed app has
  /// it ("play X on Spotify" without Spotify); never a way to play (`RoutingLexicon.deviceModes`:
  /// "call maria on speaker").
  func unknownAppName(_ alignment: TemplateAlignment?) -> String? {
    guard let alignment, alignment.score >= costs.unknownAppMinimumScore,
      let span = alignment.unknownAppSpan,
      span.lowerBound > 0,
      RoutingLexicon.appCarriers.contains(utterance.tokens[span.lowerBound - 1].latinKey),
      !span.allSatisfy({ RoutingLexicon.deviceModes.contains(utterance.tokens[$0].latinKey) })
    else { return nil }
    return utterance.text(of: span)
  }
}
