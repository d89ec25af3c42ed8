import Foundation
import VocabKit
import VocabKitNormalization

/// The `--vocab DIR` option shared by the commands that read a vocabulary.
enum VocabularyOption {
  static let option = OptionSpecification.value(
    "vocab", "DIR", help: "The vocabulary directory (default: ./vocab).")
  static let cache = OptionSpecification.value(
    "cache", "FILE",
    help: "A compiled cache of the vocabulary: used when it matches the plists, rebuilt otherwise.")
  static let locale = OptionSpecification.value(
    "locale", "L", help: "Read each app's .lproj for this locale (zh-Hans, ru …); default all.")

  static func directory(_ arguments: ParsedArguments) -> URL {
    URL(fileURLWithPath: arguments.value("vocab") ?? "vocab")
  }

  /// Loads and compiles the vocabulary; load errors are printed to standard error.
  static func compile(_ arguments: ParsedArguments, _ console: Console) throws
    -> CompiledVocabulary
  {
    let vocabulary = try load(arguments, console)
    // Kept until the process exits: freeing a large vocabulary object by object takes longer
    // than answering (0.1 s of a 0.2 s run at 100,000 contacts), and exit frees it at once.
    keptUntilExit.withLock { $0.append(vocabulary) }
    return vocabulary
  }

  private static let keptUntilExit = Locked<[CompiledVocabulary]>([])

  private static func load(_ arguments: ParsedArguments, _ console: Console) throws
    -> CompiledVocabulary
  {
    if let cache = arguments.value("cache") {
      let (vocabulary, outcome) = try CompiledVocabulary.load(
        directory: directory(arguments), locale: arguments.value("locale"),
        cache: URL(fileURLWithPath: cache))
      if !outcome.usedCache { console.error("note: \(outcome)") }
      return vocabulary
    }
    let registry = try VocabularyRegistry.load(
      directory: directory(arguments), locale: arguments.value("locale"))
    let errors = registry.diagnostics.filter { $0.severity == .error }
    if !errors.isEmpty {
      console.error(
        "warning: the vocabulary has \(errors.count) error(s); see 'vocab lint'. What could be read is used."
      )
    }
    return try CompiledVocabulary(registry: registry)
  }
}
