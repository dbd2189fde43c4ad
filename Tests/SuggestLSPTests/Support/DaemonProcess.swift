import Foundation
import JSONKit
import Locking
import RPCKit
import TestSupport

/// The real `suggest-lsp` binary, launched over pipes.
final class DaemonProcess: Sendable {
  /// The built executable, next to the test bundle.
  static var executable: URL {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("suggest-lsp")
  }

  let process: Process
  private let input: FileHandle
  private let replies = Locked<Replies>(Replies())
  private let stderrText = Locked<[UInt8]>([])

  private struct Replies {
    var decoder = FrameDecoder(mode: .auto)
    var messages: [JSONValue] = []
    var raw: [UInt8] = []
    var isClosed = false
  }

  /// Starts the daemon with `arguments`.
  init(arguments: [String] = [], environment: [String: String]? = nil) throws {
    let process = Process()
    process.executableURL = Self.executable
    process.arguments = arguments
    if let environment { process.environment = environment }
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    self.process = process
    self.input = stdin.fileHandleForWriting
    let outputFD = stdout.fileHandleForReading.fileDescriptor
    let errorFD = stderr.fileHandleForReading.fileDescriptor
    Thread { [self] in self.readReplies(from: outputFD) }.start()
    Thread { [self] in self.readErrors(from: errorFD) }.start()
  }

  /// Writes raw text to the daemon's stdin.
  func send(_ text: String) {
    send(bytes: Array(text.utf8))
  }

  /// Writes raw bytes to the daemon's stdin.
  func send(bytes: [UInt8]) {
    bytes.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count, let base = raw.baseAddress {
        let n = write(input.fileDescriptor, base + offset, raw.count - offset)
        if n <= 0 { return }
        offset += n
      }
    }
  }

  /// Writes one NDJSON request.
  func request(_ id: Int, _ method: String, _ params: JSONValue = [:]) {
    let message: JSONValue = [
      "jsonrpc": "2.0", "id": .number(JSONNumber(id)), "method": .string(method), "params": params,
    ]
    send(message.serializedString() + "\n")
  }

  /// Writes bytes from another thread, so a full pipe cannot block the test.
  func sendInBackground(_ bytes: [UInt8], thenClose: Bool) {
    Thread { [self] in
      self.send(bytes: bytes)
      if thenClose { self.closeInput() }
    }.start()
  }

  /// Closes stdin: end of input.
  func closeInput() {
    try? input.close()
  }

  /// Waits until `count` replies arrived (or stdout closed, or the timeout passed), and returns all replies.
  func waitForReplies(count: Int, timeout: Duration = .seconds(30)) async -> [JSONValue] {
    let deadline = ContinuousClock.now + TestScale.duration(timeout)
    while true {
      let (messages, isClosed) = replies.withLock { ($0.messages, $0.isClosed) }
      // A cancelled task (a test past its time limit) stops at once: its sleep would throw at once, in a busy loop.
      if messages.count >= count || isClosed || ContinuousClock.now > deadline || Task.isCancelled { return messages }
      try? await Task.sleep(for: .milliseconds(2))
    }
  }

  /// Waits for the reply to request `id`.
  ///
  /// The default wait is long: a daemon process shares two cores and the disk with the whole test run, and a reply
  /// that follows a durable write (`fsync` of the recents file) can wait behind other tests' writes. A CI run saw
  /// over 30 s once; a hang still fails, only later.
  func reply(to id: Int, timeout: Duration = .seconds(90)) async -> JSONValue? {
    let deadline = ContinuousClock.now + TestScale.duration(timeout)
    while ContinuousClock.now < deadline && !Task.isCancelled {
      let (found, isClosed) = replies.withLock { state in
        (state.messages.first { $0["id"] == .number(JSONNumber(id)) }, state.isClosed)
      }
      if let found { return found }
      if isClosed { return nil }
      try? await Task.sleep(for: .milliseconds(2))
    }
    return nil
  }

  /// Closes stdin and waits for the process to exit; returns its status and every reply.
  func finish() async -> (status: Int32, replies: [JSONValue]) {
    closeInput()
    return await waitForExit()
  }

  /// Waits for the process to exit (bounded) and for stdout to close.
  func waitForExit(timeout: Duration = .seconds(60)) async -> (status: Int32, replies: [JSONValue]) {
    let deadline = ContinuousClock.now + TestScale.duration(timeout)
    while process.isRunning && ContinuousClock.now < deadline && !Task.isCancelled {
      try? await Task.sleep(for: .milliseconds(2))
    }
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
    while !replies.withLock({ $0.isClosed }) && ContinuousClock.now < deadline && !Task.isCancelled {
      try? await Task.sleep(for: .milliseconds(2))
    }
    return (process.terminationStatus, replies.withLock { $0.messages })
  }

  /// Every reply so far.
  var allReplies: [JSONValue] { replies.withLock { $0.messages } }
  /// Every stdout byte so far.
  var rawOutput: [UInt8] { replies.withLock { $0.raw } }
  /// Everything written to stderr so far.
  var standardError: String { String(decoding: stderrText.withLock { $0 }, as: UTF8.self) }

  private func readReplies(from fd: Int32) {
    var chunk = [UInt8](repeating: 0, count: 64 << 10)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { break }
      replies.withLock { state in
        state.raw.append(contentsOf: chunk[0..<count])
        state.decoder.append(Array(chunk[0..<count]))
        while let event = state.decoder.next() {
          if case .message(let body) = event, let value = try? JSONParser().parse(body) {
            state.messages.append(value)
          } else {
            state.messages.append("UNPARSEABLE REPLY")
          }
        }
      }
    }
    replies.withLock { $0.isClosed = true }
  }

  private func readErrors(from fd: Int32) {
    var chunk = [UInt8](repeating: 0, count: 16 << 10)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { break }
      stderrText.withLock { $0.append(contentsOf: chunk[0..<count]) }
    }
  }
}
