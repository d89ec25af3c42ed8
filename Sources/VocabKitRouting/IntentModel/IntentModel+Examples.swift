import VocabKitNormalization
import VocabKitSupport
import VocabKitVocabulary

extension IntentModel {
  /// The class name of spans that name an app.
  static let appClass = "app"

  /// Learns a model from every template of a vocabulary, each filled several times: bound
  /// slots with phrases of their vocabulary (and their class as a unit), or in the last fill
  /// with made-up words (a misheard name, and its carrier words as a recognizer mishears them,
  /// ``RecognizerConfusions``), `${applicationName}` with the app's names,
  /// free-text slots with a value the app's `ParameterExamples` give them, nothing, or a
  /// short generic phrase; each once more with a verb said
  /// another way (``VerbParaphrases``); and an out-of-scope class, of sentences of frequent
  /// words and of ``SystemRequests``.
  ///
  /// - Complexity: O(*t* × *k*) to fill *t* templates *k* times (fewer past
  ///   ``IntentModelTuning/maximumExamples``), plus training; each phrase used is normalized
  ///   once.
  static func train(
    templates: [Template], registry: VocabularyRegistry, normalizer: Normalizer,
    tuning: IntentModelTuning
  ) throws(ICUError) -> IntentModel {
    let labels = Set(templates.map { Label(app: $0.app, intent: $0.intent) }).sorted()
    var labelIndex: [Label: Int] = [:]
    for (index, label) in labels.enumerated() { labelIndex[label] = index }
    var apps: [String: App] = [:]
    for app in registry.apps where apps[app.bundleIdentifier] == nil {
      apps[app.bundleIdentifier] = app
    }
    var normalized: [String: [IntentWord]] = [:]
    func words(_ text: String) throws(ICUError) -> [IntentWord] {
      if let known = normalized[text] { return known }
      let result = try normalizer.normalize(text).map { IntentWord(latin: $0.latinKey) }
      normalized[text] = result
      return result
    }
    var sources: [AppParameter: [(name: String, items: [VocabularyItem])]] = [:]
    var classNames: [String: [ParameterName: String]] = [:]
    var random = SplitMix64(seed: tuning.seed)
    func pick(_ count: Int) -> Int { random.next(count) }

    let valuesOfFreeSlots = try parameterExampleWords(registry: registry, words: words)
    let shared = sharedClasses(Array(apps.values))
    var examples: [Example] = []
    let chosen = trainingTemplates(templates, labelIndex: labelIndex, tuning: tuning)
    let chosenTemplates = chosen.map { templates[$0] }
    let fills = tuning.fills(templates: chosen.count)
    let noise = try noiseWords(templates: chosenTemplates, normalizer: normalizer, tuning: tuning)
    var paraphrases: [String: [String: [[IntentWord]]]] = [:]
    var confusions: [String: [String: [[IntentWord]]]] = [:]
    // The words each label's templates say: a paraphrase its own phrasings already say (the
    // standard phrasings' "ring" and "dial") is not learned again.
    var saidWords = [Set<String>](repeating: [], count: labels.count)
    for template in chosenTemplates {
      guard let label = labelIndex[Label(app: template.app, intent: template.intent)] else {
        continue
      }
      for case .word(_, let latin) in template.elements { saidWords[label].insert(latin) }
    }
    var paraphraseRandom = random
    for template in chosenTemplates {
      guard let label = labelIndex[Label(app: template.app, intent: template.intent)],
        let app = apps[template.app]
      else { continue }
      // Each template fills from streams of its own: a template added to the vocabulary
      // changes no other template's examples.
      let seed = templateKey(template, seed: tuning.seed)
      random = SplitMix64(seed: seed &+ 1)
      paraphraseRandom = SplitMix64(seed: seed &+ 3)
      let language = Router.language(of: template.localization)
      let fillers = tuning.freeTextFillers[language] ?? tuning.freeTextFillers["en"] ?? []
      if paraphrases[language] == nil {
        paraphrases[language] = try replacements(
          VerbParaphrases.table(language: language).map { ($0.verb, $0.paraphrases) },
          words: words)
        confusions[language] = try replacements(
          RecognizerConfusions.table(language: language).map { ($0.word, [$0.heard]) },
          words: words)
      }
      // The template as written, filled `fills` times, then with each verb said another way,
      // filled once.
      let variants =
        [(elements: template.elements, fills: fills)]
        + paraphrased(
          template, paraphrases: paraphrases[language] ?? [:], said: saidWords[label],
          tuning: tuning
        ).map { (elements: $0, fills: 1) }
      for (variant, (elements, fills)) in variants.enumerated() {
        // Paraphrases fill from a stream of their own: the template's own fills stay as they
        // are whatever paraphrases there are.
        if variant == 1 { swap(&random, &paraphraseRandom) }
        for fill in 0..<fills {
          var sentence: [IntentWord] = []
          var units: [IntentUnit] = []
          var appClasses: [UInt64] = []
          for element in elements {
            switch element {
            case .word(let symbols, let latin):
              if variant == 0, fills >= tuning.fillsBeforeMisheardNames, fill == fills - 1,
                let heard = confusions[language]?[latin]?.first,
                !saidWords[label].contains(heard[0].latin)
              {
                // The fill of misheard names mishears carrier words too, as recognizers do.
                sentence += heard
                units += heard.map { .word($0.latin) }
              } else {
                sentence.append(IntentWord(latin: latin, symbols: symbols))
                units.append(.word(latin))
              }
            case .slot(let name) where name == ParameterName.applicationName:
              guard !app.names.isEmpty else { continue }
              sentence += try words(app.names[pick(app.names.count)].text)
              units.append(.slot(appClass))
            case .slot(let name):
              let parameter = ParameterName(intent: template.intent, parameter: name)
              let key = AppParameter(app: template.app, parameter: parameter)
              if sources[key] == nil {
                if classNames[template.app] == nil {
                  classNames[template.app] = listClasses(of: app)
                }
                sources[key] = boundSources(
                  app: app, parameter: parameter, className: classNames[template.app]![parameter])
              }
              if let bound = sources[key], !bound.isEmpty, fills >= tuning.fillsBeforeMisheardNames,
                fill == fills - 1
              {
                // A name the recognizer got wrong: made-up words, and no slot class, so that
                // the intent's own words carry it when no name matches.
                for _ in 0...pick(tuning.misheardNameWords) {
                  let word = tuning.misheardWord { pick($0) }
                  sentence.append(IntentWord(latin: word))
                  units.append(.word(word))
                }
              } else if let bound = sources[key], !bound.isEmpty {
                let source = bound[pick(bound.count)]
                let item = source.items[pick(source.items.count)]
                let phrases = item.phrases.filter { !$0.text.isEmpty }
                guard !phrases.isEmpty else { continue }
                sentence += try words(phrases[pick(phrases.count)].text)
                units.append(.slot(source.name))
                if shared.contains(source.name) {
                  appClasses.append(IntentFeatures.appClass(app: template.app, name: source.name))
                }
              } else if fill % 2 == 0,
                let values = valuesOfFreeSlots[
                  FreeSlot(app: template.app, intent: template.intent, parameter: name),
                  default: [:]][language], !values.isEmpty
              {
                // A value the app's examples give the slot ("tweet" for `${media_type}`): the
                // words that say the intent often stand in a free slot.
                let value = values[pick(values.count)]
                sentence += value
                units += value.map { .word($0.latin) }
              } else if fill % 2 == 1, !fillers.isEmpty {
                let filler = try words(fillers[pick(fillers.count)])
                sentence += filler
                units += filler.map { .word($0.latin) }
              }
            }
          }
          examples.append(
            Example(
              label: label,
              features: IntentFeatures(words: sentence, units: units, appClasses: appClasses)))
        }
      }
      if variants.count > 1 { swap(&random, &paraphraseRandom) }
    }
    // The out-of-scope class, when there is any intent to tell apart from it.
    var allLabels = labels
    if !chosen.isEmpty {
      allLabels.append(.outOfScope)
      examples += outOfScopeExamples(
        label: labels.count,
        count: tuning.outOfScopeExamples(examples: examples.count, labels: labels.count),
        templates: chosenTemplates, examples: examples, noise: noise, tuning: tuning)
      examples += try systemRequestExamples(
        label: labels.count, languages: noise.keys.sorted(), tuning: tuning, words: words)
    }
    return train(labels: allLabels, examples: examples, tuning: tuning)
  }

