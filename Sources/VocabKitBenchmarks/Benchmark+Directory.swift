import Foundation
import VocabKitMatching
import VocabKitNormalization
import VocabKitRouting
import VocabKitSupport

#if canImport(Glibc)
  import Glibc
#endif

extension Benchmark {
  /// How a directory query was said.
  enum DirectoryQuery: String, CaseIterable {
    case exact = "exact full name"
    case soundAlike = "sound-alike spelling"
    case split = "a word split in two"
    case joined = "first and last name joined"
    case surnameOnly = "surname only"
    case firstNameOnly = "first name only"
  }

  /// Spellings a recognizer writes for the same sounds, tried in a random order.
  static let soundAlikes: [(String, String)] = [
    ("ph", "f"), ("ck", "k"), ("c", "k"), ("y", "i"), ("ie", "y"), ("ee", "ea"), ("ou", "ow"),
    ("tt", "t"), ("ll", "l"), ("nn", "n"), ("ss", "s"), ("z", "s"), ("s", "z"), ("er", "ur"),
    ("son", "sen"), ("sen", "son"), ("man", "mann"), ("ei", "ie"), ("th", "t"), ("w", "v"),
  ]

  /// Census-drawn contact directories of `size` entries queried as recognizers write names:
  /// each query kind's median and p99 through `MatchIndex.matches` (what `Router` and
  /// `vocab score` call), top-1, and for a first name alone how many answers came back.
  ///
  /// `executable` is the `vocab` binary, timed reading the queries from standard input.
  package static func directorySuite(
    entries size: Int, queries: Int, seed: UInt64, census: String, executable: URL,
    export: String? = nil, _ emit: Emit
  ) throws {
    let first = try CensusNames(contentsOf: census + "/first.txt")
    let last = try CensusNames(contentsOf: census + "/last.txt")
    var generator = SplitMix64(seed: seed)
    var people: [(first: String, last: String)] = []
    var entries: [MatchEntry] = []
    for index in 0..<size {
      let person = (first: first.draw(&generator), last: last.draw(&generator))
      people.append(person)
      entries.append(
        MatchEntry(
          identifier: "c\(index)", type: "contactName",
          phrases: [MatchPhrase(person.first + " " + person.last)], priority: index))
    }
    var byFullName: [String: Int] = [:]
    var byFirst: [String: Int] = [:]
    for person in people {
      byFullName[person.first + " " + person.last, default: 0] += 1
      byFirst[person.first, default: 0] += 1
    }
    let normalizer = try Normalizer.shared
    var index: MatchIndex? = nil
    let compile = try time { index = try MatchIndex(entries: entries, normalizer: normalizer) }
    let largestShare = Double(byFirst.values.max() ?? 0) / Double(size)
    try emit(
      Result(
        suite: "directory",
        name:
          "\(size) census contacts: \(byFullName.count) distinct full names, the commonest first "
          + "name \(twoDecimals(largestShare * 100))% of entries", count: size,
        medianMicroseconds: 0, p99Microseconds: 0, compileSeconds: compile / 1e6))
    let limit = 5
    var lines: [String] = []
    // For Benchmarks/compare_directory.sh: the queries that mean one person, as peers.py
    // reads them (a query is right when its person shares the predicted full name).
    var exported: [String] = []
    for kind in DirectoryQuery.allCases {
      try emit(
        try measure(
          kind, count: max(1, queries / DirectoryQuery.allCases.count), people: people,
          entries: entries, index: index!, limit: limit, exports: export != nil,
          &generator, lines: &lines, exported: &exported))
    }
    if let export {
      try FileManager.default.createDirectory(
        atPath: export, withIntermediateDirectories: true)
      let vocabulary = people.enumerated().map {
        "c\($0.offset)\t\($0.element.first) \($0.element.last)"
      }
      try write(
        vocabulary.joined(separator: "\n") + "\n", to: "\(export)/directory-vocab-\(size).tsv")
      try write(
        exported.joined(separator: "\n") + "\n", to: "\(export)/directory-queries-\(size).jsonl")
    }
    try scoreOverStandardInput(
      entries: entries, lines: lines, size: size, executable: executable, emit)
  }

