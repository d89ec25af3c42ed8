import VocabKitMatching
import VocabKitNormalization
import VocabKitVocabulary

/// An intent example compiled for alignment: literal words with their sound keys, and slots.
struct Template: Sendable {
  enum Element: Sendable, Equatable {
    case word(symbols: [UInt8], latin: String)
    case slot(String)
  }

  let app: String
  let intent: String
  let localization: String
  let text: String
  let elements: [Element]
  /// The writing systems of the carrier words (Latin, Han, Thai …); empty when the template
  /// is only slots. A recognizer writes a language in its own script, so a template is
  /// aligned only against utterances with a token in one of these.
  let scripts: Set<Script>
  /// How much the template can prove, in 0.5...1; see ``evidenceFactor(isBound:)``. Set
  /// when the vocabulary is compiled, as it depends on which slots are bound.
  var evidence: Double = 1
  /// For each element, the index of its carrier word's sound key in
  /// ``CompiledVocabulary/carrierKeys``, and in ``CompiledVocabulary/mergedCarrierKeys`` of the
  /// key of it said as one word with the next carrier word; -1 for a slot, and for no next
  /// word. Set when the vocabulary is compiled, so that routing compares each key once an
  /// utterance without hashing it.
  var keyIndices: [(alone: Int32, merged: Int32)] = []
  /// For each element, the index of its slot among the distinct (app, intent, parameter)
  /// slots of the vocabulary's templates (``CompiledVocabulary/slotCount``); -1 for a carrier
  /// word. Set when the vocabulary is compiled: an utterance keeps each slot's costs in an
  /// array, shared by the intent's templates.
  var slotIndices: [Int32] = []

  var literalCount: Int {
    elements.reduce(0) {
      if case .word = $1 { return $0 + 1 }
      return $0
    }
  }

  /// What a template is compiled from.
  struct Source: Equatable {
    var text: String
    var app: String
    var intent: String
    var localization: String
  }

  /// A template read from a compiled cache, or made by ``init(_:app:intent:localization:normalizer:)``.
  init(source: Source, elements: [Element], scripts: Set<Script>) {
    app = source.app
    intent = source.intent
    localization = source.localization
    text = source.text
    self.elements = elements
    self.scripts = scripts
  }

  init(_ text: String, app: String, intent: String, localization: String, normalizer: Normalizer)
    throws(ICUError)
  {
    self.app = app
    self.intent = intent
    self.localization = localization
    self.text = text
    var elements: [Element] = []
    var scripts: Set<Script> = []
    for part in IntentTemplate.parts(of: text) {
      switch part {
      case .placeholder(let name):
        elements.append(.slot(name))
      case .text(let literal):
        for token in try normalizer.normalize(literal) {
          if token.script != .common && token.script != .inherited { scripts.insert(token.script) }
          elements.append(
            .word(
              symbols: PhoneticKey(latinKey: token.latinKey).symbols, latin: token.latinKey))
        }
      }
    }
    self.elements = elements
    self.scripts = scripts
  }

  /// Whether the template's carrier words are in a script the utterance uses.
  func fits(scripts utteranceScripts: Set<Script>) -> Bool {
    scripts.isEmpty || !scripts.isDisjoint(with: utteranceScripts)
  }

  /// Whether a carrier word of the template is neither a common word nor a filler ("call",
  /// "shuffle", not "to" or "please").
  var hasNamingCarrierWord: Bool {
    elements.contains {
      guard case .word(_, let latin) = $0 else { return false }
      return !RoutingLexicon.fillers.contains(latin) && !CommonWords.latinKeys.contains(latin)
    }
  }

  /// How much a template can prove: templates made of free-text slots and common words
  /// ("what is ${relation} ${info}", "${setting} the ${type}") fit almost any sentence, so
  /// their scores are scaled down.
  ///
  /// Evidence: 1.5 for a slot bound to vocabulary (`isBound`) or the app's name, 1 for a
  /// carrier word that is not a common word, 0.5 for a common word that is not a filler. The
  /// factor is 0.5 + 0.25 × evidence, at most 1: a template needs evidence 2 to count in full
  /// ("play ${mediaSearch}": play and a bound slot), and with evidence 1 or less even a
  /// perfect alignment stays below the 0.7 intent threshold.
  func evidenceFactor(isBound: (ParameterName) -> Bool) -> Double {
    Self.evidenceFactor(evidence(isBound: isBound))
  }

  /// The factor of ``evidenceFactor(isBound:)`` for `evidence`.
  static func evidenceFactor(_ evidence: Double) -> Double {
    let costs = RoutingCosts.standard
    return min(1, costs.evidenceBase + costs.evidenceStep * evidence)
  }

  /// The evidence ``evidenceFactor(isBound:)`` counts: its words' ``evidence(of:)``, and 1.5
  /// for each slot bound to vocabulary or the app's name.
  func evidence(isBound: (ParameterName) -> Bool) -> Double {
    var evidence = 0.0
    for element in elements {
      switch element {
      case .word: evidence += Self.evidence(of: element)
      case .slot(let name):
        if name == ParameterName.applicationName
          || isBound(ParameterName(intent: intent, parameter: name))
        {
          evidence += RoutingCosts.standard.boundSlotEvidence
        }
      }
    }
    return evidence
  }

  /// What a carrier word proves: 1 for one that is not a common word, 0.5 for a common word,
  /// nothing for a filler (or a slot: see ``evidence(isBound:)``).
  static func evidence(of element: Element) -> Double {
    guard case .word(_, let latin) = element, !RoutingLexicon.fillers.contains(latin) else {
      return 0
    }
    let costs = RoutingCosts.standard
    return CommonWords.latinKeys.contains(latin)
      ? costs.commonWordEvidence : costs.carrierWordEvidence
  }
}
