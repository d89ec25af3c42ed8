import VocabKitMatching
import VocabKitNormalization
import VocabKitVocabulary

extension RoutingContext {
  /// The vocabulary matches of an app's bound parameter in the utterance, over every shard
  /// bound to it, cached.
  mutating func matches(app: String, parameter: ParameterName) -> SlotMatches {
    let key = AppParameter(app: app, parameter: parameter)
    if let cached = slotMatches[key] { return cached }
    var all = SlotMatches()
    for shard in vocabulary.shards(app: app, parameter: parameter) {
      let found = slotMatches(of: shard)
      all.kept += found.kept
      all.explainedAway += found.explainedAway
    }
    all.kept.sort(by: Self.isRankedBefore)
    slotMatches[key] = all
    return all
  }

  /// Best first; see ``Match/isRankedBefore(_:_:)``.
  static func isRankedBefore(_ a: Match, _ b: Match) -> Bool {
    Match.isRankedBefore(a, b)
  }

  /// The matches of `slot` inside `span` (see ``SlotMatches/forEach(inside:_:)``), best first.
  func insideSpan(_ slot: SlotMatches?, _ span: Range<Int>) -> [Match] {
    var inside: [Match] = []
    slot?.forEach(inside: span) { inside.append($0) }
    return inside.sorted(by: Self.isRankedBefore)
  }

  /// The best score of a match, anywhere in the utterance, of any parameter with a
  /// vocabulary that `label`'s templates name (0 when there is none), the entries that
  /// score it, and the spans of every entry said exactly.
  ///
  /// - Complexity: one cached query of each of those parameters' shards.
  mutating func vocabularyEvidence(of label: IntentModel.Label) -> (
    score: Double, entries: Set<String>, exactSpans: [Range<Int>]
  ) {
    var best = 0.0
    var entries: Set<String> = []
    var exactSpans: [Range<Int>] = []
    for parameter in vocabulary.boundParameters[label] ?? [] {
      let key = CompiledVocabulary.ShardKey(app: label.app, source: parameter.description)
      let held = (ParameterBindings.heldNotLearned[parameter] ?? []).compactMap {
        vocabulary.shards[CompiledVocabulary.ShardKey(app: label.app, source: $0.rawValue)]
          .map(ObjectIdentifier.init)
      }
      for shard in vocabulary.parameterShards[key] ?? []
      where !held.contains(ObjectIdentifier(shard)) {
        for match in matches(of: shard) where !match.tokenRange.isEmpty {
          if match.components.exact && match.components.coverage == 1 {
            exactSpans.append(match.tokenRange)
          }
          if match.score > best {
            best = match.score
            entries = [match.identifier]
          } else if match.score == best {
            entries.insert(match.identifier)
          }
        }
      }
    }
    return (best, entries, exactSpans)
  }

  /// A shard's matches in the utterance (those the matcher kept), cached.
  mutating func matches(of shard: MatchIndex) -> [Match] {
    slotMatches(of: shard).kept
  }

  /// A shard's matches in the utterance, kept and explained away, cached.
  mutating func slotMatches(of shard: MatchIndex) -> SlotMatches {
    let identifier = ObjectIdentifier(shard)
    if let cached = shardMatches[identifier] { return cached }
    var found = shard.matchesAndExplainedAway(
      in: utterance, limit: costs.slotMatchLimit,
      cutoff: policy.cutoff * costs.slotMatchCutoffShare)
    // A possessive may name the entry of the name it belongs to ("mark's" is Mark): read so,
    // a match counts when it scores above every match of the words as written ("richard's"
    // may be Richards), and replaces a weaker match of the same entry.
    if let possessives {
      let named = shard.matchesAndExplainedAway(
        in: possessives.utterance, limit: costs.slotMatchLimit,
        cutoff: policy.cutoff * costs.slotMatchCutoffShare)
      var matches = found.matches
      for match in named.matches where match.tokenRange.contains(where: { possessives.tokens[$0] })
      {
        let written = found.matches.filter { $0.tokenRange == match.tokenRange }.map(\.score)
        guard match.score > written.max() ?? 0 else { continue }
        matches.removeAll { $0.identifier == match.identifier && $0.tokenRange == match.tokenRange }
        matches.append(match)
      }
      matches.sort(by: Match.isRankedBefore)
      found.matches = Array(matches.prefix(costs.slotMatchLimit))
    }
    found.matches = kinshipMatches(of: shard, adding: found.matches)
    // A match explained away may be taken back inside a span only when it is its entry's
    // whole phrase said exactly, as good as every match that explained it away, and those add only
    // common words to it (Reading inside "reading list", where a template can say "list"):
    // otherwise a template could cut a name short ("Hip Hop" of "Old School Hip Hop").
    let restorable = found.explainedAway.compactMap {
      match, explainers -> (match: Match, explainers: [Range<Int>])? in
      let taken =
        match.components.exact && match.components.coverage == 1
        && explainers.allSatisfy { explainer in
          match.score >= explainer.score
            && explainer.tokenRange.allSatisfy {
              match.tokenRange.contains($0) || utterance.isCommonToken[$0]
            }
        }
      return taken ? (match: match, explainers: explainers.map(\.tokenRange)) : nil
    }
    let result = SlotMatches(kept: found.matches, explainedAway: restorable)
    shardMatches[identifier] = result
    return result
  }

  /// `matches` with the cards of `shard` named by relationship that a token names in another
  /// script: "โทรหาแม่" calls the card "Mom", as Siri finds a card by its relationship label
  /// in the language it is asked in. Scored as an exact match of the card's phrase; the same
  /// script's other words are the index's own (``KinshipNames/synonyms(of:)``).
  ///
  /// - Complexity: O(*n*) lookups for *n* tokens, when the shard has such cards.
  func kinshipMatches(of shard: MatchIndex, adding matches: [Match]) -> [Match] {
    guard !kinshipWords.isEmpty else { return matches }
    let cards = vocabulary.kinshipCards(of: shard)
    var result = matches
    for (index, group) in kinshipWords {
      let token = utterance.tokens[index]
      guard let named = cards[group] else { continue }
      for (entryIndex, phraseIndex) in named {
        let entry = shard.entries[entryIndex]
        let phrase = entry.phrases[phraseIndex]
        guard !KinshipNames.sameScript(phrase.text, token.folded),
          !result.contains(where: {
            $0.identifier == entry.identifier && $0.tokenRange == index..<index + 1
              && $0.score >= phrase.weight
          })
        else { continue }
        result.append(.exact(entry, phrase: phrase, token: index, of: utterance.tokens))
      }
    }
    guard result.count > matches.count else { return matches }
    result.sort(by: Match.isRankedBefore)
    return Array(result.prefix(costs.slotMatchLimit))
  }
}
