import Foundation

/// What hearing one sound as another costs the matcher: a recognizer's error model in the
/// sound symbols of ``PhoneticKey``.
///
/// Costs are integers out of 10, as in ``PhoneticKey``'s hand-set table (``standard``): 0 for
/// a sound heard as itself, 10 for a confusion a recognizer never makes. Substitutions are
/// symmetric (the matcher aligns in either direction); one indel cost per symbol serves for a
/// sound lost and a sound heard that was not said. `vocab tune` learns a model from
/// reference and recognized text (``fit(_:iterations:priorWeight:)``).
package struct ErrorModel: Sendable, Hashable {
  /// The indel cost of each symbol, indexed by its ASCII value (128 entries).
  package var indel: [Int32]
  /// The substitution cost of each pair, at `a << 7 | b` (128 × 128 entries, symmetric).
  package var substitution: [Int32]

  /// The sound symbols a model assigns costs to: the vowels, then the consonants.
  package static let letterSymbols = Array("aeioupbtdkgfvszxcjmnlrwyh".utf8)

  /// The hand-set model VocabKit has always used.
  package static let standard = ErrorModel(
    indel: PhoneticKey.costs.indel, substitution: PhoneticKey.costs.substitution)

  package init(indel: [Int32], substitution: [Int32]) {
    precondition(indel.count == 128 && substitution.count == 128 * 128)
    self.indel = indel
    self.substitution = substitution
  }

  /// The cost of hearing `b` where `a` was said (or the reverse).
  package func substitutionCost(_ a: UInt8, _ b: UInt8) -> Int32 {
    substitution[Int(a & 0x7F) << 7 | Int(b & 0x7F)]
  }

  /// The cost of losing or adding `symbol`.
  package func indelCost(_ symbol: UInt8) -> Int32 { indel[Int(symbol & 0x7F)] }

  /// The largest *f* ≤ 1 with `distance(a, b) ≥ f × |weight(a) − weight(b)|` for every pair
  /// of keys: every substitution costs at least *f* times the gap between its two symbols'
  /// indel costs, and every indel at least *f* times its own. Lets a caller rule out a
  /// similarity from the two weights alone, without the alignment.
  ///
  /// - Complexity: 128 × 128 steps.
  package var weightGapBound: Double {
    guard indel.allSatisfy({ $0 >= 0 }) else { return 0 }
    var bound = 1.0
    for a in 0..<128 {
      for b in 0..<128 {
        let gap = abs(indel[a] - indel[b])
        guard gap > 0 else { continue }
        bound = min(bound, Double(max(0, substitution[a << 7 | b])) / Double(gap))
      }
    }
    return max(0, bound)
  }

  /// The sum of the indel costs of `symbols`: the most an alignment against them can cost.
  package func weight(_ symbols: [UInt8]) -> Int32 {
    indel.withUnsafeBufferPointer { indel in
      var total: Int32 = 0
      for symbol in symbols { total &+= indel[Int(symbol & 0x7F)] }
      return total
    }
  }

  /// The cheapest alignment's cost between two keys.
  ///
  /// - Complexity: O(*m* × *n*).
  package func distance(_ a: [UInt8], _ b: [UInt8]) -> Int32 {
    distance(a, b, atMost: .max)
  }

  /// The cheapest alignment's cost between two keys when it is at most `limit`; otherwise
  /// some cost above `limit`, found as soon as a whole row of the table is above it (a row's
  /// smallest cost never falls in the rows after it).
  ///
  /// - Complexity: O(*m* × *n*), less when the keys are far apart.
  package func distance(_ a: [UInt8], _ b: [UInt8], atMost limit: Int32) -> Int32 {
    a.withUnsafeBufferPointer { a in
      b.withUnsafeBufferPointer { b in
        indel.withUnsafeBufferPointer { indel in
          substitution.withUnsafeBufferPointer { substitution in
            Self.distance(a, b, atMost: limit, indel: indel, substitution: substitution)
          }
        }
      }
    }
  }

  /// The same distance under the costs `indel` and `substitution` in place: a caller that
  /// compares many keys holds them once, rather than once a pair.
  package static func distance(
    _ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, atMost limit: Int32,
    indel: UnsafeBufferPointer<Int32>, substitution: UnsafeBufferPointer<Int32>
  ) -> Int32 {
    var total: Int32 = 0
    if a.isEmpty || b.isEmpty {
      for symbol in a.isEmpty ? b : a { total += indel[Int(symbol & 0x7F)] }
      return total
    }
    // Two rows of the edit-distance table, on the stack (this runs for every carrier word the
    // router aligns).
    return withUnsafeTemporaryAllocation(of: Int32.self, capacity: 2 * (b.count + 1)) { rows in
      var previous = rows.baseAddress!
      var current = previous + (b.count + 1)
      previous[0] = 0
      for j in 1...b.count { previous[j] = previous[j - 1] + indel[Int(b[j - 1] & 0x7F)] }
      for i in 1...a.count {
        let symbol = Int(a[i - 1] & 0x7F)
        let deletion = indel[symbol]
        current[0] = previous[0] + deletion
        // The row's smallest cost, kept as the row is filled.
        var smallest = current[0]
        for j in 1...b.count {
          let other = Int(b[j - 1] & 0x7F)
          let cell = Swift.min(
            previous[j - 1] + substitution[symbol << 7 | other],
            previous[j] + deletion, current[j - 1] + indel[other])
          current[j] = cell
          smallest = Swift.min(smallest, cell)
        }
        swap(&previous, &current)
        if smallest > limit { return smallest }
      }
      return previous[b.count]
    }
  }

  /// Similarity of two whole keys in 0...1: 1 - alignment cost / the larger weight.
  ///
  /// - Complexity: O(*m* × *n*).
  package func similarity(_ a: [UInt8], _ b: [UInt8]) -> Double {
    if a == b { return 1 }
    if a.isEmpty || b.isEmpty { return 0 }
    return max(0, 1 - Double(distance(a, b)) / Double(max(weight(a), weight(b), 1)))
  }
}

