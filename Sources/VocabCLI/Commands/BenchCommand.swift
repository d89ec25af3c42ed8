import Foundation
import VocabKit
import VocabKitBenchmarks

/// `vocab bench`: normalization, matching and routing speed (not a test: numbers to read).
enum BenchCommand {
  static let command = Subcommand(
    name: "bench",
    abstract: "Measure normalization, matching and routing speed and matching accuracy.",
    discussion: """
      Suites (default: normalize, match and route):
        normalize  median µs per utterance of Benchmarks/normalization-utterances.txt, by
                   language.
        match      generated vocabularies of --entries names and queries of 4-12 words with
                   0-2 edits or a word-boundary change: compile time, index size, top-1,
                   median and p99 µs; then every query on 1 thread and on --threads threads
                   sharing the index (queries a second, and a check that every thread gave
                   the single-threaded answers).
        route      the hand-written corpus over the sample vocabulary, or --corpus over
                   --vocab: each line's median of 3 interleaved passes; with --entries
                   also "call …" requests over a generated messenger of that many
                   contacts (top-1: the right contact).
        load       a generated app of --entries contact names, loaded and compiled from its
                   plists (median of 3) and loaded from its compiled cache (median of 5);
                   then the --vocab vocabulary's intent model trained (median of 3).
        scaling    normalizing and matching texts of 1,000 to 1,000,000 characters: the time
                   per 1,000 characters should stay flat; then routing worst cases of the
                   longest routed length over --vocab.
        directory  contact directories of --entries people drawn by frequency from the
                   1990 US Census (Benchmarks/census), queried as recognizers write names
                   (sound-alike spellings, split and joined words, a surname or first name
                   alone): median, p99 and top-1 by kind, then through vocab score over
                   standard input.
      Build with -c release: debug timings mean nothing. --export DIR writes the generated
      match data for Benchmarks/peers.py.
      """,
    options: [
      .repeated(
        "suite", "NAME",
        help:
          "normalize, match, route, load, scaling or directory; may repeat (default: the first three)."
      ),
      .repeated(
        "entries", "N", help: "Vocabulary sizes for the match and load suites (default 10000)."),
      .value("queries", "N", help: "Queries per size (default 1000)."),
      .value("seed", "S", help: "Random seed for generated data (default 1)."),
      .value("show-failures", "N", help: "Print N missed match queries."),
      .value("min-top1", "X", help: "Fail when a match suite's top-1 is below X (a CI gate)."),
      .value(
        "threads", "N",
        help: "Threads for the match suite's throughput run (default: the number of cores)."),
      .value("export", "DIR", help: "Write vocab-N.tsv and queries-N.jsonl for peers.py."),
      .value(
        "census", "DIR",
        help: "The census name lists for the directory suite (default: Benchmarks/census)."),
      VocabularyOption.option, VocabularyOption.cache,
      .value(
        "corpus", "FILE",
        help: "The route suite's utterances (default: corpora/handwritten/handwritten.jsonl)."),
      .flag("json", help: "Print one JSON object a line per result."),
    ],
    run: run)

