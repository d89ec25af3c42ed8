import Foundation
import VocabKitMatching
import VocabKitNormalization
import VocabKitSupport
import VocabKitVocabulary

/// A vocabulary compiled for queries: every phrase normalized, every template parsed.
///
/// Immutable and `Sendable`: share one across all threads. Entries are kept in shards, one
/// per app and vocabulary source (a user vocabulary type or a `ParameterNames` parameter),
/// so ``updating(app:type:items:)`` recompiles only the shard that changed while queries on
/// the old value go on.
public final class CompiledVocabulary: Sendable {
  /// Where a shard's entries come from.
  public struct ShardKey: Hashable, Sendable, Comparable {
    public var app: String
    /// A user vocabulary type name (`contactName`) or a parameter (`INAddTasksIntent.targetTaskList`).
    public var source: String
    public static func < (a: Self, b: Self) -> Bool { (a.app, a.source) < (b.app, b.source) }
  }

  public let registry: VocabularyRegistry
  public let normalizer: Normalizer
  /// One index per app and vocabulary source.
  public let shards: [ShardKey: MatchIndex]
  /// Every app name, one entry per app (type = bundle identifier).
  public let appNames: MatchIndex
  let templates: [Template]
  /// The distinct sound keys of the templates' carrier words (see ``Template/keyIndices``).
  let carrierKeys: [[UInt8]]
  /// The distinct sound keys of the templates' carrier words said as one word with the next
  /// ("play list" heard as "playlist").
  let mergedCarrierKeys: [[UInt8]]
  /// Both, for asking whether a word is one.
  let carrierKeySet: Set<[UInt8]>
  /// The number of distinct (app, intent, parameter) slots of the templates (see
  /// ``Template/slotIndices``).
  let slotCount: Int
  /// The learned intent model, trained from the templates when the vocabulary compiles.
  let intentModel: IntentModel
  /// For each label of ``intentModel``, the indices of its templates.
  let templatesOfLabel: [[Int]]
  /// For each (app, intent), the parameters its templates name that have a vocabulary, in
  /// order: the slots the router may spot anywhere in an utterance when the chosen template
  /// has no place for them.
  let boundParameters: [IntentModel.Label: [ParameterName]]
  /// For each (app, intent), its free-text parameters' `ParameterExamples` as token keys,
  /// longest value first: a value said where the chosen template has no place for the
  /// parameter is still its slot ("please read my facebook feed").
  let freeValues: [IntentModel.Label: [(parameter: String, values: [[String]])]]
  /// For each (app, intent), the free-text parameters its templates name whose names give
  /// them a ``BuiltinKind`` (a date, a time, a relationship), in order.
  let builtinParameters: [IntentModel.Label: [(name: String, kind: BuiltinKind)]]
  /// For each label of ``intentModel``, whether one of its templates opens with a question
  /// word (``RoutingLexicon/questionWords``): only those intents take an utterance that
  /// opens with one.
  let asksQuestions: [Bool]
  /// For each label of ``intentModel``, the ``RoutingLexicon/requestKindVerbs`` its templates
  /// say, themselves or as a paraphrase of one of their words (``VerbParaphrases``): only
  /// those intents take an utterance that opens with one.
  let requestKindVerbs: [Set<String>]
  /// The languages each app has templates in (`en` for `Base` and the app folder's own).
  let languagesOfApp: [String: Set<String>]

  /// The language of `app`'s templates that an utterance in `language` is routed with: that
  /// language when the app has templates in it, otherwise English (`Base.lproj` and the app
  /// folder's own file), as a localized app falls back to its base localization.
  func templateLanguage(app: String, for language: String) -> String {
    languagesOfApp[app]?.contains(language) == true ? language : "en"
  }

