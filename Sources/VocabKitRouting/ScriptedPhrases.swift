import VocabKitNormalization

/// Phrases as the normalizer keys them, each of one script and with a value: the lexicons of
/// ``TemporalExpressions`` and ``Relationships``.
///
/// A phrase is said at a token when every one of its keys is the Latin key of a token there,
/// in order, in the phrase's script: Hindi इस (key `is`) never reads English "is".
struct ScriptedPhrases<Value: Sendable>: Sendable {
  private struct Key: Hashable, Sendable {
    var script: Script
    var key: String
  }

  /// The phrases by script and first key, longest first.
  private let byFirstKey: [Key: [(keys: [String], value: Value)]]

  init(_ phrases: [(script: Script, keys: [String], value: Value)]) {
    var byFirstKey: [Key: [(keys: [String], value: Value)]] = [:]
    for phrase in phrases where !phrase.keys.isEmpty {
      byFirstKey[Key(script: phrase.script, key: phrase.keys[0]), default: []].append(
        (phrase.keys, phrase.value))
    }
    self.byFirstKey = byFirstKey.mapValues { $0.sorted { $0.keys.count > $1.keys.count } }
  }

  /// The longest phrase said at `index` of `tokens`: how many tokens it takes, and its value.
  ///
  /// - Complexity: O(*p* × *k*) for *p* phrases of *k* keys sharing the token's key.
  func match(at index: Int, in tokens: [Token]) -> (length: Int, value: Value)? {
    let token = tokens[index]
    for phrase in byFirstKey[Key(script: token.script, key: token.latinKey)] ?? []
    where index + phrase.keys.count <= tokens.count
      && phrase.keys.indices.allSatisfy({
        tokens[index + $0].latinKey == phrase.keys[$0]
          && tokens[index + $0].script == token.script
      })
    {
      return (phrase.keys.count, phrase.value)
    }
    return nil
  }
}
