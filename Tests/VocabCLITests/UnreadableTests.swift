import Foundation
import Testing

/// Files and folders the user running `vocab` may not read: each is a clear error naming it,
/// never a crash and never an app dropped without a word.
///
/// Permissions bind only users other than root, so as root (CI, containers) the binary runs as
/// `nobody` through `setpriv`, from a copy that `nobody` may execute.
@Suite(.serialized) struct UnreadableTests {
  /// A world-readable copy of the sample vocabulary and of the `vocab` binary in a fresh
  /// temporary folder.
  struct Sandbox {
    let root: URL
    var vocabulary: URL { root.appendingPathComponent("vocab") }
    var binary: URL { root.appendingPathComponent("bin/vocab") }

    init() throws {
      let manager = FileManager.default
      root = manager.temporaryDirectory.appendingPathComponent(
        "vocabkit-unreadable-\(UUID().uuidString)")
      try manager.createDirectory(
        at: root.appendingPathComponent("bin"), withIntermediateDirectories: true)
      try manager.copyItem(at: packageRoot.appendingPathComponent("vocab"), to: vocabulary)
      try manager.copyItem(at: vocabBinary(), to: binary)
      try Self.chmod(root, 0o755, recursive: true)
      try Self.chmod(self.binary, 0o755)
    }

    static func chmod(_ url: URL, _ mode: Int, recursive: Bool = false) throws {
      let manager = FileManager.default
      try manager.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
      guard recursive, let children = manager.enumerator(atPath: url.path) else { return }
      for case let child as String in children {
        let path = url.appendingPathComponent(child).path
        var isFolder: ObjCBool = false
        _ = manager.fileExists(atPath: path, isDirectory: &isFolder)
        try manager.setAttributes(
          [.posixPermissions: isFolder.boolValue ? 0o755 : 0o644], ofItemAtPath: path)
      }
    }

    /// Runs the copied binary as an unprivileged user.
    func run(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
      if getuid() == 0 {
        return try runProcess(
          URL(fileURLWithPath: "/usr/bin/setpriv"),
          ["--reuid=65534", "--regid=65534", "--clear-groups", binary.path] + arguments,
          directory: root, environment: try environment())
      }
      return try runProcess(binary, arguments, directory: root, environment: try environment())
    }

    /// This process's environment, with sanitizer suppression files (which `nobody` may not
    /// be allowed to read where they are) copied into the sandbox.
    func environment() throws -> [String: String] {
      var environment = ProcessInfo.processInfo.environment
      for name in ["LSAN_OPTIONS", "TSAN_OPTIONS"] {
        guard let options = environment[name] else { continue }
        var rewritten: [String] = []
        for option in options.split(separator: ":").map(String.init) {
          guard option.hasPrefix("suppressions=") else {
            rewritten.append(option)
            continue
          }
          let copy = root.appendingPathComponent("\(name).txt")
          try? FileManager.default.removeItem(at: copy)
          try FileManager.default.copyItem(
            at: URL(fileURLWithPath: String(option.dropFirst("suppressions=".count))), to: copy)
          try Self.chmod(copy, 0o644)
          rewritten.append("suppressions=\(copy.path)")
        }
        environment[name] = rewritten.joined(separator: ":")
      }
      return environment
    }

    func remove() {
      try? Self.chmod(root, 0o755, recursive: true)
      try? FileManager.default.removeItem(at: root)
    }
  }

  static let canDropPrivileges =
    getuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")

  @Test(.enabled(if: canDropPrivileges))
  func anUnreadableVocabularyDirectoryIsAnErrorNamingIt() throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    try Sandbox.chmod(sandbox.vocabulary, 0o000)
    let result = try sandbox.run(["route", "--vocab", sandbox.vocabulary.path, "call alex"])
    #expect(result.status == 1)
    #expect(result.error.contains("\(sandbox.vocabulary.path): cannot list the directory"))
  }

  @Test(.enabled(if: canDropPrivileges))
  func anUnreadableAppFolderIsAnErrorAndTheOtherAppsLoad() throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    try Sandbox.chmod(sandbox.vocabulary.appendingPathComponent("Chatter.app"), 0o000)
    let result = try sandbox.run(["lint", "--vocab", sandbox.vocabulary.path])
    #expect(result.status == 1)
    #expect(result.output.contains("Chatter.app: error: cannot read the folder"))
    #expect(result.output.contains("ListMaster.app/UserVocabulary.plist: warning"))
    // The lists app still routes.
    let route = try sandbox.run([
      "route", "--vocab", sandbox.vocabulary.path, "add milk to my inbox in listmaster",
    ])
    #expect(route.output.contains("list.inbox"), "\(route.output)\(route.error)")
  }

  @Test(.enabled(if: canDropPrivileges))
  func anUnreadablePlistIsAnErrorNamingTheFile() throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    try Sandbox.chmod(
      sandbox.vocabulary.appendingPathComponent("Chatter.app/UserVocabulary.plist"), 0o000)
    let result = try sandbox.run(["lint", "--vocab", sandbox.vocabulary.path])
    #expect(result.status == 1)
    #expect(result.output.contains("Chatter.app/UserVocabulary.plist: error: cannot read the file"))
  }
}