  /// Whether any app has templates in `language` (a language code: `zh`, `ru`).
  public func hasTemplates(inLanguage language: String) -> Bool {
    languagesOfApp.values.contains { $0.contains(Router.language(of: language)) }
  }
  /// Every shard with its key, in key order, for spotting vocabulary spans in an utterance.
  let shardList: [(key: ShardKey, index: MatchIndex)]
  /// Each index once (parameters that share a list share its index), in key order: what a
  /// query of the whole vocabulary asks.
  let distinctShards: [MatchIndex]
  /// Media qualifier phrases in the normalizer's Latin keys.
  let mediaQualifiers: MediaQualifiers
  /// The shards of every parameter a template names, looked up once at compile time
  /// (binding rules compare strings: too slow for every slot of every query).
  let parameterShards: [ShardKey: [MatchIndex]]
  /// The templates' carrier words in scripts written without spaces, to join again where
  /// ICU split one in an utterance.
  let unspacedCarrierWords: UnspacedCarrierWords
  /// For each shard asked so far, its cards named by relationship ("Mom") by ``KinshipNames``
  /// group (see ``kinshipCards(of:)``).
  private let kinshipCardsOfShard = Locked<[ObjectIdentifier: [Int: [(entry: Int, phrase: Int)]]]>(
    [:])

  /// Compiles a registry.
  ///
  /// - Complexity: O(*n*) in the total length of phrases and examples.
  public convenience init(registry: VocabularyRegistry, normalizer: Normalizer? = nil)
    throws(ICUError)
  {
    try self.init(registry: registry, normalizer: normalizer, modelSeed: 0)
  }

  /// Compiles a registry, learning the intent model from another seed than the standard
  /// one (`modelSeed` 0): to measure how much a result hangs on the seed.
  ///
  /// - Complexity: O(*n*) in the total length of phrases and examples.
  package convenience init(
    registry: VocabularyRegistry, normalizer: Normalizer? = nil, modelSeed: UInt64
  ) throws(ICUError) {
    let normalizer: Normalizer = try { () throws(ICUError) -> Normalizer in
      if let normalizer { return normalizer }
      return try Normalizer.shared
    }()
    let templates = try Self.compileTemplates(registry, normalizer: normalizer)
    let carriers = try Self.carrierWords(of: templates, registry: registry, normalizer: normalizer)
    var shards: [ShardKey: MatchIndex] = [:]
    for app in registry.apps {
      for (type, items) in app.userVocabulary {
        let key = ShardKey(app: app.bundleIdentifier, source: type.rawValue)
        shards[key] = try MatchIndex(
          entries: Self.entries(items, app: app.bundleIdentifier, source: type.rawValue),
          normalizer: normalizer, carrierWords: carriers[key] ?? [])
      }
      // Parameters with the same list (one `ParameterVocabulary` under several
      // `ParameterNames`) share one index, whose entries name the first of them.
      // A shared list's carrier words are those of every parameter it serves.
      let lists = app.parameterLists
      var listCarriers = [Set<String>](repeating: [], count: lists.count)
      for (position, (parameter, sameAs)) in lists.enumerated() {
        let key = ShardKey(app: app.bundleIdentifier, source: parameter.description)
        listCarriers[sameAs ?? position].formUnion(carriers[key] ?? [])
      }
      var indexes: [MatchIndex] = []
      for (position, (parameter, sameAs)) in lists.enumerated() {
        let index: MatchIndex
        if let sameAs {
          index = indexes[sameAs]
        } else {
          index = try MatchIndex(
            entries: Self.entries(
              app.parameterVocabularies[parameter]!, app: app.bundleIdentifier,
              source: parameter.description),
            normalizer: normalizer, carrierWords: listCarriers[position])
        }
        indexes.append(index)
        shards[ShardKey(app: app.bundleIdentifier, source: parameter.description)] = index
      }
    }
    var tuning = IntentModelTuning.standard
    tuning.seed &+= modelSeed
    try self.init(
      registry: registry, normalizer: normalizer, shards: shards, cachedTemplates: templates,
      modelTuning: tuning)
  }