  /// A number that stands for `template` whatever other templates there are: its app,
  /// intent, localization and elements.
  static func templateKey(_ template: Template, seed: UInt64) -> UInt64 {
    var hash = Hash64()
    hash.add(seed)
    for text in [template.app, template.intent, template.localization] {
      hash.add(Array(text.utf8))
      hash.add(0)
    }
    for element in template.elements {
      switch element {
      case .word(_, let latin):
        hash.add(1)
        hash.add(Array(latin.utf8))
      case .slot(let name):
        hash.add(2)
        hash.add(Array(name.utf8))
      }
    }
    return hash.value
  }

  /// A free-text parameter of one app's intent.
  private struct FreeSlot: Hashable {
    var app: String
    var intent: String
    var parameter: String
  }

  /// The normalized `ParameterExamples` of every app's intents, by slot and language.
  ///
  /// - Complexity: O(*v*) normalizations for *v* values (each distinct text once).
  private static func parameterExampleWords(
    registry: VocabularyRegistry, words: (String) throws(ICUError) -> [IntentWord]
  ) throws(ICUError) -> [FreeSlot: [String: [[IntentWord]]]] {
    var result: [FreeSlot: [String: [[IntentWord]]]] = [:]
    for app in registry.apps {
      for intent in app.intents {
        for example in intent.parameterExamples {
          let value = try words(example.text)
          guard !value.isEmpty else { continue }
          let slot = FreeSlot(
            app: app.bundleIdentifier, intent: intent.name, parameter: example.parameter)
          result[slot, default: [:]][Router.language(of: example.localization), default: []]
            .append(value)
        }
      }
    }
    return result
  }

