import Foundation
import Testing

@testable import VocabKitVocabulary

/// `ParameterExamples`: values of an intent's free-text parameters, read beside its examples.
@Suite struct ParameterExampleLoadingTests {
  /// The XML of a `ParameterExamples` dictionary: each parameter's name, then its value's XML.
  static func values(_ entries: [(parameter: String, xml: String)]) -> String {
    "<dict>" + entries.map { "<key>\($0.parameter)</key>\($0.xml)" }.joined() + "</dict>"
  }

  /// Loads one app whose `intent` has `examples` and the `ParameterExamples` `values`.
  func load(
    _ intent: String, _ examples: [String], values: String, before: String = ""
  ) throws -> VocabularyRegistry {
    try LoaderDetailTests().load([
      "Base.lproj/AppIntentVocabulary.plist": LoaderDetailTests.intentVocabulary(
        intent, examples, parameterExamples: values, before: before)
    ])
  }

  /// Each value is kept with its parameter and localization, in the order written.
  @Test func valuesAreReadWithTheirParameter() throws {
    let registry = try load(
      "PostUpdate", ["${network} a complaint to ${company}", "post to ${network} ${message}"],
      values: Self.values([
        ("network", "<array><string>tweet</string><string>facebook</string></array>"),
        ("message", "<array><string>running late</string></array>"),
      ]))
    #expect(registry.diagnostics.isEmpty, "\(registry.diagnostics)")
    let intent = try #require(registry.apps.first?.intents.first)
    #expect(
      intent.parameterExamples == [
        ParameterExample(parameter: "network", text: "tweet", localization: "Base"),
        ParameterExample(parameter: "network", text: "facebook", localization: "Base"),
        ParameterExample(parameter: "message", text: "running late", localization: "Base"),
      ])
  }

  /// A value of the wrong type is reported at its key path and skipped; the others load.
  @Test func aValueOfTheWrongTypeIsReportedAndSkipped() throws {
    let registry = try load(
      "PostUpdate", ["post to ${network}"],
      values: Self.values([("network", "<array><string>tweet</string><integer>7</integer></array>")]
      ))
    let diagnostic = try #require(registry.diagnostics.first { $0.code == "wrong-type" })
    #expect(diagnostic.keyPath == "IntentPhrases[0].ParameterExamples.network[1]")
    #expect(diagnostic.message.contains("expected a string"))
    #expect(registry.apps.first?.intents.first?.parameterExamples.map(\.text) == ["tweet"])
  }

  /// `ParameterExamples` must be a dictionary, each value an array.
  @Test(arguments: [
    ("<array><string>tweet</string></array>", "IntentPhrases[0].ParameterExamples", "dictionary"),
    (
      values([("network", "<string>tweet</string>")]), "IntentPhrases[0].ParameterExamples.network",
      "an array"
    ),
  ])
  func aKeyOfTheWrongTypeIsReported(xml: String, keyPath: String, expected: String) throws {
    let registry = try load("PostUpdate", ["post to ${network}"], values: xml)
    #expect(
      registry.diagnostics.contains {
        $0.code == "wrong-type" && $0.keyPath == keyPath && $0.message.contains(expected)
      }, "\(registry.diagnostics)")
  }

  /// Values for a parameter no example names are learned by nothing: a warning says so, with
  /// the placeholder it most likely meant.
  @Test func valuesForAParameterNoExampleNamesAreAWarning() throws {
    let registry = try load(
      "PostUpdate", ["post to ${network}"],
      values: Self.values([("netwrok", "<array><string>tweet</string></array>")]))
    let warning = try #require(
      registry.diagnostics.first { $0.code == "unused-parameter-examples" })
    #expect(warning.severity == .warning)
    #expect(warning.keyPath == "IntentPhrases[0].ParameterExamples.netwrok")
    #expect(warning.message.contains("Did you mean 'network'?"))
  }

  /// A parameter with a vocabulary learns its items; values given it too are a warning.
  @Test func valuesForABoundParameterAreAWarning() throws {
    let contacts = """
      <key>ParameterVocabularies</key>
      <array><dict>
      <key>ParameterNames</key><array><string>INStartCallIntent.contacts</string></array>
      <key>ParameterVocabulary</key><array><dict>
      <key>VocabularyItemIdentifier</key><string>contact.alex</string>
      <key>VocabularyItemSynonyms</key><array><dict>
      <key>VocabularyItemPhrase</key><string>Alex Kim</string>
      </dict></array>
      </dict></array>
      </dict></array>

      """
    let registry = try load(
      "INStartCallIntent", ["call ${contacts}"],
      values: Self.values([("contacts", "<array><string>alex</string></array>")]),
      before: contacts)
    let warning = try #require(
      registry.diagnostics.first { $0.code == "unused-parameter-examples" })
    #expect(warning.message.contains("has a vocabulary"))
  }
}