  /// Compiles the templates and app names of a registry whose shards are made; trains the
  /// intent model unless `cachedModel` (read from a cache for the same registry, or kept by
  /// ``updating(app:type:items:)``) is given. Cached app names and templates are used as they
  /// are: compiling them normalizes every app name and example (opening ICU's transliterator
  /// for each script they use).
  init(
    registry: VocabularyRegistry, normalizer: Normalizer, shards: [ShardKey: MatchIndex],
    cachedModel: IntentModel? = nil, cachedQualifiers: MediaQualifiers? = nil,
    cachedAppNames: MatchIndex? = nil, cachedTemplates: [Template]? = nil,
    modelTuning: IntentModelTuning = .standard
  ) throws(ICUError) {
    self.registry = registry
    self.normalizer = normalizer
    self.shards = shards
    if let cachedAppNames {
      appNames = cachedAppNames
    } else {
      appNames = try MatchIndex(entries: Self.appEntries(registry), normalizer: normalizer)
    }
    var templates: [Template]
    if let cachedTemplates {
      templates = cachedTemplates
    } else {
      templates = try Self.compileTemplates(registry, normalizer: normalizer)
    }
    let parameterShards = Self.parameterShards(of: templates, in: shards)
    self.parameterShards = parameterShards
    for index in templates.indices {
      let app = templates[index].app
      templates[index].evidence = templates[index].evidenceFactor { parameter in
        parameterShards[ShardKey(app: app, source: parameter.description)]?.isEmpty == false
      }
    }
    (carrierKeys, mergedCarrierKeys) = Self.indexCarrierKeys(of: &templates)
    carrierKeySet = Set(carrierKeys + mergedCarrierKeys)
    slotCount = Self.indexSlots(of: &templates)
    unspacedCarrierWords = try UnspacedCarrierWords(templates: templates, normalizer: normalizer)
    self.templates = templates
    shardList = shards.keys.sorted().map { ($0, shards[$0]!) }
    var seen = Set<ObjectIdentifier>()
    distinctShards = shardList.map(\.index).filter { seen.insert(ObjectIdentifier($0)).inserted }
    if let cachedQualifiers {
      mediaQualifiers = cachedQualifiers
    } else {
      mediaQualifiers = MediaQualifiers()
    }
    let model: IntentModel
    if let cachedModel {
      model = cachedModel
    } else {
      model = try IntentModel.train(
        templates: templates, registry: registry, normalizer: normalizer, tuning: modelTuning)
    }
    templatesOfLabel = Self.templatesOfLabel(model, templates)
    boundParameters = Self.boundParameters(of: templates, parameterShards: parameterShards)
    builtinParameters = Self.builtinParameters(of: templates, parameterShards: parameterShards)
    freeValues = try Self.freeValues(
      of: registry, parameterShards: parameterShards, normalizer: normalizer)
    asksQuestions = templatesOfLabel.map { indices in
      indices.contains { index in
        // Its opening word, as an utterance's: "скажи ${recipients} что ${content}" says
        // "что" as "that", and asks nothing.
        let opening = templates[index].elements.lazy.compactMap { element -> String? in
          if case .word(_, let latin) = element { return latin }
          return nil
        }.first { !RoutingLexicon.fillers.contains($0) }
        return opening.map(RoutingLexicon.questionWords.contains) ?? false
      }
    }
    requestKindVerbs = Self.requestKindVerbs(
      templatesOfLabel, templates, asksQuestions: asksQuestions)
    var languagesOfApp: [String: Set<String>] = [:]
    for template in templates {
      languagesOfApp[template.app, default: []].insert(Router.language(of: template.localization))
    }
    self.languagesOfApp = languagesOfApp
    intentModel = model
  }

  /// The cards of `shard` named by relationship, by ``KinshipNames`` group: found by the
  /// relationship's word in another script (แม่, माँ, мама), which the shard's index does not
  /// hold (see ``RoutingContext/kinshipMatches(of:adding:)``). Made the first time an
  /// utterance names a relationship, once per shard: most vocabularies are never asked.
  ///
  /// - Complexity: O(*p*) in the number of the shard's phrases the first time, O(1) after.
  func kinshipCards(of shard: MatchIndex) -> [Int: [(entry: Int, phrase: Int)]] {
    let key = ObjectIdentifier(shard)
    if let cards = kinshipCardsOfShard.withLock({ $0[key] }) { return cards }
    var cards: [Int: [(entry: Int, phrase: Int)]] = [:]
    for (entry, item) in shard.entries.enumerated() {
      for (phrase, said) in item.phrases.enumerated() {
        if let group = KinshipNames.group(of: said.text) {
          cards[group, default: []].append((entry, phrase))
        }
      }
    }
    kinshipCardsOfShard.withLock { $0[key] = cards }
    return cards
  }

