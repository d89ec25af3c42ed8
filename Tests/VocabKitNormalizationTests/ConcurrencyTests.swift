import Testing
import VocabKitSupport

@testable import VocabKitNormalization

@Suite("Concurrency")
struct ConcurrencyTests {
  static let texts = [
    "Call राहुल शर्मा now",
    "用爱奇艺播放延禧攻略第十集",
    "สมชายใจดี ยี่สิบเอ็ด",
    "Александр двадцать один",
    "Play route sixty-six on Wi-Fi, don't stop AC/DC",
    "ＡＢＣ İstanbul Straße e\u{301} 😀 \u{200D}x",
    "two hundred thirty first 10th",
    "我们一起看第3季",
    "Аlex pаypal",
    "",
  ]

  @Test("Concurrent calls on the shared normalizer match a sequential run")
  func sharedNormalizer() async throws {
    let normalizer = try Normalizer.shared
    let expected = try Self.texts.map { try normalizer.normalize($0) }
    let tasks = 8
    let calls = 200
    let mismatches = try await withThrowingTaskGroup(of: Int.self) { group in
      for task in 0..<tasks {
        group.addTask {
          var mismatches = 0
          for call in 0..<calls {
            // Half the tasks normalize the same text at the same time; half vary it.
            let index = task % 2 == 0 ? call % Self.texts.count : (task + call) % Self.texts.count
            if try normalizer.normalize(Self.texts[index]) != expected[index] { mismatches += 1 }
          }
          return mismatches
        }
      }
      return try await group.reduce(0, +)
    }
    #expect(mismatches == 0)
  }

  @Test("Concurrent calls with new words fill the caches consistently")
  func coldCaches() async throws {
    // Characters and words not seen by other tests, so the caches are filled concurrently.
    let words = ["鑫淼焱垚", "犇骉羴", "Ωμέγα", "ქართული", "ᏣᎳᎩ", "ᠮᠣᠩᠭᠣᠯ", "ܐܪܡܝܐ"]
    let normalizer = try Normalizer()
    let results = try await withThrowingTaskGroup(of: [[String]].self) { group in
      for _ in 0..<8 {
        group.addTask { try words.map { try normalizer.normalize($0).map(\.latinKey) } }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    let fresh = try Normalizer()
    let sequential = try words.map { try fresh.normalize($0).map(\.latinKey) }
    #expect(results.count == 8)
    for result in results { #expect(result == sequential) }
  }

  /// Chunks run on many threads join in order, equal to one pass over the whole range, and
  /// the first failing chunk's error is the one thrown.
  @Test("concurrentChunks joins chunks in order and rethrows the first chunk's error")
  func chunksJoinInOrder() throws {
    struct Failure: Error, Equatable { let chunk: Int }
    for (count, chunkSize) in [(0, 4), (1, 4), (4, 4), (5, 4), (1000, 7), (1000, 1000)] {
      let squares = concurrentChunks(count: count, chunkSize: chunkSize) { range in
        range.map { $0 * $0 }
      }
      #expect(squares == (0..<count).map { $0 * $0 }, "count \(count), chunks of \(chunkSize)")
    }
    #expect(throws: Failure(chunk: 2)) {
      _ = try concurrentChunks(count: 100, chunkSize: 10) { (range) throws(Failure) -> [Int] in
        let chunk = range.lowerBound / 10
        if chunk == 2 || chunk == 7 { throw Failure(chunk: chunk) }
        return Array(range)
      }
    }
  }
}
