import VocabKitNormalization

extension MatchIndex {
  /// Whether match `a` should replace `b` as their entry's match.
  ///
  /// `b` is another match of the same entry: another key's, or the same key aligned over
  /// a wider window (phrase completion). The one whose span strictly contains the other's
  /// is preferred when it scores at most ``MatcherTuning/wholePhraseMargin`` less and no lower than
  /// `cutoff` (unless the other is below it too), so that preferring it never drops the
  /// entry; otherwise the higher-scoring. The relation is not transitive, so with three or
  /// more matches of one entry the outcome can depend on the order they are verified in
  /// (always the same for the same query and index).
  static func isPreferred(_ a: Scored, over b: Scored, cutoff: Double) -> Bool {
    func outranks(_ outer: Scored, _ inner: Scored) -> Bool {
      outer.strictlyContains(inner) && outer.score >= inner.score - MatcherTuning.wholePhraseMargin
        && (outer.score >= cutoff || inner.score < cutoff)
    }
    if outranks(a, b) { return true }
    if outranks(b, a) { return false }
    return a.score > b.score
  }

  /// Drops each match whose span lies strictly inside the span of another match, kept itself, that
  /// scores at most ``MatcherTuning/containmentMargin`` less, plus
  /// ``MatcherTuning/namingTokenMargin`` for each word more of the other's span that is not a
  /// common word: in "call alex kim", "Alex Kim" explains the words of "Alex" away, and in "call
  /// alex kin" too, as "kin" is most likely "Kim". Order is kept, and at most `limit` matches are
  /// kept (the first `limit` that are not explained away).
  ///
  /// Only a kept match explains others away, so explaining away does not chain: a weak match
  /// over "play a wlishout" that explains away a middling one over "a wlishout" does not,
  /// through it, drop a better one over "wlishout" that it could not explain away itself.
  ///
  /// - Complexity: O(*k*²) for *k* matches (at most the verified candidates).
  static func withoutExplainedAway(_ ranked: [Scored], limit: Int = .max) -> [Scored] {
    explainingAway(ranked, limit: limit, keepingExplainedAway: false).kept
  }

  /// ``withoutExplainedAway(_:limit:)``, and the matches it dropped (those ranked before the
  /// `limit`-th kept one), each with the kept matches that explained it away.
  ///
  /// - Complexity: O(*k*²) for *k* matches.
  static func explainingAway(
    _ ranked: [Scored], limit: Int = .max, keepingExplainedAway: Bool = true
  ) -> (kept: [Scored], explainedAway: [(inner: Scored, explainers: [Scored])]) {
    // Whether each match is kept: unknown (0), kept (1) or explained away (2). A match's
    // status depends only on the matches whose spans strictly contain its own (longer
    // ones), so the recursion ends.
    // The statuses are a raw buffer: a crowded directory ranks hundreds of matches before
    // the `limit`-th kept, and an array captured by the recursion checks exclusive access at
    // every read.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: ranked.count) { status in
      status.initialize(repeating: 0)
      return ranked.withUnsafeBufferPointer { ranked in
        func isKept(_ inner: Int) -> Bool {
          if status[inner] == 0 {
            let explainedAway = ranked.indices.contains { outer in
              explainsAway(ranked[outer], ranked[inner]) && isKept(outer)
            }
            status[inner] = explainedAway ? 2 : 1
          }
          return status[inner] == 1
        }
        var kept: [Scored] = []
        var explainedAway: [(inner: Scored, explainers: [Scored])] = []
        for index in ranked.indices where kept.count < limit {
          if isKept(index) {
            kept.append(ranked[index])
          } else if keepingExplainedAway {
            let explainers = ranked.indices.filter { outer in
              explainsAway(ranked[outer], ranked[index]) && isKept(outer)
            }
            explainedAway.append((ranked[index], explainers.map { ranked[$0] }))
          }
        }
        return (kept, explainedAway)
      }
    }
  }

  /// Whether `outer` explains `inner` away, if kept (see `withoutExplainedAway`): its span strictly
  /// contains `inner`'s, and it scores at most ``MatcherTuning/containmentMargin`` less, plus
  /// ``MatcherTuning/namingTokenMargin`` for each naming word more.
  static func explainsAway(_ outer: Scored, _ inner: Scored) -> Bool {
    let namingMargin =
      MatcherTuning.namingTokenMargin * Double(max(0, outer.namingTokens - inner.namingTokens))
    return outer.strictlyContains(inner)
      && outer.score >= inner.score - MatcherTuning.containmentMargin - namingMargin
  }
}
