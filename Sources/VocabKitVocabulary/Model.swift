/// A kind of user-specific vocabulary, as `INVocabularyStringType` names it.
public struct UserVocabularyType: RawRepresentable, Hashable, Sendable, Codable, Comparable,
  CustomStringConvertible
{
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }

  public static let contactName = Self(rawValue: "contactName")
  public static let contactGroupName = Self(rawValue: "contactGroupName")
  public static let photoTag = Self(rawValue: "photoTag")
  public static let photoAlbumName = Self(rawValue: "photoAlbumName")
  public static let workoutActivityName = Self(rawValue: "workoutActivityName")
  public static let carProfileName = Self(rawValue: "carProfileName")
  public static let carName = Self(rawValue: "carName")
  public static let paymentsOrganizationName = Self(rawValue: "paymentsOrganizationName")
  public static let paymentsAccountNickname = Self(rawValue: "paymentsAccountNickname")
  public static let notebookItemTitle = Self(rawValue: "notebookItemTitle")
  public static let notebookItemGroupName = Self(rawValue: "notebookItemGroupName")
  public static let mediaPlaylistTitle = Self(rawValue: "mediaPlaylistTitle")
  public static let mediaMusicArtistName = Self(rawValue: "mediaMusicArtistName")
  public static let mediaAudiobookTitle = Self(rawValue: "mediaAudiobookTitle")
  public static let mediaAudiobookAuthorName = Self(rawValue: "mediaAudiobookAuthorName")
  public static let mediaShowTitle = Self(rawValue: "mediaShowTitle")

  /// Every type `INVocabulary` accepts.
  public static let allCases: [Self] = [
    .contactName, .contactGroupName, .photoTag, .photoAlbumName, .workoutActivityName,
    .carProfileName, .carName, .paymentsOrganizationName, .paymentsAccountNickname,
    .notebookItemTitle, .notebookItemGroupName, .mediaPlaylistTitle, .mediaMusicArtistName,
    .mediaAudiobookTitle, .mediaAudiobookAuthorName, .mediaShowTitle,
  ]

  /// The prefix of Apple's constant names: `INVocabularyStringTypeContactName` is
  /// `contactName`.
  static let constantPrefix = "INVocabularyStringType"

  /// The type a plist key names, by its short name (`contactName`) or by Apple's constant
  /// name (`INVocabularyStringTypeContactName`); nil for any other key.
  public init?(key: String) {
    var short = key
    if key.hasPrefix(Self.constantPrefix),
      let first = key.dropFirst(Self.constantPrefix.count).first
    {
      short = first.lowercased() + key.dropFirst(Self.constantPrefix.count + 1)
    }
    guard let known = Self.allCases.first(where: { $0.rawValue == short }) else { return nil }
    self = known
  }

  /// Apple's constant name of the type (`INVocabularyStringTypeContactName`).
  public var constantName: String {
    Self.constantPrefix + rawValue.prefix(1).uppercased() + rawValue.dropFirst()
  }

  public var description: String { rawValue }
  public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}

/// An intent parameter, written `Intent.parameter` as in `ParameterNames`.
public struct ParameterName: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
  public var intent: String
  public var parameter: String

  /// The placeholder that stands for the app's own name in a template (`… in ${applicationName}`).
  public static let applicationName = "applicationName"
  /// `INPlayMediaIntent`'s search parameter, whose words may carry media qualifiers.
  public static let mediaSearch = "mediaSearch"
  /// `INSendMessageIntent`'s dictated message.
  public static let messageContent = "content"
  /// The intent whose ``messageContent`` is a dictated message.
  public static let messageIntent = "INSendMessageIntent"
  /// `INSendMessageIntent`'s people, and its group when one is messaged.
  public static let messageRecipients = "recipients"
  public static let messageGroup = "speakableGroupName"

  public init(intent: String, parameter: String) {
    self.intent = intent
    self.parameter = parameter
  }

  /// Parses `Intent.parameter`; nil unless it has exactly that form.
  public init?(_ text: String) {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 2, parts.allSatisfy({ Self.isIdentifier($0) }) else { return nil }
    intent = String(parts[0])
    parameter = String(parts[1])
  }

  static func isIdentifier(_ text: Substring) -> Bool {
    guard let first = text.first, first.isLetter || first == "_" else { return false }
    return text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
  }

  public var description: String { "\(intent).\(parameter)" }
  public static func < (a: Self, b: Self) -> Bool { a.description < b.description }
}