// MARK: Lower bounds

extension ErrorModel {
  /// The distinct symbols of a key, as a set of 128 bits.
  package struct SymbolSet: Sendable, Hashable {
    var low: UInt64 = 0
    var high: UInt64 = 0

    /// - Complexity: O(*n*) for a key of *n* symbols.
    package init(_ key: [UInt8]) {
      for symbol in key {
        let bit = symbol & 0x3F
        if symbol & 0x40 == 0 { low |= 1 << bit } else { high |= 1 << bit }
      }
    }

    func intersects(_ other: Self) -> Bool { low & other.low != 0 || high & other.high != 0 }
  }

  /// A lower bound on a model's ``ErrorModel/distance(_:_:)`` from the symbols each key has
  /// and the other lacks, without aligning the keys: built once per model.
  ///
  /// A symbol the other key lacks is not heard as itself: it is lost, or heard as one of the
  /// other key's symbols, and costs at least the cheaper of the two: each key's missing
  /// symbols bound the cost. Holds only when no cost is negative; for a model with one, the
  /// bound is 0.
  package struct SymbolBound: Sendable {
    /// What a symbol missing from the other key costs at least, by symbol.
    package let charges: [Charge]

    /// A missing symbol's least cost.
    package struct Charge: Sendable {
      /// The symbols it is heard as for less than its indel cost.
      var near: SymbolSet
      /// The least of those substitutions, or its indel cost when there is none.
      var nearCost: Int32
      var indelCost: Int32
    }

    /// - Complexity: O(128 × 128).
    package init(_ model: ErrorModel) {
      let holds = model.indel.allSatisfy { $0 >= 0 } && model.substitution.allSatisfy { $0 >= 0 }
      charges = (0..<128).map { symbol in
        let indel = model.indel[symbol]
        guard holds else { return Charge(near: SymbolSet([]), nearCost: 0, indelCost: 0) }
        var charge = Charge(near: SymbolSet([]), nearCost: indel, indelCost: indel)
        for other in 0..<128 where other != symbol {
          let cost = model.substitution[symbol << 7 | other]
          guard cost < indel else { continue }
          charge.near = charge.near.union(other)
          charge.nearCost = Swift.min(charge.nearCost, cost)
        }
        return charge
      }
    }

    /// A lower bound on the distance between the keys whose symbols are `a` and `b`.
    ///
    /// - Complexity: O(*s*) for *s* symbols of one key missing from the other.
    package func distance(_ a: SymbolSet, _ b: SymbolSet) -> Int32 {
      charges.withUnsafeBufferPointer { Self.distance(a, b, charges: $0) }
    }

    /// The same bound with the charges in place: a caller that bounds many pairs holds them
    /// once, rather than once a pair.
    package static func distance(
      _ a: SymbolSet, _ b: SymbolSet, charges: UnsafeBufferPointer<Charge>
    ) -> Int32 {
      func missing(from other: SymbolSet, of own: SymbolSet) -> Int32 {
        var total: Int32 = 0
        var low = own.low & ~other.low
        while low != 0 {
          let charge = charges[low.trailingZeroBitCount]
          low &= low - 1
          total &+= charge.near.intersects(other) ? charge.nearCost : charge.indelCost
        }
        var high = own.high & ~other.high
        while high != 0 {
          let charge = charges[64 | high.trailingZeroBitCount]
          high &= high - 1
          total &+= charge.near.intersects(other) ? charge.nearCost : charge.indelCost
        }
        return total
      }
      return Swift.max(missing(from: b, of: a), missing(from: a, of: b))
    }
  }
}

