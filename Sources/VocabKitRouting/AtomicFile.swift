import Foundation

#if canImport(Glibc)
  import Glibc
  private let systemWrite = Glibc.write
#elseif canImport(Musl)
  import Musl
  private let systemWrite = Musl.write
#elseif canImport(Darwin)
  import Darwin
  private let systemWrite = Darwin.write
#endif

/// Writes files so that nothing VocabKit writes (caches, reports, converted data) is ever
/// seen half-written: the bytes go to a new temporary file beside the target, are flushed to
/// disk, and the file is renamed over the target (rename(2) is atomic). A run killed at any
/// moment leaves either the old file or the whole new one; at worst a hidden
/// `.NAME.tmp-UUID` file is left beside it.
package enum AtomicFile {
  /// Why a file could not be written; the old file, if any, is intact.
  package struct Failure: Error, CustomStringConvertible {
    package var path: String
    package var reason: String

    package var description: String { "\(path): \(reason)" }
  }

  /// Writes `bytes` to `url` atomically.
  ///
  /// - Complexity: O(*n*) in the number of bytes.
  package static func write(_ bytes: UnsafeRawBufferPointer, to url: URL) throws(Failure) {
    let path = url.standardizedFileURL.path
    let directory = url.standardizedFileURL.deletingLastPathComponent().path
    let temporary =
      (directory.hasSuffix("/") ? directory : directory + "/") + "."
      + url.lastPathComponent + ".tmp-" + UUID().uuidString
    func failure(_ what: String) -> Failure {
      Failure(path: path, reason: "\(what): \(String(cString: strerror(errno)))")
    }
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw failure("cannot create a temporary file in \(directory)") }
    var written = 0
    var writeFailed = false
    if let base = bytes.baseAddress {
      while written < bytes.count {
        let count = systemWrite(descriptor, base + written, bytes.count - written)
        if count < 0 {
          if errno == EINTR { continue }
          writeFailed = true
          break
        }
        written += count
      }
    }
    if writeFailed || fsync(descriptor) != 0 {
      let error = failure("cannot write \(temporary)")
      close(descriptor)
      unlink(temporary)
      throw error
    }
    close(descriptor)
    guard rename(temporary, path) == 0 else {
      let error = failure("cannot rename the temporary file over it")
      unlink(temporary)
      throw error
    }
  }

  /// Writes `bytes` to `url` atomically.
  package static func write(_ bytes: [UInt8], to url: URL) throws(Failure) {
    var failure: Failure? = nil
    bytes.withUnsafeBytes { buffer in
      do throws(Failure) { try write(buffer, to: url) } catch { failure = error }
    }
    if let failure { throw failure }
  }

  /// Writes `text` as UTF-8 to `url` atomically.
  package static func write(_ text: String, to url: URL) throws(Failure) {
    try write(Array(text.utf8), to: url)
  }
}
