import Foundation
import VocabKitMatching
import VocabKitNormalization
import VocabKitVocabulary

/// What a speech recognizer can be told about a vocabulary so that it hears its names:
/// contextual strings for `SFSpeechRecognizer`, a prompt for Whisper, phrases and templates
/// for a custom language model.
///
/// Recognizers mishear exactly the words a vocabulary holds (contact, list and playlist
/// names, app names); most of them accept a short list of phrases to favour. These hints
/// are that list, most useful first, built from the registry without compiling it.
public struct RecognizerHints: Sendable, Codable, Equatable {
  /// A phrase a recognizer should expect, with where it comes from.
  public struct Phrase: Sendable, Codable, Equatable {
    public var text: String
    /// The app's bundle identifier.
    public var app: String
    /// `app` for app names, else the vocabulary type or parameter that holds the phrase.
    public var source: String
    /// How many apps and vocabularies hold the same phrase.
    public var count: Int
  }

  /// One intent example, with its placeholders, for a language model's grammar.
  public struct Template: Sendable, Codable, Equatable {
    public var app: String
    public var intent: String
    public var localization: String
    public var text: String
  }

  /// Every distinct phrase, most useful first (see ``init(registry:)``).
  public var phrases: [Phrase]
  /// Every intent example of every app, as written.
  public var templates: [Template]

  /// Collects the hints of a vocabulary.
  ///
  /// Order, most useful first: app names; then the vocabularies' phrases taken in turn from
  /// each app's lists (the first contact, the first list, the first playlist, then the
  /// second of each …), as each list is ordered by importance; last, the values of free-text
  /// parameters (`ParameterExamples`, source `Intent.parameter`), everyday words a
  /// recognizer knows but a language model's templates need. Alternative spellings
  /// (`alternativeSpeakableMatches`) are left out: they are how a name is misheard, not what
  /// to listen for. A phrase held twice is listed once, with its count.
  ///
  /// - Complexity: O(*p*) for the *p* phrases of the vocabulary.
  public init(registry: VocabularyRegistry) {
    var order: [String] = []
    var found: [String: Phrase] = [:]
    func add(_ text: String, app: String, source: String) {
      let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
      guard !trimmed.isEmpty else { return }
      let key = trimmed.lowercased()
      if found[key] != nil {
        found[key]!.count += 1
      } else {
        found[key] = Phrase(text: trimmed, app: app, source: source, count: 1)
        order.append(key)
      }
    }
    for app in registry.apps {
      for name in app.names { add(name.text, app: app.bundleIdentifier, source: "app") }
    }
    var lists: [(app: String, source: String, items: [VocabularyItem])] = []
    for app in registry.apps {
      for type in app.userVocabulary.keys.sorted() {
        lists.append((app.bundleIdentifier, type.rawValue, app.userVocabulary[type]!))
      }
      for parameter in app.parameterVocabularies.keys.sorted() {
        lists.append(
          (app.bundleIdentifier, parameter.description, app.parameterVocabularies[parameter]!))
      }
    }
    let longest = lists.map(\.items.count).max() ?? 0
    for turn in 0..<longest {
      for list in lists where turn < list.items.count {
        for phrase in list.items[turn].phrases where phrase.kind != .alternative {
          add(phrase.text, app: list.app, source: list.source)
        }
      }
    }
    for app in registry.apps {
      for intent in app.intents {
        for example in intent.parameterExamples {
          let parameter = ParameterName(intent: intent.name, parameter: example.parameter)
          add(example.text, app: app.bundleIdentifier, source: parameter.description)
        }
      }
    }
    phrases = order.map { found[$0]! }
    templates = registry.apps.flatMap { app in
      app.intents.flatMap { intent in
        intent.examples.map {
          Template(
            app: app.bundleIdentifier, intent: intent.name, localization: $0.localization,
            text: $0.text)
        }
      }
    }
  }

