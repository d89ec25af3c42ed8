import Foundation
import Testing

@testable import VocabKitEvaluation
@testable import VocabKitNormalization

@Suite struct ErrorModelTuningTests {
  let normalizer = try! Normalizer()

  func key(_ text: String) -> [UInt8] {
    PhoneticKey(latinKeys: try! normalizer.normalize(text).map(\.latinKey)).symbols
  }

  @Test func misheardStretchesLieBetweenWordsHeardRight() throws {
    let pair = RecognitionPair(
      origin: "x:1", reference: "call alex moreno on signal",
      hypothesis: "call alex more non signal")
    let stretches = try ErrorModelTuning.misheardStretches(pair, normalizer: normalizer)
    #expect(stretches == [ErrorModel.SoundPair(said: key("moreno on"), heard: key("more non"))])
    let all = try ErrorModelTuning.misheardStretches(
      pair, normalizer: normalizer, keepingWordsHeardRight: true)
    #expect(all.count == 4)
    #expect(all.contains(ErrorModel.SoundPair(said: key("signal"), heard: key("signal"))))
  }

  @Test func aRecognizerThatLostTheThreadTeachesNothing() throws {
    let pair = RecognitionPair(
      origin: "x:1", reference: "play the song by alpha beta gamma delta epsilon",
      hypothesis: "play the song by one two three four five six")
    #expect(try ErrorModelTuning.misheardStretches(pair, normalizer: normalizer).isEmpty)
  }

  @Test func retrievalRanksTheSaidPhraseAmongEveryPhraseSaid() {
    let stretches = [
      ErrorModel.SoundPair(said: key("tidal"), heard: key("title")),
      ErrorModel.SoundPair(said: key("listo"), heard: key("list of")),
      ErrorModel.SoundPair(said: key("spotify"), heard: key("zzz")),
    ]
    let retrieval = ErrorModelTuning.retrieval(of: .standard, on: stretches)
    #expect(abs(retrieval.topOne - 2.0 / 3) < 1e-9)
    #expect(retrieval.meanReciprocalRank > 2.0 / 3 && retrieval.meanReciprocalRank < 1)
  }

  @Test func pairsComeFromCorporaAndFromSLURPAndBadLinesAreReported() throws {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("pairs-\(getpid()).jsonl")
    try """
    {"text": "call alex more non", "reference": "call alex moreno"}
    {"text": "what artist is this", "asr_hypothesis": "what artist is his"}
    {"text": "no reference here"}
    not json

    """.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let read = try ErrorModelTuning.readPairs(file, file: "pairs.jsonl")
    #expect(read.pairs.map(\.reference) == ["call alex moreno", "what artist is this"])
    #expect(read.pairs.map(\.hypothesis) == ["call alex more non", "what artist is his"])
    #expect(read.problems.count == 2)
    #expect(read.problems[0].hasPrefix("pairs.jsonl:3: expected string fields"))
    #expect(read.problems[1] == "pairs.jsonl:4: not a JSON object; skipped")
  }
}
