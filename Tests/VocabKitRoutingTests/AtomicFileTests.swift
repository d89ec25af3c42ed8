import Foundation
import Testing
import VocabKitSupport

@testable import VocabKitRouting

/// Writing a cache or report replaces only what it should: through symbolic links, keeping
/// permissions and hard links, and never a FIFO or a folder.
@Suite struct AtomicFileTests {
  func scratch() throws -> URL { try makeScratchDirectory("vocabkit-atomic") }

  func contents(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

  @Test func aSymbolicLinkIsWrittenThroughAndStaysALink() throws {
    let root = try scratch()
    let target = root.appendingPathComponent("real.cache")
    let link = root.appendingPathComponent("link.cache")
    try "old".write(to: target, atomically: false, encoding: .utf8)
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
    try AtomicFile.write("new", to: link)
    #expect(try contents(target) == "new")
    let attributes = try FileManager.default.attributesOfItem(atPath: link.path)
    #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink)
  }

  @Test func permissionsAreKept() throws {
    let root = try scratch()
    let file = root.appendingPathComponent("private.cache")
    try "old".write(to: file, atomically: false, encoding: .utf8)
    #expect(chmod(file.path, 0o600) == 0)
    try AtomicFile.write("new", to: file)
    var status = stat()
    #expect(stat(file.path, &status) == 0)
    #expect(status.st_mode & 0o777 == 0o600)
    #expect(try contents(file) == "new")
  }

  @Test func aNewFileIsReadableAsBefore() throws {
    let file = try scratch().appendingPathComponent("new.cache")
    try AtomicFile.write("new", to: file)
    var status = stat()
    #expect(stat(file.path, &status) == 0)
    #expect(status.st_mode & 0o777 == 0o644)
  }

  @Test func hardLinksKeepSeeingTheFile() throws {
    let root = try scratch()
    let file = root.appendingPathComponent("a.cache")
    let other = root.appendingPathComponent("b.cache")
    try "old".write(to: file, atomically: false, encoding: .utf8)
    #expect(link(file.path, other.path) == 0)
    try AtomicFile.write("new", to: file)
    #expect(try contents(other) == "new")
  }

  @Test func aFIFOOrAFolderIsRefusedNotReplaced() throws {
    let root = try scratch()
    let fifo = root.appendingPathComponent("fifo")
    #expect(mkfifo(fifo.path, 0o600) == 0)
    #expect(throws: AtomicFile.Failure.self) { try AtomicFile.write("x", to: fifo) }
    var status = stat()
    #expect(lstat(fifo.path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
    let folder = root.appendingPathComponent("folder")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    do {
      try AtomicFile.write("x", to: folder)
      Issue.record("a folder was replaced")
    } catch {
      #expect(error.description.contains("not a regular file"))
    }
  }
}
