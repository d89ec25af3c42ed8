import Foundation
import Testing

/// `vocab serve` run as a router runs it: requests written one at a time, each answer read
/// before the next request is sent.
@Suite struct ServeTests {
  /// A running `vocab serve` whose standard input stays open between requests.
  final class Server {
    let process = Process()
    let input = Pipe()
    let output = Pipe()
    let error = Pipe()
    var buffer = Data()

    init(_ arguments: [String]) throws {
      process.executableURL = vocabBinary()
      process.arguments = ["serve"] + arguments
      process.currentDirectoryURL = packageRoot
      process.standardInput = input
      process.standardOutput = output
      process.standardError = error
      try process.run()
      // A server that never answers is stopped, so the test fails instead of hanging.
      let process = process
      DispatchQueue.global().asyncAfter(deadline: .now() + 300) {
        if process.isRunning { process.terminate() }
      }
    }

    /// Sends one request line and returns the answer line, parsed; nil if the server ended.
    func ask(_ request: String) -> [String: Any]? {
      input.fileHandleForWriting.write(Data((request + "\n").utf8))
      while !buffer.contains(UInt8(ascii: "\n")) {
        let more = output.fileHandleForReading.availableData
        if more.isEmpty { return nil }
        buffer += more
      }
      let end = buffer.firstIndex(of: UInt8(ascii: "\n"))!
      let line = buffer[buffer.startIndex..<end]
      buffer = Data(buffer[(end + 1)...])
      return try? JSONSerialization.jsonObject(with: line) as? [String: Any]
    }

    /// Closes standard input and waits for the exit status and standard error.
    func finish() throws -> (status: Int32, error: String) {
      try input.fileHandleForWriting.close()
      let errorText = String(
        decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      return (process.terminationStatus, errorText)
    }
  }

  /// A copy of the sample's messaging app in a folder of its own.
  func chatterVocabulary() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("vocabkit-serve-\(getpid())-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: packageRoot.appendingPathComponent("vocab/Chatter.app"),
      to: folder.appendingPathComponent("Chatter.app"))
    return folder
  }

  @Test func answersEachRequestBeforeTheNextAndGoesOnAfterABadOne() throws {
    let vocabulary = try chatterVocabulary()
    defer { try? FileManager.default.removeItem(at: vocabulary) }
    let server = try Server(["--vocab", vocabulary.path])
    let call = try #require(server.ask(#"{"id": 7, "text": "call alex"}"#))
    #expect(call["id"] as? Int == 7)
    #expect(call["intent"] as? String == "INStartCallIntent")
    let slot = (call["slots"] as? [[String: Any]])?.first
    #expect(slot?["resolution"] as? String == "disambiguation")

    let bad = try #require(server.ask(#"{"id": "b", "txt": "call alex"}"#))
    #expect(bad["id"] as? String == "b")
    #expect(bad["line"] as? Int == 2)
    #expect((bad["error"] as? String)?.contains(#"Did you mean "text"?"#) == true, "\(bad)")
    let notJSON = try #require(server.ask("call alex"))
    #expect(notJSON["line"] as? Int == 3)
    #expect(notJSON["error"] != nil)

    let score = try #require(
      server.ask(#"{"command": "score", "text": "call alex kim", "limit": 1}"#))
    let matches = score["matches"] as? [[String: Any]]
    #expect(matches?.count == 1)
    #expect(matches?.first?["identifier"] as? String == "contact.alex-kim")

    let alternatives = try #require(
      server.ask(#"{"alternatives": ["cool alex kim", "call alex kim"]}"#))
    #expect(alternatives["intent"] as? String == "INStartCallIntent")
    let finished = try server.finish()
    #expect(finished.status == 0, "\(finished.error)")
  }

  @Test func reloadsWhenAVocabularyFileChanges() throws {
    let vocabulary = try chatterVocabulary()
    defer { try? FileManager.default.removeItem(at: vocabulary) }
    let server = try Server(["--vocab", vocabulary.path, "--reload-interval", "0"])
    let request = #"{"command": "score", "text": "call zebediah kim", "types": ["contactName"]}"#
    let before = try #require(server.ask(request))
    #expect((before["matches"] as? [[String: Any]])?.first?["phrase"] as? String != "Zebediah Kim")

    let file = vocabulary.appendingPathComponent("Chatter.app/UserVocabulary.plist")
    let plist = try String(contentsOf: file, encoding: .utf8)
    try plist.replacingOccurrences(
      of: "<string>Alex Kim</string>", with: "<string>Zebediah Kim</string>"
    )
    .write(to: file, atomically: true, encoding: .utf8)
    let after = try #require(server.ask(request))
    #expect((after["matches"] as? [[String: Any]])?.first?["phrase"] as? String == "Zebediah Kim")

    // A vocabulary folder that disappears leaves the last one served.
    try FileManager.default.removeItem(at: vocabulary)
    let gone = try #require(server.ask(request))
    #expect((gone["matches"] as? [[String: Any]])?.first?["phrase"] as? String == "Zebediah Kim")
    let finished = try server.finish()
    #expect(finished.status == 0)
    #expect(finished.error.contains("reloaded"), "\(finished.error)")
  }
}
