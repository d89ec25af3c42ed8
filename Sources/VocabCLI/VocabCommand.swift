import Foundation

/// The `vocab` command: finds subcommands, prints help and maps errors to exit codes.
enum VocabCommand {
  static let version = "0.1.0"

  /// Every subcommand, in the order `vocab --help` lists them.
  static let subcommands: [Subcommand] = [
    NormalizeCommand.command, ScoreCommand.command, RouteCommand.command, EvalCommand.command,
    LintCommand.command, HintsCommand.command, TuneCommand.command, BenchCommand.command,
    ServeCommand.command,
  ]

  static var help: String {
    var lines = [
      "OVERVIEW: Match misrecognized speech against Siri-style vocabularies.", "",
      "USAGE: vocab <subcommand> [options]", "", "SUBCOMMANDS:",
    ]
    let width = subcommands.map { $0.name.count }.max() ?? 0
    for command in subcommands {
      let padding = String(repeating: " ", count: width - command.name.count + 2)
      lines.append("  \(command.name)\(padding)\(command.abstract)")
    }
    lines += [
      "", "OPTIONS:", "  --version  Show the version.", "  --help     Show help information.",
      "", "See 'vocab <subcommand> --help' for the options of each.",
    ]
    return lines.joined(separator: "\n")
  }

  /// Runs the command line; returns the exit code: 0 ok, 1 failure, 64 usage error.
  static func main(_ arguments: [String], console: Console) -> Int32 {
    guard let first = arguments.first else {
      console.error(help)
      return 64
    }
    if first == "--help" || first == "-h" || first == "help" {
      if arguments.count > 1, let command = subcommands.first(where: { $0.name == arguments[1] }) {
        console.output(command.help)
      } else {
        console.output(help)
      }
      return 0
    }
    if first == "--version" {
      console.output(version)
      return 0
    }
    guard let command = subcommands.first(where: { $0.name == first }) else {
      var message = "Error: Unknown subcommand '\(first)'."
      if let suggestion = Suggestion.closest(to: first, in: subcommands.map { $0.name }) {
        message += " Did you mean '\(suggestion)'?"
      }
      console.error(message + "\nSee 'vocab --help'.")
      return 64
    }
    let rest = Array(arguments.dropFirst())
    if rest.contains("--help") || rest.contains("-h") {
      console.output(command.help)
      return 0
    }
    do {
      let parsed = try ParsedArguments(rest, options: command.options)
      return try command.run(parsed, console)
    } catch let error as UsageError {
      console.error("Error: \(error.description)\nUsage: \(command.usage)")
      return 64
    } catch {
      console.error("Error: \(error)")
      return 1
    }
  }
}
