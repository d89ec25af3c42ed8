// libFuzzer target: Normalizer.shared.normalize on arbitrary (possibly invalid) UTF-8.
import VocabKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  // Invalid UTF-8 is kept as a case: lossy decoding turns it into U+FFFD.
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  do {
    let tokens = try Normalizer.shared.normalize(text)
    // Touch every field so that a bad range or string shows up under ASan.
    let scalars = Array(text.unicodeScalars)
    for token in tokens {
      precondition(!token.latinKey.isEmpty || token.number != nil, "empty token kept")
      precondition(
        token.scalarRange.lowerBound >= 0 && token.scalarRange.upperBound <= scalars.count,
        "token range \(token.scalarRange) outside \(scalars.count) scalars")
      _ = token.folded.utf8.count + token.text.utf8.count
    }
    for token in tokens {
      _ = try Normalizer.shared.latinKey(of: token.text)
    }
  } catch {
    // An ICUError is a reported failure, not a crash.
  }
  return 0
}
