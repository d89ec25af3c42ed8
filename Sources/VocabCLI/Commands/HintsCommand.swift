import Foundation
import VocabKit

/// `vocab hints`: the vocabulary as recognizers accept it, so that they hear its names.
enum HintsCommand {
  static let formats = ["apple", "whisper", "json"]

  static let command = Subcommand(
    name: "hints",
    abstract:
      "Print recognizer hints: contextual strings, a Whisper prompt, phrases and templates.",
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
      """,
    options: [
      VocabularyOption.option, VocabularyOption.locale,
      .value("format", "F", help: "apple, whisper or json (default apple)."),
      .value("limit", "N", help: "With apple: at most N phrases (default 100)."),
      .value("characters", "N", help: "With whisper: at most N characters (default 600)."),
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

  static func run(_ arguments: ParsedArguments, _ console: Console) throws -> Int32 {
    let format = arguments.value("format") ?? "apple"
    guard formats.contains(format) else {
      var message = "Unknown format '\(format)'; expected apple, whisper or json."
      if let suggestion = Suggestion.closest(to: format, in: formats) {
        message += " Did you mean '\(suggestion)'?"
      }
      throw UsageError(description: message)
    }
    let limit = try arguments.number("limit", in: 1...100_000) ?? 100
    let characters = try arguments.number("characters", in: 1...100_000) ?? 600
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
}