  /// Each intent's `ParameterExamples` of parameters without vocabulary, normalized once,
  /// each value's tokens as their Latin keys, longest first.
  ///
  /// - Complexity: O(*v*) normalizations for *v* values.
  static func freeValues(
    of registry: VocabularyRegistry, parameterShards: [ShardKey: [MatchIndex]],
    normalizer: Normalizer
  ) throws(ICUError) -> [IntentModel.Label: [(parameter: String, values: [[String]])]] {
    var result: [IntentModel.Label: [(parameter: String, values: [[String]])]] = [:]
    for app in registry.apps {
      for intent in app.intents where !intent.parameterExamples.isEmpty {
        var byParameter: [String: Set<[String]>] = [:]
        var order: [String] = []
        for example in intent.parameterExamples {
          let parameter = ParameterName(intent: intent.name, parameter: example.parameter)
          let key = ShardKey(app: app.bundleIdentifier, source: parameter.description)
          guard parameterShards[key]?.isEmpty != false else { continue }
          let tokens = try normalizer.normalize(example.text).map(\.latinKey)
          guard !tokens.isEmpty else { continue }
          if byParameter[example.parameter] == nil { order.append(example.parameter) }
          byParameter[example.parameter, default: []].insert(tokens)
        }
        let label = IntentModel.Label(app: app.bundleIdentifier, intent: intent.name)
        guard result[label] == nil else { continue }
        result[label] = order.map { parameter in
          let values = byParameter[parameter]!.sorted {
            $0.count != $1.count ? $0.count > $1.count : $0.lexicographicallyPrecedes($1)
          }
          return (parameter, values)
        }
      }
    }
    return result
  }

  /// A template for every example phrase and standard phrasing of the registry's apps.
  static func compileTemplates(_ registry: VocabularyRegistry, normalizer: Normalizer)
    throws(ICUError) -> [Template]
  {
    var templates: [Template] = []
    for source in templateSources(registry) {
      templates.append(
        try Template(
          source.text, app: source.app, intent: source.intent,
          localization: source.localization, normalizer: normalizer))
    }
    return templates
  }

  /// The carrier words of each shard that a template may fill: the Latin keys of the words
  /// of every template with a slot the shard may serve, and of the app's names (see
  /// ``MatchIndex/init(entries:normalizer:carrierWords:)``); only `app`'s when given. A
  /// shard no template fills has none.
  ///
  /// - Complexity: O(*t* × *k*) for *t* templates of *k* elements, plus normalizing the apps'
  ///   names.
  static func carrierWords(
    of templates: [Template], registry: VocabularyRegistry, normalizer: Normalizer,
    app onlyApp: String? = nil
  ) throws(ICUError) -> [ShardKey: Set<String>] {
    var result: [ShardKey: Set<String>] = [:]
    for template in templates where onlyApp == nil || template.app == onlyApp {
      var words = Set<String>()
      for case .word(_, let latin) in template.elements { words.insert(latin) }
      for case .slot(let name) in template.elements where name != ParameterName.applicationName {
        let parameter = ParameterName(intent: template.intent, parameter: name)
        for source in Self.sources(of: parameter) {
          result[ShardKey(app: template.app, source: source), default: []].formUnion(words)
        }
      }
    }
    for app in registry.apps where onlyApp == nil || app.bundleIdentifier == onlyApp {
      var names = Set<String>()
      for name in app.names {
        for token in try normalizer.normalize(name.text) { names.insert(token.latinKey) }
      }
      for key in result.keys where key.app == app.bundleIdentifier {
        result[key]!.formUnion(names)
      }
    }
    return result
  }

  /// The shards each parameter a template has a slot for draws its entries from, by app and
  /// parameter.
  static func parameterShards(of templates: [Template], in shards: [ShardKey: MatchIndex])
    -> [ShardKey: [MatchIndex]]
  {
    var parameterShards: [ShardKey: [MatchIndex]] = [:]
    for template in templates {
      for case .slot(let name) in template.elements where name != ParameterName.applicationName {
        let parameter = ParameterName(intent: template.intent, parameter: name)
        let key = ShardKey(app: template.app, source: parameter.description)
        if parameterShards[key] == nil {
          parameterShards[key] = Self.shards(in: shards, app: template.app, parameter: parameter)
        }
      }
    }
    return parameterShards
  }

