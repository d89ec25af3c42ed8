import Dispatch
import Foundation
import VocabKit
import VocabKitRouting
import VocabKitSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The vocabulary `vocab serve` answers with, shared by every connection and loaded again
/// when its files change.
final class ServedVocabulary: @unchecked Sendable {
  // Unchecked: `arguments` and `console` are only read, and the console's writers are safe
  // from many threads; the rest is behind `state`'s lock.
  private let arguments: ParsedArguments
  private let console: Console
  private let interval: Double
  private let locale: String?
  private let directory: URL
  private struct State {
    var vocabulary: CompiledVocabulary
    var router: Router
    /// Nil when the folder could not be read; any state it gets later is a change.
    var sources: CompiledVocabulary.SourceState?
    var lastCheck: ContinuousClock.Instant
  }
  private let state: Locked<State>

  init(_ arguments: ParsedArguments, _ console: Console, reloadInterval: Double) throws {
    self.arguments = arguments
    self.console = console
    interval = reloadInterval
    locale = arguments.value("locale")
    directory = VocabularyOption.directory(arguments)
    let sources = try? CompiledVocabulary.sourceState(directory: directory, locale: locale)
    let vocabulary = try VocabularyOption.compile(arguments, console)
    state = Locked(
      State(
        vocabulary: vocabulary, router: Router(vocabulary: vocabulary), sources: sources,
        lastCheck: .now))
  }

  /// The vocabulary and its router, loaded again first when the interval has passed since
  /// the last check and the files changed. One connection reloads; the others wait for it.
  func current() -> (vocabulary: CompiledVocabulary, router: Router) {
    state.withLock { state in
      if ContinuousClock.now - state.lastCheck >= .seconds(interval) {
        state.lastCheck = .now
        let sources = try? CompiledVocabulary.sourceState(directory: directory, locale: locale)
        if sources != state.sources {
          state.sources = sources
          do {
            state.vocabulary = try VocabularyOption.load(arguments, console)
            state.router = Router(vocabulary: state.vocabulary)
            console.error(
              "note: the vocabulary changed; reloaded \(state.vocabulary.registry.apps.count) app(s)"
            )
          } catch {
            console.error(
              "error: the vocabulary changed but could not be loaded (\(error)); "
                + "still serving the previous one")
          }
        }
      }
      return (state.vocabulary, state.router)
    }
  }

  /// The answer to request line `number`.
  func answer(_ line: String, number: Int) -> String {
    let (vocabulary, router) = current()
    return ServeCommand.answer(
      line, number: number, vocabulary: vocabulary, router: router, locale: locale)
  }
}

extension ServeCommand {
  /// The longest path a Unix socket address holds (`sun_path` less its terminating zero).
  static let maximumSocketPathBytes = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

  /// Throws a usage error for a socket path that cannot be one.
  static func checkSocketPath(_ path: String) throws(UsageError) {
    guard !path.isEmpty else {
      throw UsageError(description: "Invalid value '' for '--socket': expected a file path.")
    }
    guard path.utf8.count <= maximumSocketPathBytes else {
      throw UsageError(
        description:
          "Invalid value '\(path)' for '--socket': \(path.utf8.count) bytes, more than the "
          + "\(maximumSocketPathBytes) a Unix socket path may have.")
    }
  }

  /// Listens on a Unix socket at `path` and answers each connection's lines on a thread of
  /// its own, until SIGINT or SIGTERM, which remove the socket.
  static func serve(
    socket path: String, _ served: ServedVocabulary, console: Console, ready: () -> Void
  ) throws -> Int32 {
    let listener = try listen(at: path)
    signal(SIGPIPE, SIG_IGN)  // A client that leaves mid-answer is no reason to stop.
    var sources: [DispatchSourceSignal] = []
    for number in [SIGINT, SIGTERM] {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler {
        unlink(path)
        // At once, as the signal's default would: other threads may be mid-answer, and
        // nothing is buffered (answers are written straight to their sockets).
        _exit(0)
      }
      source.resume()
      sources.append(source)
    }
    ready()
    while true {
      let connection = accept(listener, nil, nil)
      guard connection >= 0 else {
        if errno == EINTR || errno == ECONNABORTED { continue }
        let reason = String(cString: strerror(errno))
        unlink(path)
        throw CommandFailure(description: "cannot accept connections on '\(path)': \(reason)")
      }
      _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
      Thread.detachNewThread { answerLines(of: connection, served) }
    }
  }

  /// A listening socket bound at `path`. A socket file nobody listens on (left by a server
  /// that was killed) is replaced; one a server listens on, or any other file, is an error.
  static func listen(at path: String) throws -> Int32 {
    var status = stat()
    if lstat(path, &status) == 0 {
      guard status.st_mode & S_IFMT == S_IFSOCK else {
        throw CommandFailure(
          description: "'\(path)' exists and is not a socket; it is left as it is")
      }
      let probe = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
      defer { close(probe) }
      if withAddress(path, { connect(probe, $0, $1) }) == 0 {
        throw CommandFailure(description: "a server is already listening on '\(path)'")
      }
      unlink(path)
    }
    let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
    guard listener >= 0,
      withAddress(path, { bind(listener, $0, $1) }) == 0,
      Glibc.listen(listener, 64) == 0
    else {
      let reason = String(cString: strerror(errno))
      if listener >= 0 { close(listener) }
      throw CommandFailure(description: "cannot listen on '\(path)': \(reason)")
    }
    return listener
  }

  /// Calls `body` with the address of the Unix socket at `path` and its length.
  static func withAddress(
    _ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Int32
  ) -> Int32 {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { bytes in
      for (index, byte) in path.utf8.prefix(maximumSocketPathBytes).enumerated() {
        bytes[index] = byte
      }
    }
    return withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        body($0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
  }

  /// Answers the lines of one connection in order until the client closes it. A line longer
  /// than ``maximumRequestBytes`` is answered with an error and skipped to its end.
  static func answerLines(of connection: Int32, _ served: ServedVocabulary) {
    defer { close(connection) }
    var pending: [UInt8] = []
    var skipping = false
    var number = 0
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    func reply(_ line: ArraySlice<UInt8>) -> Bool {
      number += 1
      let text = String(decoding: line, as: UTF8.self)
      if text.allSatisfy(\.isWhitespace) { return true }
      return write(served.answer(text, number: number) + "\n", to: connection)
    }
    while true {
      let count = buffer.withUnsafeMutableBytes { read(connection, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      pending += buffer[0..<count]
      // The complete lines, then what is left of the last one, removed at once.
      var start = pending.startIndex
      while let end = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
        let line = pending[start..<end]
        start = end + 1
        if skipping {
          skipping = false
          continue
        }
        guard reply(line) else { return }
      }
      pending.removeSubrange(..<start)
      if pending.count > maximumRequestBytes, !skipping {
        // Answered now, and the rest of the line, when it comes, is dropped.
        number += 1
        let message = errorAnswer(
          "the line has more than the \(maximumRequestBytes) bytes a request may have",
          line: number)
        guard write(message + "\n", to: connection) else { return }
        pending.removeAll()
        skipping = true
      } else if skipping {
        pending.removeAll()
      }
    }
    if !pending.isEmpty, !skipping { _ = reply(pending[...]) }
  }

  /// Writes all of `text` to `descriptor`; false when the other end is gone.
  static func write(_ text: String, to descriptor: Int32) -> Bool {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
      if written < 0, errno == EINTR { continue }
      guard written > 0 else { return false }
      bytes = bytes.dropFirst(written)
    }
    return true
  }
}
