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

  static func describe(_ result: RouteResult) -> String {
    var lines = ["\(result.utterance)"]
    guard let intent = result.intent, let app = result.app else {
      if result.appChoice == .unsupported {
        lines.append("  app: '\(result.spokenAppName ?? "")' is not installed (unsupported)")
      } else {
        lines.append("  no intent (best score \(format2(result.score)))")
      }
      return lines.map(\.escapingControlCharacters).joined(separator: "\n")
    }
    lines.append(
      "  \(intent) in \(app) (\(result.appChoice?.rawValue ?? "")), score \(format2(result.score))"
    )
    for slot in result.slots {
      var line = "  \(slot.name): \(slot.resolution)"
      if let value = slot.value { line += " \(value)" }
      if let text = slot.text { line += " from '\(text)'" }
      if slot.resolution == .disambiguation {
        line += " among " + slot.candidates.map(\.identifier).joined(separator: ", ")
      }
      lines.append(line)
    }
    if let media = result.mediaSearch {
      var parts: [String] = []
      if let episode = media.episode { parts.append("episode \(episode)") }
      if let season = media.season { parts.append("season \(season)") }
      if media.latest { parts.append("latest") }
      if media.finale { parts.append("finale") }
      if let type = media.mediaType { parts.append(type) }
      if media.isEmpty { parts.append("empty search: play what is recommended") }
      if !parts.isEmpty { lines.append("  media: " + parts.joined(separator: ", ")) }
    }
    // Each line is one line: what the utterance and the vocabulary hold is escaped.
    return lines.map(\.escapingControlCharacters).joined(separator: "\n")
  }
}