  /// Phrases for `SFSpeechRecognitionRequest.contextualStrings`: at most `limit` (Apple
  /// advises about 100), most useful first.
  public func contextualStrings(limit: Int = 100) -> [String] {
    Array(phrases.prefix(max(0, limit)).map(\.text))
  }

  /// A Whisper initial prompt: the most useful phrases as a comma-separated glossary of at
  /// most `maximumCharacters` (Whisper reads about 224 prompt tokens; 600 characters of
  /// names stay well inside).
  public func whisperPrompt(maximumCharacters: Int = 600) -> String {
    Self.whisperPrompt(phrases.map(\.text), maximumCharacters: maximumCharacters)
  }
}

extension CompiledVocabulary {
  /// Phrases to tell a recognizer before it hears the same audio again: the vocabulary
  /// phrases most like what it heard the first time, best first, then every app name (last,
  /// so that a prompt cut to length keeps the phrases).
  ///
  /// A prompt of the whole vocabulary holds only its first entries (Whisper reads about 224
  /// tokens; Apple advises 100 contextual strings). A first pass that mishears a name
  /// ("kathy quint o") still says which few entries it may stand for; a second pass over the
  /// same audio, told those, hears the meant one more often.
  ///
  /// - Parameters:
  ///   - heard: What the recognizer wrote on its first pass.
  ///   - limit: The most vocabulary phrases (the app names follow them).
  ///   - cutoff: Phrases whose match scores below this are left out.
  /// - Throws: ``Router/UtteranceTooLong`` past ``Router/maximumUtteranceLength`` characters,
  ///   as the router does; `ICUError` when the text cannot be normalized.
  /// - Complexity: one matcher query of each shard, as routing makes.
  public func hintPhrases(heard: String, limit: Int = 15, cutoff: Double = 0.3) throws
    -> [String]
  {
    try hintPhrases(heardAlternatives: [heard], limit: limit, cutoff: cutoff)
  }

  /// ``hintPhrases(heard:limit:cutoff:)`` for a first pass's n-best list, best first: the
  /// phrases most like any of the alternatives, each ranked by its best match. A beam's
  /// later transcriptions often hold a name the first one lost.
  ///
  /// - Complexity: one matcher query of each shard for each alternative.
  public func hintPhrases(heardAlternatives: [String], limit: Int = 15, cutoff: Double = 0.3)
    throws -> [String]
  {
    for heard in heardAlternatives {
      let length = heard.unicodeScalars.count
      guard length <= Router.maximumUtteranceLength else {
        throw Router.UtteranceTooLong(length: length)
      }
    }
    var result: [String] = []
    var seen = Set<String>()
    func add(_ text: String) {
      let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
      if !trimmed.isEmpty, seen.insert(trimmed.lowercased()).inserted { result.append(trimmed) }
    }
    if limit > 0 {
      var found: [Match] = []
      for heard in heardAlternatives {
        let utterance = try PreparedUtterance(heard, normalizer: normalizer)
        for shard in distinctShards {
          found += shard.matches(in: utterance, limit: limit, cutoff: cutoff)
        }
      }
      found.sort(by: Match.isRankedBefore)
      for match in found where result.count < limit { add(match.phrase) }
    }
    for app in registry.apps {
      for name in app.names { add(name.text) }
    }
    return result
  }
}

extension RecognizerHints {
  /// `phrases` as a Whisper initial prompt: a comma-separated glossary of at most
  /// `maximumCharacters`, ended by a full stop.
  public static func whisperPrompt(_ phrases: [String], maximumCharacters: Int = 600) -> String {
    var prompt = ""
    for phrase in phrases {
      let addition = (prompt.isEmpty ? "" : ", ") + phrase
      guard prompt.count + addition.count + 1 <= maximumCharacters else { break }
      prompt += addition
    }
    return prompt.isEmpty ? prompt : prompt + "."
  }
}
