import VocabKitNormalization
import VocabKitSupport
import VocabKitVocabulary

extension IntentModel {
  /// The class name of spans that name an app.
  static let appClass = "app"

  /// Learns a model from every template of a vocabulary, each filled several times: bound
  /// slots with phrases of their vocabulary (and their class as a unit), `${applicationName}`
  /// with the app's names, free-text slots with nothing or a short generic phrase.
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
    var random = SplitMix64(seed: tuning.seed &+ 1)
    func pick(_ count: Int) -> Int { random.next(count) }

    var examples: [Example] = []
    let chosen = trainingTemplates(templates, labelIndex: labelIndex, tuning: tuning)
    let fills = tuning.fills(templates: chosen.count)
    for template in chosen.map({ templates[$0] }) {
      guard let label = labelIndex[Label(app: template.app, intent: template.intent)],
        let app = apps[template.app]
      else { continue }
      let fillers =
        tuning.freeTextFillers[Router.language(of: template.localization)]
        ?? tuning.freeTextFillers["en"] ?? []
      for fill in 0..<fills {
        var sentence: [IntentWord] = []
        var units: [IntentUnit] = []
        for element in template.elements {
          switch element {
          case .word(let symbols, let latin):
            sentence.append(IntentWord(latin: latin, symbols: symbols))
            units.append(.word(latin))
          case .slot(let name) where name == ParameterName.applicationName:
            guard !app.names.isEmpty else { continue }
            sentence += try words(app.names[pick(app.names.count)].text)
            units.append(.slot(appClass))
          case .slot(let name):
            let parameter = ParameterName(intent: template.intent, parameter: name)
            let key = AppParameter(app: template.app, parameter: parameter)
            if sources[key] == nil { sources[key] = boundSources(app: app, parameter: parameter) }
            if let bound = sources[key], !bound.isEmpty {
              let source = bound[pick(bound.count)]
              let item = source.items[pick(source.items.count)]
              let phrases = item.phrases.filter { !$0.text.isEmpty }
              guard !phrases.isEmpty else { continue }
              sentence += try words(phrases[pick(phrases.count)].text)
              units.append(.slot(source.name))
            } else if fill % 2 == 1, !fillers.isEmpty {
              let filler = try words(fillers[pick(fillers.count)])
              sentence += filler
              units += filler.map { .word($0.latin) }
            }
          }
        }
        examples.append(
          Example(label: label, features: IntentFeatures(words: sentence, units: units)))
      }
    }
    return train(labels: labels, examples: examples, tuning: tuning)
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

  /// The vocabularies that serve a parameter, named as their shards are: the parameter's
  /// own `ParameterVocabularies`, then each bound user vocabulary type.
  private static func boundSources(app: App, parameter: ParameterName) -> [(
    name: String, items: [VocabularyItem]
  )] {
    var result: [(name: String, items: [VocabularyItem])] = []
    if let items = app.parameterVocabularies[parameter], !items.isEmpty {
      result.append((parameter.description, items))
    }
    for type in ParameterBindings.types(for: parameter) {
      if let items = app.userVocabulary[type], !items.isEmpty {
        result.append((type.rawValue, items))
      }
    }
    return result
  }
}
