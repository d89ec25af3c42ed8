import Foundation
import Testing
import VocabKitMatching
import VocabKitSupport

@testable import VocabKitRouting

/// The bound that lets routing skip templates is never below what aligning them scores: a
/// skipped template could not have won.
@Suite struct AlignmentBoundTests {
  /// Every template of the sample vocabulary against hand-written utterances and seeded
  /// shuffles of their words (names, carrier words and slots out of place).
  @Test func theBoundIsNeverBelowTheAlignment() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let corpus = try String(
      contentsOf: root.appendingPathComponent("corpora/handwritten/handwritten.jsonl"),
      encoding: .utf8)
    var texts: [String] = []
    for (index, line) in corpus.split(separator: "\n").enumerated() where index % 6 == 0 {
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      if let text = object?["text"] as? String { texts.append(text) }
    }
    var random = SplitMix64(seed: 24)
    for text in texts.prefix(20) {
      texts.append(text.split(separator: " ").shuffled(using: &random).joined(separator: " "))
    }
    let vocabulary = sampleVocabulary
    var aligned = 0
    for text in texts {
      let utterance = try PreparedUtterance(text, normalizer: vocabulary.normalizer)
      var context = RoutingContext(
        vocabulary: vocabulary, policy: ResolutionPolicy(), utterance: utterance)
      for template in vocabulary.templates {
        let bound = context.alignmentBound(template)
        let score = context.align(template).score
        #expect(bound >= score, "\(text) | \(template.text): bound \(bound) < \(score)")
        aligned += 1
      }
    }
    #expect(aligned > 1_000)
  }
}