extension ErrorModel.SymbolSet {
  fileprivate func union(_ symbol: Int) -> Self {
    var set = self
    if symbol < 64 { set.low |= 1 << UInt64(symbol) } else { set.high |= 1 << UInt64(symbol - 64) }
    return set
  }
}

// MARK: Fitting

extension ErrorModel {
  /// A phrase as it was said and as a recognizer wrote it, both as sound keys.
  package struct SoundPair: Sendable, Hashable {
    package var said: [UInt8]
    package var heard: [UInt8]

    package init(said: [UInt8], heard: [UInt8]) {
      self.said = said
      self.heard = heard
    }
  }

  /// How many times each edit was seen in the cheapest alignments of some pairs.
  package struct EditCounts: Sendable {
    /// Times a symbol was heard as itself, by symbol.
    package var kept = [Double](repeating: 0, count: 128)
    /// Times a symbol was lost or added, by symbol.
    package var indel = [Double](repeating: 0, count: 128)
    /// Times two different symbols were confused, at `a << 7 | b` and `b << 7 | a` alike.
    package var substitution = [Double](repeating: 0, count: 128 * 128)
    /// The number of alignments counted.
    package var pairs = 0
  }

  /// Counts the edits of the cheapest alignment of each pair under this model.
  ///
  /// - Complexity: O(Σ *m* × *n*) over the pairs.
  package func editCounts(_ pairs: [SoundPair]) -> EditCounts {
    var counts = EditCounts()
    for pair in pairs where !pair.said.isEmpty || !pair.heard.isEmpty {
      counts.pairs += 1
      let a = pair.said
      let b = pair.heard
      let width = b.count + 1
      // The whole table, for the backtrace: phrases are short.
      var table = [Int32](repeating: 0, count: (a.count + 1) * width)
      for j in stride(from: 1, through: b.count, by: 1) {
        table[j] = table[j - 1] + indelCost(b[j - 1])
      }
      for i in stride(from: 1, through: a.count, by: 1) {
        table[i * width] = table[(i - 1) * width] + indelCost(a[i - 1])
        for j in stride(from: 1, through: b.count, by: 1) {
          table[i * width + j] = Swift.min(
            table[(i - 1) * width + j - 1] + substitutionCost(a[i - 1], b[j - 1]),
            table[(i - 1) * width + j] + indelCost(a[i - 1]),
            table[i * width + j - 1] + indelCost(b[j - 1]))
        }
      }
      var i = a.count
      var j = b.count
      while i > 0 || j > 0 {
        let here = table[i * width + j]
        if i > 0, j > 0,
          here == table[(i - 1) * width + j - 1] + substitutionCost(a[i - 1], b[j - 1])
        {
          let x = Int(a[i - 1] & 0x7F)
          let y = Int(b[j - 1] & 0x7F)
          if x == y {
            counts.kept[x] += 1
          } else {
            counts.substitution[x << 7 | y] += 1
            counts.substitution[y << 7 | x] += 1
          }
          i -= 1
          j -= 1
        } else if i > 0, here == table[(i - 1) * width + j] + indelCost(a[i - 1]) {
          counts.indel[Int(a[i - 1] & 0x7F)] += 1
          i -= 1
        } else {
          counts.indel[Int(b[j - 1] & 0x7F)] += 1
          j -= 1
        }
      }
    }
    return counts
  }

  /// The cost on the 0...10 scale of an edit seen `rate` times as often as the symbol heard
  /// as itself: `ErrorModel.temperature` × −ln(rate), so that the standard model's costs
  /// are what rates of e^(−cost / temperature) give back.
  static func cost(rate: Double) -> Int32 {
    guard rate > 0 else { return 10 }
    return Int32(min(10, max(1, (temperature * -log(rate)).rounded())))
  }