  /// Each (app, intent)'s parameters that its templates name and a vocabulary serves, sorted.
  ///
  /// - Complexity: O(*t* × *k*) for *t* templates of *k* elements.
  static func boundParameters(
    of templates: [Template], parameterShards: [ShardKey: [MatchIndex]]
  ) -> [IntentModel.Label: [ParameterName]] {
    var found: [IntentModel.Label: Set<ParameterName>] = [:]
    for template in templates {
      let label = IntentModel.Label(app: template.app, intent: template.intent)
      for case .slot(let name) in template.elements where name != ParameterName.applicationName {
        let parameter = ParameterName(intent: template.intent, parameter: name)
        let key = ShardKey(app: template.app, source: parameter.description)
        if parameterShards[key]?.isEmpty == false { found[label, default: []].insert(parameter) }
      }
    }
    return found.mapValues { $0.sorted() }
  }

  /// Each (app, intent)'s free-text parameters that its templates name and whose names give
  /// them a ``BuiltinKind``, sorted by name.
  ///
  /// - Complexity: O(*t* × *k*) for *t* templates of *k* elements.
  static func builtinParameters(
    of templates: [Template], parameterShards: [ShardKey: [MatchIndex]]
  ) -> [IntentModel.Label: [(name: String, kind: BuiltinKind)]] {
    var found: [IntentModel.Label: [String: BuiltinKind]] = [:]
    for template in templates {
      let label = IntentModel.Label(app: template.app, intent: template.intent)
      for case .slot(let name) in template.elements where name != ParameterName.applicationName {
        let parameter = ParameterName(intent: template.intent, parameter: name)
        let key = ShardKey(app: template.app, source: parameter.description)
        guard parameterShards[key]?.isEmpty != false,
          let kind = BuiltinKind(parameterName: name)
        else { continue }
        found[label, default: [:]][name] = kind
      }
    }
    return found.mapValues { $0.sorted { $0.key < $1.key }.map { (name: $0.key, kind: $0.value) } }
  }

  /// The ``RoutingLexicon/requestKindVerbs`` each label's templates say, or say another way
  /// (``VerbParaphrases``: a template's "remove" lets "delete" in); every reading verb for a
  /// label that reads at all (says one, or asks a question: "what is john's email" lets
  /// "show john's contact information" in).
  ///
  /// - Complexity: O(*t* × *k*) for *t* templates of *k* elements.
  static func requestKindVerbs(
    _ templatesOfLabel: [[Int]], _ templates: [Template], asksQuestions: [Bool]
  ) -> [Set<String>] {
    var paraphrases: [String: [String]] = [:]
    for (verb, others) in VerbParaphrases.table(language: "en") {
      paraphrases[verb, default: []] += others
    }
    return zip(templatesOfLabel, asksQuestions).map { indices, asksQuestions in
      var said = Set<String>()
      for index in indices {
        var words: [String] = []
        for case .word(_, let latin) in templates[index].elements {
          words.append(latin)
          said.insert(latin)
          said.formUnion(paraphrases[latin] ?? [])
        }
        // "take ${item} off my ${list} list" removes.
        if RoutingLexicon.undoingPhraseLength(words) != nil {
          said.insert(RoutingLexicon.undoingPhraseVerb)
          said.formUnion(paraphrases[RoutingLexicon.undoingPhraseVerb] ?? [])
        }
      }
      var verbs = said.intersection(RoutingLexicon.requestKindVerbs)
      if asksQuestions || !verbs.isDisjoint(with: RoutingLexicon.allReadingVerbs) {
        verbs.formUnion(RoutingLexicon.allReadingVerbs)
      }
      if !verbs.isDisjoint(with: RoutingLexicon.allRemovingVerbs) {
        verbs.formUnion(RoutingLexicon.allRemovingVerbs)
      }
      return verbs
    }
  }

  /// The positions in `templates` of each of the model's labels' templates.
  static func templatesOfLabel(_ model: IntentModel, _ templates: [Template]) -> [[Int]] {
    var labelIndex: [IntentModel.Label: Int] = [:]
    for (index, label) in model.labels.enumerated() { labelIndex[label] = index }
    var templatesOfLabel = [[Int]](repeating: [], count: model.labels.count)
    for (index, template) in templates.enumerated() {
      if let label = labelIndex[IntentModel.Label(app: template.app, intent: template.intent)] {
        templatesOfLabel[label].append(index)
      }
    }
    return templatesOfLabel
  }

