import Testing
import VocabKitNormalization

@testable import VocabKitMatching

/// A card named by relationship ("Mom") is found by the relationship's other words in its
/// script, and only as said.
@Suite struct KinshipNameTests {
  @Test func aCardNamedByRelationshipHasTheOtherWordsOfItsScript() {
    let synonyms = KinshipNames.synonyms(of: "Mom")
    #expect(synonyms.contains("mother") && synonyms.contains("mum") && synonyms.contains("mama"))
    #expect(!synonyms.contains("แม่") && !synonyms.contains("мама") && !synonyms.contains("mom"))
    #expect(KinshipNames.synonyms(of: "Мама").contains("мать"))
    #expect(KinshipNames.synonyms(of: "Alex Chen").isEmpty)
    #expect(KinshipNames.synonyms(of: "Momentum").isEmpty)
  }

  @Test func theOtherWordsAreFoundOnlyAsSaid() throws {
    let index = try MatchIndex(
      entries: [
        MatchEntry(identifier: "contact.mom", type: "contactName", phrases: [MatchPhrase("Mom")]),
        MatchEntry(
          identifier: "contact.ann", type: "contactName", phrases: [MatchPhrase("Ann Lee")]),
      ],
      normalizer: Normalizer.shared)
    let mother = try index.matches(in: "call my mother")
    #expect(mother.first?.identifier == "contact.mom")
    #expect(mother.first?.phrase == "Mom" && mother.first?.score == 1)
    // "father" sounds like "mother": it must not find Mom through it.
    let father = try index.matches(in: "call my father")
    #expect(!father.contains { $0.identifier == "contact.mom" })
  }

  @Test func aWordOfAGroupIsFoundInAnyScriptAndCase() {
    let mom = KinshipNames.group(of: "mom")
    #expect(mom != nil)
    for word in ["แม่", "माँ", "मम्मी", "妈妈", "我妈", "мама", "маме", "мамочке"] {
      #expect(KinshipNames.group(of: word) == mom, "\(word)")
    }
    #expect(KinshipNames.group(of: "папе") == KinshipNames.group(of: "dad"))
    #expect(KinshipNames.group(of: "dad") != mom)
    #expect(KinshipNames.group(of: "momentum") == nil && KinshipNames.group(of: "mae") == nil)
    #expect(KinshipNames.sameScript("Mom", "mother") && !KinshipNames.sameScript("Mom", "แม่"))
  }
}
