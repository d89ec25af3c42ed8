import CICU

/// The writing system of a token, as an ISO 15924 code ("Latn", "Hani", "Thai").
public struct Script: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The four-letter ISO 15924 code.
  public var code: String

  public init(code: String) { self.code = code }

  public static let latin = Script(code: "Latn")
  public static let han = Script(code: "Hani")
  public static let thai = Script(code: "Thai")
  public static let cyrillic = Script(code: "Cyrl")
  public static let devanagari = Script(code: "Deva")
  /// Digits, punctuation and symbols shared by all scripts.
  public static let common = Script(code: "Zyyy")
  /// Combining marks that take the script of their base.
  public static let inherited = Script(code: "Zinh")

  public var description: String { code }

  /// Returns the script of a Unicode scalar.
  public static func of(_ scalar: Unicode.Scalar) -> Script {
    switch scalar.value {
    case 0x41...0x5A, 0x61...0x7A: return .latin
    case 0x30...0x39: return .common
    case 0x0400...0x04FF: return .cyrillic
    case 0x0E01...0x0E3A, 0x0E40...0x0E5B: return .thai
    case 0x0900...0x0950, 0x0953...0x0963, 0x0966...0x097F: return .devanagari
    case 0x4E00...0x9FFF: return .han
    default:
      var status: Int32 = 0
      let code = cicu_script_of(Int32(bitPattern: scalar.value), &status)
      guard status <= 0, let name = cicu_script_short_name(code) else { return .common }
      return Script(code: String(cString: name))
    }
  }
}
