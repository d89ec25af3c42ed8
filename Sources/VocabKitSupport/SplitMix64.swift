/// A seeded random number generator (SplitMix64): the same sequence on every platform and
/// run, for learning that must not depend on the process and for reproducible random tests.
package struct SplitMix64: RandomNumberGenerator, Sendable {
  package var state: UInt64

  package init(seed: UInt64) { state = seed }

  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    return Self.mix(state)
  }

  /// `value` with its bits mixed (the generator's finalizer): every input bit reaches every
  /// output bit, so nearby values give unrelated results.
  @inline(__always)
  package static func mix(_ value: UInt64) -> UInt64 {
    var mixed = value
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  /// A number in `0..<bound` (by remainder, so very slightly uneven).
  package mutating func next(_ bound: Int) -> Int {
    Int(next() % UInt64(bound))
  }
}
