import VocabKitNormalization
import VocabKitVocabulary

/// Carrier words of scripts written without spaces, which ICU's dictionary breaker may split
/// in an utterance though it kept them whole in the template: before a name it does not
/// know, Thai เพลง ("song") of "เปิดเพลง${mediaSearch}" becomes เพ + ลง.
struct UnspacedCarrierWords: Sendable {
  /// Each carrier word's folded text, with its Latin key.
  private var words: [String: String] = [:]
  /// The most tokens a split word is looked for in.
  static let longestSplit = 3

  /// Scripts written without spaces between words, whose words a breaker must find: Thai,
  /// Lao, Khmer and Myanmar (Chinese tokens are single characters or dictionary words, and a
  /// Han word's key is the same split or whole).
  static let scripts: Set<Script> = [
    .thai, Script(code: "Laoo"), Script(code: "Khmr"), Script(code: "Mymr"),
  ]

  /// The carrier words of `templates` in scripts written without spaces.
  ///
  /// - Complexity: O(*n*) normalizations for the *n* literal parts of those templates.
  init(templates: [Template], normalizer: Normalizer) throws(ICUError) {
    for template in templates where !template.scripts.isDisjoint(with: Self.scripts) {
      for case .text(let literal) in IntentTemplate.parts(of: template.text) {
        for token in try normalizer.normalize(literal)
        where Self.scripts.contains(token.script) && token.folded.unicodeScalars.count > 1 {
          words[token.folded] = token.latinKey
        }
      }
    }
  }

  /// `tokens` with each run of two or three adjacent tokens (no space between them) whose
  /// text together is a carrier word, and none of which alone is one, made one token again.
  ///
  /// - Complexity: O(*n*) dictionary lookups for *n* tokens.
  func joining(_ tokens: [Token]) -> [Token] {
    guard !words.isEmpty, tokens.contains(where: { Self.scripts.contains($0.script) }) else {
      return tokens
    }
    var result: [Token] = []
    result.reserveCapacity(tokens.count)
    var index = 0
    while index < tokens.count {
      var joined: Token? = nil
      var after = index + 1
      if Self.scripts.contains(tokens[index].script), words[tokens[index].folded] == nil {
        var folded = tokens[index].folded
        var text = tokens[index].text
        var next = index + 1
        while next < tokens.count, next - index < Self.longestSplit,
          tokens[next].script == tokens[index].script,
          tokens[next].scalarRange.lowerBound == tokens[next - 1].scalarRange.upperBound,
          words[tokens[next].folded] == nil
        {
          folded += tokens[next].folded
          text += tokens[next].text
          next += 1
          if let latin = words[folded] {
            let start = tokens[index].scalarRange.lowerBound
            let end = tokens[next - 1].scalarRange.upperBound
            joined = Token(
              text: text, scalarRange: start..<end, folded: folded, latinKey: latin,
              script: tokens[index].script)
            after = next
            break
          }
        }
      }
      result.append(joined ?? tokens[index])
      index = after
    }
    return result
  }
}
