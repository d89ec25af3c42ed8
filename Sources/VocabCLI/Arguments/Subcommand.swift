import Foundation

/// A `vocab` subcommand: its name, help, options and work.
struct Subcommand: Sendable {
  var name: String
  /// One line for the list of subcommands.
  var abstract: String
  /// Positional arguments as shown in the usage line, such as `[TEXT ...]`.
  var arguments: String = ""
  /// More help text, shown by `vocab NAME --help`.
  var discussion: String = ""
  var options: [OptionSpecification]
  /// Does the work; returns the exit code.
  var run: @Sendable (ParsedArguments, Console) throws -> Int32

  var usage: String {
    let optionList = options.map { "[\($0.synopsis)]" }.joined(separator: " ")
    return ["vocab", name, optionList, arguments].filter { !$0.isEmpty }.joined(separator: " ")
  }

  var help: String {
    var lines = ["OVERVIEW: \(abstract)", "", "USAGE: \(usage)"]
    if !discussion.isEmpty { lines += ["", discussion] }
    lines += ["", "OPTIONS:"]
    let all = options + [.flag("help", help: "Show help information.")]
    let width = all.map { $0.synopsis.count }.max() ?? 0
    for option in all {
      let padding = String(repeating: " ", count: width - option.synopsis.count + 2)
      lines.append("  \(option.synopsis)\(padding)\(option.help)")
    }
    return lines.joined(separator: "\n")
  }
}

/// Standard output, standard error and standard input, so tests can drive commands.
final class Console {
  var output: (String) -> Void = { print($0) }
  var error: (String) -> Void = { message in
    FileHandle.standardError.write(Data((message + "\n").utf8))
  }
  /// Sends what was written to standard output on its way (a server's answer must not wait
  /// in a buffer while its client waits for it). `fflush(nil)` flushes every output stream.
  var flushOutput: () -> Void = { fflush(nil) }
  /// Writes to standard error without a newline (progress bars).
  var errorInline: (String) -> Void = { text in FileHandle.standardError.write(Data(text.utf8)) }
  /// Lines of standard input, read lazily.
  var inputLines: () -> AnySequence<String> = {
    AnySequence(sequence(state: ()) { _ in readLine(strippingNewline: true) })
  }
  /// True when standard error is a terminal (progress bars are drawn only then).
  var errorIsTerminal: Bool = isatty(2) != 0
  /// True when standard input is a terminal (then no utterances are read from it).
  var inputIsTerminal: Bool = isatty(0) != 0

  /// The texts to work on: the positional arguments joined into one, or else standard input
  /// one line at a time.
  func texts(_ arguments: ParsedArguments) throws(UsageError) -> AnySequence<String> {
    if !arguments.positionals.isEmpty {
      return AnySequence([arguments.positionals.joined(separator: " ")])
    }
    if inputIsTerminal {
      throw UsageError(description: "Missing TEXT: give it as arguments or on standard input.")
    }
    return inputLines()
  }
}
