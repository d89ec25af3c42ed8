import Foundation
import Testing

/// A run killed while it rewrites the compiled cache leaves the old cache or the whole new
/// one, never a partial file.
@Suite struct InterruptionTests {
  /// A vocabulary folder with one app of `count` generated contact names.
  func writeVocabulary(at directory: URL, count: Int, salt: String) throws {
    let app = directory.appendingPathComponent("Big.app")
    try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
    let header = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n"
    try Data(
      (header
        + "<dict><key>CFBundleIdentifier</key><string>com.example.big</string></dict></plist>\n")
        .utf8
    ).write(to: app.appendingPathComponent("Info.plist"))
    let syllables = ["ka", "lo", "mi", "ren", "sa", "tor", "vi", "zen", "dru", "pel"]
    var body = header + "<dict><key>contactName</key><array>\n"
    for number in 0..<count {
      var name = ""
      var value = number
      for _ in 0..<4 {
        name += syllables[value % syllables.count]
        value /= syllables.count
      }
      body += "<string>\(name.capitalized) \(salt)</string>\n"
    }
    body += "</array></dict></plist>\n"
    try Data(body.utf8).write(to: app.appendingPathComponent("UserVocabulary.plist"))
  }

  @Test func killedWhileRewritingTheCacheLeavesAWholeFile() throws {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("VocabCLITests-interrupt-\(UUID().uuidString)")
    let vocabulary = root.appendingPathComponent("vocab")
    let cacheFolder = root.appendingPathComponent("cache")
    try FileManager.default.createDirectory(at: cacheFolder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    let cache = cacheFolder.appendingPathComponent("vocab.cache")
    let arguments = ["score", "--vocab", vocabulary.path, "--cache", cache.path, "kalo mi"]

    try writeVocabulary(at: vocabulary, count: 5000, salt: "one")
    #expect(try runVocab(arguments).status == 0)

    var killedDuringWrite = 0
    // Four trials, and more (up to eight) until a kill has landed mid-write: the test is
    // about those, so it must see one.
    for trial in 0..<8 where trial < 4 || killedDuringWrite == 0 {
      let old = try Data(contentsOf: cache)  // A whole cache of the previous sources.
      // Change the sources, so the next run compiles and rewrites the cache.
      try writeVocabulary(at: vocabulary, count: 5000, salt: "v\(trial)")
      let process = Process()
      process.executableURL = vocabBinary()
      process.arguments = arguments
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      // Kill it the moment a temporary file appears beside the cache (mid-write), or when
      // it has run for a while without writing.
      let deadline = Date().addingTimeInterval(60)
      while process.isRunning, Date() < deadline {
        let names = try FileManager.default.contentsOfDirectory(atPath: cacheFolder.path)
        if names.contains(where: { $0.hasPrefix(".vocab.cache.tmp-") }) {
          kill(process.processIdentifier, SIGKILL)
          killedDuringWrite += 1
          break
        }
        usleep(200)
      }
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
      process.waitUntilExit()

      // Whatever moment the kill came, the cache is the old file or a whole new one: the
      // next run either uses it or rebuilds it because the sources changed, never because
      // it is truncated or altered.
      let current = try Data(contentsOf: cache)
      let next = try runVocab(arguments)
      #expect(next.status == 0)
      if current != old {
        #expect(!next.error.contains("compiled from the plists"), "trial \(trial): \(next.error)")
      } else {
        #expect(next.error.contains("the source files changed"), "trial \(trial): \(next.error)")
      }
      #expect(!next.error.contains("truncated"))
      #expect(!next.error.contains("checksum"))
    }
    // Timing decides how many kills land mid-write; the outcome must hold for each, and
    // some must land there (a temporary file beside the cache was seen when the kill came).
    #expect(killedDuringWrite >= 1, "no kill landed while the cache was written")
  }
}
