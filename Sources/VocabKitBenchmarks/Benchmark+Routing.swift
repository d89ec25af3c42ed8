import Foundation
import VocabKitEvaluation
import VocabKitRouting

extension Benchmark {
  /// Routes generated "call …" requests over a messenger app with `size` contact names.
  package static func routeGeneratedSuite(
    entries size: Int, queries: Int, seed: UInt64, _ emit: Emit
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
  /// Utterances of the longest routed length that are worst cases for alignment: one-letter
  /// words, a name said over and over, and unbroken text in each first-class script.
  static let worstCaseUtterances: [(name: String, unit: String)] = [
    ("one-letter words", "a "), ("a contact's name", "alex kim "), ("digits", "7 "),
    ("one long word", "a"), ("Chinese", "播放破冰行动大结局"), ("Thai", "เพิ่มนมในรายการ"),
    ("Hindi", "राहुल को फ़ोन करो "), ("Russian", "позвони алексу "),
  ]

  /// Routes each worst-case utterance at ``Router/maximumUtteranceLength`` scalars over the
  /// given vocabulary: routing time must stay near-linear in the utterance's length.
  package static func routeWorstCaseSuite(_ vocabulary: CompiledVocabulary, _ emit: Emit) throws {
    let router = Router(vocabulary: vocabulary)
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

  /// Routes the corpus at `path` over `vocabulary` in `passes` passes, reporting it as
  /// `name`; each line's time is its median over the passes, so a burst of load on a shared
  /// machine moves one pass, not the result.
  ///
  /// - Complexity: O(*passes* × *lines*) routings.
  package static func routeSuite(
    _ vocabulary: CompiledVocabulary, name: String, corpus path: String, passes: Int = 3,
    _ emit: Emit
  ) throws {
    let router = Router(vocabulary: vocabulary)
    let url = URL(fileURLWithPath: path)
    let corpus = try Corpus.read(url, file: url.lastPathComponent)
    var samples = Array(repeating: [Double](), count: corpus.lines.count)
    for _ in 0..<max(passes, 1) {
      for (index, line) in corpus.lines.enumerated() {
        samples[index].append(try time { _ = try router.route(line.text) })
      }
    }
    let (median, p99) = summary(samples.map { summary($0).0 })
    try emit(
      Result(
        suite: "route", name: name, count: samples.count,
        medianMicroseconds: median, p99Microseconds: p99))
  }
}