/// One way to say a vocabulary item.
public struct VocabularyPhrase: Hashable, Sendable, Codable {
  /// Where the phrase came from, which sets how much a match on it counts.
  public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
    /// `spokenPhrase`, or a plain string in the user vocabulary.
    case primary
    /// A `VocabularyItemSynonyms` phrase.
    case synonym
    /// An `alternativeSpeakableMatches` entry.
    case alternative
  }

  public var text: String
  /// How it sounds, from `VocabularyItemPronunciation` or `pronunciationHint`; may be pinyin
  /// with tone digits (`ai4 qi2 yi4`).
  public var pronunciation: String?
  public var kind: Kind

  public init(text: String, pronunciation: String? = nil, kind: Kind = .primary) {
    self.text = text
    self.pronunciation = pronunciation
    self.kind = kind
  }
}

/// Something a parameter can resolve to: a list, a contact, a playlist.
public struct VocabularyItem: Hashable, Sendable, Codable {
  /// `VocabularyItemIdentifier` or `vocabularyIdentifier`; a plain string is its own.
  public var identifier: String
  public var phrases: [VocabularyPhrase]
  /// `VocabularyItemExamples`: sentences that use the item.
  public var examples: [String]
  /// The position in its list: 0 is the most important, and wins a tie.
  public var priority: Int

  public init(
    identifier: String, phrases: [VocabularyPhrase], examples: [String] = [], priority: Int = 0
  ) {
    self.identifier = identifier
    self.phrases = phrases
    self.examples = examples
    self.priority = priority
  }
}

/// An app name the user may say: bundle names, the spoken name and alternative names.
public struct AppName: Hashable, Sendable, Codable {
  public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
    case bundleName, displayName, spokenName, alternativeName
  }

  public var text: String
  public var pronunciation: String?
  public var kind: Kind

  public init(text: String, pronunciation: String? = nil, kind: Kind) {
    self.text = text
    self.pronunciation = pronunciation
    self.kind = kind
  }
}

/// An example of how users ask for an intent: a literal sentence or a template with
/// `${parameter}` and `${applicationName}` placeholders.
public struct IntentExample: Hashable, Sendable, Codable {
  public var text: String
  /// The localization it came from (`Base`, `zh-Hans`, or empty for the app's root).
  public var localization: String

  public init(text: String, localization: String) {
    self.text = text
    self.localization = localization
  }
}

/// A value a free-text parameter takes in an app's examples ("tweet" for `${media_type}`):
/// learned by the intent model as words of the intent, never matched as vocabulary.
public struct ParameterExample: Hashable, Sendable, Codable {
  /// The placeholder's name, as the templates write it (`media_type`).
  public var parameter: String
  public var text: String
  /// The localization it came from (`Base`, `zh-Hans`, or empty for the app's root).
  public var localization: String

  public init(parameter: String, text: String, localization: String) {
    self.parameter = parameter
    self.text = text
    self.localization = localization
  }
}

/// An intent an app handles, with its example phrases.
public struct Intent: Hashable, Sendable, Codable {
  public var name: String
  public var examples: [IntentExample]
  /// Values of its free-text parameters, from the plist's `ParameterExamples`.
  public var parameterExamples: [ParameterExample]

  public init(
    name: String, examples: [IntentExample], parameterExamples: [ParameterExample] = []
  ) {
    self.name = name
    self.examples = examples
    self.parameterExamples = parameterExamples
  }
}

/// Everything VocabKit knows about one app.
public struct App: Hashable, Sendable, Codable {
  public var bundleIdentifier: String
  /// The folder the app was read from, relative to the vocabulary directory.
  public var folder: String
  /// `CFBundleName` (or the folder name when it is missing).
  public var name: String
  public var names: [AppName]
  public var intents: [Intent]
  /// Items from `ParameterVocabularies`, by the parameters they serve.
  public var parameterVocabularies: [ParameterName: [VocabularyItem]]
  /// Items from `UserVocabulary.plist`, by type, most important first.
  public var userVocabulary: [UserVocabularyType: [VocabularyItem]]

  public init(
    bundleIdentifier: String, folder: String, name: String, names: [AppName],
    intents: [Intent] = [], parameterVocabularies: [ParameterName: [VocabularyItem]] = [:],
    userVocabulary: [UserVocabularyType: [VocabularyItem]] = [:]
  ) {
    self.bundleIdentifier = bundleIdentifier
    self.folder = folder
    self.name = name
    self.names = names
    self.intents = intents
    self.parameterVocabularies = parameterVocabularies
    self.userVocabulary = userVocabulary
  }

  /// The intent named `name`.
  public func intent(named name: String) -> Intent? { intents.first { $0.name == name } }
}
