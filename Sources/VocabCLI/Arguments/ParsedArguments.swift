import VocabKitSupport

/// The options and arguments of one command line, checked against a subcommand's options.
struct ParsedArguments {
  private(set) var flags: Set<String> = []
  private(set) var values: [String: [String]] = [:]
  private(set) var positionals: [String] = []

  /// Parses `arguments` (without the program and subcommand names).
  ///
  /// Accepts `--name value`, `--name=value`, and `--` before arguments that start with a
  /// dash. An unknown option is an error that suggests the closest known one.
  init(_ arguments: [String], options: [OptionSpecification]) throws(UsageError) {
    var index = 0
    var onlyPositionals = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
        positionals.append(argument)
        continue
      }
      if argument == "--" {
        onlyPositionals = true
        continue
      }
      var name = String(argument.drop { $0 == "-" })
      var inlineValue: String? = nil
      if let equals = name.firstIndex(of: "=") {
        inlineValue = String(name[name.index(after: equals)...])
        name = String(name[..<equals])
      }
      guard let option = options.first(where: { $0.name == name }) else {
        var message = "Unknown option '\(argument)'."
        if let suggestion = Suggestion.closest(to: name, in: options.map(\.name)) {
          message += " Did you mean '--\(suggestion)'?"
        }
        throw UsageError(description: message)
      }
      guard option.takesValue else {
        if inlineValue != nil {
          throw UsageError(description: "Option '--\(name)' takes no value.")
        }
        flags.insert(name)
        continue
      }
      let value: String
      if let inlineValue {
        value = inlineValue
      } else if index < arguments.count {
        value = arguments[index]
        index += 1
        // `--cache --json` forgot the value: taking "--json" as a file name would write a
        // file of that name.
        if value.hasPrefix("--"), value.count > 2 {
          throw UsageError(
            description:
              "Missing value for '\(option.synopsis)': found the option '\(value)'. "
              + "Write '--\(name)=\(value)' for a value that starts with dashes.")
        }
      } else {
        throw UsageError(description: "Missing value for '\(option.synopsis)'.")
      }
      // An empty path would mean the current folder; no option means nothing by it.
      guard !value.isEmpty else {
        throw UsageError(description: "Empty value for '\(option.synopsis)'.")
      }
      values[name, default: []].append(value)
    }
  }

  func flag(_ name: String) -> Bool { flags.contains(name) }

  /// The last value given for an option.
  func value(_ name: String) -> String? { values[name]?.last }

  /// Every value given for a repeatable option, in order.
  func allValues(_ name: String) -> [String] { values[name] ?? [] }

  /// The value of a numeric option, checked to lie in `range`.
  func number<Number: LosslessStringConvertible & Comparable>(
    _ name: String, in range: ClosedRange<Number>
  ) throws(UsageError) -> Number? {
    guard let text = value(name) else { return nil }
    guard let number = Number(text), range.contains(number) else {
      throw UsageError(
        description:
          "Invalid value '\(text)' for '--\(name)': expected a number from \(range.lowerBound) to \(range.upperBound)."
      )
    }
    return number
  }
}

/// "Did you mean …?" suggestions by edit distance.
enum Suggestion {
  /// The candidate closest to `word`, if it is close enough to be a likely typo.
  static func closest(to word: String, in candidates: [String]) -> String? {
    let scored = candidates.map { ($0, EditDistance.characters(Array(word), Array($0))) }
    guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
    return best.1 <= max(2, word.count / 3) ? best.0 : nil
  }

}
