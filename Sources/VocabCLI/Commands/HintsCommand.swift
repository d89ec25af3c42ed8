import Foundation
import VocabKit

/// `vocab hints`: the vocabulary as recognizers accept it, so that they hear its names.
enum HintsCommand {
  static let formats = ["apple", "whisper", "json"]

  static let command = Subcommand(
    name: "hints",
    abstract:
      "Print recognizer hints: contextual strings, a Whisper prompt, phrases and templates.",
    arguments: "[TEXT ...]",
    discussion: """
      Formats:
        apple    a JSON array of at most --limit (default 100) phrases, most useful first,
                 for SFSpeechRecognitionRequest.contextualStrings.
        whisper  a JSON object {"initial_prompt", "hotwords"}: the most useful phrases as a
                 glossary of at most --characters (default 600) characters, for
                 faster-whisper's transcribe(initial_prompt:, hotwords:).
        json     every phrase (text, app, source, count) and every template, for a custom
                 language model.
      Most useful first: app names, then each vocabulary's first entry, then each one's
      second, and so on (entries are listed by importance).

      With --heard, hints for recognizing the same audio again: for each TEXT a first pass
      heard (the arguments, or else one a line from standard input), the app names and the
      --limit (default 15) vocabulary phrases most like it (with --alternatives, like any of
      a first pass's n-best list, separated by ' | '), as one JSON object a line:
      {"heard", "initial_prompt", "hotwords"} (whisper), {"heard", "contextualStrings"}
      (apple) or {"heard", "phrases"} (json).
      """,
    options: [
      VocabularyOption.option, VocabularyOption.cache, VocabularyOption.locale,
      .value("format", "F", help: "apple, whisper or json (default apple)."),
      .value(
        "limit", "N",
        help:
          "With apple: at most N phrases (default 100); with --heard: N vocabulary phrases (default 15)."
      ),
      .value("characters", "N", help: "With whisper: at most N characters (default 600)."),
      .flag(
        "heard", help: "Hints for each heard TEXT: what it may have misheard, for a second pass."),
      .flag(
        "alternatives",
        help: "With --heard: each TEXT is an n-best list, best first, separated by ' | '."),
    ],
    run: run)

  /// faster-whisper's parameter names.
  struct WhisperHints: Encodable {
    var initialPrompt: String
    var hotwords: String
    enum CodingKeys: String, CodingKey {
      case initialPrompt = "initial_prompt"
      case hotwords
    }
  }

  /// One line of `--heard` output.
  struct HeardHints: Encodable {
    var heard: String
    var initialPrompt: String?
    var hotwords: String?
    var contextualStrings: [String]?
    var phrases: [String]?
    enum CodingKeys: String, CodingKey {
      case heard
      case initialPrompt = "initial_prompt"
      case hotwords, contextualStrings, phrases
    }
  }

  static func run(_ arguments: ParsedArguments, _ console: Console) throws -> Int32 {
    let format = arguments.value("format") ?? "apple"
    guard formats.contains(format) else {
      var message = "Unknown format '\(format)'; expected apple, whisper or json."
      if let suggestion = Suggestion.closest(to: format, in: formats) {
        message += " Did you mean '\(suggestion)'?"
      }
      throw UsageError(description: message)
    }
    let characters = try arguments.number("characters", in: 1...100_000) ?? 600
    if arguments.flag("heard") {
      return try runHeard(arguments, console, format: format, characters: characters)
    }
    if let text = arguments.positionals.first {
      throw UsageError(
        description: "Unexpected argument '\(text)': TEXT is read only with --heard.")
    }
    if arguments.flag("alternatives") {
      throw UsageError(description: "--alternatives is read only with --heard.")
    }
    let limit = try arguments.number("limit", in: 1...100_000) ?? 100
    let registry = try VocabularyRegistry.load(
      directory: VocabularyOption.directory(arguments),
      locale: try VocabularyOption.validatedLocale(arguments))
    let errors = registry.diagnostics.filter { $0.severity == .error }
    if !errors.isEmpty {
      console.error(
        "warning: the vocabulary has \(errors.count) error(s); see 'vocab lint'. What could be read is used."
      )
    }
    let hints = RecognizerHints(registry: registry)
    switch format {
    case "whisper":
      let prompt = hints.whisperPrompt(maximumCharacters: characters)
      console.output(try JSONOutput.pretty(WhisperHints(initialPrompt: prompt, hotwords: prompt)))
    case "json":
      console.output(try JSONOutput.pretty(hints))
    default:
      console.output(try JSONOutput.pretty(hints.contextualStrings(limit: limit)))
    }
    return 0
  }

  /// `--heard`: for each text a first pass heard, the app names and the phrases it may have
  /// misheard.
  static func runHeard(
    _ arguments: ParsedArguments, _ console: Console, format: String, characters: Int
  ) throws -> Int32 {
    let limit = try arguments.number("limit", in: 0...1000) ?? 15
    let vocabulary = try VocabularyOption.compile(arguments, console)
    let batch = arguments.positionals.isEmpty
    var failed = 0
    for (index, text) in try console.texts(arguments).enumerated() {
      let phrases: [String]
      do {
        phrases =
          arguments.flag("alternatives")
          ? try vocabulary.hintPhrases(
            heardAlternatives: text.components(separatedBy: " | "), limit: limit)
          : try vocabulary.hintPhrases(heard: text, limit: limit)
      } catch let error as Router.UtteranceTooLong where batch {
        // As `vocab route` does: the bad line is reported, its place holds an error object,
        // and the rest are answered.
        failed += 1
        console.error("error: standard input line \(index + 1): \(error)")
        console.output(try JSONOutput.line(["line": "\(index + 1)", "error": error.description]))
        continue
      }
      var line = HeardHints(heard: text)
      switch format {
      case "whisper":
        let prompt = RecognizerHints.whisperPrompt(phrases, maximumCharacters: characters)
        line.initialPrompt = prompt
        line.hotwords = prompt
      case "json":
        line.phrases = phrases
      default:
        line.contextualStrings = phrases
      }
      console.output(try JSONOutput.line(line))
    }
    if failed > 0 {
      console.error("error: \(failed) line(s) not answered")
      return 1
    }
    return 0
  }
}
