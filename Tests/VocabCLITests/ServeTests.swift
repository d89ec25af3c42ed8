import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

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

  /// A connection to a Unix socket, one request line and its answer line at a time.
  final class SocketClient {
    let descriptor: Int32
    var buffer: [UInt8] = []

    init?(_ path: String) {
      descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
      var address = sockaddr_un()
      address.sun_family = sa_family_t(AF_UNIX)
      withUnsafeMutableBytes(of: &address.sun_path) { bytes in
        for (index, byte) in path.utf8.enumerated() { bytes[index] = byte }
      }
      let connected = withUnsafePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
        }
      }
      if connected != 0 {
        close(descriptor)
        return nil
      }
    }

    deinit { close(descriptor) }

    func ask(_ request: String) -> [String: Any]? {
      let bytes = Array((request + "\n").utf8)
      guard bytes.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) == bytes.count
      else { return nil }
      while !buffer.contains(UInt8(ascii: "\n")) {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        buffer += chunk[0..<count]
      }
      let end = buffer.firstIndex(of: UInt8(ascii: "\n"))!
      let line = Data(buffer[..<end])
      buffer.removeSubrange(...end)
      return try? JSONSerialization.jsonObject(with: line) as? [String: Any]
    }
  }

  /// With --socket, connections are answered side by side; SIGTERM removes the socket; a
  /// file that is not a socket is never replaced.
  @Test func answersConnectionsOnAUnixSocket() throws {
    let vocabulary = try chatterVocabulary()
    defer { try? FileManager.default.removeItem(at: vocabulary) }
    let path = "/tmp/vocabkit-serve-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).sock"
    let server = try Server(["--vocab", vocabulary.path, "--socket", path])
    var clients: [SocketClient] = []
    for _ in 0..<1200 where clients.isEmpty {  // Compiling the vocabulary takes a moment.
      if let client = SocketClient(path) { clients.append(client) } else { usleep(100_000) }
    }
    let first = try #require(clients.first, "no server on \(path)")
    let second = try #require(SocketClient(path))
    let one = try #require(first.ask(#"{"id": 1, "text": "call alex"}"#))
    let two = try #require(second.ask(#"{"id": 2, "command": "score", "text": "call alex kim"}"#))
    #expect(one["id"] as? Int == 1)
    #expect(one["intent"] as? String == "INStartCallIntent")
    #expect(two["id"] as? Int == 2)
    #expect(
      (two["matches"] as? [[String: Any]])?.first?["identifier"] as? String == "contact.alex-kim")
    let bad = try #require(first.ask("not json"))
    #expect(bad["line"] as? Int == 2)

    server.process.terminate()
    server.process.waitUntilExit()
    #expect(!FileManager.default.fileExists(atPath: path), "the socket was left behind")

    let file = vocabulary.appendingPathComponent("notes.txt")
    try Data("keep me".utf8).write(to: file)
    let refused = try runVocab(["serve", "--vocab", vocabulary.path, "--socket", file.path])
    #expect(refused.status == 1)
    #expect(refused.error.contains("is not a socket"), "\(refused.error)")
    #expect(try String(contentsOf: file, encoding: .utf8) == "keep me")
  }
}
