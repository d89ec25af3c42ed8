import Testing

@testable import VocabKitNormalization

@Suite("Recognizer marks")
struct RecognizerMarkTests {
  @Test(
    "Marks for words a recognizer could not transcribe, and for non-speech, are no words",
    arguments: [
      ("send an email to < unk >", ["send", "an", "email", "to"]),
      ("send an email to <unk>", ["send", "an", "email", "to"]),
      (
        "schedule a meeting with @@UNKNOWN@@ on wednesday",
        ["schedule", "a", "meeting", "with", "on", "wednesday"]
      ),
      ("[unk] call alex [noise]", ["call", "alex"]),
      ("[Music] play jazz", ["play", "jazz"]),
      ("<sil> 给<unk>打电话", ["gei", "da", "dian", "hua"]),
      ("[BLANK_AUDIO]", []),
    ])
  func marksAreDropped(text: String, keys: [String]) throws {
    #expect(try latinKeys(text).joined() == keys.joined())
    for token in try tokens(text) {
      #expect(!["unk", "unknown", "noise", "music", "sil"].contains(token.latinKey))
    }
  }

  @Test(
    "Brackets around other words, and mark words without brackets, stay words",
    arguments: [
      ("play <Music of the Night>", ["play", "music", "of", "the", "night"]),
      (
        "play [music] by unknown mortal orchestra",
        ["play", "by", "unknown", "mortal", "orchestra"]
      ),
      ("call <alex>", ["call", "alex"]),
      ("unk", ["unk"]),
      ("music < unknown", ["music", "unknown"]),
      ("email @@alex@@", ["email", "alex"]),
    ])
  func otherTextStays(text: String, keys: [String]) throws {
    #expect(try latinKeys(text) == keys)
  }
}