  /// The rate a cost stands for: the inverse of ``cost(rate:)``.
  static func rate(cost: Int32) -> Double { exp(-Double(cost) / temperature) }

  /// Costs per unit of −ln(rate): a cost of 10 means an edit seen once per 50 times the
  /// sound is heard right (10 / ln 50), the rarest confusion the scale tells apart.
  static let temperature = 10 / log(50.0)

  /// A model learned from what recognizers wrote: each pair aligned under the current
  /// model, the edits counted, and every cost set from how often its edit happens relative
  /// to the sound being heard right (a noisy channel, as in Brill and Moore's spelling
  /// correction), `iterations` times over.
  ///
  /// The standard model is the prior: each symbol's costs start as `priorWeight` imagined
  /// observations at the standard rates, so a sound seen rarely keeps its standard costs and
  /// the data moves only what it has seen often. Only letter symbols are learned; digits keep
  /// their standard costs.
  ///
  /// - Complexity: O(`iterations` × Σ *m* × *n*) over the pairs.
  package static func fit(_ pairs: [SoundPair], iterations: Int = 3, priorWeight: Double = 20)
    -> ErrorModel
  {
    var model = ErrorModel.standard
    for _ in 0..<max(1, iterations) {
      let counts = model.editCounts(pairs)
      var next = ErrorModel.standard
      for a in letterSymbols {
        let x = Int(a)
        // The prior: `priorWeight` imagined sightings of the sound heard right, and each edit
        // at the rate its standard cost stands for.
        let kept = counts.kept[x] + priorWeight
        let indelRate =
          (counts.indel[x] / 2 + priorWeight * rate(cost: ErrorModel.standard.indel[x])) / kept
        next.indel[x] = cost(rate: indelRate)
        for b in letterSymbols where b != a {
          let y = Int(b)
          let seen = counts.substitution[x << 7 | y]
          let prior = priorWeight * rate(cost: ErrorModel.standard.substitution[x << 7 | y])
          // Symmetric: the pair's rate relative to both sounds heard right.
          let keptBoth = (counts.kept[x] + counts.kept[y]) / 2 + priorWeight
          let substitutionRate = (seen + prior) / keptBoth
          next.substitution[x << 7 | y] = cost(rate: substitutionRate)
        }
      }
      model = next
    }
    return model
  }
}

// MARK: Files

/// A malformed error-model file: what was expected at which key.
package struct ErrorModelFileError: Error, CustomStringConvertible, Sendable {
  package var file: String
  package var keyPath: String
  package var message: String

  package var description: String {
    keyPath.isEmpty ? "\(file): \(message)" : "\(file): \(keyPath): \(message)"
  }
}

extension ErrorModel {
  /// The format name written in every file, so that other JSON is not mistaken for one.
  package static let fileFormat = "vocabkit-error-model"
  /// The version of the file format this build reads and writes.
  package static let fileVersion = 1

