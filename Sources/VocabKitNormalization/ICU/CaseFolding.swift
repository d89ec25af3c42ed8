import CICU

/// Unicode NFKC_Casefold, the normalization used for every folded form in VocabKit.
package enum CaseFolding {
  /// Returns the NFKC case-folded form of `text`: compatibility forms unified, case folded,
  /// default-ignorable characters (zero-width joiners, bidi controls) removed.
  ///
  /// - Complexity: O(*n*) in the length of `text`.
  package static func fold(_ text: some StringProtocol) throws(ICUError) -> String {
    if text.utf8.allSatisfy({ $0 < 0x80 && !(0x41...0x5A).contains($0) }) {
      return String(text)  // Lowercase ASCII is already folded.
    }
    let source = Array(text.utf16)
    let output = try source.withUnsafeBufferPointer { (source) throws(ICUError) -> [UInt16] in
      try withUTF16Output(initialCapacity: source.count * 2 + 8, operation: "case-fold text") {
        buffer, capacity, status in
        cicu_casefold_normalize(
          source.baseAddress, Int32(source.count), buffer, capacity, &status)
      }
    }
    return String(utf16Units: output[...])
  }
}
