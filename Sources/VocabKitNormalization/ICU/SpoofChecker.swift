import CICU

/// ICU's spoof checker: mixed-script and whole-script confusables, invisible characters.
package final class SpoofChecker: @unchecked Sendable {
  // ICU documents uspoof_check and uspoof_getSkeleton as thread-safe once the checker is
  // configured, and this class never reconfigures it after init.
  private let handle: OpaquePointer

  package init() throws(ICUError) {
    var status: Int32 = 0
    let handle = cicu_spoof_checker_open(&status)
    try ICUError.check(status, "open a spoof checker")
    guard let handle else { throw ICUError(operation: "open a spoof checker", status: 1) }
    self.handle = handle
  }

  deinit { cicu_spoof_checker_close(handle) }

  /// Returns true when `text` mixes scripts in a way that can spoof a reader, such as a
  /// Cyrillic "А" in an otherwise Latin "Аlex".
  package func isSuspicious(_ text: String) throws(ICUError) -> Bool {
    let units = Array(text.utf16)
    var status: Int32 = 0
    let result = cicu_spoof_checker_check(handle, units, Int32(units.count), &status)
    try ICUError.check(status, "check '\(text)' for spoofing")
    return result != 0
  }

  /// Returns the confusable skeleton: two strings that look alike have the same skeleton.
  package func skeleton(_ text: String) throws(ICUError) -> String {
    let units = Array(text.utf16)
    let output = try withUTF16Output(
      initialCapacity: units.count * 2 + 8, operation: "compute the skeleton of '\(text)'"
    ) { buffer, capacity, status in
      cicu_spoof_checker_skeleton(handle, units, Int32(units.count), buffer, capacity, &status)
    }
    return String(utf16Units: output[...])
  }
}