  /// Every app name as one entry per app (type `app`), in registry order.
  static func appEntries(_ registry: VocabularyRegistry) -> [MatchEntry] {
    registry.apps.enumerated().map { index, app in
      let phrases = app.names.map { name in
        MatchPhrase(
          name.text, pronunciation: name.pronunciation,
          weight: name.kind == .alternativeName ? 0.97 : 1)
      }
      return MatchEntry(
        identifier: app.bundleIdentifier, type: "app", phrases: phrases, priority: index,
        owner: app.bundleIdentifier)
    }
  }

  /// What each template is compiled from, in order: every example of every intent, then
  /// the intent's standard phrasings (``standardTemplates(of:in:)``). Cheap: nothing is
  /// normalized, so a cache's templates can be checked against it.
  static func templateSources(_ registry: VocabularyRegistry) -> [Template.Source] {
    var sources: [Template.Source] = []
    for app in registry.apps {
      for intent in app.intents {
        for example in intent.examples {
          sources.append(
            Template.Source(
              text: example.text, app: app.bundleIdentifier, intent: intent.name,
              localization: example.localization))
        }
        sources += standardTemplates(of: intent, in: app)
      }
    }
    return sources
  }

  /// The standard phrasings of a standard intent, in each language the app wrote examples
  /// in, of any intent (with the localization of its first example in that language),
  /// minus the app's own phrases: an app localized into Russian is asked in Russian for
  /// everything it does, as Siri offers its own phrasings in each language the app supports.
  static func standardTemplates(of intent: Intent, in app: App) -> [Template.Source] {
    guard StandardPhrasings.covers(intent.name) else { return [] }
    var own = Set(intent.examples.map { $0.text.lowercased() })
    var languages: Set<String> = []
    var result: [Template.Source] = []
    for example in intent.examples + app.intents.flatMap(\.examples) {
      let language = Router.language(of: example.localization)
      guard languages.insert(language).inserted else { continue }
      for text in StandardPhrasings.phrasings(intent: intent.name, language: language)
      where own.insert(text.lowercased()).inserted {
        result.append(
          Template.Source(
            text: text, app: app.bundleIdentifier, intent: intent.name,
            localization: example.localization))
      }
    }
    return result
  }

  /// Trains the intent model again from this vocabulary's templates and returns its number
  /// of intents: for benchmarks that time training, which compiling does once.
  ///
  /// - Complexity: as ``init(registry:normalizer:)``'s training.
  package func trainIntentModel() throws(ICUError) -> Int {
    try IntentModel.train(
      templates: templates, registry: registry, normalizer: normalizer, tuning: .standard
    ).labels.filter { $0 != .outOfScope }.count
  }

  /// Loads and compiles a vocabulary directory.
  public static func load(directory: URL, locale: String? = nil) throws -> CompiledVocabulary {
    let registry = try VocabularyRegistry.load(directory: directory, locale: locale)
    return try CompiledVocabulary(registry: registry)
  }

  static func entries(_ items: [VocabularyItem], app: String, source: String) -> [MatchEntry] {
    items.map { entry($0, app: app, source: source) }
  }

  /// The entry the matcher gets for `item` of `app`, from `source` (a vocabulary type or a
  /// parameter).
  static func entry(_ item: VocabularyItem, app: String, source: String) -> MatchEntry {
    MatchEntry(
      identifier: item.identifier, type: source,
      phrases: item.phrases.map { phrase in
        MatchPhrase(
          phrase.text, pronunciation: phrase.pronunciation, weight: phraseWeight(phrase.kind))
      }, priority: item.priority, owner: app)
  }

  /// The matcher's weight of a phrase of `kind`: an alternative speakable match is a little
  /// less than the name itself, so the name wins a tie.
  static func phraseWeight(_ kind: VocabularyPhrase.Kind) -> Double {
    kind == .alternative ? 0.97 : 1
  }

  /// The shards that serve a parameter of an app: its `ParameterVocabularies` and the user
  /// vocabulary types bound to it.
  public func shards(app: String, parameter: ParameterName) -> [MatchIndex] {
    if let known = parameterShards[ShardKey(app: app, source: parameter.description)] {
      return known
    }
    return Self.shards(in: shards, app: app, parameter: parameter)
  }

  static func shards(in shards: [ShardKey: MatchIndex], app: String, parameter: ParameterName)
    -> [MatchIndex]
  {
    sources(of: parameter).compactMap { shards[ShardKey(app: app, source: $0)] }
  }

