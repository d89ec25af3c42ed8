import Testing
import VocabKitNormalization

@testable import VocabKitRouting

/// An utterance that opens by asking ("can you …", "i want to …", "let's …") routes as the
/// command alone does: the opening costs what a filler costs.
@Suite struct RequestOpeningTests {
  @Test func anOpeningRoutesAsTheCommandAlone() throws {
    let router = Router(vocabulary: sampleVocabulary)
    for (opening, command) in [
      ("go ahead and", "play running playlist"), ("would you", "play running playlist"),
      ("let's", "shuffle running playlist"), ("can you", "tell alex kim see you soon"),
    ] {
      let plain = try router.route(command)
      let asked = try router.route(opening + " " + command)
      #expect(asked.intent == plain.intent, "\(opening) \(command)")
      #expect(asked.score >= plain.score - 0.1, "\(opening) \(command): \(asked.score)")
    }
  }

  @Test func openingsAreFoundOnlyAtTheStart() throws {
    func opening(_ text: String) throws -> Int {
      RoutingLexicon.opening(try Normalizer.shared.normalize(text)).count
    }
    #expect(try opening("please can you call alex") == 3)
    #expect(try opening("i'd like to add milk") == 3)
    #expect(try opening("call alex can you") == 0)
    #expect(try opening("i want milk") == 0)
    #expect(try opening("can you") == 2)
  }
}
