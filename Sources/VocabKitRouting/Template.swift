import VocabKitNormalization
import VocabKitVocabulary

/// An intent example compiled for alignment: literal words with their sound keys, and slots.
struct Template: Sendable {
  enum Element: Sendable {
    case word(symbols: [UInt8], latin: String)
    case slot(String)
  }

  let app: String
  let intent: String
  let localization: String
  let text: String
  let elements: [Element]

  var literalCount: Int {
    elements.reduce(0) {
      if case .word = $1 { return $0 + 1 }
      return $0
    }
  }

  init(_ text: String, app: String, intent: String, localization: String, normalizer: Normalizer)
    throws(ICUError)
  {
    self.app = app
    self.intent = intent
    self.localization = localization
    self.text = text
    var elements: [Element] = []
    for part in IntentTemplate.parts(of: text) {
      switch part {
      case .placeholder(let name):
        elements.append(.slot(name))
      case .text(let literal):
        for token in try normalizer.normalize(literal) {
          elements.append(
            .word(
              symbols: PhoneticKey(latinKey: token.latinKey).symbols, latin: token.latinKey))
        }
      }
    }
    self.elements = elements
  }
}
