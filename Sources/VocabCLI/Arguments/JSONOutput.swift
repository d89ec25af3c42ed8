import Foundation

/// Encodes values as one-line JSON (JSON Lines) or pretty JSON, with fractional numbers
/// rounded to ``decimalPlaces`` places (`0.925`, not `0.925000011920929`).
enum JSONOutput {
  /// Places kept of a fractional number: scores are estimates, and more digits are noise.
  static let decimalPlaces = 4

  static func line(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return roundingNumbers(String(decoding: try encoder.encode(value), as: UTF8.self))
  }

  static func pretty(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    return roundingNumbers(String(decoding: try encoder.encode(value), as: UTF8.self))
  }

  /// `json` with every number that has a fraction or an exponent rounded to
  /// ``decimalPlaces`` places; strings are left exactly as they are.
  ///
  /// - Complexity: O(*n*) in the length of `json`.
  static func roundingNumbers(_ json: String) -> String {
    let bytes = Array(json.utf8)
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var index = 0
    var inString = false
    let scale = pow(10, Double(decimalPlaces))
    while index < bytes.count {
      let byte = bytes[index]
      if inString {
        output.append(byte)
        if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
          output.append(bytes[index + 1])
          index += 2
          continue
        }
        if byte == UInt8(ascii: "\"") { inString = false }
        index += 1
        continue
      }
      if byte == UInt8(ascii: "\"") {
        inString = true
        output.append(byte)
        index += 1
        continue
      }
      guard byte == UInt8(ascii: "-") || (0x30...0x39).contains(byte) else {
        output.append(byte)
        index += 1
        continue
      }
      var end = index + 1
      while end < bytes.count, Self.isNumberByte(bytes[end]) { end += 1 }
      let token = bytes[index..<end]
      if token.contains(where: {
        $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E")
      }),
        let value = Double(String(decoding: token, as: UTF8.self))
      {
        let rounded = (value * scale).rounded() / scale
        output += Array("\(rounded == 0 ? 0 : rounded)".utf8)
      } else {
        output += token
      }
      index = end
    }
    return String(decoding: output, as: UTF8.self)
  }

  private static func isNumberByte(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e")
      || byte == UInt8(ascii: "E") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
  }
}
