import CICU

/// An ICU word break iterator, with dictionary-based segmentation for Thai and Chinese.
///
/// Not thread-safe: it holds the text being segmented. ``Normalizer`` keeps a pool of clones.
final class WordBreaker: @unchecked Sendable {
  /// A segment between two word boundaries, in UTF-16 offsets.
  struct Segment {
    var range: Range<Int>
    /// ICU's rule status: 0 for spaces and punctuation, 100-199 numbers, 200-299 letters,
    /// 300-399 kana, 400-499 ideographs.
    var ruleStatus: Int32
  }

  private let handle: OpaquePointer

  init(locale: String = "") throws(ICUError) {
    var status: Int32 = 0
    let handle = locale.withCString { cicu_word_breaker_open($0, &status) }
    try ICUError.check(status, "open a word break iterator for '\(locale)'")
    guard let handle else { throw ICUError(operation: "open a word break iterator", status: 1) }
    self.handle = handle
  }

  private init(handle: OpaquePointer) { self.handle = handle }

  deinit { cicu_word_breaker_close(handle) }

  func clone() throws(ICUError) -> WordBreaker {
    var status: Int32 = 0
    let copy = cicu_word_breaker_clone(handle, &status)
    try ICUError.check(status, "clone a word break iterator")
    guard let copy else { throw ICUError(operation: "clone a word break iterator", status: 1) }
    return WordBreaker(handle: copy)
  }

  /// Splits UTF-16 text into segments at word boundaries.
  ///
  /// - Complexity: O(*n*) in the length of `text`.
  func segments(of text: UnsafeBufferPointer<UInt16>) throws(ICUError) -> [Segment] {
    var status: Int32 = 0
    cicu_word_breaker_set_text(handle, text.baseAddress, Int32(text.count), &status)
    try ICUError.check(status, "set the text of a word break iterator")
    var result: [Segment] = []
    var start = cicu_word_breaker_first(handle)
    while true {
      let end = cicu_word_breaker_next(handle)
      if end < 0 { break }
      result.append(
        Segment(range: Int(start)..<Int(end), ruleStatus: cicu_word_breaker_rule_status(handle)))
      start = end
    }
    // Release ICU's pointer to the caller's buffer.
    cicu_word_breaker_set_text(handle, nil, 0, &status)
    return result
  }
}
