/// Carrier words that a recognizer hears as other words, learned from recognizer output: each
/// template's fill of misheard names also says such a word as heard ("but milk on my list"),
/// so that the intent survives the recognizer's own confusions as it survives a misheard name.
///
/// Made by `python3 corpora/tools/carrier_confusions.py --vocab corpora/whisper/vocab
/// corpora/whisper/generated_train.jsonl` (Whisper base on the train half; the test half stays
/// a test set): substitutions heard at least 3 times and in at least 10% of the word's
/// occurrences. English only: no other language has recognizer output here.
enum RecognizerConfusions {
  /// The words of `language` with what the recognizer heard instead; empty for others.
  static func table(language: String) -> [(word: String, heard: String)] {
    language == "en" ? english : []
  }

  private static let english: [(word: String, heard: String)] = [
    ("put", "but"),  // 17 of 53
    ("add", "and"),  // 15 of 87
    ("song", "son"),  // 4 of 31
  ]
}
