import VocabKit

/// `vocab normalize`: shows the tokens of a text.
enum NormalizeCommand {
  static let command = Subcommand(
    name: "normalize",
    abstract: "Show the tokens of a text: folded form, Latin key, script, range.",
    arguments: "[TEXT ...]",
    discussion: """
      Reads TEXT from the arguments, or else one text a line from standard input.
      Ranges are Unicode scalar offsets into the text, end exclusive.
      """,
    options: [.flag("json", help: "Print one JSON object a line instead of a table.")],
    run: run)

  struct TokenOutput: Encodable {
    var text: String
    var folded: String
    var latinKey: String
    var phoneticKey: String
    var script: String
    var start: Int
    var end: Int
    var number: SpokenNumber?
  }

  struct LineOutput: Encodable {
    var text: String
    var tokens: [TokenOutput]
  }

  static func run(_ arguments: ParsedArguments, _ console: Console) throws -> Int32 {
    let normalizer = try Normalizer.shared
    for text in try console.texts(arguments) {
      let tokens = try normalizer.normalize(text).map { token in
        TokenOutput(
          text: token.text, folded: token.folded, latinKey: token.latinKey,
          phoneticKey: PhoneticKey(latinKey: token.latinKey).text, script: token.script.code,
          start: token.scalarRange.lowerBound, end: token.scalarRange.upperBound,
          number: token.number)
      }
      if arguments.flag("json") {
        console.output(try JSONOutput.line(LineOutput(text: text, tokens: tokens)))
        continue
      }
      var rows = [["token", "folded", "latin", "phonetic", "script", "range", "number"]]
      for token in tokens {
        var number = ""
        if let value = token.number {
          number = String(value.value) + (value.isOrdinal ? " (ordinal)" : "")
          if let counter = value.counter { number += " counter \(counter)" }
        }
        rows.append([
          token.text, token.folded, token.latinKey, token.phoneticKey, token.script,
          "\(token.start)..<\(token.end)", number,
        ])
      }
      console.output(Table.render(rows))
    }
    return 0
  }
}
