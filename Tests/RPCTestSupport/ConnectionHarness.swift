import Foundation
public import JSONKit
import Locking
public import RPCKit
import TestSupport

/// A connection under test, wired to pipes: the test writes requests into one and reads replies from the other.
public final class ConnectionHarness: Sendable {
  /// The connection under test.
  public let connection: Connection
  /// The connection's exit status, once it ended.
  public let exitStatus: Task<Int32, Never>
  private let inputWriter: Int32
  private let outputReader: Int32
  private let outputWriter: Int32
  private let replies = Locked<Replies>(Replies())

  private struct Replies {
    var decoder = FrameDecoder(mode: .auto)
    var messages: [JSONValue] = []
    var rawBytes: [UInt8] = []
    var isClosed = false
  }

  /// Starts a connection with `methods`. Its handlers run on ``DedicatedThreads/connections`` unless `options` names an
  /// executor.
  public init(options: ConnectionOptions = ConnectionOptions(), methods: MethodTable) {
    var options = options
    if options.taskExecutor == nil { options.taskExecutor = DedicatedThreads.connections }
    var toServer: [Int32] = [0, 0]
    var fromServer: [Int32] = [0, 0]
    _ = pipe(&toServer)
    _ = pipe(&fromServer)
    inputWriter = toServer[1]
    outputReader = fromServer[0]
    outputWriter = fromServer[1]
    let connection = Connection(input: toServer[0], output: fromServer[1], options: options, methods: methods)
    self.connection = connection
    let serverInput = toServer[0]
    let outputWriter = fromServer[1]
    exitStatus = Task(executorPreference: options.taskExecutor) {
      let status = await connection.run()
      close(serverInput)
      close(outputWriter)
      return status
    }
    let reader = Thread { [self] in self.readReplies() }
    reader.start()
  }

  /// Writes raw bytes to the server's input (on the caller's thread; large writes belong on ``sendInBackground``).
  public func send(_ text: String) {
    sendBytes(Array(text.utf8))
  }

  /// Writes raw bytes to the server's input.
  public func sendBytes(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count, let base = raw.baseAddress {
        let n = write(inputWriter, base + offset, raw.count - offset)
        if n <= 0 { return }
        offset += n
      }
    }
  }

  /// Writes bytes from a separate thread, so a full pipe cannot block the test's task.
  public func sendInBackground(_ bytes: [UInt8], thenClose: Bool = false) {
    let thread = Thread { [self] in
      self.sendBytes(bytes)
      if thenClose { self.closeInput() }
    }
    thread.start()
  }

  /// Closes the server's input: end of input.
  public func closeInput() {
    close(inputWriter)
  }

  /// Waits until at least `count` replies arrived (or the output closed, or the timeout passed).
  public func waitForReplies(count: Int, timeout: Duration = .seconds(20)) async -> [JSONValue] {
    let deadline = ContinuousClock.now + TestScale.duration(timeout)
    while true {
      let (messages, isClosed) = replies.withLock { ($0.messages, $0.isClosed) }
      // A cancelled task (a test past its time limit) stops at once: its sleep would throw at once, in a busy loop.
      if messages.count >= count || isClosed || ContinuousClock.now > deadline || Task.isCancelled { return messages }
      try? await Task.sleep(for: .milliseconds(2))
    }
  }

  /// Closes the input, waits for the server to end, and returns its status and every reply.
  public func finish() async -> (status: Int32, replies: [JSONValue]) {
    closeInput()
    return await waitForExit()
  }

  /// Waits for the server to end (after `exit` or the end of input) and returns its status and every reply.
  public func waitForExit() async -> (status: Int32, replies: [JSONValue]) {
    let status = await exitStatus.value
    let deadline = ContinuousClock.now + TestScale.duration(.seconds(20))
    while !replies.withLock({ $0.isClosed }) && ContinuousClock.now < deadline && !Task.isCancelled {
      try? await Task.sleep(for: .milliseconds(2))
    }
    return (status, replies.withLock { $0.messages })
  }

  /// Every byte the server wrote so far.
  public var rawOutput: [UInt8] {
    replies.withLock { $0.rawBytes }
  }

  private func readReplies() {
    var chunk = [UInt8](repeating: 0, count: 64 << 10)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(outputReader, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { break }
      replies.withLock { replies in
        replies.rawBytes.append(contentsOf: chunk[0..<count])
        replies.decoder.append(Array(chunk[0..<count]))
        while let event = replies.decoder.next() {
          if case .message(let body) = event, let value = try? JSONParser().parse(body) {
            replies.messages.append(value)
          } else {
            replies.messages.append(.string("UNPARSEABLE REPLY"))
          }
        }
      }
    }
    close(outputReader)
    replies.withLock { $0.isClosed = true }
  }
}

extension JSONValue {
  /// The `id` of a reply.
  public var replyID: JSONValue? { self["id"] }
  /// The `error.code` of a reply, if it is an error.
  public var errorCode: Int? { self["error"]?["code"]?.numberValue?.intValue }
}
