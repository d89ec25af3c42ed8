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
    if let element = element(
      of: symbol, soundClass: MatchIndex.classIndex[Int(symbol & 0x7F)], after: skeleton.last)
    {
      skeleton.append(element)
    }
  }

  /// The element `symbol` (of sound class `soundClass`, 255 for none) adds after a skeleton
  /// whose last element is `last` (nil when it is empty): its class, a vowel mark for a vowel
  /// after anything but a vowel mark, or nil for nothing. So a skeleton never has two vowel
  /// marks side by side.
  @inline(__always)
  static func element(of symbol: UInt8, soundClass: UInt8, after last: UInt8?) -> UInt8? {
    if soundClass != 255 { return soundClass }
    return MatchIndex.isVowel(symbol) && last != vowel ? vowel : nil
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

  /// Writes the hash of each prefix of `skeleton` (`count` + 1 states, the empty prefix
  /// first) to `prefix`, for the variant fingerprints below, which then hash only what
  /// follows their change.
  ///
  /// - Complexity: O(*n*) for a skeleton of *n* elements.
  @inline(__always)
  static func prefixHashes(
    _ skeleton: UnsafeBufferPointer<UInt8>, into prefix: UnsafeMutablePointer<UInt64>
  ) {
    prefix[0] = MatchIndex.hashSeed
    for index in skeleton.indices {
      prefix[index + 1] = MatchIndex.hash(prefix[index], skeleton[index])
    }
  }

  /// The fingerprint of `skeleton` (never two vowel marks side by side) without the element
  /// at `index`, from its ``prefixHashes(_:into:)``: `fingerprint(skeleton, skipping: index)`
  /// in the time of the suffix. Only a deletion between two vowel marks brings vowels
  /// together, and the second is then not counted.
  ///
  /// - Complexity: O(*n* − `index`).
  @inline(__always)
  static func fingerprint(
    _ skeleton: UnsafeBufferPointer<UInt8>, prefix: UnsafePointer<UInt64>, skipping index: Int
  ) -> UInt32 {
    var hash = prefix[index]
    var next = index + 1
    if index > 0, next < skeleton.count, skeleton[index - 1] == vowel, skeleton[next] == vowel {
      next += 1
    }
    while next < skeleton.count {
      hash = MatchIndex.hash(hash, skeleton[next])
      next += 1
    }
    return MatchIndex.fold(hash)
  }

  /// The fingerprint of `skeleton` with a vowel put in before element `position` (the end
  /// when `position` is the count), where no vowel stands next to it, from its
  /// ``prefixHashes(_:into:)``.
  ///
  /// - Complexity: O(*n* − `position`).
  @inline(__always)
  static func fingerprint(
    _ skeleton: UnsafeBufferPointer<UInt8>, prefix: UnsafePointer<UInt64>,
    insertingVowelAt position: Int
  ) -> UInt32 {
    fingerprint(skeleton, prefix: prefix, inserting: vowel, at: position)
  }

  /// The fingerprint of `skeleton` with the element at `position` replaced by `element`.
  @inline(__always)
  static func fingerprint(
    _ skeleton: UnsafeBufferPointer<UInt8>, prefix: UnsafePointer<UInt64>,
    replacing position: Int, with element: UInt8
  ) -> UInt32 {
    var hash = MatchIndex.hash(prefix[position], element)
    for next in (position + 1)..<skeleton.count { hash = MatchIndex.hash(hash, skeleton[next]) }
    return MatchIndex.fold(hash)
  }

  /// The fingerprint of `skeleton` with `element` inserted before position `position`, and
  /// a vowel after it when `thenVowel`.
  @inline(__always)
  static func fingerprint(
    _ skeleton: UnsafeBufferPointer<UInt8>, prefix: UnsafePointer<UInt64>,
    inserting element: UInt8, thenVowel: Bool = false, at position: Int
  ) -> UInt32 {
    var hash = MatchIndex.hash(prefix[position], element)
    if thenVowel { hash = MatchIndex.hash(hash, vowel) }
    for next in position..<skeleton.count { hash = MatchIndex.hash(hash, skeleton[next]) }
    return MatchIndex.fold(hash)
  }

  /// The distinct fingerprints of the one-deletion variants of `skeleton` (never two vowel
  /// marks side by side).
  static func deletionFingerprints(_ skeleton: [UInt8]) -> [UInt32] {
    skeleton.withUnsafeBufferPointer { buffer in
      withUnsafeTemporaryAllocation(of: UInt64.self, capacity: buffer.count + 1) { prefix in
        prefixHashes(buffer, into: prefix.baseAddress!)
        var seen: [UInt32] = []
        for index in buffer.indices {
          let fingerprint = fingerprint(buffer, prefix: prefix.baseAddress!, skipping: index)
          if !seen.contains(fingerprint) { seen.append(fingerprint) }
        }
        return seen
      }
    }
  }
}
