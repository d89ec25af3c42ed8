import VocabKitMatching
import VocabKitNormalization
import VocabKitVocabulary

extension RoutingContext {
  /// The utterance as the intent model sees it: its words, and its units with every clear
  /// vocabulary span (of `apps`' shards, or of every app) replaced by its class; for a class
  /// several apps share, also whose vocabulary has the span.
  ///
  /// Also says which tokens the model knows (a word of its examples, by spelling or sound, a
  /// filler, or a vocabulary span): utterances about something else ("turn up the
  /// brightness") are mostly unknown words.
  ///
  /// `replacing` says a verb in other words, as the examples say it: "trash my list" is
  /// seen as "remove my list" (``RoutingLexicon/undoingPhrase(_:)``).
  mutating func intentFeatures(
    apps: String?, replacing: (range: Range<Int>, verb: String)? = nil
  ) -> (features: IntentFeatures, known: [Bool]) {
    let tokens = utterance.tokens
    var words = tokens.indices.map {
      IntentWord(latin: tokens[$0].latinKey, symbols: tokenSymbols[$0])
    }
    let minimum = IntentModelTuning.standard.slotClassScore
    var spans: [(range: Range<Int>, score: Double, name: String, app: String)] = []
    for (key, shard) in vocabulary.shardList where apps == nil || apps == key.app {
      for match in matches(of: shard) where match.score >= minimum && !match.tokenRange.isEmpty {
        spans.append((match.tokenRange, match.score, key.source, key.app))
      }
    }
    for match in appMatches where match.score >= costs.namedAppScore {
      spans.append((match.tokenRange, match.score, IntentModel.appClass, ""))
    }
    spans.sort {
      if $0.score != $1.score { return $0.score > $1.score }
      if $0.range.count != $1.range.count { return $0.range.count > $1.range.count }
      return ($0.range.lowerBound, $0.name) < ($1.range.lowerBound, $1.name)
    }
    var owner = [Int](repeating: -1, count: tokens.count)
    for (index, span) in spans.enumerated() where span.range.allSatisfy({ owner[$0] < 0 }) {
      for token in span.range { owner[token] = index }
    }
    var units: [IntentUnit] = []
    var appClasses: [UInt64] = []
    var known = [Bool](repeating: false, count: tokens.count)
    var token = 0
    while token < tokens.count {
      if let replacing, token == replacing.range.lowerBound {
        units.append(.word(replacing.verb))
        for index in replacing.range { known[index] = true }
        token = replacing.range.upperBound
      } else if owner[token] >= 0 {
        let span = spans[owner[token]]
        units.append(.slot(span.name))
        // Whose list it is, when the model learned that for the class: every app whose
        // vocabulary has the same words as well.
        for other in spans
        where other.range == span.range && other.name == span.name && other.score >= span.score {
          let feature = IntentFeatures.appClass(app: other.app, name: other.name)
          if vocabulary.intentModel.rows[feature] != nil, !appClasses.contains(feature) {
            appClasses.append(feature)
          }
        }
        for index in span.range { known[index] = true }
        token = span.range.upperBound
      } else {
        units.append(.word(tokens[token].latinKey))
        known[token] = cheapTokens[token] || vocabulary.intentModel.knows(words[token])
        token += 1
      }
    }
    if let replacing {
      words.replaceSubrange(replacing.range, with: [IntentWord(latin: replacing.verb)])
    }
    return (IntentFeatures(words: words, units: units, appClasses: appClasses), known)
  }
}
