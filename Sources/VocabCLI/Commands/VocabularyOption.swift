import Foundation
import VocabKit
import VocabKitNormalization
import VocabKitSupport

/// The `--vocab DIR` option shared by the commands that read a vocabulary.
enum VocabularyOption {
  static let option = OptionSpecification.value(
    "vocab", "DIR", help: "The vocabulary directory (default: ./vocab).")
  static let cache = OptionSpecification.value(
    "cache", "FILE",
    help: "A compiled cache of the vocabulary: used when it matches the plists, rebuilt otherwise.")
  static let modelSeed = OptionSpecification.value(
    "model-seed", "N",
    help:
      "Learn the intent model from seed N, not the standard one (0): how much a result hangs on it. Not with --cache."
  )
  static let locale = OptionSpecification.value(
    "locale", "L", help: "Read each app's .lproj for this locale (zh-Hans, ru …); default all.")

  static func directory(_ arguments: ParsedArguments) -> URL {
    URL(fileURLWithPath: arguments.value("vocab") ?? "vocab")
  }

  /// Loads and compiles the vocabulary; load errors are printed to standard error.
  static func compile(_ arguments: ParsedArguments, _ console: Console) throws
    -> CompiledVocabulary
  {
    let locale = try validatedLocale(arguments)
    let vocabulary = try load(arguments, console)
    if let locale, locale != "Base", !vocabulary.hasTemplates(inLanguage: locale) {
      console.error(
        "warning: no app has example phrases for locale '\(locale)'; each app is routed with "
          + "its Base (English) phrases")
    }
    // Kept until the process exits: freeing a large vocabulary object by object takes longer
    // than answering (0.1 s of a 0.2 s run at 100,000 contacts), and exit frees it at once.
    keptUntilExit.withLock { $0.append(vocabulary) }
    return vocabulary
  }

  private static let keptUntilExit = Locked<[CompiledVocabulary]>([])

  /// The `--locale` value, checked to be a locale identifier (`zh-Hans`, `pt_BR`, `Base`):
  /// a language of two or three letters, then subtags of 2 to 8 letters or digits.
  static func validatedLocale(_ arguments: ParsedArguments) throws(UsageError) -> String? {
    guard let locale = arguments.value("locale") else { return nil }
    if locale == "Base" { return locale }
    let parts = locale.split(separator: "-", omittingEmptySubsequences: false).flatMap {
      $0.split(separator: "_", omittingEmptySubsequences: false)
    }
    let isLetters = { (part: Substring) in part.allSatisfy { $0.isASCII && $0.isLetter } }
    let isAlphanumeric = { (part: Substring) in
      part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }
    guard let language = parts.first, (2...3).contains(language.count), isLetters(language),
      parts.dropFirst().allSatisfy({ (2...8).contains($0.count) && isAlphanumeric($0) })
    else {
      throw UsageError(
        description:
          "Invalid value '\(locale)' for '--locale': expected a locale identifier such as "
          + "'en', 'zh-Hans' or 'pt_BR'.")
    }
    return locale
  }

  /// Loads and compiles the vocabulary, through the cache when one is given.
  static func load(_ arguments: ParsedArguments, _ console: Console) throws
    -> CompiledVocabulary
  {
    let modelSeed = try arguments.number("model-seed", in: 0...1_000_000)
    if modelSeed != nil, arguments.value("cache") != nil {
      throw UsageError(
        description:
          "'--model-seed' learns a model of its own and '--cache' holds the standard one: give one of them."
      )
    }
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
    return try CompiledVocabulary(registry: registry, modelSeed: UInt64(modelSeed ?? 0))
  }
}
