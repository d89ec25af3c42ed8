import Foundation
import VocabKit
import VocabKitEvaluation
import VocabKitSupport

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
        route      the sample vocabulary and the hand-written corpus; with --entries also
                   "call …" requests over a generated messenger of that many contacts
                   (top-1: the right contact).
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
      .flag("json", help: "Print one JSON object a line per result."),
    ],
    run: run)

  struct Result: Encodable {
    var suite: String
    var name: String
    var count: Int
    var medianMicroseconds: Double
    var p99Microseconds: Double
    var top1: Double?
    var compileSeconds: Double?
    var indexBytesPerEntry: Double?
    var microsecondsPerThousandCharacters: Double? = nil
    var threads: Int? = nil
    var queriesPerSecond: Double? = nil
    var singleThreadQueriesPerSecond: Double? = nil
  }

  static func run(_ arguments: ParsedArguments, _ console: Console) throws -> Int32 {
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
    let queryCount = try arguments.number("queries", in: 1...1_000_000) ?? 1000
    let seed = try arguments.number("seed", in: UInt64(0)...UInt64.max) ?? 1
    var sizes: [Int] = []
    for text in arguments.allValues("entries") {
      guard let size = Int(text), (1...10_000_000).contains(size) else {
        throw UsageError(
          description: "Invalid value '\(text)' for '--entries': expected 1 to 10000000.")
      }
      sizes.append(size)
    }
    if sizes.isEmpty { sizes = [10_000] }
    var results: [Result] = []
    func emit(_ result: Result) throws {
      results.append(result)
      if arguments.flag("json") {
        console.output(try JSONOutput.line(result))
        return
      }
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
      console.output(line)
    }
    if suites.contains("normalize") { try normalizeSuite(emit) }
    let minimumTopOne = try arguments.number("min-top1", in: 0.0...1.0)
    if suites.contains("match") {
      let threads =
        try arguments.number("threads", in: 1...256) ?? ProcessInfo.processInfo.activeProcessorCount
      for size in sizes {
        try matchSuite(
          entries: size, queries: queryCount, seed: seed, export: arguments.value("export"),
          failures: try arguments.number("show-failures", in: 0...10_000) ?? 0,
          threads: threads, emit)
      }
    }
    if suites.contains("route") {
      try routeSuite(arguments, console, emit)
      for size in arguments.allValues("entries").isEmpty ? [] : sizes {
        try routeGeneratedSuite(entries: size, queries: queryCount, seed: seed, emit)
      }
    }
    if suites.contains("scaling") {
      try scalingSuite(emit)
      try routeWorstCaseSuite(arguments, console, emit)
    }
    if suites.contains("directory") {
      for size in sizes {
        try directorySuite(
          entries: size, queries: queryCount, seed: seed,
          census: arguments.value("census") ?? "Benchmarks/census",
          vocab: arguments.value("vocab") ?? "vocab", export: arguments.value("export"), emit)
      }
    }
    if suites.contains("load") {
      for size in sizes { try loadSuite(entries: size, seed: seed, emit) }
      try trainingSuite(arguments, console, emit)
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

  /// Median and 99th percentile of samples in microseconds.
  static func summary(_ samples: [Double]) -> (Double, Double) {
    let sorted = samples.sorted()
    guard !sorted.isEmpty else { return (0, 0) }
    return (sorted[sorted.count / 2], sorted[min(sorted.count - 1, sorted.count * 99 / 100)])
  }

  static func time(_ body: () throws -> Void) rethrows -> Double {
    try timed(body).microseconds
  }

  /// The microseconds `body` takes, and its result, released by the caller after the clock
  /// stops (freeing a large vocabulary is not part of loading it).
  static func timed<Value>(_ body: () throws -> Value) rethrows -> (
    microseconds: Double, value: Value
  ) {
    let start = ContinuousClock.now
    let value = try body()
    let elapsed = ContinuousClock.now - start
    let microseconds =
      Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12
    return (microseconds, value)
  }

  static func normalizeSuite(_ emit: (Result) throws -> Void) throws {
    let file = "Benchmarks/normalization-utterances.txt"
    guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
      throw CommandFailure(description: "\(file): cannot read (run from the package root)")
    }
    var byLanguage: [String: [String]] = [:]
    for line in text.split(separator: "\n") where !line.hasPrefix("#") {
      let parts = line.split(separator: "\t", maxSplits: 1)
      if parts.count == 2 { byLanguage[String(parts[0]), default: []].append(String(parts[1])) }
    }
    let normalizer = try Normalizer.shared
    for language in byLanguage.keys.sorted() {
      let utterances = byLanguage[language]!
      for utterance in utterances { _ = try normalizer.normalize(utterance) }  // warm caches
      var samples: [Double] = []
      for _ in 0..<50 {
        for utterance in utterances {
          samples.append(try time { _ = try normalizer.normalize(utterance) })
        }
      }
      let (median, p99) = summary(samples)
      try emit(
        Result(
          suite: "normalize", name: language, count: samples.count, medianMicroseconds: median,
          p99Microseconds: p99))
    }
  }

  static func matchSuite(
    entries size: Int, queries: Int, seed: UInt64, export: String?, failures: Int,
    threads: Int, _ emit: (Result) throws -> Void
  ) throws {
    var generator = GeneratedVocabulary(seed: seed)
    let entries = generator.entries(size)
    let cases = generator.queries(queries, over: entries)
    if let export {
      try FileManager.default.createDirectory(
        atPath: export, withIntermediateDirectories: true)
      let vocabulary = entries.map { "\($0.identifier)\t\($0.phrases[0].text)" }
        .joined(separator: "\n")
      try AtomicFile.write(vocabulary + "\n", to: "\(export)/vocab-\(size).tsv")
      let lines = try cases.map {
        try JSONOutput.line(["text": $0.text, "expect_id": $0.identifier])
      }
      try AtomicFile.write(
        lines.joined(separator: "\n") + "\n", to: "\(export)/queries-\(size).jsonl")
    }
    let normalizer = try Normalizer.shared
    var index: MatchIndex? = nil
    let compile = try time { index = try MatchIndex(entries: entries, normalizer: normalizer) }
    var samples: [Double] = []
    var right = 0
    var showFailures = failures
    for query in cases {
      var best: Match? = nil
      samples.append(try time { best = try index!.matches(in: query.text, limit: 1).first })
      if best?.identifier == query.identifier {
        right += 1
      } else if showFailures > 0 {
        showFailures -= 1
        let expected = entries[Int(query.identifier.dropFirst())!].phrases[0].text
        // Where the expected entry stood, to tell a missed candidate from a scoring loss.
        let all = try index!.matches(in: query.text, limit: 1000, cutoff: 0)
        let rank = all.firstIndex { $0.identifier == query.identifier }
        let standing =
          rank.map { "expected rank \($0 + 1) at '\(all[$0].text)' \(format2(all[$0].score))" }
          ?? "expected not a candidate"
        print(
          "miss: '\(query.text)' expected '\(expected)' got '\(best?.phrase ?? "-")' "
            + "at '\(best?.text ?? "")' \(best.map { format2($0.score) } ?? ""); \(standing)")
      }
    }
    let (median, p99) = summary(samples)
    try emit(
      Result(
        suite: "match", name: "\(size) entries", count: cases.count, medianMicroseconds: median,
        p99Microseconds: p99, top1: Double(right) / Double(max(cases.count, 1)),
        compileSeconds: compile / 1e6,
        indexBytesPerEntry: Double(index!.approximateIndexBytes) / Double(size)))

    // Throughput: every query on one thread, then spread over `threads` threads that share
    // the index; the best of three runs each, and every answer checked against one thread's.
    let texts = cases.map(\.text)
    var single: (seconds: Double, answers: [String?]) = (.infinity, [])
    var parallel: (seconds: Double, answers: [String?]) = (.infinity, [])
    for _ in 0..<3 {
      let one = try throughput(index!, texts, threads: 1)
      if one.seconds < single.seconds { single = one }
      let many = try throughput(index!, texts, threads: threads)
      if many.seconds < parallel.seconds { parallel = many }
      guard one.answers == single.answers, many.answers == single.answers else {
        throw CommandFailure(
          description: "match \(size) entries: \(threads) threads gave other answers than 1")
      }
    }
    try emit(
      Result(
        suite: "match", name: "\(size) entries throughput", count: texts.count,
        medianMicroseconds: 1e6 * parallel.seconds / Double(max(texts.count, 1)),
        p99Microseconds: 1e6 * single.seconds / Double(max(texts.count, 1)), threads: threads,
        queriesPerSecond: Double(texts.count) / parallel.seconds,
        singleThreadQueriesPerSecond: Double(texts.count) / single.seconds))
  }

  /// Runs every text through `index` on `threads` threads (thread *k* takes texts *k*,
  /// *k* + `threads`, …): the wall time in seconds and each text's best identifier.
  static func throughput(_ index: MatchIndex, _ texts: [String], threads: Int) throws -> (
    seconds: Double, answers: [String?]
  ) {
    let answers = Locked([String?](repeating: nil, count: texts.count))
    let failure = Locked<(any Error)?>(nil)
    let microseconds = time {
      DispatchQueue.concurrentPerform(iterations: threads) { thread in
        var mine: [(Int, String?)] = []
        for position in stride(from: thread, to: texts.count, by: threads) {
          do {
            mine.append(
              (position, try index.matches(in: texts[position], limit: 1).first?.identifier))
          } catch {
            failure.withLock { $0 = error }
            return
          }
        }
        answers.withLock { for (position, answer) in mine { $0[position] = answer } }
      }
    }
    if let error = failure.withLock({ $0 }) { throw error }
    return (microseconds / 1e6, answers.withLock { $0 })
  }

  /// Fails when a generated vocabulary did not load whole (a plist over the size limit): a
  /// time measured on what is left would be meaningless.
  static func requireNoErrors(_ vocabulary: CompiledVocabulary) throws {
    if let error = vocabulary.registry.diagnostics.first(where: { $0.severity == .error }) {
      throw CommandFailure(description: "the generated vocabulary did not load: \(error)")
    }
  }

  /// Loads a generated app of `size` contact names from its plists and from the cache.
  static func loadSuite(entries size: Int, seed: UInt64, _ emit: (Result) throws -> Void) throws {
    let root = try temporaryDirectory("vocabkit-load-\(size)")
    defer { try? FileManager.default.removeItem(at: root) }
    var generator = GeneratedVocabulary(seed: seed)
    try GeneratedVocabulary.writeApp(
      at: root.appendingPathComponent("vocab/Generated.app"), name: "Generated",
      contacts: generator.entries(size))
    let directory = root.appendingPathComponent("vocab")
    let cache = root.appendingPathComponent("vocab.cache")
    var fromPlists: [Double] = []
    for _ in 0..<3 {
      let (microseconds, loaded) = try timed { try CompiledVocabulary.load(directory: directory) }
      try requireNoErrors(loaded)
      fromPlists.append(microseconds)
    }
    let (_, outcome) = try CompiledVocabulary.load(directory: directory, cache: cache)
    guard outcome.wroteCache else { throw CommandFailure(description: "\(outcome)") }
    var fromCache: [Double] = []
    for _ in 0..<5 {
      let (microseconds, loaded) = try timed {
        try CompiledVocabulary.load(directory: directory, cache: cache)
      }
      fromCache.append(microseconds)
      guard loaded.outcome.usedCache else {
        throw CommandFailure(description: "the fresh cache was not used")
      }
    }
    let bytes = (try? FileManager.default.attributesOfItem(atPath: cache.path)[.size] as? Int) ?? 0
    try emit(
      Result(
        suite: "load", name: "\(size) entries from plists", count: fromPlists.count,
        medianMicroseconds: summary(fromPlists).0, p99Microseconds: fromPlists.max() ?? 0))
    try emit(
      Result(
        suite: "load", name: "\(size) entries from cache (\(bytes / 1024) KiB)",
        count: fromCache.count, medianMicroseconds: summary(fromCache).0,
        p99Microseconds: fromCache.max() ?? 0))
  }

  /// Trains the `--vocab` vocabulary's intent model three times (compiling does it once).
  static func trainingSuite(
    _ arguments: ParsedArguments, _ console: Console, _ emit: (Result) throws -> Void
  ) throws {
    let vocabulary = try VocabularyOption.compile(arguments, console)
    var times: [Double] = []
    var intents = 0
    for _ in 0..<3 {
      let (microseconds, count) = try timed { try vocabulary.trainIntentModel() }
      times.append(microseconds)
      intents = count
    }
    try emit(
      Result(
        suite: "load",
        name: "intent model of \(intents) intents trained (\(arguments.value("vocab") ?? "vocab"))",
        count: times.count, medianMicroseconds: summary(times).0,
        p99Microseconds: times.max() ?? 0))
  }

  /// Routes generated "call …" requests over a messenger app with `size` contact names.
  static func routeGeneratedSuite(
    entries size: Int, queries: Int, seed: UInt64, _ emit: (Result) throws -> Void
  ) throws {
    let root = try temporaryDirectory("vocabkit-route-\(size)")
    defer { try? FileManager.default.removeItem(at: root) }
    var generator = GeneratedVocabulary(seed: seed)
    let entries = generator.entries(size)
    try GeneratedVocabulary.writeApp(
      at: root.appendingPathComponent("Talk.app"), name: "Talk", contacts: entries,
      callExamples: ["call ${contacts}", "phone ${contacts} in ${applicationName}"])
    let router = Router(vocabulary: try CompiledVocabulary.load(directory: root))
    try requireNoErrors(router.vocabulary)
    var samples: [Double] = []
    var right = 0
    for query in generator.queries(queries, over: entries) {
      // The generated name (with its edits) after "call": "call <name> now".
      let text =
        "call "
        + query.text.split(separator: " ").filter {
          !GeneratedVocabulary.before.contains(String($0))
            && !GeneratedVocabulary.after.contains(String($0))
        }.joined(separator: " ")
      var result: RouteResult? = nil
      samples.append(try time { result = try router.route(text) })
      // Contacts are their own identifiers: "e12" is entry 12's name.
      let expected = entries[Int(query.identifier.dropFirst())!].phrases[0].text
      if result?.slot("contacts")?.value == expected { right += 1 }
    }
    let (median, p99) = summary(samples)
    try emit(
      Result(
        suite: "route", name: "\(size) contacts", count: samples.count,
        medianMicroseconds: median, p99Microseconds: p99,
        top1: Double(right) / Double(max(samples.count, 1))))
  }

  /// Time against input length: normalization and matching should grow linearly.
  static func scalingSuite(_ emit: (Result) throws -> Void) throws {
    let normalizer = try Normalizer.shared
    var generator = GeneratedVocabulary(seed: 7)
    let index = try MatchIndex(entries: generator.entries(10_000), normalizer: normalizer)
    let sentence = "please add milk to my inbox and call alex kim about the deep focus playlist "
    for size in [1_000, 10_000, 100_000, 1_000_000] {
      let text = String(String(repeating: sentence, count: size / sentence.count + 1).prefix(size))
      var normalize: [Double] = []
      var match: [Double] = []
      for _ in 0..<(size >= 1_000_000 ? 3 : 5) {
        normalize.append(try time { _ = try normalizer.normalize(text) })
        match.append(try time { _ = try index.matches(in: text, limit: 5) })
      }
      let thousands = Double(size) / 1000
      try emit(
        Result(
          suite: "scaling", name: "normalize \(size) characters", count: normalize.count,
          medianMicroseconds: summary(normalize).0, p99Microseconds: normalize.max() ?? 0,
          microsecondsPerThousandCharacters: summary(normalize).0 / thousands))
      try emit(
        Result(
          suite: "scaling", name: "match \(size) characters over 10k entries", count: match.count,
          medianMicroseconds: summary(match).0, p99Microseconds: match.max() ?? 0,
          microsecondsPerThousandCharacters: summary(match).0 / thousands))
    }
  }

  /// Utterances of the longest routed length that are worst cases for alignment: one-letter
  /// words, a name said over and over, and unbroken text in each first-class script.
  static let worstCaseUtterances: [(name: String, unit: String)] = [
    ("one-letter words", "a "), ("a contact's name", "alex kim "), ("digits", "7 "),
    ("one long word", "a"), ("Chinese", "播放破冰行动大结局"), ("Thai", "เพิ่มนมในรายการ"),
    ("Hindi", "राहुल को फ़ोन करो "), ("Russian", "позвони алексу "),
  ]

  /// Routes each worst-case utterance at ``Router/maximumUtteranceLength`` scalars over the
  /// `--vocab` vocabulary: routing time must stay near-linear in the utterance's length.
  static func routeWorstCaseSuite(
    _ arguments: ParsedArguments, _ console: Console, _ emit: (Result) throws -> Void
  ) throws {
    let router = Router(vocabulary: try VocabularyOption.compile(arguments, console))
    let length = Router.maximumUtteranceLength
    for (name, unit) in worstCaseUtterances {
      let repeated = String(repeating: unit, count: length / unit.unicodeScalars.count + 1)
      let text = String(String.UnicodeScalarView(repeated.unicodeScalars.prefix(length)))
      var samples: [Double] = []
      for _ in 0..<3 { samples.append(try time { _ = try router.route(text) }) }
      try emit(
        Result(
          suite: "scaling", name: "route \(length) characters: \(name)", count: samples.count,
          medianMicroseconds: summary(samples).0, p99Microseconds: samples.max() ?? 0))
    }
  }

  static func routeSuite(
    _ arguments: ParsedArguments, _ console: Console, _ emit: (Result) throws -> Void
  ) throws {
    let vocabulary = try VocabularyOption.compile(arguments, console)
    let router = Router(vocabulary: vocabulary)
    let corpus = try Corpus.read(
      URL(fileURLWithPath: "corpora/handwritten/handwritten.jsonl"), file: "handwritten.jsonl")
    var samples: [Double] = []
    for line in corpus.lines {
      samples.append(try time { _ = try router.route(line.text) })
    }
    let (median, p99) = summary(samples)
    try emit(
      Result(
        suite: "route", name: "sample vocabulary", count: samples.count,
        medianMicroseconds: median, p99Microseconds: p99))
  }
}

extension AtomicFile {
  /// Writes `text` to `path` atomically, failing as a command does.
  static func write(_ text: String, to path: String) throws {
    do {
      try write(text, to: URL(fileURLWithPath: path))
    } catch {
      throw CommandFailure(description: "\(path): cannot write: \(error.reason)")
    }
  }
}
