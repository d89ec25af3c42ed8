import Testing

@testable import VocabKitVocabulary

/// Diagnostics print file names, keys and values from the vocabulary: on one line, with
/// nothing a terminal would obey.
@Suite struct DiagnosticEscapingTests {
  @Test func controlCharactersAndBidiOverridesAreWrittenOut() {
    let diagnostic = Diagnostic(
      .error, code: "x", file: "Evil\n.app/Info.plist", line: 3, keyPath: "key\u{202E}gnp",
      message: "value '\u{1B}]0;title\u{07}' and a tab\there")
    let text = diagnostic.description
    #expect(
      text
        == "Evil\\u{A}.app/Info.plist:3: error: value '\\u{1B}]0;title\\u{7}' and a tab\\u{9}here (at key\\u{202E}gnp)"
    )
    #expect(!text.unicodeScalars.contains { $0.properties.generalCategory == .control })
  }

  @Test func ordinaryTextInEveryScriptIsUnchanged() {
    for text in ["Liam O'Brien", "爱奇艺", "राहुल", "ตอนจบ", "Алекс", "👩‍👩‍👧", "Zoë"] {
      #expect(text.escapingControlCharacters == text)
    }
  }

  /// The range check agrees with Unicode's general category on every scalar.
  @Test func everyControlCharacterAndNothingElseIsEscaped() {
    let bidi: Set<UInt32> = [
      0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069,
    ]
    var disagreements: [UInt32] = []
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let expected = scalar.properties.generalCategory == .control || bidi.contains(value)
      let text = String(Character(scalar))
      if (text.escapingControlCharacters != text) != expected { disagreements.append(value) }
    }
    #expect(disagreements.isEmpty)
  }
}
