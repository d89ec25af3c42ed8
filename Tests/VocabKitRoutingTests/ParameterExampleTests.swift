import Foundation
import Testing
import VocabKitVocabulary

@testable import VocabKitRouting

/// Values of free-text parameters (`ParameterExamples`), learned by the intent model: the words
/// that say an intent often stand in a free slot ("tweet" for SLURP's `${media_type}`).
@Suite struct ParameterExampleTests {
  static let slurp = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("corpora/public/slurp/vocab")

  /// SLURP's vocabulary, whose `social_post` examples name the network only as
  /// `${media_type}`; without `values`, its `ParameterExamples` are dropped.
  static func slurpVocabulary(values: Bool) throws -> CompiledVocabulary {
    var registry = try VocabularyRegistry.load(directory: slurp)
    if !values {
      for app in registry.apps.indices {
        for intent in registry.apps[app].intents.indices {
          registry.apps[app].intents[intent].parameterExamples = []
        }
      }
    }
    return try CompiledVocabulary(registry: registry)
  }

  static let withValues = try! slurpVocabulary(values: true)
  static let withoutValues = try! slurpVocabulary(values: false)

  /// Requests written here, not lines of SLURP's test set.
  static let tweets = ["tweet that the train is late again", "tweet about the broken lift"]

  /// "tweet", a value the examples give `social_post`'s media type, says the intent, though
  /// no example has the word outside the slot.
  @Test(arguments: tweets)
  func aValueOfAFreeSlotSaysItsIntent(text: String) throws {
    let result = try Router(vocabulary: Self.withValues).route(text)
    #expect(result.intent == "social_post", "\(text)")
  }

  /// Without the values, the same requests find no intent.
  @Test(arguments: tweets)
  func withoutValuesTheWordIsUnknown(text: String) throws {
    let result = try Router(vocabulary: Self.withoutValues).route(text)
    #expect(result.intent == nil, "\(text)")
  }

  /// A value learned is still a slot's value when a template has the slot.
  @Test func theSlotStillHoldsTheValue() throws {
    let result = try Router(vocabulary: Self.withValues).route("post to twitter got a new job")
    #expect(result.intent == "social_post")
    #expect(result.slot("media_type")?.value == "twitter")
  }

  /// A value said where the chosen template has no place for its parameter is still the
  /// slot: "what is the latest from my feed" has no media type, and "facebook" is one.
  @Test func aValueOutsideTheTemplateIsItsSlot() throws {
    let text = "what is the latest from my facebook feed"
    let result = try Router(vocabulary: Self.withValues).route(text)
    #expect(result.intent == "social_query")
    let slot = try #require(result.slot("media_type"))
    #expect(slot.value == "facebook")
    #expect(slot.isFreeText)
    #expect(slot.resolution == .success)
    let without = try Router(vocabulary: Self.withoutValues).route(text)
    #expect(without.intent == "social_query")
    #expect(without.slot("media_type") == nil)
  }

  /// A free-text slot that holds a value among other words is narrowed to the value; without
  /// values it keeps every word the template gave it.
  @Test(arguments: [
    ("tweet quickly a complaint to walmart", "tweet", "tweet quickly"),
    ("post on facebook tonight got a new job", "facebook", "on facebook tonight"),
  ])
  func aSlotHoldingAValueIsNarrowedToIt(text: String, narrowed: String, aligned: String) throws {
    let result = try Router(vocabulary: Self.withValues).route(text)
    #expect(result.intent == "social_post")
    #expect(result.slot("media_type")?.value == narrowed)
    let without = try Router(vocabulary: Self.withoutValues).route(text)
    #expect(without.slot("media_type")?.value == aligned)
  }

  /// A compiled cache keeps the values with the rest of the registry (xSID's vocabulary has
  /// some): the registry read back is the one compiled.
  @Test func theCacheKeepsTheValues() throws {
    let xsid = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("corpora/public/xsid-zh/vocab")
    let root = try makeScratchDirectory("parameter-examples")
    defer { try? FileManager.default.removeItem(at: root) }
    let directory = root.appendingPathComponent("vocab")
    try FileManager.default.copyItem(at: xsid, to: directory)
    let cache = root.appendingPathComponent("vocab.cache")
    let first = try CompiledVocabulary.load(directory: directory, cache: cache)
    let second = try CompiledVocabulary.load(directory: directory, cache: cache)
    #expect(second.outcome.usedCache, "\(second.outcome)")
    let values = first.vocabulary.registry.apps.flatMap(\.intents).flatMap(\.parameterExamples)
    #expect(!values.isEmpty)
    #expect(second.vocabulary.registry.apps == first.vocabulary.registry.apps)
  }
}
