import CICU

/// ICU's rule-based number format for spelled-out numbers ("twenty-one", "двадцать один").
final class Spellout: @unchecked Sendable {
  let locale: String
  private let handle: OpaquePointer

  init(locale: String) throws(ICUError) {
    var status: Int32 = 0
    let handle = locale.withCString { cicu_spellout_open($0, &status) }
    try ICUError.check(status, "open the spell-out rules for '\(locale)'")
    guard let handle else { throw ICUError(operation: "open spell-out rules", status: 1) }
    self.locale = locale
    self.handle = handle
  }

  deinit { cicu_spellout_close(handle) }

  /// Spells out `value` with the named rule set, such as `%spellout-ordinal`, or with the
  /// locale's default rule set when `ruleSet` is nil.
  func format(_ value: Int64, ruleSet: String? = nil) throws(ICUError) -> String {
    // ICU keeps the rule set passed last as the format's default, so nil must reset it
    // explicitly: an empty name restores the locale's initial default rule set.
    let ruleUnits = Array((ruleSet ?? "").utf16) + [0]
    let output = try withUTF16Output(
      initialCapacity: 64, operation: "spell out \(value) in '\(locale)'"
    ) { buffer, capacity, status in
      ruleUnits.withUnsafeBufferPointer {
        cicu_spellout_format(
          handle, value, $0.baseAddress, Int32($0.count - 1), buffer, capacity, &status)
      }
    }
    return String(utf16Units: output[...])
  }

  /// Parses spelled-out text leniently; returns nil unless the whole text is a number.
  func parse(_ text: String) -> Int64? {
    let units = Array(text.utf16)
    var status: Int32 = 0
    var parsed: Int32 = 0
    let value = cicu_spellout_parse(handle, units, Int32(units.count), &parsed, &status)
    guard status <= 0, Int(parsed) == units.count else { return nil }
    return value
  }
}
