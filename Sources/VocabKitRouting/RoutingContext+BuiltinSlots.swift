import VocabKitVocabulary

extension RoutingContext {
  /// Gives the intent's parameters of a ``BuiltinKind`` the values of that kind said in the
  /// utterance: dates, times and years (``TemporalExpressions``), as Siri fills a date
  /// parameter itself, and relationship words (``Relationships``).
  ///
  /// A parameter the template filled keeps its words when nothing of its kind was said
  /// ("the next available day"); otherwise it takes the value inside or beside its words
  /// ("on friday" gives "friday", "friend divya how are you" gives "friend"), or the first
  /// one no bound slot took, so "put meeting with pawel for tomorrow ten am" gives the date
  /// "tomorrow" and the time "ten am" even where the template has a place for only one. Other
  /// free-text slots then give up a placed value at their edges, with the preposition beside
  /// it ("reminder for sunday"); a bound slot that named nothing gives way to it.
  ///
  /// - Complexity: O(*n* + *p* × *e* × *s*) for *n* tokens, *p* such parameters, *e* values
  ///   found and *s* slots.
  mutating func placeBuiltinSlots(
    in template: Template, slots: inout [SlotResult], spans: inout [Range<Int>]
  ) {
    let label = IntentModel.Label(app: template.app, intent: template.intent)
    guard let parameters = vocabulary.builtinParameters[label] else { return }
    let temporal =
      parameters.contains { $0.kind != .relationship && $0.kind != .year }
      ? TemporalExpressions.find(in: utterance.tokens) : []
    let relationships =
      parameters.contains { $0.kind == .relationship }
      ? Relationships.find(in: utterance.tokens) : []
    guard
      !temporal.isEmpty || !relationships.isEmpty
        || parameters.contains(where: { $0.kind == .year })
    else { return }
    // A bound slot keeps the words that named its value ("Ramesh Narayan" of the span
    // "Ramesh Narayan from 1960"); one that named nothing ("from ${person}" given "in the
    // last hour") keeps none.
    var taken = [Bool](repeating: false, count: utterance.tokens.count)
    for index in slots.indices
    where !slots[index].isFreeText && slots[index].resolution != .unsupported {
      let slot = slots[index]
      for token in spans[index] {
        if let start = slot.start, let end = slot.end, slot.value != nil {
          let range = utterance.tokens[token].scalarRange
          taken[token] = range.lowerBound < end && start < range.upperBound
        } else {
          taken[token] = true
        }
      }
    }
    // The narrower kinds first: a `datetime` parameter takes what is left.
    let ordered =
      parameters.filter { $0.kind != .dateTime } + parameters.filter { $0.kind == .dateTime }
    var placed: [Range<Int>] = []
    for (name, kind) in ordered {
      let found: [Range<Int>]
      switch kind {
      case .relationship: found = relationships
      case .year: found = TemporalExpressions.years(in: utterance.tokens)
      case .dateTime: found = TemporalExpressions.joined(temporal).map(\.range)
      default: found = temporal.filter { kind.accepts($0.kind) }.map(\.range)
      }
      let options = found.filter { !$0.contains { taken[$0] } }
      guard !options.isEmpty else { continue }
      let existing = slots.firstIndex { $0.name == name }
      let chosen =
        existing.flatMap { index in options.first { $0.overlaps(spans[index]) } } ?? options[0]
      for token in chosen { taken[token] = true }
      let slot = resolve(
        ParameterName(intent: template.intent, parameter: name), app: template.app,
        span: chosen)
      if let existing {
        slots[existing] = slot
        spans[existing] = chosen
      } else {
        slots.append(slot)
        spans.append(chosen)
      }
      placed.append(chosen)
    }
    let builtinNames = Set(parameters.map(\.name))
    var removed: [Int] = []
    for index in slots.indices
    where slots[index].isFreeText
      ? !builtinNames.contains(slots[index].name) : slots[index].resolution == .unsupported
    {
      let span = trimmed(spans[index], outside: placed)
      guard span != spans[index] else { continue }
      let words = span.filter {
        !cheapTokens[$0]
          && !RoutingLexicon.valuePrepositions.contains(utterance.tokens[$0].latinKey)
      }
      if words.isEmpty {
        // Only a date or the like was said where a bound value was expected: there is no
        // value to find.
        if !slots[index].isFreeText { removed.append(index) }
        continue
      }
      slots[index] = resolve(
        ParameterName(intent: template.intent, parameter: slots[index].name), app: template.app,
        span: span)
      spans[index] = span
    }
    for index in removed.reversed() {
      slots.remove(at: index)
      spans.remove(at: index)
    }
  }

  /// `span` without the expressions of `placed` at its edges and the prepositions and fillers
  /// beside them ("reminder for sunday" → "reminder", "सोमवार को फ़ोन" → "फ़ोन"); empty when an
  /// expression covers it.
  func trimmed(_ span: Range<Int>, outside placed: [Range<Int>]) -> Range<Int> {
    var span = span
    func isPreposition(_ token: Int) -> Bool {
      cheapTokens[token]
        || RoutingLexicon.valuePrepositions.contains(utterance.tokens[token].latinKey)
    }
    // Right to left, then left to right: "lunch on friday at noon" loses "noon", then
    // "friday".
    for range in placed.sorted(by: { $0.lowerBound > $1.lowerBound })
    where range.overlaps(span) {
      if range.lowerBound <= span.lowerBound, range.upperBound >= span.upperBound {
        return span.lowerBound..<span.lowerBound
      } else if range.lowerBound > span.lowerBound, range.upperBound >= span.upperBound {
        span = span.lowerBound..<range.lowerBound
        while !span.isEmpty, isPreposition(span.upperBound - 1) { span = span.dropLast() }
      }
    }
    for range in placed.sorted(by: { $0.lowerBound < $1.lowerBound })
    where range.overlaps(span) && range.lowerBound <= span.lowerBound {
      if range.upperBound >= span.upperBound { return span.lowerBound..<span.lowerBound }
      span = range.upperBound..<span.upperBound
      while !span.isEmpty, isPreposition(span.lowerBound) { span = span.dropFirst() }
    }
    return span
  }
}