  /// The model as a small JSON document: the indel cost of each letter symbol and the
  /// substitution cost of each pair of them ("a e": 3), with `note` kept as a comment.
  package func jsonData(note: String) throws -> Data {
    var indelObject: [String: Int] = [:]
    var substitutionObject: [String: Int] = [:]
    for (index, a) in Self.letterSymbols.enumerated() {
      indelObject[String(UnicodeScalar(a))] = Int(indelCost(a))
      for b in Self.letterSymbols[(index + 1)...] {
        substitutionObject["\(UnicodeScalar(a)) \(UnicodeScalar(b))"] = Int(substitutionCost(a, b))
      }
    }
    let object: [String: Any] = [
      "format": Self.fileFormat, "version": Self.fileVersion, "note": note,
      "indel": indelObject, "substitution": substitutionObject,
    ]
    return try JSONSerialization.data(
      withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
  }

  /// Reads a model written by ``jsonData(note:)``. Symbols or pairs the file leaves out keep
  /// their standard costs.
  ///
  /// - Throws: ``ErrorModelFileError`` naming the key that is wrong and what was expected.
  package init(jsonData data: Data, file: String) throws(ErrorModelFileError) {
    let object = try Self.fileObject(data, file: file)
    var model = ErrorModel.standard
    if let indel = object["indel"] { try model.readIndelCosts(indel, file: file) }
    if let substitution = object["substitution"] {
      try model.readSubstitutionCosts(substitution, file: file)
    }
    self = model
  }

  /// The JSON object of an error-model file, checked to be of this format and version.
  private static func fileObject(_ data: Data, file: String) throws(ErrorModelFileError)
    -> [String: Any]
  {
    let parsed: Any
    do {
      parsed = try JSONSerialization.jsonObject(with: data)
    } catch {
      throw ErrorModelFileError(
        file: file, keyPath: "", message: "not JSON (\(error.localizedDescription))")
    }
    guard let object = parsed as? [String: Any] else {
      throw ErrorModelFileError(file: file, keyPath: "", message: "expected a JSON object")
    }
    guard object["format"] as? String == Self.fileFormat else {
      throw ErrorModelFileError(
        file: file, keyPath: "format",
        message: "expected \"\(Self.fileFormat)\"; is this an error-model file?")
    }
    guard let version = object["version"] as? Int, version == Self.fileVersion else {
      throw ErrorModelFileError(
        file: file, keyPath: "version",
        message:
          "expected \(Self.fileVersion), found \(object["version"].map { "\($0)" } ?? "nothing")")
    }
    return object
  }

  /// Reads the file's `indel` object: a cost from 1 to 10 for each symbol it names.
  private mutating func readIndelCosts(_ indel: Any, file: String) throws(ErrorModelFileError) {
    guard let indel = indel as? [String: Any] else {
      throw ErrorModelFileError(file: file, keyPath: "indel", message: "expected an object")
    }
    for (key, value) in indel.sorted(by: { $0.key < $1.key }) {
      let keyPath = "indel.\(key)"
      let a = try Self.symbol(key[...], at: keyPath, file: file)
      let value = try Self.cost(value, at: keyPath, file: file)
      guard value > 0 else {
        throw ErrorModelFileError(
          file: file, keyPath: keyPath, message: "expected a cost from 1 to 10, found 0")
      }
      self.indel[Int(a)] = value
    }
  }

  /// Reads the file's `substitution` object: a cost from 1 to 10 for each pair of different
  /// symbols it names (`"a e"`), both ways.
  private mutating func readSubstitutionCosts(_ substitution: Any, file: String)
    throws(ErrorModelFileError)
  {
    guard let substitution = substitution as? [String: Any] else {
      throw ErrorModelFileError(file: file, keyPath: "substitution", message: "expected an object")
    }
    for (key, value) in substitution.sorted(by: { $0.key < $1.key }) {
      let keyPath = "substitution.\(key)"
      let parts = key.split(separator: " ", omittingEmptySubsequences: false)
      guard parts.count == 2 else {
        throw ErrorModelFileError(
          file: file, keyPath: keyPath,
          message: "expected two symbols separated by a space, as \"a e\"")
      }
      let a = try Self.symbol(parts[0], at: keyPath, file: file)
      let b = try Self.symbol(parts[1], at: keyPath, file: file)
      let value = try Self.cost(value, at: keyPath, file: file)
      guard a != b, value > 0 else {
        throw ErrorModelFileError(
          file: file, keyPath: keyPath,
          message: "expected two different symbols and a cost from 1 to 10")
      }
      self.substitution[Int(a) << 7 | Int(b)] = value
      self.substitution[Int(b) << 7 | Int(a)] = value
    }
  }

  /// A cost in a file: an integer from 0 to 10.
  private static func cost(_ value: Any, at keyPath: String, file: String)
    throws(ErrorModelFileError) -> Int32
  {
    // JSON true and false arrive as numbers too; their class names them.
    guard !String(describing: type(of: value)).contains("Boolean"), let number = value as? Double,
      let integer = Int(exactly: number),
      (0...10).contains(integer)
    else {
      throw ErrorModelFileError(
        file: file, keyPath: keyPath,
        message: "expected an integer cost from 0 to 10, found \(value)")
    }
    return Int32(integer)
  }

  /// A sound symbol named in a file: one of ``letterSymbols``.
  private static func symbol(_ text: Substring, at keyPath: String, file: String)
    throws(ErrorModelFileError) -> UInt8
  {
    guard text.utf8.count == 1, let byte = text.utf8.first, letterSymbols.contains(byte) else {
      throw ErrorModelFileError(
        file: file, keyPath: keyPath,
        message:
          "'\(text)' is not a sound symbol; expected one of \(String(decoding: Self.letterSymbols, as: UTF8.self))"
      )
    }
    return byte
  }
}
