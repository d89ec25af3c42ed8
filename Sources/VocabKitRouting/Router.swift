import VocabKitMatching
import VocabKitNormalization
import VocabKitVocabulary

/// Routes utterances to an app, an intent and resolved slots.
///
/// ```swift
/// let vocabulary = try CompiledVocabulary.load(directory: URL(fileURLWithPath: "vocab"))
/// let router = Router(vocabulary: vocabulary)
/// let result = try router.route("add milk to my inbox in taskly")
/// result.intent                               // "INAddTasksIntent"
/// result.slot("targetTaskList")?.value        // "list.inbox"
/// ```
///
/// Each template of each intent is aligned against the whole utterance in sound space:
/// carrier words match fuzzily ("ad milk two my inbox"), extra words cost a little, and
/// each slot takes the span whose vocabulary match is best. A `Router` is a value holding an
/// immutable vocabulary: call it from any number of threads.
public struct Router: Sendable {
  public let vocabulary: CompiledVocabulary
  public var policy: ResolutionPolicy
  /// Below this template score the result is "no intent".
  public var minimumIntentScore: Double
  /// The longest utterance routed, in Unicode scalars; longer input is an error.
  public static let maximumUtteranceLength = 4096

  public init(
    vocabulary: CompiledVocabulary, policy: ResolutionPolicy = ResolutionPolicy(),
    minimumIntentScore: Double = 0.7
  ) {
    self.vocabulary = vocabulary
    self.policy = policy
    self.minimumIntentScore = minimumIntentScore
  }

  /// An utterance longer than ``maximumUtteranceLength``.
  public struct UtteranceTooLong: Error, CustomStringConvertible {
    public var length: Int
    public var description: String {
      "utterance is \(length) characters; at most \(Router.maximumUtteranceLength) are routed"
    }
  }

  /// Routes one utterance.
  ///
  /// - Parameters:
  ///   - text: The utterance, as the recognizer wrote it.
  ///   - locale: When given (`zh-CN`, `ru`), only templates of that language
  ///     (`Base` counts as English) are tried.
  /// - Complexity: O(*t* × *k* × *n*²) for *t* templates of *k* elements and *n* tokens,
  ///   plus the vocabulary queries of the bound slots.
  public func route(_ text: String, locale: String? = nil) throws -> RouteResult {
    let length = text.unicodeScalars.count
    guard length <= Self.maximumUtteranceLength else { throw UtteranceTooLong(length: length) }
    let utterance = try PreparedUtterance(text, normalizer: vocabulary.normalizer)
    var context = RoutingContext(router: self, utterance: utterance)
    let language = locale.map { Self.language(of: $0) }

    var best: (alignment: TemplateAlignment, template: Template)? = nil
    var perIntent: [String: IntentCandidate] = [:]
    for template in vocabulary.templates {
      if let language, Self.language(of: template.localization) != language { continue }
      if let named = context.namedApp, named != template.app { continue }
      let alignment = context.align(template)
      let key = template.app + "\u{0}" + template.intent
      if alignment.score > (perIntent[key]?.score ?? -1) {
        perIntent[key] = IntentCandidate(
          app: template.app, intent: template.intent, score: alignment.score)
      }
      if alignment.score > (best?.alignment.score ?? -1) { best = (alignment, template) }
    }
    let candidates = perIntent.values.sorted {
      $0.score != $1.score ? $0.score > $1.score : ($0.app, $0.intent) < ($1.app, $1.intent)
    }
    var result = RouteResult(
      utterance: text, intent: nil, app: nil, appChoice: nil, spokenAppName: nil,
      score: best?.alignment.score ?? 0, template: nil, slots: [], mediaSearch: nil,
      candidates: Array(candidates.prefix(5)))
    if context.namedApp == nil, let spoken = context.unknownAppName(best?.alignment) {
      result.appChoice = .unsupported
      result.spokenAppName = spoken
      return result
    }
    guard let (alignment, template) = best, alignment.score >= minimumIntentScore else {
      return result
    }
    result.intent = template.intent
    result.app = template.app
    result.appChoice = context.namedApp == nil ? .inferred : .named
    result.template = template.text
    for (name, span) in alignment.slots where name != "applicationName" {
      let parameter = ParameterName(intent: template.intent, parameter: name)
      result.slots.append(context.resolve(parameter, app: template.app, span: span))
      if name == "mediaSearch" {
        result.mediaSearch = context.mediaSearch(span: span, resolved: result.slots.last!)
      }
    }
    return result
  }

  static func language(of locale: String) -> String {
    if locale.isEmpty || locale == "Base" { return "en" }
    return String(locale.split(whereSeparator: { $0 == "-" || $0 == "_" }).first ?? "")
      .lowercased()
  }
}
