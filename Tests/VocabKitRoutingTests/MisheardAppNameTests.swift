import Foundation
import Testing
import VocabKitVocabulary

@testable import VocabKitRouting

/// An app's name misheard ("on i chi yi" for iQIYI) names that app whichever of two apps
/// serving the intent the learned model leans to: iQIYI and iQIYI HD play the same shows,
/// and which one the model prefers changes with its seed.
@Suite struct MisheardAppNameTests {
  static let registry: VocabularyRegistry = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    return try! VocabularyRegistry.load(directory: root.appendingPathComponent("vocab"))
  }()

  @Test(arguments: 0..<4 as Range<UInt64>)
  func aMisheardNameNamesItsAppWhateverTheModelLeansTo(seed: UInt64) throws {
    let vocabulary = try CompiledVocabulary(registry: Self.registry, modelSeed: seed)
    let result = try Router(vocabulary: vocabulary).route("play yan she gong lue on i chi yi")
    #expect(result.app == "com.example.iqiyi")
    #expect(result.appChoice == .named)
    #expect(result.spokenAppName == "i chi yi")
    #expect(result.slot("mediaSearch")?.value == "show.yanxi")
  }
}
