import Testing
import VocabKitNormalization
import VocabKitSupport

@testable import VocabKitMatching

/// The compact key tables: packed integers read back what was packed, in the fewest bytes,
/// and bad bytes are errors; words of a phrase share its symbols.
@Suite struct PackedIntegersTests {
  /// Random integers up to each width's largest and one past it: each table takes the
  /// fewest whole bytes, reads back every integer, and survives the cache's round trip.
  @Test(arguments: [
    (0, 1), (255, 1), (256, 2), (65_535, 2), (65_536, 3), (16_777_215, 3), (16_777_216, 4),
    (Int(UInt32.max), 4),
  ])
  func integersReadBackInTheFewestBytes(largest: Int, width: Int) throws {
    var random = SplitMix64(seed: UInt64(largest))
    for count in [1, 2, 7, 1000] {
      var values = (0..<count).map { _ in Int(random.next(largest + 1)) }
      values[Int(random.next(count))] = largest
      let packed = PackedIntegers(values)
      #expect(packed.width == width)
      #expect(packed.count == count && packed.bytes == count * width + 3)
      #expect((0..<count).map { packed[$0] } == values)
      #expect(packed.allBelow(largest + 1) && !packed.allBelow(largest))
      var writer = BinaryWriter()
      packed.write(to: &writer)
      var reader = BinaryReader(writer.bytes)
      #expect(try PackedIntegers(reading: &reader) == packed)
      #expect(reader.isAtEnd)
    }
    #expect(PackedIntegers([Int]()).isEmpty)
  }

  /// A count, width or storage that disagree are errors, not reads out of bounds.
  @Test(arguments: [
    (4, 0, 7), (4, 5, 23), (4, 2, 10), (4, 2, 12), (-1, 1, 3), (3, 1, 2), (Int.max / 2, 4, 3),
  ])
  func inconsistentTablesAreErrors(count: Int, width: Int, storage: Int) {
    var writer = BinaryWriter()
    writer.write(count)
    writer.write(width)
    writer.write(block: [UInt8](repeating: 0, count: storage))
    var reader = BinaryReader(writer.bytes)
    #expect(throws: BinaryReaderError.self) { try PackedIntegers(reading: &reader) }
  }

  /// A word's key is its part of the whole phrase's symbols and Latin bytes, not a copy: the
  /// same bytes as the word keyed alone, inside the phrase's range.
  @Test func wordsShareTheirPhrasesSymbols() throws {
    let normalizer = try Normalizer.shared
    let index = try MatchIndex(
      entries: [
        MatchEntry(identifier: "1", type: "contact", phrases: [MatchPhrase("Alex Kim")]),
        MatchEntry(identifier: "2", type: "contact", phrases: [MatchPhrase("Kim")]),
        MatchEntry(
          identifier: "3", type: "song",
          phrases: [MatchPhrase("Vonureet Habostul Stibreem", pronunciation: "von u reet")]),
        MatchEntry(identifier: "4", type: "song", phrases: [MatchPhrase("Habostul")]),
      ], normalizer: normalizer)
    var partials = 0
    for key in 0..<index.keyCount where index.isPartial(key) {
      partials += 1
      let whole = try #require(index.wholeKey(of: key))
      #expect(index.symbolRange(ofKey: whole).contains(index.symbolRange(ofKey: key).lowerBound))
      #expect(
        index.symbolRange(ofKey: key).upperBound <= index.symbolRange(ofKey: whole).upperBound)
      #expect(index.latinRange(ofKey: key).upperBound <= index.latinRange(ofKey: whole).upperBound)
      #expect(index.latinRange(ofKey: key).lowerBound >= index.latinRange(ofKey: whole).lowerBound)
      #expect(index.weight(ofKey: key) == index.weight(ofKey: whole) * MatcherTuning.partialWeight)
    }
    // "Alex", "Kim", "Vonureet", "Habostul", "Stibreem", and the pronunciation's words.
    #expect(partials >= 5)
    // "Kim" of Alex Kim has the symbols and Latin bytes of the entry Kim's whole key.
    let kimAlone = try #require((0..<index.keyCount).first { index.tables.keyEntry[$0] == 1 })
    let kimOfAlex = try #require(
      (0..<index.keyCount).first {
        index.tables.keyEntry[$0] == 0 && index.isPartial($0)
          && index.tables.latin[index.latinRange(ofKey: $0)].elementsEqual("kim".utf8)
      })
    #expect(
      index.tables.symbols[index.symbolRange(ofKey: kimOfAlex)]
        .elementsEqual(index.tables.symbols[index.symbolRange(ofKey: kimAlone)]))
    // And a middle word: "Habostul" of the title, against the entry Habostul.
    let habostulAlone = try #require((0..<index.keyCount).first { index.tables.keyEntry[$0] == 3 })
    let habostulOfTitle = try #require(
      (0..<index.keyCount).first {
        index.tables.keyEntry[$0] == 2 && index.isPartial($0)
          && index.tables.latin[index.latinRange(ofKey: $0)].elementsEqual("habostul".utf8)
      })
    for (ranges, bytes) in [
      (index.symbolRange(ofKey:), index.tables.symbols),
      (index.latinRange(ofKey:), index.tables.latin),
    ] {
      #expect(bytes[ranges(habostulOfTitle)].elementsEqual(bytes[ranges(habostulAlone)]))
    }
  }

  /// Weights that are not numbers, or are negative zero, are kept as they are, each distinct
  /// bit pattern once, and compiling many of them stays linear (a dictionary keyed by the
  /// numbers themselves would add every NaN anew).
  @Test func unusualWeightsAreKeptExactly() throws {
    let weights: [Double] = [.nan, .nan, -0.0, 0.0, 1, .infinity]
    let names = ["Vonureet", "Habostul", "Stibreem", "Kraifegan", "Trashoshouk", "Lutroowain"]
    let index = try MatchIndex(
      entries: zip(names, weights).enumerated().map { offset, phrase in
        MatchEntry(
          identifier: "\(offset)", type: "song", phrases: [MatchPhrase(phrase.0, weight: phrase.1)])
      }
        + (0..<2000).map {
          MatchEntry(
            identifier: "n\($0)", type: "song", phrases: [MatchPhrase("Tune", weight: .nan)])
        }, normalizer: try Normalizer.shared)
    // One-word names: key k is entry k's. NaN (one bit pattern), -0, 0, 1 and infinity.
    #expect(index.tables.weights.count == 5)
    #expect(index.weight(ofKey: 0).isNaN && index.weight(ofKey: 1).isNaN)
    #expect(index.weight(ofKey: 2) == 0 && index.weight(ofKey: 2).sign == .minus)
    #expect(index.weight(ofKey: 3) == 0 && index.weight(ofKey: 3).sign == .plus)
    #expect(index.weight(ofKey: 5) == .infinity)
  }

}
