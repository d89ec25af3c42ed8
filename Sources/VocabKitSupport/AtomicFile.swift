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
/// `.NAME.tmp-UUID` file is left beside it. A symbolic link is written through to its
/// target, the replaced file's permissions are kept, anything but a regular file is refused,
/// and a file with several hard links is rewritten in place.
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
    let given = url.standardizedFileURL.path
    // A symbolic link is written through: its target gets the new bytes and the link stays.
    let path = try resolvingLinks(given)
    let target = URL(fileURLWithPath: path)
    let directory = target.deletingLastPathComponent().path
    let temporary =
      (directory.hasSuffix("/") ? directory : directory + "/") + "."
      + target.lastPathComponent + ".tmp-" + UUID().uuidString
    func failure(_ what: String) -> Failure {
      Failure(path: given, reason: "\(what): \(String(cString: strerror(errno)))")
    }
    // Only a regular file is ever replaced: never a device, a FIFO, a socket or a folder.
    var mode: mode_t = 0o644
    var status = stat()
    if lstat(path, &status) == 0 {
      guard status.st_mode & S_IFMT == S_IFREG else {
        throw Failure(
          path: given, reason: "not a regular file (a device, FIFO, socket or folder); not replaced"
        )
      }
      mode = status.st_mode & 0o7777
      // Renaming would detach the file from its other names: rewrite it in place instead.
      if status.st_nlink > 1 { return try overwrite(bytes, path: path, given: given) }
    }
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw failure("cannot create a temporary file in \(directory)") }
    // The replaced file's permissions carry over (a 0600 cache stays private).
    _ = fchmod(descriptor, mode)
    if !writeAll(bytes, to: descriptor) || fsync(descriptor) != 0 {
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

  /// Writes every byte to `descriptor`, retrying interrupted writes; false on an error
  /// (then `errno` says which).
  private static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    var written = 0
    while written < bytes.count {
      let count = systemWrite(descriptor, base + written, bytes.count - written)
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return false }
      written += count
    }
    return true
  }

  /// The file a path names after following symbolic links (at most 32), whether or not it
  /// exists.
  static func resolvingLinks(_ path: String) throws(Failure) -> String {
    var current = path
    for _ in 0..<32 {
      var status = stat()
      guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else {
        return current
      }
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = readlink(current, &buffer, buffer.count - 1)
      guard count > 0 else { return current }
      let destination = String(
        decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      current =
        destination.hasPrefix("/")
        ? destination
        : URL(fileURLWithPath: current).deletingLastPathComponent()
          .appendingPathComponent(destination).standardizedFileURL.path
    }
    throw Failure(path: path, reason: "too many levels of symbolic links")
  }

  /// Rewrites a file with several hard links in place, keeping every name: not atomic (a
  /// crash can leave it cut short), which a cache survives (its checksum fails and it is
  /// rebuilt).
  private static func overwrite(_ bytes: UnsafeRawBufferPointer, path: String, given: String)
    throws(Failure)
  {
    let descriptor = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC | O_NOFOLLOW)
    guard descriptor >= 0 else {
      throw Failure(path: given, reason: "cannot open: \(String(cString: strerror(errno)))")
    }
    defer { close(descriptor) }
    guard writeAll(bytes, to: descriptor), fsync(descriptor) == 0 else {
      throw Failure(path: given, reason: "cannot write: \(String(cString: strerror(errno)))")
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