  /// Sentences of frequent words of the language that no template uses, as long as a
  /// template: the out-of-scope class, so that an utterance whose words say little about any
  /// intent ("what's the weather like") goes to no intent rather than to the least unlikely
  /// one, as Snips NLU's noise intent does.
  ///
  /// Only features that the intents' own `examples` have are kept: a word known only from
  /// noise stays unknown, so ``IntentModel/knows(_:)`` still means "an intent's example had it".
  ///
  /// - Complexity: O(*n* × *k*) for *n* sentences of *k* words, plus O(*f*) for the
  ///   examples' *f* features.
  private static func outOfScopeExamples(
    label: Int, count: Int, templates: [Template], examples: [Example],
    noise: [String: [IntentWord?]], tuning: IntentModelTuning
  ) -> [Example] {
    var known = Set<UInt64>()
    for example in examples { known.formUnion(example.features.hashes) }
    guard !templates.isEmpty else { return [] }
    var result: [Example] = []
    // Each template makes its share of the sentences, as long as itself, from a stream of
    // its own: a template added changes no other template's sentences but for one more or
    // one fewer at the end.
    let share = Double(count) / Double(templates.count)
    for template in templates {
      let seed = templateKey(template, seed: tuning.seed &+ 2)
      var random = SplitMix64(seed: seed)
      let fraction = Double(seed >> 11) / Double(1 << 53)
      let sentences = Int(share) + (fraction < share - share.rounded(.down) ? 1 : 0)
      let vocabulary = noise[Router.language(of: template.localization)] ?? noise["en"] ?? []
      guard vocabulary.contains(where: { $0 != nil }) else { continue }
      for _ in 0..<sentences {
        // A used word is drawn again, from the sentence's own stream.
        var words = SplitMix64(seed: random.next())
        let sentence = (0..<max(1, template.elements.count)).map { _ in
          while true {
            if let word = vocabulary[words.next(vocabulary.count)] { return word }
          }
        }
        var features = IntentFeatures(words: sentence, units: sentence.map { .word($0.latin) })
        let kept = features.hashes.indices.filter { known.contains(features.hashes[$0]) }
        features.values = kept.map { features.values[$0] }
        features.hashes = kept.map { features.hashes[$0] }
        result.append(Example(label: label, features: features))
      }
    }
    return result
  }

