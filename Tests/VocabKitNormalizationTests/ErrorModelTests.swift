import Foundation
import Testing
import VocabKitSupport

@testable import VocabKitNormalization

@Suite struct ErrorModelTests {
  let m = UInt8(ascii: "m")
  let b = UInt8(ascii: "b")

  @Test func theStandardModelIsPhoneticKeysTable() {
    for a in ErrorModel.letterSymbols {
      #expect(ErrorModel.standard.indelCost(a) == PhoneticKey.indelCost(a))
      for other in ErrorModel.letterSymbols {
        #expect(
          ErrorModel.standard.substitutionCost(a, other) == PhoneticKey.substitutionCost(a, other))
      }
    }
    #expect(ErrorModel.standard.similarity(Array("mila".utf8), Array("bila".utf8)) == 1 - 10.0 / 30)
  }

  /// The plain recursion the fast distance must agree with.
  func referenceDistance(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>, _ model: ErrorModel)
    -> Int32
  {
    guard let x = a.last else { return model.weight(Array(b)) }
    guard let y = b.last else { return model.weight(Array(a)) }
    return min(
      referenceDistance(a.dropLast(), b.dropLast(), model) + model.substitutionCost(x, y),
      referenceDistance(a.dropLast(), b, model) + model.indelCost(x),
      referenceDistance(a, b.dropLast(), model) + model.indelCost(y))
  }

  @Test func theDistanceAgreesWithThePlainRecursion() {
    var generator = SplitMix64(seed: 7)
    let symbols = ErrorModel.letterSymbols + Array("19".utf8)
    for _ in 0..<300 {
      let a = (0..<Int(generator.next() % 6)).map { _ in symbols[Int(generator.next() % 27)] }
      let b = (0..<Int(generator.next() % 6)).map { _ in symbols[Int(generator.next() % 27)] }
      #expect(ErrorModel.standard.distance(a, b) == referenceDistance(a[...], b[...], .standard))
    }
  }

  /// The missing-symbol bound never exceeds the distance, under the standard model and under
  /// seeded random ones (symmetric, nonnegative), and is exact for keys that share no sound.
  @Test func theLowerBoundNeverExceedsTheDistance() {
    var generator = SplitMix64(seed: 11)
    let symbols = ErrorModel.letterSymbols + Array("19".utf8)
    var models = [ErrorModel.standard]
    for _ in 0..<3 {
      var indel = [Int32](repeating: 10, count: 128)
      var substitution = [Int32](repeating: 10, count: 128 * 128)
      for a in symbols {
        indel[Int(a)] = Int32(1 + generator.next() % 12)
        for b in symbols where a < b {
          let cost = Int32(generator.next() % 14)
          substitution[Int(a) << 7 | Int(b)] = cost
          substitution[Int(b) << 7 | Int(a)] = cost
        }
        substitution[Int(a) << 7 | Int(a)] = 0
      }
      models.append(ErrorModel(indel: indel, substitution: substitution))
    }
    var tight = 0
    for model in models {
      let bound = ErrorModel.SymbolBound(model)
      for _ in 0..<2_000 {
        let a = (0..<Int(generator.next() % 9)).map { _ in symbols[Int(generator.next() % 27)] }
        var b = (0..<Int(generator.next() % 9)).map { _ in symbols[Int(generator.next() % 27)] }
        if generator.next() % 3 == 0 { b = a.shuffled(using: &generator) }
        let lower = bound.distance(.init(a), .init(b))
        let distance = model.distance(a, b)
        #expect(lower <= distance, "\(a) \(b)")
        if lower == distance { tight += 1 }
      }
    }
    #expect(tight > 0)
    // Nothing in common: every symbol is lost or heard as another.
    let standard = ErrorModel.SymbolBound(.standard)
    #expect(standard.distance(.init(Array("mr".utf8)), .init(Array("".utf8))) == 20)
    #expect(standard.distance(.init(Array("ab".utf8)), .init(Array("ba".utf8))) == 0)
    // m is heard as n for 3, and r is lost for 10.
    #expect(standard.distance(.init(Array("mr".utf8)), .init(Array("n".utf8))) == 13)
    // A model with a negative cost bounds nothing.
    var negative = ErrorModel.standard
    negative.indel[Int(m)] = -1
    #expect(ErrorModel.SymbolBound(negative).distance(.init([m]), .init([b])) == 0)
  }

  @Test func fittingNothingKeepsTheStandardCosts() {
    #expect(ErrorModel.fit([]) == ErrorModel.standard)
    // Sounds heard right only make confusions look rarer, never cheaper.
    let right = (0..<50).map { _ in
      ErrorModel.SoundPair(said: Array("mabi".utf8), heard: Array("mabi".utf8))
    }
    let fitted = ErrorModel.fit(right)
    #expect(fitted.substitutionCost(m, b) >= ErrorModel.standard.substitutionCost(m, b))
    #expect(fitted.substitutionCost(m, UInt8(ascii: "n")) >= 3)
  }

  @Test func aConfusionSeenOftenBecomesCheap() {
    // A recognizer that writes b for m a third of the time, and hears the rest right.
    var pairs: [ErrorModel.SoundPair] = []
    for index in 0..<300 {
      let said = Array("mila".utf8)
      let heard = index % 3 == 0 ? Array("bila".utf8) : said
      pairs.append(ErrorModel.SoundPair(said: said, heard: heard))
    }
    let fitted = ErrorModel.fit(pairs)
    #expect(ErrorModel.standard.substitutionCost(m, b) == 10)
    #expect(fitted.substitutionCost(m, b) <= 3)
    #expect(fitted.substitutionCost(b, m) == fitted.substitutionCost(m, b))
    // A confusion never seen, between sounds heard right often, costs the most.
    #expect(fitted.substitutionCost(m, UInt8(ascii: "l")) == 10)
    // Digits are not learned.
    #expect(fitted.substitutionCost(UInt8(ascii: "1"), UInt8(ascii: "2")) == 10)
    #expect(
      fitted.similarity(Array("mila".utf8), Array("bila".utf8))
        > ErrorModel.standard.similarity(Array("mila".utf8), Array("bila".utf8)) + 0.2)
  }

  @Test func theCountsFollowTheCheapestAlignment() {
    let counts = ErrorModel.standard.editCounts([
      ErrorModel.SoundPair(said: Array("tidal".utf8), heard: Array("titl".utf8))
    ])
    #expect(counts.pairs == 1)
    #expect(counts.kept[Int(UInt8(ascii: "t"))] == 1)
    #expect(counts.substitution[Int(UInt8(ascii: "d")) << 7 | Int(UInt8(ascii: "t"))] == 1)
    #expect(counts.indel[Int(UInt8(ascii: "a"))] == 1)
  }

  @Test func aWrittenModelReadsBackTheSame() throws {
    var pairs: [ErrorModel.SoundPair] = []
    for index in 0..<200 {
      pairs.append(
        ErrorModel.SoundPair(
          said: Array("nora".utf8), heard: Array(index % 4 == 0 ? "lora".utf8 : "nora".utf8)))
    }
    let fitted = ErrorModel.fit(pairs)
    #expect(fitted != ErrorModel.standard)
    let data = try fitted.jsonData(note: "a test")
    #expect(try ErrorModel(jsonData: data, file: "model.json") == fitted)
  }

  @Test func malformedFilesNameTheKeyAndWhatWasExpected() {
    func message(_ json: String) -> String? {
      do {
        _ = try ErrorModel(jsonData: Data(json.utf8), file: "costs.json")
        return nil
      } catch {
        return error.description
      }
    }
    let header = #""format": "vocabkit-error-model", "version": 1"#
    #expect(message("[1]") == "costs.json: expected a JSON object")
    #expect(message("{") != nil && message("{")!.hasPrefix("costs.json: not JSON"))
    #expect(message(#"{"format": "other"}"#)!.contains("costs.json: format: expected"))
    #expect(
      message(#"{"format": "vocabkit-error-model", "version": 2}"#)
        == "costs.json: version: expected 1, found 2")
    #expect(
      message("{\(header), \"indel\": {\"q\": 3}}")!.contains("indel.q: 'q' is not a sound symbol"))
    #expect(
      message("{\(header), \"indel\": {\"a\": 11}}")!.contains(
        "indel.a: expected an integer cost from 0 to 10, found 11"))
    #expect(
      message("{\(header), \"indel\": {\"a\": true}}")!.contains(
        "indel.a: expected an integer cost"))
    #expect(
      message("{\(header), \"indel\": {\"a\": 2.5}}")!.contains("indel.a: expected an integer cost")
    )
    #expect(
      message("{\(header), \"substitution\": {\"ab\": 3}}")!.contains(
        "substitution.ab: expected two symbols"))
    #expect(
      message("{\(header), \"substitution\": {\"a a\": 3}}")!.contains(
        "substitution.a a: expected two different symbols"))
    #expect(
      message("{\(header), \"substitution\": [1]}")
        == "costs.json: substitution: expected an object")
    // A file that sets one cost keeps the standard for the rest.
    let one = try? ErrorModel(
      jsonData: Data("{\(header), \"substitution\": {\"m b\": 2}}".utf8), file: "x")
    #expect(one?.substitutionCost(m, b) == 2 && one?.substitutionCost(b, m) == 2)
    #expect(one?.indel == ErrorModel.standard.indel)
  }
}
