import Foundation
import VocabKitRouting

/// One utterance of a corpus with what should come out.
public struct CorpusLine: Sendable {
  public var id: String
  public var text: String
  public var locale: String?
  /// Expected app (a bundle identifier); nil when not scored.
  public var app: String?
  /// Whether the intent is scored, and the expected intent (nil: no intent should fire).
  public var scoresIntent: Bool
  public var intent: String?
  public var slots: [String: ExpectedSlot]
  /// The 1-based line in the file.
  public var line: Int
  /// A recognizer's n-best transcriptions, best first (field `alternatives`); empty when the
  /// corpus has none.
  public var alternatives: [String] = []
}

/// The expected value of a slot.
public enum ExpectedSlot: Sendable, Hashable, CustomStringConvertible {
  /// A vocabulary identifier (bound slot) or the text (free-text slot).
  case value(String)
  /// The right answer is to ask which of these.
  case disambiguation([String])

  /// `'list.inbox'`, or `disambiguation among a, b`.
  public var description: String {
    switch self {
    case .value(let value): return "'\(value)'"
    case .disambiguation(let ids): return "disambiguation among \(ids.joined(separator: ", "))"
    }
  }
}

/// A corpus file: its lines and the lines that could not be read.
public struct Corpus: Sendable {
  public var file: String
  public var lines: [CorpusLine]
  /// `file:line: message` for each malformed line (skipped).
  public var problems: [String]

  /// Reads a JSON Lines corpus. A malformed line is reported with its number and skipped.
  ///
  /// - Complexity: O(*n*) in the size of the file.
  public static func read(_ url: URL, file: String) throws -> Corpus {
    let data = try Data(contentsOf: url)
    var corpus = Corpus(file: file, lines: [], problems: [])
    var lineNumber = 0
    for rawLine in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
      lineNumber += 1
      if rawLine.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
      guard let object = object(rawLine, at: "\(file):\(lineNumber)", &corpus.problems),
        let line = line(of: object, number: lineNumber, file: file, &corpus.problems)
      else { continue }
      corpus.lines.append(line)
    }
    return corpus
  }

  /// The JSON object on one line, or nil when it is not valid UTF-8, not JSON or not an
  /// object (added to `problems` at `location`).
  static func object(_ rawLine: Data.SubSequence, at location: String, _ problems: inout [String])
    -> [String: Any]?
  {
    guard String(validating: rawLine, as: UTF8.self) != nil else {
      problems.append("\(location): not valid UTF-8; skipped")
      return nil
    }
    let parsed: Any
    do {
      parsed = try JSONSerialization.jsonObject(with: Data(rawLine))
    } catch {
      problems.append("\(location): not valid JSON (\(Self.reason(error))); skipped")
      return nil
    }
    guard let object = parsed as? [String: Any] else {
      problems.append("\(location): not a JSON object; skipped")
      return nil
    }
    return object
  }

  /// The corpus line a line's JSON object describes, or nil when it is skipped; every
  /// problem is added to `problems`.
  static func line(
    of object: [String: Any], number lineNumber: Int, file: String, _ problems: inout [String]
  ) -> CorpusLine? {
    guard let text = object["text"] as? String else {
      problems.append("\(file):\(lineNumber): missing string 'text'; skipped")
      return nil
    }
    // A field of the wrong type is an error, never a silent default: `"intent": 5` must
    // not be scored as "no intent expected".
    var wrong: [String] = []
    func field(_ name: String, in dictionary: [String: Any], path: String) -> String? {
      guard let value = dictionary[name], !(value is NSNull) else { return nil }
      if let text = value as? String { return text }
      wrong.append("'\(path)' is not a string")
      return nil
    }
    let id = field("id", in: object, path: "id")
    let locale = field("locale", in: object, path: "locale")
    var expect: [String: Any] = [:]
    if let value = object["expect"], !(value is NSNull) {
      if let dictionary = value as? [String: Any] {
        expect = dictionary
      } else {
        wrong.append("'expect' is not an object")
      }
    }
    let app = field("app", in: expect, path: "expect.app")
    let intent = field("intent", in: expect, path: "expect.intent")
    if let slots = expect["slots"], !(slots is NSNull), !(slots is [String: Any]) {
      wrong.append("'expect.slots' is not an object")
    }
    guard wrong.isEmpty else {
      problems.append("\(file):\(lineNumber): \(wrong.joined(separator: ", ")); skipped")
      return nil
    }
    let length = text.unicodeScalars.count
    guard length <= Router.maximumUtteranceLength else {
      problems.append(
        "\(file):\(lineNumber) (\(id ?? "no id")): text is \(length) characters; at most "
          + "\(Router.maximumUtteranceLength) are routed; skipped")
      return nil
    }
    var line = CorpusLine(
      id: id ?? "\(file):\(lineNumber)", text: text, locale: locale, app: app,
      scoresIntent: expect.keys.contains("intent"), intent: intent, slots: [:],
      line: lineNumber)
    if let alternatives = object["alternatives"] {
      if let texts = alternatives as? [String],
        texts.allSatisfy({ $0.unicodeScalars.count <= Router.maximumUtteranceLength })
      {
        line.alternatives = texts
      } else {
        problems.append(
          "\(file):\(lineNumber): 'alternatives' is not an array of strings of at most "
            + "\(Router.maximumUtteranceLength) characters; not used")
      }
    }
    line.slots = slots(of: expect, at: "\(file):\(lineNumber)", &problems)
    return line
  }

  /// The expected slots of a line's `expect` object: values, or the identifiers of a
  /// disambiguation; any other is added to `problems` and not scored.
  static func slots(of expect: [String: Any], at location: String, _ problems: inout [String])
    -> [String: ExpectedSlot]
  {
    var slots: [String: ExpectedSlot] = [:]
    for (name, value) in expect["slots"] as? [String: Any] ?? [:] {
      if let text = value as? String {
        slots[name] = .value(text)
      } else if let choice = value as? [String: Any],
        let ids = choice["disambiguation"] as? [String]
      {
        slots[name] = .disambiguation(ids)
      } else {
        problems.append(
          "\(location): slot '\(name)' is neither a string nor {\"disambiguation\": [...]}; not scored"
        )
      }
    }
    return slots
  }

  /// What the JSON parser said, without Foundation's error domain and code.
  static func reason(_ error: any Error) -> String {
    let info = (error as NSError).userInfo
    return info[NSDebugDescriptionErrorKey] as? String ?? error.localizedDescription
  }
}
