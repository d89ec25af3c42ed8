import Foundation
import VocabKit

/// `vocab lint`: load errors plus confusable entries, spoofing and borrowed aliases.
enum LintCommand {
  static let command = Subcommand(
    name: "lint",
    abstract: "Check a vocabulary: plist errors, confusable entries, spoofing, borrowed aliases.",
    discussion: """
      Exit status: 0 clean, 1 errors (or warnings with --strict). Notes never fail.
      """,
    options: [
      VocabularyOption.option, VocabularyOption.locale,
      .flag("json", help: "Print one JSON object a line per finding."),
      .flag("strict", help: "Fail on warnings too."),
    ],
    run: run)

  static func run(_ arguments: ParsedArguments, _ console: Console) throws -> Int32 {
    let registry = try VocabularyRegistry.load(
      directory: VocabularyOption.directory(arguments),
      locale: try VocabularyOption.validatedLocale(arguments))
    let findings =
      registry.diagnostics + (try VocabularyLinter(normalizer: Normalizer.shared).lint(registry))
    for finding in findings {
      console.output(arguments.flag("json") ? try JSONOutput.line(finding) : finding.description)
    }
    let errors = findings.filter { $0.severity == .error }.count
    let warnings = findings.filter { $0.severity == .warning }.count
    let notes = findings.filter { $0.severity == .note }.count
    if !arguments.flag("json") {
      var summary = "\(registry.apps.count) apps: \(errors) error(s), \(warnings) warning(s)"
      if notes > 0 { summary += ", \(notes) note(s)" }
      console.output(summary)
    }
    return errors > 0 || (arguments.flag("strict") && warnings > 0) ? 1 : 0
  }
}
