import Foundation
import VocabKitNormalization

/// A sentence as it was said and as a recognizer wrote it.
package struct RecognitionPair: Sendable, Hashable {
  /// `file:line`, for messages.
  package var origin: String
  package var reference: String
  package var hypothesis: String
}

/// Learning the matcher's sound costs from reference and recognized text (`vocab tune`).
package enum ErrorModelTuning {
  /// Reads reference/hypothesis pairs from JSON Lines: a corpus line's `reference` with its
  /// `text` (what the recognizer wrote), or SLURP's `text` with its `asr_hypothesis`.
  /// A line without both is reported with its number and skipped.
  ///
  /// - Complexity: O(*n*) in the size of the file.
  package static func readPairs(_ url: URL, file: String) throws -> (
    pairs: [RecognitionPair], problems: [String]
  ) {
    let data = try Data(contentsOf: url)
    var pairs: [RecognitionPair] = []
    var problems: [String] = []
    var lineNumber = 0
    for rawLine in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
      lineNumber += 1
      if rawLine.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
      guard let object = try? JSONSerialization.jsonObject(with: Data(rawLine)) as? [String: Any]
      else {
        problems.append("\(file):\(lineNumber): not a JSON object; skipped")
        continue
      }
      let reference: Any?
      let hypothesis: Any?
      if object["asr_hypothesis"] != nil {
        (reference, hypothesis) = (object["text"], object["asr_hypothesis"])
      } else {
        (reference, hypothesis) = (object["reference"], object["text"])
      }
      guard let reference = reference as? String, let hypothesis = hypothesis as? String else {
        problems.append(
          "\(file):\(lineNumber): expected string fields 'reference' and 'text' (or 'text' and "
            + "'asr_hypothesis'); skipped")
        continue
      }
      pairs.append(
        RecognitionPair(
          origin: "\(file):\(lineNumber)", reference: reference, hypothesis: hypothesis))
    }
    return (pairs, problems)
  }

  /// Runs of words longer than this on either side are not taken as one misheard stretch:
  /// a recognizer that lost the thread aligns by chance, and would teach noise.
  static let longestStretch = 4

  /// The stretches a recognizer got wrong, as sound keys: the words of both sentences are
  /// aligned (a word matches a word that sounds the same), and each run of unmatched words
  /// between matched ones becomes a pair of what was said and what was written.
  ///
  /// - Complexity: O(*m* × *n*) in words.
  ///
  /// One function on purpose: the alignment's table and its back trace share the two sentences'
  /// keys.
  package static func misheardStretches(
    _ pair: RecognitionPair, normalizer: Normalizer, keepingWordsHeardRight: Bool = false
  ) throws -> [ErrorModel.SoundPair] {
    let saidWords = try normalizer.normalize(pair.reference).map(\.latinKey)
    let heardWords = try normalizer.normalize(pair.hypothesis).map(\.latinKey)
    let said = saidWords.map { PhoneticKey(latinKey: $0) }
    let heard = heardWords.map { PhoneticKey(latinKey: $0) }
    let m = said.count
    let n = heard.count
    let width = n + 1
    var table = [Int](repeating: 0, count: (m + 1) * width)
    for j in 0...n { table[j] = j }
    for i in stride(from: 1, through: m, by: 1) {
      table[i * width] = i
      for j in stride(from: 1, through: n, by: 1) {
        table[i * width + j] = Swift.min(
          table[(i - 1) * width + j - 1] + (said[i - 1] == heard[j - 1] ? 0 : 1),
          table[(i - 1) * width + j] + 1, table[i * width + j - 1] + 1)
      }
    }
    // Backtrace, collecting the runs between words heard right, last first.
    var stretches: [ErrorModel.SoundPair] = []
    // Runs of words, last first; keyed as the matcher keys a phrase (boundaries merged).
    var saidRun: [String] = []
    var heardRun: [String] = []
    func closeRun() {
      if !saidRun.isEmpty, !heardRun.isEmpty, saidRun.count <= longestStretch,
        heardRun.count <= longestStretch
      {
        stretches.append(
          ErrorModel.SoundPair(
            said: PhoneticKey(latinKeys: saidRun.reversed()).symbols,
            heard: PhoneticKey(latinKeys: heardRun.reversed()).symbols))
      }
      saidRun.removeAll()
      heardRun.removeAll()
    }
    var i = m
    var j = n
    while i > 0 || j > 0 {
      let here = table[i * width + j]
      if i > 0, j > 0, said[i - 1] == heard[j - 1], here == table[(i - 1) * width + j - 1] {
        closeRun()
        if keepingWordsHeardRight {
          stretches.append(
            ErrorModel.SoundPair(said: said[i - 1].symbols, heard: heard[j - 1].symbols))
        }
        i -= 1
        j -= 1
      } else if i > 0, j > 0, here == table[(i - 1) * width + j - 1] + 1 {
        saidRun.append(saidWords[i - 1])
        heardRun.append(heardWords[j - 1])
        i -= 1
        j -= 1
      } else if i > 0, here == table[(i - 1) * width + j] + 1 {
        saidRun.append(saidWords[i - 1])
        i -= 1
      } else {
        heardRun.append(heardWords[j - 1])
        j -= 1
      }
    }
    closeRun()
    return stretches.reversed()
  }

  /// How well a model tells what was said from what was written, on stretches it was not
  /// fitted to.
  package struct Retrieval: Sendable, Equatable {
    /// Stretches whose said phrase is strictly the most similar, of every distinct said
    /// phrase in the set, to what was written.
    package var topOne: Double
    /// The mean reciprocal rank of the said phrase (ties share the worse rank).
    package var meanReciprocalRank: Double
    /// The mean similarity of each stretch's said and written keys.
    package var meanSimilarity: Double
  }

  /// Ranks, for each stretch, every distinct said phrase of the set by its similarity to what
  /// was written.
  ///
  /// - Complexity: O(*s* × *d* × *m* × *n*) for *s* stretches and *d* distinct phrases.
  package static func retrieval(of model: ErrorModel, on stretches: [ErrorModel.SoundPair])
    -> Retrieval
  {
    let candidates = Array(Set(stretches.map(\.said))).sorted { $0.lexicographicallyPrecedes($1) }
    guard !stretches.isEmpty else {
      return Retrieval(topOne: 0, meanReciprocalRank: 0, meanSimilarity: 0)
    }
    var topOne = 0
    var reciprocalRanks = 0.0
    var similarities = 0.0
    for stretch in stretches {
      let right = model.similarity(stretch.said, stretch.heard)
      similarities += right
      var atLeastAsSimilar = 0
      for candidate in candidates where candidate != stretch.said {
        if model.similarity(candidate, stretch.heard) >= right { atLeastAsSimilar += 1 }
      }
      if atLeastAsSimilar == 0 { topOne += 1 }
      reciprocalRanks += 1 / Double(1 + atLeastAsSimilar)
    }
    let count = Double(stretches.count)
    return Retrieval(
      topOne: Double(topOne) / count, meanReciprocalRank: reciprocalRanks / count,
      meanSimilarity: similarities / count)
  }
}
