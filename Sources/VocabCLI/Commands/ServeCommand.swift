import Foundation
import VocabKit
import VocabKitRouting
import VocabKitVocabulary

/// `vocab serve`: answers JSON Lines requests on standard input or a Unix socket with the
/// vocabulary loaded once, for routers that do not link the library.
enum ServeCommand {
  static let command = Subcommand(
    name: "serve",
    abstract:
      "Answer route and score requests, one JSON object a line, with the vocabulary kept loaded.",
    discussion: """
      Reads one JSON object a line from standard input and writes one JSON object a line to
      standard output, in order, each as soon as it is ready:

        {"id": 1, "text": "add milk to my inbox"}             route, as 'vocab route --json'
        {"id": 2, "alternatives": ["call alex", "call alice"]}  route a recognizer's n-best list
        {"id": 3, "command": "score", "text": "call alex", "types": ["contactName"],
         "limit": 5, "cutoff": 0.6}                            score, as 'vocab score --json'

      "id" (a string or a number) is copied into the answer. A request that cannot be
      answered gets {"id": …, "line": N, "error": "…"} and the next one is read. Before a
      request, at most once every --reload-interval seconds, the vocabulary's files are
      checked (size, time and identity of each file the loader reads); when they changed, the
      vocabulary is loaded again, through --cache when given. A reload that fails keeps the
      previous vocabulary and says why on standard error. Ends at the end of standard input.

      With --socket PATH it listens on a Unix socket instead: each connection is such a
      session, and connections are answered at once, side by side. It ends on SIGINT or
      SIGTERM and removes the socket. A stale socket at PATH is replaced; a live one (another
      server) or any other file is an error.
      """,
    options: [
      VocabularyOption.option, VocabularyOption.cache, VocabularyOption.locale,
      .value(
        "reload-interval", "S",
        help: "Check the vocabulary's files at most every S seconds (default 1; 0: every request)."),
      .value("socket", "PATH", help: "Listen on a Unix socket at PATH instead of standard input."),
    ],
    run: run)

  /// The most bytes a request line may have: a route utterance is at most 4,096 characters,
  /// and an n-best list a few of them.
  static let maximumRequestBytes = 1 << 20

  static func run(_ arguments: ParsedArguments, _ console: Console) throws -> Int32 {
    let interval = try arguments.number("reload-interval", in: 0.0...86_400.0) ?? 1
    if !arguments.positionals.isEmpty {
      throw UsageError(
        description:
          "Unexpected argument '\(arguments.positionals[0])': 'vocab serve' reads its requests "
          + "from standard input or --socket.")
    }
    let socket = try arguments.value("socket").map { (path) throws(UsageError) in
      try checkSocketPath(path)
      return path
    }
    let served = try ServedVocabulary(arguments, console, reloadInterval: interval)
    let apps = served.current().vocabulary.registry.apps.count
    let directory = VocabularyOption.directory(arguments).path
    if let socket {
      return try serve(socket: socket, served, console: console) {
        console.error("note: serving \(apps) app(s) from '\(directory)' on '\(socket)'")
      }
    }
    console.error("note: serving \(apps) app(s) from '\(directory)'")
    for (index, line) in console.inputLines().enumerated() {
      if line.allSatisfy(\.isWhitespace) { continue }
      console.output(served.answer(line, number: index + 1))
      console.flushOutput()
    }
    return 0
  }

  /// The answer to one request line: a result, or an error object naming the line.
  static func answer(
    _ line: String, number: Int, vocabulary: CompiledVocabulary, router: Router,
    locale: String?
  ) -> String {
    var identifier: String? = nil
    do {
      guard line.utf8.count <= maximumRequestBytes else {
        throw RequestError(
          "the line has \(line.utf8.count) bytes, more than the \(maximumRequestBytes) a request may have"
        )
      }
      let object = try Request.object(line)
      identifier = try Request.identifier(object)
      let request = try Request(object)
      let json: String
      switch request.command {
      case .route(let text):
        json = try JSONOutput.line(router.route(text, locale: locale))
      case .routeAlternatives(let alternatives):
        json = try JSONOutput.line(router.route(alternatives: alternatives, locale: locale))
      case .score(let text, let types, let limit, let cutoff):
        do {
          try ScoreCommand.checkTypes(types, in: vocabulary)
        } catch {
          throw RequestError(error.description)
        }
        json = try JSONOutput.line(
          ScoreCommand.score(text, in: vocabulary, types: types, limit: limit, cutoff: cutoff)
            .output)
      }
      return withIdentifier(identifier, json)
    } catch {
      let message = (error as? RequestError)?.description ?? "\(error)"
      return errorAnswer(message, line: number, identifier: identifier)
    }
  }

  /// The answer to a request that cannot be answered: `{"id": …, "error": …, "line": N}`.
  static func errorAnswer(_ message: String, line: Int, identifier: String? = nil) -> String {
    struct Failure: Encodable {
      var error: String
      var line: Int
    }
    let object =
      (try? JSONOutput.line(Failure(error: message, line: line)))
      ?? #"{"error":"unencodable error"}"#
    return withIdentifier(identifier, object)
  }

