import CICU

/// An error reported by ICU, with the operation that failed and ICU's status name.
public struct ICUError: Error, CustomStringConvertible, Sendable, Equatable {
  /// The operation that failed, such as `open transliterator 'Han-Latin'`.
  public var operation: String
  /// ICU's status code (a `UErrorCode`).
  public var status: Int32

  /// ICU's name for the status, such as `U_INVALID_ID`.
  public var statusName: String { String(cString: cicu_status_name(status)) }

  public var description: String { "ICU failed to \(operation): \(statusName)" }

  /// Throws when `status` is an ICU failure.

  static func check(_ status: Int32, _ operation: @autoclosure () -> String) throws(ICUError) {
    if status > 0 { throw ICUError(operation: operation(), status: status) }
  }
}

/// Calls an ICU function that writes UTF-16 into a caller-provided buffer, retrying once with
/// the capacity ICU asks for when the first buffer was too small.
///
/// - Parameter body: Writes into the buffer, returns the needed length and sets the status.
/// - Complexity: O(*n*) in the length of the output.
func withUTF16Output(
  initialCapacity: Int,
  operation: @autoclosure () -> String,
  _ body: (UnsafeMutablePointer<UInt16>, Int32, inout Int32) -> Int32
) throws(ICUError) -> [UInt16] {
  var capacity = max(initialCapacity, 16)
  for _ in 0..<2 {
    var status: Int32 = 0
    var length: Int32 = 0
    let output = [UInt16](unsafeUninitializedCapacity: capacity) { buffer, count in
      length = body(buffer.baseAddress!, Int32(capacity), &status)
      count = status > 0 ? 0 : Int(min(length, Int32(capacity)))
    }
    if status == cicu_status_buffer_overflow() {
      capacity = Int(length) + 1
      continue
    }
    try ICUError.check(status, operation())
    return output
  }
  throw ICUError(operation: operation(), status: cicu_status_buffer_overflow())
}