  /// The shard sources that may serve `parameter`: its own `ParameterVocabularies` list, then
  /// each user vocabulary type it binds to.
  static func sources(of parameter: ParameterName) -> [String] {
    [parameter.description] + ParameterBindings.types(for: parameter).map(\.rawValue)
  }

  /// True when a parameter of an app has any vocabulary (otherwise it is free text).
  public func isBound(app: String, parameter: ParameterName) -> Bool {
    !shards(app: app, parameter: parameter).isEmpty
  }

  /// A new compiled vocabulary with one app's strings of one type replaced, as
  /// `INVocabulary.setVocabularyStrings(_:of:)` does; only that shard is recompiled, and the
  /// intent model is kept.
  ///
  /// - Complexity: O(*k*) in the size of `items`, plus O(*s*) to copy the shard table.
  public func updating(app: String, type: UserVocabularyType, items: [VocabularyItem])
    throws(ICUError) -> CompiledVocabulary
  {
    var registry = self.registry
    if let index = registry.apps.firstIndex(where: { $0.bundleIdentifier == app }) {
      var ranked = items
      for position in ranked.indices { ranked[position].priority = position }
      registry.apps[index].userVocabulary[type] = ranked
    }
    var shards = self.shards
    let key = ShardKey(app: app, source: type.rawValue)
    let carriers = try Self.carrierWords(
      of: templates, registry: registry, normalizer: normalizer, app: app)
    shards[key] = try MatchIndex(
      entries: Self.entries(items, app: app, source: type.rawValue), normalizer: normalizer,
      carrierWords: carriers[key] ?? [])
    // The intent model learned phrasing and vocabulary classes, not this type's names: it is
    // kept, so an update costs the shard, not a retraining.
    return try CompiledVocabulary(
      registry: registry, normalizer: normalizer, shards: shards, cachedModel: intentModel,
      cachedQualifiers: mediaQualifiers, cachedAppNames: appNames, cachedTemplates: templates)
  }
}

extension CompiledVocabulary {
  /// Numbers the distinct sound keys of every template's carrier words, and apart from them
  /// those of each word said as one with the next, and sets each template's
  /// ``Template/keyIndices``.
  ///
  /// - Complexity: O(*w* × *l*) for *w* carrier words of at most *l* symbols.
  static func indexCarrierKeys(of templates: inout [Template]) -> (
    alone: [[UInt8]], merged: [[UInt8]]
  ) {
    var keys: (alone: [[UInt8]], merged: [[UInt8]]) = ([], [])
    var indexOf: (alone: [[UInt8]: Int32], merged: [[UInt8]: Int32]) = ([:], [:])
    func index(_ key: [UInt8], _ list: inout [[UInt8]], _ indices: inout [[UInt8]: Int32]) -> Int32
    {
      if let index = indices[key] { return index }
      let index = Int32(list.count)
      list.append(key)
      indices[key] = index
      return index
    }
    for t in templates.indices {
      let elements = templates[t].elements
      templates[t].keyIndices = elements.indices.map { e in
        guard case .word(let symbols, _) = elements[e] else { return (-1, -1) }
        let alone = index(symbols, &keys.alone, &indexOf.alone)
        guard e + 1 < elements.count, case .word(let next, _) = elements[e + 1] else {
          return (alone, -1)
        }
        return (alone, index(symbols + next, &keys.merged, &indexOf.merged))
      }
    }
    return keys
  }
}

extension CompiledVocabulary {
  /// Numbers the distinct (app, intent, parameter) slots of the templates, sets each
  /// template's ``Template/slotIndices``, and returns how many there are.
  ///
  /// - Complexity: O(*e*) for *e* template elements.
  static func indexSlots(of templates: inout [Template]) -> Int {
    var indexOf: [AppParameter: Int32] = [:]
    for t in templates.indices {
      let template = templates[t]
      templates[t].slotIndices = template.elements.map { element in
        guard case .slot(let name) = element else { return -1 }
        let slot = AppParameter(
          app: template.app, parameter: ParameterName(intent: template.intent, parameter: name))
        if let index = indexOf[slot] { return index }
        let index = Int32(indexOf.count)
        indexOf[slot] = index
        return index
      }
    }
    return indexOf.count
  }
}