  /// `object` (one-line JSON of an object) with `"id": identifier` first, when there is one.
  static func withIdentifier(_ identifier: String?, _ object: String) -> String {
    guard let identifier else { return object }
    let rest = object.dropFirst()
    return "{\"id\":" + identifier + (rest.first == "}" ? "" : ",") + rest
  }

  /// A request that cannot be answered, in the user's terms.
  struct RequestError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }

  /// One parsed request line.
  struct Request {
    enum Command {
      case route(String)
      case routeAlternatives([String])
      case score(String, types: [String], limit: Int, cutoff: Double)
    }

    var command: Command

    static let routeKeys = ["id", "command", "text", "alternatives"]
    static let scoreKeys = ["id", "command", "text", "types", "limit", "cutoff"]

    /// The JSON object of a request line.
    static func object(_ line: String) throws -> [String: Any] {
      let parsed: Any
      do {
        parsed = try JSONSerialization.jsonObject(with: Data(line.utf8), options: [])
      } catch {
        throw RequestError("not JSON: expected one JSON object a line")
      }
      guard let object = parsed as? [String: Any] else {
        throw RequestError("expected a JSON object, such as {\"text\": \"call alex\"}")
      }
      return object
    }

    /// The request's `id` as JSON, to copy into the answer; nil when it has none.
    static func identifier(_ object: [String: Any]) throws -> String? {
      guard let id = object["id"] else { return nil }
      guard id is String || (id is NSNumber && !isBoolean(id)) else {
        throw RequestError("\"id\" must be a string or a number")
      }
      return String(
        decoding: try JSONSerialization.data(withJSONObject: id, options: [.fragmentsAllowed]),
        as: UTF8.self)
    }

    init(_ object: [String: Any]) throws {
      let name = try Self.string(object, "command") ?? "route"
      switch name {
      case "route":
        try Self.checkKeys(object, Self.routeKeys)
        let text = try Self.string(object, "text")
        let alternatives = try Self.strings(object, "alternatives")
        switch (text, alternatives) {
        case (let text?, nil): command = .route(text)
        case (nil, let alternatives?):
          guard !alternatives.isEmpty else {
            throw RequestError("\"alternatives\" is empty: expected at least one utterance")
          }
          command = .routeAlternatives(alternatives)
        case (.some, .some):
          throw RequestError("give \"text\" or \"alternatives\", not both")
        case (nil, nil):
          throw RequestError("missing \"text\": expected the utterance to route")
        }
      case "score":
        try Self.checkKeys(object, Self.scoreKeys)
        guard let text = try Self.string(object, "text") else {
          throw RequestError("missing \"text\": expected the utterance to score")
        }
        let limit = try Self.number(object, "limit", in: 1...1000) ?? 5
        guard limit == limit.rounded() else {
          throw RequestError("\"limit\" must be a whole number from 1 to 1000")
        }
        command = .score(
          text, types: try Self.strings(object, "types") ?? [], limit: Int(limit),
          cutoff: try Self.number(object, "cutoff", in: 0...1) ?? 0.6)
      default:
        var message = "unknown command '\(name)': expected 'route' or 'score'"
        if let suggestion = Suggestion.closest(to: name, in: ["route", "score"]) {
          message += ". Did you mean '\(suggestion)'?"
        }
        throw RequestError(message)
      }
    }

    static func checkKeys(_ object: [String: Any], _ known: [String]) throws {
      for key in object.keys.sorted() where !known.contains(key) {
        var message = "unknown key \"\(key)\""
        if let suggestion = Suggestion.closest(to: key, in: known) {
          message += ". Did you mean \"\(suggestion)\"?"
        } else {
          message += "; expected " + known.map { "\"\($0)\"" }.joined(separator: ", ")
        }
        throw RequestError(message)
      }
    }

    static func string(_ object: [String: Any], _ key: String) throws -> String? {
      guard let value = object[key] else { return nil }
      guard let string = value as? String else { throw RequestError("\"\(key)\" must be a string") }
      return string
    }

    static func strings(_ object: [String: Any], _ key: String) throws -> [String]? {
      guard let value = object[key] else { return nil }
      guard let strings = value as? [Any], strings.allSatisfy({ $0 is String }) else {
        throw RequestError("\"\(key)\" must be an array of strings")
      }
      return strings.map { $0 as! String }
    }

    static func number(_ object: [String: Any], _ key: String, in range: ClosedRange<Double>)
      throws -> Double?
    {
      guard let value = object[key] else { return nil }
      guard let number = value as? NSNumber, !isBoolean(value), range.contains(number.doubleValue)
      else {
        throw RequestError(
          "\"\(key)\" must be a number from \(formatted(range.lowerBound)) to \(formatted(range.upperBound))"
        )
      }
      return number.doubleValue
    }

    static func formatted(_ value: Double) -> String {
      value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// True for JSON `true` and `false`, which Foundation also reads as numbers.
    static func isBoolean(_ value: Any) -> Bool {
      guard let number = value as? NSNumber else { return false }
      return String(cString: number.objCType) == "c"
    }
  }
}
