import Foundation
import VocabKitMatching
import VocabKitNormalization
import VocabKitRouting
import VocabKitSupport

/// Names drawn by their frequency in the 1990 US Census (`Benchmarks/census`).
struct CensusNames {
  let names: [String]
  /// Running totals of the names' weights, for drawing by binary search.
  let cumulative: [Double]

  /// Reads a file of `make_census.py`: a comment ending in the share the list covers, then
  /// a name a line with its weight, or without one for names too rare for the census to
  /// give a share (they share the rest of the covered share evenly).
  init(contentsOf path: String) throws {
    let text: String
    do {
      text = try String(contentsOfFile: path, encoding: .utf8)
    } catch {
      throw CommandFailure(
        description: "\(path): cannot read the census names (\(error.localizedDescription)); "
          + "run from the package root or pass --census DIR")
    }
    var names: [String] = []
    var weights: [Double?] = []
    var covered: Double? = nil
    for (number, line) in text.split(separator: "\n").enumerated() {
      if line.hasPrefix("#") {
        covered = line.split(separator: " ").last.flatMap { Double($0) }
        continue
      }
      let fields = line.split(separator: "\t")
      guard let name = fields.first, fields.count <= 2 else {
        throw CommandFailure(description: "\(path):\(number + 1): expected a name and a weight")
      }
      names.append(String(name))
      if fields.count == 2 {
        guard let weight = Double(fields[1]), weight > 0 else {
          throw CommandFailure(
            description: "\(path):\(number + 1): weight '\(fields[1])' is not a positive number")
        }
        weights.append(weight)
      } else {
        weights.append(nil)
      }
    }
    guard !names.isEmpty else { throw CommandFailure(description: "\(path): no names") }
    let listed = weights.reduce(0) { $0 + ($1 ?? 0) }
    let unweighted = weights.filter { $0 == nil }.count
    let rest = unweighted == 0 ? 0 : max(0, (covered ?? listed) - listed) / Double(unweighted)
    var total = 0.0
    cumulative = weights.map {
      total += $0 ?? rest
      return total
    }
    self.names = names
  }

  /// A name drawn with probability proportional to its weight.
  func draw(_ generator: inout SplitMix64) -> String {
    let target = Double(generator.next() >> 11) / Double(1 << 53) * cumulative.last!
    var low = 0
    var high = cumulative.count - 1
    while low < high {
      let middle = (low + high) / 2
      if cumulative[middle] > target { high = middle } else { low = middle + 1 }
    }
    return names[low]
  }
}

extension BenchCommand {
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
  static func directorySuite(
    entries size: Int, queries: Int, seed: UInt64, census: String, vocab: String,
    export: String? = nil, _ emit: (Result) throws -> Void
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
          + "name \(format2(largestShare * 100))% of entries", count: size,
        medianMicroseconds: 0, p99Microseconds: 0, compileSeconds: compile / 1e6))
    let limit = 5
    var lines: [String] = []
    // For Benchmarks/compare_directory.sh: the queries that mean one person, as peers.py
    // reads them (a query is right when its person shares the predicted full name).
    var exported: [String] = []
    for kind in DirectoryQuery.allCases {
      var samples: [Double] = []
      var right = 0
      var answers = 0
      for _ in 0..<max(1, queries / DirectoryQuery.allCases.count) {
        let drawn = generator.next(people.count)
        let person = people[drawn]
        let text = Self.say(person, kind, &generator)
        lines.append(text)
        var found: [Match] = []
        samples.append(try time { found = try index!.matches(in: text, limit: limit) })
        if export != nil, kind != .surnameOnly, kind != .firstNameOnly {
          exported.append(
            try JSONOutput.line(["text": text, "expect_id": "c\(drawn)", "kind": kind.rawValue]))
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
        ? ", \(format2(Double(answers) / Double(samples.count))) answers a query (at most \(limit)),"
          + " top-1 = share whose answers all have that first name"
        : ""
      try emit(
        Result(
          suite: "directory", name: "\(size) contacts, \(kind.rawValue)\(answered)",
          count: samples.count, medianMicroseconds: median, p99Microseconds: p99,
          top1: Double(right) / Double(max(samples.count, 1))))
    }
    if let export {
      try FileManager.default.createDirectory(
        atPath: export, withIntermediateDirectories: true)
      let vocabulary = people.enumerated().map {
        "c\($0.offset)\t\($0.element.first) \($0.element.last)"
      }
      try AtomicFile.write(
        vocabulary.joined(separator: "\n") + "\n", to: "\(export)/directory-vocab-\(size).tsv")
      try AtomicFile.write(
        exported.joined(separator: "\n") + "\n", to: "\(export)/directory-queries-\(size).jsonl")
    }
    try scoreOverStandardInput(
      entries: entries, lines: lines, size: size, vocab: vocab, emit)
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
    entries: [MatchEntry], lines: [String], size: Int, vocab: String,
    _ emit: (Result) throws -> Void
  ) throws {
    let root = try BenchCommand.temporaryDirectory("vocabkit-directory")
    defer { try? FileManager.default.removeItem(at: root) }
    try GeneratedVocabulary.writeApp(
      at: root.appendingPathComponent("vocab/Directory.app"), name: "Directory",
      contacts: entries, identifiers: true)
    let arguments = [
      "score", "--vocab", root.appendingPathComponent("vocab").path, "--cache",
      root.appendingPathComponent("vocab.cache").path, "--limit", "5",
    ]
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
    func run(_ input: String) throws -> Double {
      let process = Process()
      process.executableURL = executable
      process.arguments = arguments
      let stdin = Pipe()
      process.standardInput = stdin
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      let start = ContinuousClock.now
      try process.run()
      try stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8))
      try stdin.fileHandleForWriting.close()
      process.waitUntilExit()
      guard process.terminationStatus == 0 else {
        throw CommandFailure(description: "vocab score exited with \(process.terminationStatus)")
      }
      let elapsed = ContinuousClock.now - start
      return Double(elapsed.components.seconds) * 1e6
        + Double(elapsed.components.attoseconds) / 1e12
    }
    _ = try run("")  // Compiles and writes the cache.
    try requireNoErrors(
      CompiledVocabulary.load(directory: root.appendingPathComponent("vocab")))
    let input = lines.joined(separator: "\n") + "\n"
    var empty: [Double] = []
    var full: [Double] = []
    for _ in 0..<3 {
      empty.append(try run(""))
      full.append(try run(input))
    }
    let start = summary(empty).0
    let perQuery = (summary(full).0 - start) / Double(lines.count)
    try emit(
      Result(
        suite: "directory",
        name: "\(size) contacts through vocab score over stdin (start-up \(Int(start / 1000)) ms, "
          + "median of 3, excluded)", count: lines.count, medianMicroseconds: perQuery,
        p99Microseconds: perQuery))
  }

  /// A new private directory under the temporary directory (`mkdtemp`): never a path
  /// another user could have planted.
  static func temporaryDirectory(_ prefix: String) throws -> URL {
    var template = Array(
      (FileManager.default.temporaryDirectory.path + "/\(prefix)-XXXXXX").utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    guard made != nil else {
      throw CommandFailure(description: "cannot make a temporary directory: errno \(errno)")
    }
    let path = template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    return URL(fileURLWithPath: String(decoding: path, as: UTF8.self))
  }
}
