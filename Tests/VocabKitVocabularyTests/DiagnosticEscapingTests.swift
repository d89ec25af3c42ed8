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
}
