import VocabKitMatching

/// What to do with an utterance: the app, the intent and the slots, each resolved.
public struct RouteResult: Hashable, Sendable, Codable {
  /// How the app was chosen.
  public enum AppChoice: String, Hashable, Sendable, Codable {
    /// The utterance names the app ("in Taskly", "用爱奇艺"), or words that sound like its
    /// name where the rest of the utterance chose it too (``RouteResult/spokenAppName``).
    case named
    /// No app was named; the app whose templates and vocabulary fit best.
    case inferred
    /// The utterance names an app that is not in the vocabulary: nothing is picked instead.
    case unsupported
  }

  public var utterance: String
  /// The intent, or nil when nothing fits ("no intent").
  public var intent: String?
  /// The app's bundle identifier; nil for no intent or an unsupported app.
  public var app: String?
  public var appChoice: AppChoice?
  /// The app name as spoken, when the app is unsupported or was misheard ("ring go" for
  /// Ringo: `appChoice` is then `named`).
  public var spokenAppName: String?
  /// How well the best template fits, in 0...1.
  public var score: Double
  /// The intent example that fitted best.
  public var template: String?
  public var slots: [SlotResult]
  /// Qualifiers parsed from a media search slot, as in `INMediaSearch`.
  public var mediaSearch: MediaSearch?
  /// The best intents, one per app and intent, best first.
  public var candidates: [IntentCandidate]

  /// The slot named `name`.
  public func slot(_ name: String) -> SlotResult? { slots.first { $0.name == name } }
}

/// An intent that could serve the utterance, with its score.
public struct IntentCandidate: Hashable, Sendable, Codable {
  public var app: String
  public var intent: String
  /// The combined score the router ranks by, in 0...1.
  public var score: Double
  /// The learned model's probability of this intent among those allowed.
  public var probability: Double
  /// How well the intent's best template aligns, in 0...1; a bound slot whose words match
  /// no entry counts as a name misheard when every carrier word was said.
  public var alignment: Double
  /// The share of the utterance's words that the intent's examples, its best template and
  /// the vocabulary account for, in 0...1: low for utterances about something else.
  public var coverage: Double
  /// The best vocabulary match, anywhere in the utterance, of a parameter this intent's
  /// templates name, in 0...1 (0 when none): "talk to Kathy Quinto" names a contact.
  public var evidence: Double
  /// The intent's best-aligned template; nil when none was aligned.
  public var template: String?
}

/// One parameter of the chosen intent and how it resolved.
public struct SlotResult: Hashable, Sendable, Codable {
  /// A candidate value of a bound slot.
  public struct Candidate: Hashable, Sendable, Codable {
    public var identifier: String
    public var phrase: String
    public var score: Double
  }

  public var name: String
  /// How the slot resolved; in JSON its name (`success`, `disambiguation` …).
  public var resolution: Resolution.Outcome
  /// The resolved identifier (bound slots) or text (free-text slots); nil unless one value
  /// was chosen.
  public var value: String?
  /// The words of the utterance that filled the slot, with their original casing.
  public var text: String?
  /// Where those words are, in Unicode scalar offsets.
  public var start: Int?
  public var end: Int?
  /// True when no vocabulary serves the slot.
  public var isFreeText: Bool
  /// Candidates, best first: several for `disambiguation`, one for success or confirmation.
  public var candidates: [Candidate]
}

/// A media search with its qualifiers, as in `INMediaSearch`.
public struct MediaSearch: Hashable, Sendable, Codable {
  /// The title words left after the qualifiers are taken out; nil when none are left.
  public var title: String?
  public var episode: Int64?
  public var season: Int64?
  /// "latest", "newest", 最新.
  public var latest: Bool
  /// "finale", 大结局.
  public var finale: Bool
  /// song, album, playlist, podcast, show, or music (any of them: "play some music").
  public var mediaType: String?
  /// True when nothing but qualifiers (or nothing) was said: the caller plays what it
  /// recommends, as Siri does for "play something".
  public var isEmpty: Bool
}
