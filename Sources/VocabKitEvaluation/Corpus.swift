import Foundation

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
      guard String(validating: rawLine, as: UTF8.self) != nil else {
        corpus.problems.append("\(file):\(lineNumber): not valid UTF-8; skipped")
        continue
      }
      guard let object = try? JSONSerialization.jsonObject(with: Data(rawLine)) as? [String: Any]
      else {
        corpus.problems.append("\(file):\(lineNumber): not a JSON object; skipped")
        continue
      }
      guard let text = object["text"] as? String else {
        corpus.problems.append("\(file):\(lineNumber): missing string 'text'; skipped")
        continue
      }
      let expect = object["expect"] as? [String: Any] ?? [:]
      var line = CorpusLine(
        id: object["id"] as? String ?? "\(file):\(lineNumber)", text: text,
        locale: object["locale"] as? String, app: expect["app"] as? String,
        scoresIntent: expect.keys.contains("intent"), intent: expect["intent"] as? String,
        slots: [:], line: lineNumber)
      if let alternatives = object["alternatives"] {
        if let texts = alternatives as? [String] {
          line.alternatives = texts
        } else {
          corpus.problems.append(
            "\(file):\(lineNumber): 'alternatives' is not an array of strings; not used")
        }
      }
      for (name, value) in expect["slots"] as? [String: Any] ?? [:] {
        if let text = value as? String {
          line.slots[name] = .value(text)
        } else if let choice = value as? [String: Any],
          let ids = choice["disambiguation"] as? [String]
        {
          line.slots[name] = .disambiguation(ids)
        } else {
          corpus.problems.append(
            "\(file):\(lineNumber): slot '\(name)' is neither a string nor {\"disambiguation\": [...]}; not scored"
          )
        }
      }
      corpus.lines.append(line)
    }
    return corpus
  }
}