  /// `template` with each of its verbs that `paraphrases` has said another way, one
  /// paraphrase at a time, but for a paraphrase its intent's templates already `said`; none
  /// for Apple's intents, which have their standard phrasings.
  ///
  /// - Complexity: O(*k* × *p*) for *k* elements and *p* paraphrases of their verbs.
  private static func paraphrased(
    _ template: Template, paraphrases: [String: [[IntentWord]]], said: Set<String>,
    tuning: IntentModelTuning
  ) -> [[Template.Element]] {
    guard !StandardPhrasings.covers(template.intent) else { return [] }
    var result: [[Template.Element]] = []
    for (position, element) in template.elements.enumerated() {
      guard case .word(_, let latin) = element, let others = paraphrases[latin] else { continue }
      for other in others.prefix(tuning.paraphrasesPerVerb) where !said.contains(other[0].latin) {
        var elements = template.elements
        elements.replaceSubrange(
          position...position, with: other.map { .word(symbols: $0.symbols, latin: $0.latin) })
        result.append(elements)
      }
    }
    return result
  }

  /// Each word of `table` that normalizes to one word, by its Latin key, with the words of
  /// each of its replacements (a ``VerbParaphrases`` verb and its paraphrases, a
  /// ``RecognizerConfusions`` word and what was heard).
  ///
  /// - Complexity: O(*r*) to normalize the table's *r* words and replacements.
  private static func replacements(
    _ table: [(word: String, replacements: [String])],
    words: (String) throws(ICUError) -> [IntentWord]
  ) throws(ICUError) -> [String: [[IntentWord]]] {
    var result: [String: [[IntentWord]]] = [:]
    for (word, others) in table {
      let said = try words(word)
      guard said.count == 1 else { continue }
      for other in others {
        let replacement = try words(other)
        if !replacement.isEmpty { result[said[0].latin, default: []].append(replacement) }
      }
    }
    return result
  }

  /// ``SystemRequests`` of `languages` as out-of-scope examples, each
  /// ``IntentModelTuning/systemRequestCopies`` times, with all their features: their words
  /// ("timer", "raincoat") are what tells them from an intent that shares their verb.
  ///
  /// - Complexity: O(*s* × *k*) for *s* sentences of *k* words.
  private static func systemRequestExamples(
    label: Int, languages: [String], tuning: IntentModelTuning,
    words: (String) throws(ICUError) -> [IntentWord]
  ) throws(ICUError) -> [Example] {
    var result: [Example] = []
    for language in languages {
      for sentence in SystemRequests.sentences(language: language) {
        let said = try words(sentence)
        guard !said.isEmpty else { continue }
        let features = IntentFeatures(words: said, units: said.map { .word($0.latin) })
        for _ in 0..<tuning.systemRequestCopies {
          result.append(Example(label: label, features: features))
        }
      }
    }
    return result
  }

  /// The frequent words of each language that `templates` are in (and English), nil for
  /// those any template uses (evidence for its intent, not against all): kept in place, so
  /// that a word a new template uses changes only the sentences that drew it.
  ///
  /// - Complexity: O(*t* × *k*) for *t* templates of *k* elements, plus normalizing each
  ///   language's list once.
  private static func noiseWords(
    templates: [Template], normalizer: Normalizer, tuning: IntentModelTuning
  ) throws(ICUError) -> [String: [IntentWord?]] {
    var used = Set<String>()
    var languages: Set<String> = ["en"]
    for template in templates {
      languages.insert(Router.language(of: template.localization))
      for case .word(_, let latin) in template.elements { used.insert(latin) }
    }
    var result: [String: [IntentWord?]] = [:]
    for language in languages.sorted() {
      guard let text = tuning.noiseWords[language] else { continue }
      var seen = Set<String>()
      result[language] = try normalizer.normalize(text).compactMap { token in
        guard seen.insert(token.latinKey).inserted else { return nil }
        return used.contains(token.latinKey) ? .some(nil) : IntentWord(latin: token.latinKey)
      }
    }
    return result
  }

