import VocabKit
import VocabKitVocabulary

/// `vocab score`: ranked vocabulary matches in an utterance.
enum ScoreCommand {
  static let command = Subcommand(
    name: "score",
    abstract: "Find vocabulary entries in utterances, with spans, scores and components.",
    arguments: "[TEXT ...]",
    discussion: """
      Reads TEXT from the arguments, or else one utterance a line from standard input
      (then --json prints one JSON object a line). Scores are in 0...1, higher is better;
      entries below the cutoff are not shown.
      """,
    options: [
      VocabularyOption.option, VocabularyOption.cache, VocabularyOption.locale,
      .repeated("type", "T", help: "Only entries of this type (contactName …); may repeat."),
      .value("limit", "N", help: "Show at most N matches (default 5)."),
      .value("cutoff", "X", help: "Hide matches scoring below X (default 0.6)."),
      .flag("json", help: "Print JSON."),
    ],
    run: run)

  struct Output: Encodable {
    var text: String
    var matches: [MatchOutput]
    var resolution: Resolution.Outcome
  }

  struct MatchOutput: Encodable {
    var identifier: String
    var app: String
    var type: String
    var phrase: String
    var text: String
    var start: Int
    var end: Int
    var score: Double
    var components: ScoreComponents
  }

  static func run(_ arguments: ParsedArguments, _ console: Console) throws -> Int32 {
    let limit = try arguments.number("limit", in: 1...1000) ?? 5
    let cutoff = try arguments.number("cutoff", in: 0.0...1.0) ?? 0.6
    let vocabulary = try VocabularyOption.compile(arguments, console)
    let types = arguments.allValues("type")
    try checkTypes(types, in: vocabulary)
    for text in try console.texts(arguments) {
      let (output, shown) = try score(
        text, in: vocabulary, types: types, limit: limit, cutoff: cutoff)
      if arguments.flag("json") {
        console.output(try JSONOutput.line(output))
        continue
      }
      console.output("\(text.escapingControlCharacters)  →  \(output.resolution)")
      var rows = [["score", "identifier", "app", "matched", "phrase", "phonetic", "latin"]]
      for match in shown {
        rows.append([
          String(format2(match.score)), match.identifier, match.owner, "'\(match.text)'",
          match.phrase, format2(match.components.phonetic), format2(match.components.latin),
        ])
      }
      console.output(shown.isEmpty ? "  no match above \(cutoff)" : Table.render(rows))
    }
    return 0
  }

  /// Throws a usage error naming the first type the vocabulary does not have, with the
  /// closest one it has.
  static func checkTypes(_ types: [String], in vocabulary: CompiledVocabulary) throws(UsageError) {
    let known = Set(vocabulary.shards.keys.map(\.source))
    for type in types where !known.contains(type) {
      var message = "Unknown type '\(type)' in this vocabulary."
      if let suggestion = Suggestion.closest(to: type, in: known.sorted()) {
        message += " Did you mean '\(suggestion)'?"
      }
      throw UsageError(description: message)
    }
  }

  /// The entries found in `text`, best first and at most `limit`, of the given types (all
  /// when empty): the JSON output and the matches it shows.
  ///
  /// - Complexity: one query of each distinct index asked.
  static func score(
    _ text: String, in vocabulary: CompiledVocabulary, types: [String], limit: Int,
    cutoff: Double
  ) throws -> (output: Output, shown: [Match]) {
    let utterance = try PreparedUtterance(text, normalizer: vocabulary.normalizer)
    var all: [Match] = []
    // Parameters that share a list share its index: it is asked once.
    var asked = Set<ObjectIdentifier>()
    for (key, shard) in vocabulary.shards.sorted(by: { $0.key < $1.key })
    where (types.isEmpty || types.contains(key.source))
      && asked.insert(ObjectIdentifier(shard)).inserted
    {
      all += shard.matches(in: utterance, limit: limit, cutoff: cutoff)
    }
    all.sort(by: Match.isRankedBefore)
    var seen = Set<String>()
    let ranked = all.filter { seen.insert($0.owner + "\u{0}" + $0.identifier).inserted }
    let shown = Array(ranked.prefix(limit))
    let output = Output(
      text: text,
      matches: shown.map {
        MatchOutput(
          identifier: $0.identifier, app: $0.owner, type: $0.type, phrase: $0.phrase,
          text: $0.text, start: $0.scalarRange.lowerBound, end: $0.scalarRange.upperBound,
          score: ($0.score * 1000).rounded() / 1000, components: $0.components)
      }, resolution: ResolutionPolicy(cutoff: cutoff).resolve(shown).outcome)
    return (output, shown)
  }
}

/// Two decimals, for tables.
func format2(_ value: Double) -> String { RouteResult.twoDecimals(value) }
