/// Sound skeletons: a key's sound classes with each run of vowels reduced to one vowel mark,
/// so "index" and "inbox" are `V n t V k s` and `V n p V k s`, one element apart.
///
/// A ``FingerprintTable`` maps 32-bit fingerprints of skeletons to the keys that have them.
/// The index keeps one, of every key's own skeleton and the one-deletion variants of every
/// whole-phrase skeleton (tagged, so one lookup finds both kinds). A span of the utterance
/// whose skeleton is within one insertion, deletion or substitution of a key's shares a
/// fingerprint with it in one of two lookups (the span, or one of its one-deletion variants)
/// and one of two kinds (a key's own skeleton, or one of its variants), as in SymSpell's
/// symmetric deletion, but over sound classes rather than letters. Spans are also looked up
/// with a vowel put back where the recognizer may have dropped one.
enum Skeleton {
  /// The element for vowels; consonant classes are 0..<``MatchIndex/classCount``.
  static let vowel: UInt8 = 22

  /// The skeleton of some sound symbols ("h" and anything without a class is skipped).
  static func elements(_ symbols: some Sequence<UInt8>) -> [UInt8] {
    var result: [UInt8] = []
    for symbol in symbols { append(symbol, to: &result) }
    return result
  }

  /// Appends one symbol's element, merging a vowel into a vowel before it.
  @inline(__always)
  static func append(_ symbol: UInt8, to skeleton: inout [UInt8]) {
    let soundClass = MatchIndex.classIndex[Int(symbol & 0x7F)]
    if soundClass != 255 {
      skeleton.append(soundClass)
    } else if MatchIndex.isVowel(symbol), skeleton.last != vowel {
      skeleton.append(vowel)
    }
  }

  /// The fingerprint of `skeleton` without the elements at `skipping` and `second` (nil:
  /// none), with vowels that the deletions bring together counted once.
  @inline(__always)
  static func fingerprint(
    _ skeleton: UnsafeBufferPointer<UInt8>, skipping: Int? = nil, and second: Int? = nil
  ) -> UInt32 {
    var hash = MatchIndex.hashSeed
    var previous: UInt8 = 255
    for (index, element) in skeleton.enumerated() where index != skipping && index != second {
      if element == vowel, previous == vowel { continue }
      hash = MatchIndex.hash(hash, element)
      previous = element
    }
    return MatchIndex.fold(hash)
  }

  /// The fingerprint of `skeleton` with a vowel put in before element `position` (the end
  /// when `position` is the count), where no vowel stands next to it.
  @inline(__always)
  static func fingerprint(_ skeleton: UnsafeBufferPointer<UInt8>, insertingVowelAt position: Int)
    -> UInt32
  {
    var hash = MatchIndex.hashSeed
    for (index, element) in skeleton.enumerated() {
      if index == position { hash = MatchIndex.hash(hash, vowel) }
      hash = MatchIndex.hash(hash, element)
    }
    if position == skeleton.count { hash = MatchIndex.hash(hash, vowel) }
    return MatchIndex.fold(hash)
  }

  /// The distinct fingerprints of the one-deletion variants of `skeleton`.
  static func deletionFingerprints(_ skeleton: [UInt8]) -> [UInt32] {
    skeleton.withUnsafeBufferPointer { buffer in
      var seen: [UInt32] = []
      for index in buffer.indices {
        let fingerprint = fingerprint(buffer, skipping: index)
        if !seen.contains(fingerprint) { seen.append(fingerprint) }
      }
      return seen
    }
  }
}