  /// The indices of the templates to learn from: all of them, or past
  /// ``IntentModelTuning/maximumExamples`` evenly spaced ones of each label, as many for
  /// each (at least one), in their order.
  ///
  /// - Complexity: O(*t*) for *t* templates.
  private static func trainingTemplates(
    _ templates: [Template], labelIndex: [Label: Int], tuning: IntentModelTuning
  ) -> [Int] {
    guard templates.count > tuning.maximumExamples else { return Array(templates.indices) }
    var byLabel = [[Int]](repeating: [], count: labelIndex.count)
    for (index, template) in templates.enumerated() {
      if let label = labelIndex[Label(app: template.app, intent: template.intent)] {
        byLabel[label].append(index)
      }
    }
    let quota = max(1, tuning.maximumExamples / max(1, labelIndex.count))
    var chosen: [Int] = []
    for indices in byLabel {
      guard indices.count > quota else {
        chosen += indices
        continue
      }
      chosen += (0..<quota).map { indices[$0 * indices.count / quota] }
    }
    return chosen.sorted()
  }

  /// The class each parameter's own list is spotted as: a list that several parameters
  /// share is one class, named by the first of them, as the utterance's spans are
  /// (`RoutingContext.intentFeatures(apps:)` keeps the first shard key of equal matches).
  ///
  /// - Complexity: O(*p* log *p*) for *p* parameters, plus comparing lists of equal length.
  private static func listClasses(of app: App) -> [ParameterName: String] {
    let lists = app.parameterLists
    var result: [ParameterName: String] = [:]
    for (parameter, sameAs) in lists {
      result[parameter] = (sameAs.map { lists[$0].parameter } ?? parameter).description
    }
    return result
  }

  /// The slot classes whose items more than one of `apps` has: two apps' task lists, say.
  /// For these the model also learns whose vocabulary a span came from, so that a list only
  /// one app has names that app.
  ///
  /// - Complexity: O(*p*) for *p* parameters and vocabulary types of all apps.
  static func sharedClasses(_ apps: [App]) -> Set<String> {
    var appsOfClass: [String: Int] = [:]
    for app in apps {
      let classNames = listClasses(of: app)
      var mine = Set<String>()
      for (parameter, items) in app.parameterVocabularies where !items.isEmpty {
        mine.insert(classNames[parameter] ?? parameter.description)
      }
      for (type, items) in app.userVocabulary where !items.isEmpty { mine.insert(type.rawValue) }
      for name in mine { appsOfClass[name, default: 0] += 1 }
    }
    return Set(appsOfClass.filter { $0.value > 1 }.keys)
  }

  /// The vocabularies that serve a parameter, named by their class: the parameter's own
  /// `ParameterVocabularies` (`className`, shared with the parameters that share its list),
  /// then each bound user vocabulary type.
  private static func boundSources(app: App, parameter: ParameterName, className: String?)
    -> [(name: String, items: [VocabularyItem])]
  {
    var result: [(name: String, items: [VocabularyItem])] = []
    if let items = app.parameterVocabularies[parameter], !items.isEmpty {
      result.append((className ?? parameter.description, items))
    }
    let held = ParameterBindings.heldNotLearned[parameter] ?? []
    for type in ParameterBindings.types(for: parameter) where !held.contains(type) {
      if let items = app.userVocabulary[type], !items.isEmpty {
        result.append((type.rawValue, items))
      }
    }
    return result
  }
}
