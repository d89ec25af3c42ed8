import Foundation
import VocabKitSupport

extension AtomicFile {
  /// Writes `text` to `path` atomically, failing as a command does.
  static func write(_ text: String, to path: String) throws {
    do {
      try write(text, to: URL(fileURLWithPath: path))
    } catch {
      throw CommandFailure(description: "\(path): cannot write: \(error.reason)")
    }
  }
}
