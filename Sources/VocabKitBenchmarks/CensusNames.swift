import Foundation
import VocabKitSupport

/// Names drawn by their frequency in the 1990 US Census (`Benchmarks/census`).
struct CensusNames {
  let names: [String]
  /// Running totals of the names' weights, for drawing by binary search.
  let cumulative: [Double]

  /// Reads a file of `make_census.py`: a comment ending in the share the list covers, then
  /// a name a line with its weight, or without one for names too rare for the census to
  /// give a share (they share the rest of the covered share evenly).
  init(contentsOf path: String) throws {
    let text: String
    do {
      text = try String(contentsOfFile: path, encoding: .utf8)
    } catch {
      throw Benchmark.Failure(
        description: "\(path): cannot read the census names (\(error.localizedDescription)); "
          + "run from the package root or pass --census DIR")
    }
    var names: [String] = []
    var weights: [Double?] = []
    var covered: Double? = nil
    for (number, line) in text.split(separator: "\n").enumerated() {
      if line.hasPrefix("#") {
        covered = line.split(separator: " ").last.flatMap { Double($0) }
        continue
      }
      let fields = line.split(separator: "\t")
      guard let name = fields.first, fields.count <= 2 else {
        throw Benchmark.Failure(description: "\(path):\(number + 1): expected a name and a weight")
      }
      names.append(String(name))
      if fields.count == 2 {
        guard let weight = Double(fields[1]), weight > 0 else {
          throw Benchmark.Failure(
            description: "\(path):\(number + 1): weight '\(fields[1])' is not a positive number")
        }
        weights.append(weight)
      } else {
        weights.append(nil)
      }
    }
    guard !names.isEmpty else { throw Benchmark.Failure(description: "\(path): no names") }
    let listed = weights.reduce(0) { $0 + ($1 ?? 0) }
    let unweighted = weights.filter { $0 == nil }.count
    let rest = unweighted == 0 ? 0 : max(0, (covered ?? listed) - listed) / Double(unweighted)
    var total = 0.0
    cumulative = weights.map {
      total += $0 ?? rest
      return total
    }
    self.names = names
  }

  /// A name drawn with probability proportional to its weight.
  func draw(_ generator: inout SplitMix64) -> String {
    let target = Double(generator.next() >> 11) / Double(1 << 53) * cumulative.last!
    var low = 0
    var high = cumulative.count - 1
    while low < high {
      let middle = (low + high) / 2
      if cumulative[middle] > target { high = middle } else { low = middle + 1 }
    }
    return names[low]
  }
}
