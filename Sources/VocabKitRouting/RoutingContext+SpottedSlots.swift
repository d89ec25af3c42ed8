import VocabKitMatching
import VocabKitVocabulary

extension RoutingContext {
  /// The intent's bound parameters that `template` has no slot for, or left empty, each with
  /// the span of its best vocabulary match among the words the alignment did not use: "i want
  /// to hear limelight by rush" fits "i want to hear some ${music_genre}", and the song and
  /// the artist are still found.
  ///
  /// Matches are taken best first, at least ``RoutingCosts/spottedSlotScore`` and of a whole
  /// phrase (no template word stands beside them, so "rock" alone is not "We Will Rock You");
  /// each word is used once, never a carrier word the template matched, a filler, an app's
  /// name or a word of another bound slot. A match explained away by longer ones is taken
  /// back when each of those takes such a word.
  ///
  /// - Complexity: O(*p* × *m* log *m*) for *p* parameters of *m* matches each, plus their
  ///   matches' lookup (cached per utterance).
  mutating func spottedSlots(of alignment: TemplateAlignment, in template: Template) -> [(
    parameter: ParameterName, span: Range<Int>
  )] {
    let label = IntentModel.Label(app: template.app, intent: template.intent)
    guard let parameters = vocabulary.boundParameters[label] else { return [] }
    var used = alignment.explained
    for index in used.indices where cheapTokens[index] { used[index] = true }
    var filled = Set<String>()
    for (name, span) in alignment.slots {
      let parameter = ParameterName(intent: template.intent, parameter: name)
      guard !span.isEmpty else { continue }
      filled.insert(name)
      if name == ParameterName.applicationName
        || vocabulary.isBound(app: template.app, parameter: parameter)
      {
        for index in span { used[index] = true }
      }
    }
    var found: [(parameter: ParameterName, match: Match)] = []
    for parameter in parameters where !filled.contains(parameter.parameter) {
      let slotMatches = matches(app: template.app, parameter: parameter)
      // A match explained away only by matches that take a word the template used is taken
      // back, as in alignment: "are eggs on my shopping list" says the list Shopping, though
      // Shopping List sounds longer, when the template's own "list" is that word.
      let takenBack = slotMatches.explainedAway.filter { _, explainers in
        explainers.allSatisfy { $0.contains(where: { used[$0] }) }
      }
      for match in slotMatches.kept + takenBack.map(\.match)
      where match.score >= costs.spottedSlotScore && match.components.coverage >= 1 {
        found.append((parameter, match))
      }
    }
    // Best first; ties to the longer match, then the earlier one, then the parameter's name.
    found.sort {
      if $0.match.score != $1.match.score { return $0.match.score > $1.match.score }
      if $0.match.tokenRange.count != $1.match.tokenRange.count {
        return $0.match.tokenRange.count > $1.match.tokenRange.count
      }
      if $0.match.tokenRange.lowerBound != $1.match.tokenRange.lowerBound {
        return $0.match.tokenRange.lowerBound < $1.match.tokenRange.lowerBound
      }
      return $0.parameter < $1.parameter
    }
    var result: [(parameter: ParameterName, span: Range<Int>)] = []
    for (parameter, match) in found
    where !filled.contains(parameter.parameter) && !match.tokenRange.contains(where: { used[$0] }) {
      filled.insert(parameter.parameter)
      for index in match.tokenRange { used[index] = true }
      result.append((parameter, match.tokenRange))
    }
    return result
  }

  /// The intent's free-text parameters that `template` has no slot for, or left empty, each
  /// with the span of a value its `ParameterExamples` give it, said word for word among the
  /// words nothing else took ("what is the latest from my facebook feed" fits "what is the
  /// latest from my feed", and "facebook" is still the media type). Longer values first;
  /// each word used once.
  ///
  /// - Complexity: O(*v* × *n*) for *v* values' tokens and *n* tokens.
  func spottedFreeValues(
    of alignment: TemplateAlignment, in template: Template, taken spans: [Range<Int>],
    filled names: Set<String>
  ) -> [(parameter: ParameterName, span: Range<Int>)] {
    let label = IntentModel.Label(app: template.app, intent: template.intent)
    guard let parameters = vocabulary.freeValues[label] else { return [] }
    var used = alignment.explained
    for span in spans { for index in span { used[index] = true } }
    var result: [(parameter: ParameterName, span: Range<Int>)] = []
    for (parameter, values) in parameters where !names.contains(parameter) {
      guard let span = firstValue(values, within: used.indices, used: used) else { continue }
      for index in span { used[index] = true }
      result.append((ParameterName(intent: template.intent, parameter: parameter), span))
    }
    return result
  }

  /// The span `span` of a free-text slot narrowed to a value of the parameter's
  /// `ParameterExamples` it holds with other words ("tweet mobile" to "tweet", "in twitter"
  /// to "twitter"), or nil when it holds none or is one.
  func narrowedFreeSlot(_ name: String, span: Range<Int>, in template: Template) -> Range<Int>? {
    let label = IntentModel.Label(app: template.app, intent: template.intent)
    guard span.count > 1,
      let values = vocabulary.freeValues[label]?.first(where: { $0.parameter == name })?.values
    else { return nil }
    guard !values.contains(where: { says($0, at: span) }) else { return nil }
    return firstValue(values, within: span, used: nil)
  }

  /// Whether the utterance's tokens at `span` are the words `value`.
  private func says(_ value: [String], at span: Range<Int>) -> Bool {
    value.count == span.count
      && zip(span, value).allSatisfy { utterance.tokens[$0].latinKey == $1 }
  }

  /// The first span within `range` of the utterance that is one of `values` (tried in
  /// order) and has no `used` token.
  ///
  /// - Complexity: O(*v* × *n*) for *v* values' tokens and *n* tokens of `range`.
  private func firstValue(_ values: [[String]], within range: Range<Int>, used: [Bool]?)
    -> Range<Int>?
  {
    for value in values where !value.isEmpty && value.count <= range.count {
      for start in range.lowerBound...(range.upperBound - value.count) {
        let span = start..<(start + value.count)
        if used.map({ used in !span.contains { used[$0] } }) ?? true, says(value, at: span) {
          return span
        }
      }
    }
    return nil
  }
}