  static func run(_ arguments: ParsedArguments, _ console: Console) throws -> Int32 {
    let suites = try suites(arguments)
    let queryCount = try arguments.number("queries", in: 1...1_000_000) ?? 1000
    let seed = try arguments.number("seed", in: UInt64(0)...UInt64.max) ?? 1
    let sizes = try sizes(arguments)
    var results: [Benchmark.Result] = []
    func emit(_ result: Benchmark.Result) throws {
      results.append(result)
      if arguments.flag("json") {
        console.output(try JSONOutput.line(result))
        return
      }
      console.output(line(result))
    }
    // The --vocab directory as given, naming the route and load suites' results.
    let vocabularyName = arguments.value("vocab") ?? "vocab"
    if suites.contains("normalize") { try Benchmark.normalizeSuite(emit) }
    let minimumTopOne = try arguments.number("min-top1", in: 0.0...1.0)
    if suites.contains("match") {
      let threads =
        try arguments.number("threads", in: 1...256) ?? ProcessInfo.processInfo.activeProcessorCount
      for size in sizes {
        try Benchmark.matchSuite(
          entries: size, queries: queryCount, seed: seed, export: arguments.value("export"),
          failures: try arguments.number("show-failures", in: 0...10_000) ?? 0,
          threads: threads, miss: { console.output($0) }, emit)
      }
    }
    if suites.contains("route") {
      let corpus = arguments.value("corpus") ?? "corpora/handwritten/handwritten.jsonl"
      try CommandFailure.checkInputFile(corpus, kind: "corpus file")
      try Benchmark.routeSuite(
        try VocabularyOption.compile(arguments, console),
        name: "\(vocabularyName) vocabulary, \(URL(fileURLWithPath: corpus).lastPathComponent)",
        corpus: corpus, emit)
      for size in arguments.allValues("entries").isEmpty ? [] : sizes {
        try Benchmark.routeGeneratedSuite(entries: size, queries: queryCount, seed: seed, emit)
      }
    }
    if suites.contains("scaling") {
      try Benchmark.scalingSuite(emit)
      try Benchmark.routeWorstCaseSuite(try VocabularyOption.compile(arguments, console), emit)
    }
    if suites.contains("directory") {
      for size in sizes {
        try Benchmark.directorySuite(
          entries: size, queries: queryCount, seed: seed,
          census: arguments.value("census") ?? "Benchmarks/census",
          executable: URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL,
          export: arguments.value("export"), emit)
      }
    }
    if suites.contains("load") {
      for size in sizes { try Benchmark.loadSuite(entries: size, seed: seed, emit) }
      try Benchmark.trainingSuite(
        try VocabularyOption.compile(arguments, console),
        name: vocabularyName, emit)
    }
    if let minimumTopOne {
      for result in results where result.suite == "match" {
        if let top1 = result.top1, top1 < minimumTopOne {
          console.error("error: match \(result.name): top-1 \(format2(top1)) < \(minimumTopOne)")
          return 1
        }
      }
    }
    return 0
  }

  /// The `--suite` names, each checked (default: normalize, match and route).
  static func suites(_ arguments: ParsedArguments) throws -> [String] {
    let known = ["normalize", "match", "route", "load", "scaling", "directory"]
    var suites = arguments.allValues("suite")
    for suite in suites where !known.contains(suite) {
      var message = "Unknown suite '\(suite)'."
      if let suggestion = Suggestion.closest(to: suite, in: known) {
        message += " Did you mean '\(suggestion)'?"
      }
      throw UsageError(description: message)
    }
    if suites.isEmpty { suites = ["normalize", "match", "route"] }
    return suites
  }

  /// The `--entries` sizes, each checked (default: 10,000).
  static func sizes(_ arguments: ParsedArguments) throws -> [Int] {
    var sizes: [Int] = []
    for text in arguments.allValues("entries") {
      guard let size = Int(text), (1...10_000_000).contains(size) else {
        throw UsageError(
          description: "Invalid value '\(text)' for '--entries': expected 1 to 10000000.")
      }
      sizes.append(size)
    }
    if sizes.isEmpty { sizes = [10_000] }
    return sizes
  }

  /// One result as a line of text: medians, then what the suite measured besides.
  static func line(_ result: Benchmark.Result) -> String {
    var line =
      "\(result.suite) \(result.name): n=\(result.count) median \(format2(result.medianMicroseconds)) µs, p99 \(format2(result.p99Microseconds)) µs"
    if let top1 = result.top1 { line += ", top-1 \(format2(top1))" }
    if let compile = result.compileSeconds { line += ", compile \(format2(compile)) s" }
    if let bytes = result.indexBytesPerEntry { line += ", index \(Int(bytes)) B/entry" }
    if let rate = result.microsecondsPerThousandCharacters {
      line += ", \(format2(rate)) µs per 1,000 characters"
    }
    if let threads = result.threads, let rate = result.queriesPerSecond,
      let single = result.singleThreadQueriesPerSecond
    {
      line =
        "\(result.suite) \(result.name): n=\(result.count) 1 thread \(Int(single)) queries/s, "
        + "\(threads) threads \(Int(rate)) queries/s (\(format2(rate / single))×), same answers"
    }
    return line
  }
}
