import VocabKitNormalization

/// An entry found in an utterance, with where and how well it matched.
public struct Match: Hashable, Sendable, Codable {
  public var identifier: String
  public var type: String
  public var owner: String
  public var priority: Int
  /// The matched words, as indices into the utterance's tokens.
  public var tokenRange: Range<Int>
  /// The matched stretch of the original utterance, in Unicode scalar offsets.
  public var scalarRange: Range<Int>
  /// The matched words as the utterance wrote them.
  public var text: String
  /// The phrase of the entry that matched best.
  public var phrase: String
  /// How sure the match is, in 0...1 (higher is better).
  public var score: Double
  /// Why the score is what it is.
  public var components: ScoreComponents
}

/// The parts a match score is made of.
public struct ScoreComponents: Hashable, Sendable, Codable {
  /// Similarity of the sounds, in 0...1: 1 - weighted edit cost / the larger weight.
  public var phonetic: Double
  /// Similarity of the Latin spellings, in 0...1: 1 - edit distance / the longer length.
  public var latin: Double
  /// True when the Latin keys are equal: same words, whatever script or spacing.
  public var exact: Bool
  /// The share of the entry's phrase that the match covers (below 1 for "Kim" → Alex Kim).
  public var coverage: Double
  /// The phrase's own weight (below 1 for alternatives), and the matched part of it.
  public var weight: Double
  /// The deduction for a short phrase, which could match noise by chance.
  public var shortPenalty: Double
  /// The deduction for matching only common words ("list", "today") without an exact match,
  /// or for a name that ends with a carrier word said once ("shopping list" when Shopping is
  /// an entry too).
  public var commonWordPenalty: Double = 0
  /// True when the match went through a pronunciation hint.
  public var viaPronunciation: Bool
  /// The best score of the entry's whole phrase over two or more words of the utterance
  /// that are not common words, or over common words that sound like the rest of the name
  /// (0 when it was not aligned there): for a match on one word of a longer phrase, how well
  /// the phrase's other words fit the words around it. It ranks matches of equal score:
  /// "allen" is Danny Allen before James Allen in "talk to nani allen".
  public var wholePhraseScore: Double = 0
}

extension Match {
  /// Best first: the higher score, then the better whole phrase, then the entry's priority.
  package static func isRankedBefore(_ a: Match, _ b: Match) -> Bool {
    if a.score != b.score { return a.score > b.score }
    if a.components.wholePhraseScore != b.components.wholePhraseScore {
      return a.components.wholePhraseScore > b.components.wholePhraseScore
    }
    return a.priority < b.priority
  }
}

extension Match {
  /// `entry`'s `phrase` said exactly and whole by token `index` of `tokens`: a match made
  /// outside the index (the router's card found by its relationship's word in another
  /// script).
  package static func exact(
    _ entry: MatchEntry, phrase: MatchPhrase, token index: Int, of tokens: [Token]
  ) -> Match {
    Match(
      identifier: entry.identifier, type: entry.type, owner: entry.owner,
      priority: entry.priority, tokenRange: index..<index + 1,
      scalarRange: tokens[index].scalarRange, text: tokens[index].text, phrase: phrase.text,
      score: phrase.weight,
      components: ScoreComponents(
        phonetic: 1, latin: 1, exact: true, coverage: 1, weight: phrase.weight, shortPenalty: 0,
        viaPronunciation: false))
  }
}
