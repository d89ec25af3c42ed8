import VocabKitMatching
import VocabKitNormalization
import VocabKitVocabulary

/// A bound slot's vocabulary matches in the utterance: those the matcher kept, best first,
/// and those it explained away that a span may take back, each with the token ranges of its
/// explainers.
struct SlotMatches {
  var kept: [Match] = []
  var explainedAway: [(match: Match, explainers: [Range<Int>])] = []

  /// Calls `body` with each match inside `span`, as if the utterance were only `span`: the
  /// kept matches, then the matches explained away only by matches reaching outside it (the list Reading in "on my reading list", explained away by
  /// Reading List over "reading list", when the template's own "list" follows the slot).
  ///
  /// - Complexity: O(*m* + *e* × *x*) for *m* kept matches and *e* explained away by *x*
  ///   explainers each.
  func forEach(inside span: Range<Int>, _ body: (Match) -> Void) {
    for match in kept where match.tokenRange.clamped(to: span) == match.tokenRange {
      body(match)
    }
    for (match, explainers) in explainedAway
    where match.tokenRange.clamped(to: span) == match.tokenRange
      && !explainers.contains(where: { $0.clamped(to: span) == $0 })
    {
      body(match)
    }
  }
}