  /// Queries of `kind` for `count` people drawn from `people`, timed through `index`: their
  /// median, p99 and top-1. Each query's text is added to `lines`, and, when `exports`, the
  /// queries that mean one person to `exported` as JSON lines.
  static func measure(
    _ kind: DirectoryQuery, count: Int, people: [(first: String, last: String)],
    entries: [MatchEntry], index: MatchIndex, limit: Int, exports: Bool,
    _ generator: inout SplitMix64, lines: inout [String], exported: inout [String]
  ) throws -> Result {
    var samples: [Double] = []
    var right = 0
    var answers = 0
    for _ in 0..<count {
      let drawn = generator.next(people.count)
      let person = people[drawn]
      let text = Self.say(person, kind, &generator)
      lines.append(text)
      var found: [Match] = []
      samples.append(try time { found = try index.matches(in: text, limit: limit) })
      if exports, kind != .surnameOnly, kind != .firstNameOnly {
        exported.append(
          try jsonLine(["text": text, "expect_id": "c\(drawn)", "kind": kind.rawValue]))
      }
      answers += found.count
      let top = found.first.map { entries[Int($0.identifier.dropFirst())!] }
      let topPerson = top.map { people[$0.priority] }
      switch kind {
      case .surnameOnly:
        if topPerson?.last == person.last { right += 1 }
      case .firstNameOnly:
        // A bounded list of people of that first name, best first: Siri's "which James?".
        if !found.isEmpty,
          found.allSatisfy({ people[Int($0.identifier.dropFirst())!].first == person.first })
        {
          right += 1
        }
      default:
        if let topPerson, topPerson == person { right += 1 }
      }
    }
    let (median, p99) = summary(samples)
    let answered =
      kind == .firstNameOnly
      ? ", \(twoDecimals(Double(answers) / Double(samples.count))) answers a query (at most \(limit)),"
        + " top-1 = share whose answers all have that first name"
      : ""
    return Result(
      suite: "directory", name: "\(people.count) contacts, \(kind.rawValue)\(answered)",
      count: samples.count, medianMicroseconds: median, p99Microseconds: p99,
      top1: Double(right) / Double(max(samples.count, 1)))
  }

  /// One query of `kind` for `person`, lowercased as recognizers write.
  static func say(
    _ person: (first: String, last: String), _ kind: DirectoryQuery,
    _ generator: inout SplitMix64
  ) -> String {
    let first = person.first.lowercased()
    let last = person.last.lowercased()
    switch kind {
    case .exact: return first + " " + last
    case .soundAlike: return first + " " + respell(last, &generator)
    case .split:
      guard last.count >= 6 else { return first + " " + respell(last, &generator) }
      let cut = last.index(last.startIndex, offsetBy: 2 + generator.next(last.count - 4))
      return first + " " + last[..<cut] + " " + last[cut...]
    case .joined: return first + last
    case .surnameOnly: return last
    case .firstNameOnly: return first
    }
  }

  /// `word` with one sound-alike respelling, or a doubled last letter when none applies.
  static func respell(_ word: String, _ generator: inout SplitMix64) -> String {
    var rules = soundAlikes
    rules.shuffle(using: &generator)
    for (from, to) in rules {
      if let range = word.range(of: from) {
        return word.replacingCharacters(in: range, with: to)
      }
    }
    return word + String(word.last ?? "e")
  }

