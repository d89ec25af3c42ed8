import Foundation

/// One option a subcommand accepts.
struct OptionSpecification: Sendable {
  enum Kind: Sendable {
    /// A switch such as `--json`.
    case flag
    /// An option with one value, such as `--vocab DIR`; the last one given wins.
    case value(name: String)
    /// An option that may repeat, such as `--type T`.
    case repeatedValue(name: String)
  }

  var name: String
  var kind: Kind
  var help: String

  static func flag(_ name: String, help: String) -> Self {
    Self(name: name, kind: .flag, help: help)
  }
  static func value(_ name: String, _ valueName: String, help: String) -> Self {
    Self(name: name, kind: .value(name: valueName), help: help)
  }
  static func repeated(_ name: String, _ valueName: String, help: String) -> Self {
    Self(name: name, kind: .repeatedValue(name: valueName), help: help)
  }

  var takesValue: Bool {
    if case .flag = kind { return false }
    return true
  }

  /// How the option reads in help: `--vocab DIR`.
  var synopsis: String {
    switch kind {
    case .flag: return "--\(name)"
    case .value(let value), .repeatedValue(let value): return "--\(name) \(value)"
    }
  }
}

/// A mistake in how the command was called; printed with the usage and exit code 64.
struct UsageError: Error, CustomStringConvertible {
  var description: String
}

/// A failure while doing the work; printed to standard error with exit code 1.
struct CommandFailure: Error, CustomStringConvertible {
  var description: String

  /// Fails unless `file` exists and is not a folder; `kind` names it ("corpus file").
  static func checkInputFile(_ file: String, kind: String) throws(CommandFailure) {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: file, isDirectory: &isFolder) else {
      throw CommandFailure(description: "\(file): no such \(kind)")
    }
    guard !isFolder.boolValue else {
      throw CommandFailure(description: "\(file): is a folder, not a \(kind)")
    }
  }
}
