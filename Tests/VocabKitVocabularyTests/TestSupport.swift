import Foundation
import Testing

@testable import VocabKitVocabulary

/// Paths to the package's fixtures, found from this file's location.
enum Fixtures {
  /// The package root: the nearest ancestor of this file that holds `Package.swift`.
  static let packageRoot: URL = {
    var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while url.path != "/" {
      if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
        return url
      }
      url = url.deletingLastPathComponent()
    }
    fatalError("no Package.swift above \(#filePath)")
  }()

  /// The sample vocabulary, `vocab/`.
  static var sample: URL { packageRoot.appendingPathComponent("vocab") }

  /// `Tests/Fixtures/Broken/<name>`.
  static func broken(_ name: String) -> URL {
    packageRoot.appendingPathComponent("Tests/Fixtures/Broken/\(name)")
  }
}

/// A fresh empty directory under the temporary directory; removed by `cleanUp`.
func makeTemporaryDirectory(_ label: String = #function) throws -> URL {
  let safe = label.filter { $0.isLetter || $0.isNumber }
  let url = FileManager.default.temporaryDirectory
    .appendingPathComponent("VocabKitVocabularyTests-\(safe)-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}

func cleanUp(_ url: URL) {
  try? FileManager.default.removeItem(at: url)
}

/// Parses XML given as a string.
func parsePlist(_ xml: String, file: String = "test.plist") -> PropertyListReader.Result {
  PropertyListReader.parse(Data(xml.utf8), file: file)
}

/// Wraps `body` in the usual XML declaration, DOCTYPE and `<plist>` lines (lines 1–3), so
/// the first line of `body` is line 4.
func plistDocument(_ body: String) -> String {
  """
  <?xml version="1.0" encoding="UTF-8"?>
  <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
  <plist version="1.0">
  \(body)
  </plist>

  """
}

extension VocabularyRegistry {
  var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
  var warnings: [Diagnostic] { diagnostics.filter { $0.severity == .warning } }
}

extension App {
  /// Identifiers of the user vocabulary of `type`, in order.
  func userIdentifiers(_ type: UserVocabularyType) -> [String] {
    (userVocabulary[type] ?? []).map(\.identifier)
  }

  /// The items that serve `parameter` (written `Intent.parameter`).
  func parameterItems(_ parameter: String) -> [VocabularyItem] {
    parameterVocabularies[ParameterName(parameter)!] ?? []
  }
}