  /// Times `vocab score` reading the directory's queries from standard input, against the
  /// same process given no queries: the difference over the count is the time a query.
  static func scoreOverStandardInput(
    entries: [MatchEntry], lines: [String], size: Int, executable: URL, _ emit: Emit
  ) throws {
    let root = try temporaryDirectory("vocabkit-directory")
    defer { try? FileManager.default.removeItem(at: root) }
    try GeneratedVocabulary.writeApp(
      at: root.appendingPathComponent("vocab/Directory.app"), name: "Directory",
      contacts: entries, identifiers: true)
    let arguments = [
      "score", "--vocab", root.appendingPathComponent("vocab").path, "--cache",
      root.appendingPathComponent("vocab.cache").path, "--limit", "5",
    ]
    func run(_ input: String) throws -> Double {
      let elapsed = try timeToExit(executable, arguments: arguments, input: Data(input.utf8))
      return Double(elapsed.components.seconds) * 1e6
        + Double(elapsed.components.attoseconds) / 1e12
    }
    _ = try run("")  // Compiles and writes the cache.
    try requireNoErrors(
      CompiledVocabulary.load(directory: root.appendingPathComponent("vocab")))
    // The queries five times over: the start-up varies by tens of milliseconds from run to
    // run, which over 1,200 lines alone would swamp the queries' time.
    let repeats = 5
    let count = lines.count * repeats
    let input = String(repeating: lines.joined(separator: "\n") + "\n", count: repeats)
    var empty: [Double] = []
    var full: [Double] = []
    for _ in 0..<5 {
      empty.append(try run(""))
      full.append(try run(input))
    }
    let start = summary(empty).0
    let perQuery = (summary(full).0 - start) / Double(count)
    try emit(
      Result(
        suite: "directory",
        name: "\(size) contacts through vocab score over stdin (start-up \(Int(start / 1000)) ms, "
          + "median of 5, excluded)", count: count, medianMicroseconds: perQuery,
        p99Microseconds: perQuery))
  }

  /// The time from starting `executable` with `arguments` and `input` on its standard input
  /// (its output thrown away) until it exits, which must be with status 0.
  ///
  /// On Linux the process is started with `posix_spawn` and waited for with `waitpid`:
  /// Foundation's `Process` closes every descriptor up to the limit before it starts the
  /// program and `waitUntilExit()` polls every 50 ms, which together add tens of
  /// milliseconds that are not the program's.
  static func timeToExit(_ executable: URL, arguments: [String], input: Data) throws -> Duration {
    #if canImport(Glibc)
      var pipeEnds: [Int32] = [0, 0]
      guard pipe(&pipeEnds) == 0 else { throw Failure(description: "pipe() failed") }
      var actions = posix_spawn_file_actions_t()
      posix_spawn_file_actions_init(&actions)
      defer { posix_spawn_file_actions_destroy(&actions) }
      posix_spawn_file_actions_adddup2(&actions, pipeEnds[0], 0)
      posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
      posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
      posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
      let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
      defer { for argument in argv { free(argument) } }
      var child: pid_t = 0
      let start = ContinuousClock.now
      let spawned = posix_spawn(&child, executable.path, &actions, nil, argv, environ)
      close(pipeEnds[0])
      guard spawned == 0 else {
        close(pipeEnds[1])
        throw Failure(description: "cannot start \(executable.path): error \(spawned)")
      }
      input.withUnsafeBytes { bytes in
        var offset = 0
        while offset < bytes.count {
          let written = Glibc.write(pipeEnds[1], bytes.baseAddress! + offset, bytes.count - offset)
          if written < 0, errno == EINTR { continue }
          guard written > 0 else { break }
          offset += written
        }
      }
      close(pipeEnds[1])
      var status: Int32 = 0
      while waitpid(child, &status, 0) < 0, errno == EINTR {}
      let elapsed = ContinuousClock.now - start
      guard status & 0x7F == 0, (status >> 8) & 0xFF == 0 else {
        throw Failure(description: "\(executable.lastPathComponent) exited with status \(status)")
      }
      return elapsed
    #else
      let process = Process()
      process.executableURL = executable
      process.arguments = arguments
      let stdin = Pipe()
      process.standardInput = stdin
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      let start = ContinuousClock.now
      try process.run()
      try stdin.fileHandleForWriting.write(contentsOf: input)
      try stdin.fileHandleForWriting.close()
      process.waitUntilExit()
      let elapsed = ContinuousClock.now - start
      guard process.terminationStatus == 0 else {
        throw Failure(
          description: "\(executable.lastPathComponent) exited with \(process.terminationStatus)")
      }
      return elapsed
    #endif
  }
}
