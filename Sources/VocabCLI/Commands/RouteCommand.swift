import VocabKit
import VocabKitVocabulary

/// `vocab route`: intent, app and resolved slots for utterances.
enum RouteCommand {
  static let command = Subcommand(
    name: "route",
    abstract: "Route utterances to an app, an intent and resolved slots.",
    arguments: "[TEXT ...]",
    discussion: """
      Reads TEXT from the arguments, or else one utterance a line from standard input
      (then --json prints one JSON object a line).
      """,
    options: [
      VocabularyOption.option, VocabularyOption.cache, VocabularyOption.locale,
      .flag("json", help: "Print JSON."),
      .flag(
        "alternatives",
        help: "Each input is a recognizer's n-best list, best first, separated by ' | '."),
    ],
    run: run)

  static func run(_ arguments: ParsedArguments, _ console: Console) throws -> Int32 {
    let vocabulary = try VocabularyOption.compile(arguments, console)
    let router = Router(vocabulary: vocabulary)
    let locale = arguments.value("locale")
    let batch = arguments.positionals.isEmpty
    var failed = 0
    for (index, text) in try console.texts(arguments).enumerated() {
      let result: RouteResult
      do {
        result =
          arguments.flag("alternatives")
          ? try router.route(
            alternatives: text.components(separatedBy: " | "), locale: locale)
          : try router.route(text, locale: locale)
      } catch let error as Router.UtteranceTooLong where batch {
        // One bad line of a batch is reported and the rest are routed; with --json its
        // place holds an error object, so output lines still match input lines.
        failed += 1
        console.error("error: standard input line \(index + 1): \(error)")
        if arguments.flag("json") {
          console.output(
            try JSONOutput.line(["line": "\(index + 1)", "error": error.description]))
        }
        continue
      }
      if arguments.flag("json") {
        console.output(try JSONOutput.line(result))
        continue
      }
      console.output(describe(result))
    }
    if failed > 0 {
      console.error("error: \(failed) line(s) not routed")
      return 1
    }
    return 0
  }

  /// The result as `RouteResult.description` writes it, with every string from the
  /// utterance or the vocabulary escaped: printed, never obeyed by the terminal, and never
  /// a line of its own.
  static func describe(_ result: RouteResult) -> String {
    var shown = result
    shown.utterance = result.utterance.escapingControlCharacters
    shown.spokenAppName = result.spokenAppName?.escapingControlCharacters
    shown.app = result.app?.escapingControlCharacters
    shown.intent = result.intent?.escapingControlCharacters
    shown.slots = result.slots.map { slot in
      var slot = slot
      slot.value = slot.value?.escapingControlCharacters
      slot.text = slot.text?.escapingControlCharacters
      slot.candidates = slot.candidates.map { candidate in
        var candidate = candidate
        candidate.identifier = candidate.identifier.escapingControlCharacters
        return candidate
      }
      return slot
    }
    return shown.description
  }
}
