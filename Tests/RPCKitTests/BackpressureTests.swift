import Foundation
import JSONKit
import Locking
import RPCTestSupport
import Synchronization
import TestSupport
import Testing

@testable import RPCKit

/// A client that stops reading replies, or writes requests faster than they are answered, must not make the
/// server's memory grow without bound: the reader stops reading input while too many reply bytes are unsent or too
/// many handler tasks are alive, and resumes when the client catches up. Each test observes the server's state by
/// polling (with generous timeouts); no sleep decides an outcome.
@Suite(.scaledTimeLimit(minutes: 2)) struct BackpressureTests {
  @Test("a client that stops reading: input is left unread, the backlog stays bounded, then all is answered")
  func stalledClient() async throws {
    let limit = 64 << 10
    let inFlightLimit = 16
    let count = 5_000
    let replySize = 4096
    let server = PipedConnection(
      options: ConnectionOptions(maxUnsentBytes: limit, maxRequestsInFlight: inFlightLimit),
      methods: backpressureMethods(gate: Gate())
    )
    let input = requests(count, method: "test/big", params: #"{"size":\#(replySize)}"#)
    server.pump(input)

    // Nobody reads the replies: the reader must end up held back by more unsent replies than the limit, and once
    // the handlers it had started are done, nothing moves any more. (All three at once: a partial write into the
    // pipe can take the backlog under the limit and wake the reader, which a loaded machine may not yet have run.)
    let writer = server.connection.writer
    try #require(
      await poll { writer.isHoldingBackReader && server.connection.slots.taken == 0 && writer.backlog > limit }
    )
    let framedReply = replySize + 48
    let backlog = writer.backlog
    // What was unsent when the reader last checked (at most the limit), plus one reply per handler alive then.
    #expect(backlog <= limit + (inFlightLimit + 1) * framedReply)
    #expect(writer.isHoldingBackReader)
    // The input is mostly unread: at most a read chunk and a pipe's worth of it left the client.
    #expect(server.bytesPumped < input.count / 2)

    server.startReading()
    let (status, replies) = await server.waitForExit()
    #expect(status == 0)
    #expect(answeredOnce(replies, count: count) { $0["result"]?.stringValue?.utf8.count == replySize })
  }

  @Test("requests whose handlers wait: the reader stops at the in-flight limit, then all are answered")
  func slowHandlers() async throws {
    let gate = Gate()
    let inFlightLimit = ConnectionOptions().maxRequestsInFlight
    let count = 20_000
    let server = PipedConnection(options: ConnectionOptions(), methods: backpressureMethods(gate: gate))
    server.startReading()
    let input = requests(count, method: "test/hold", params: "{}")
    server.pump(input)

    // Every handler waits at the gate and sends nothing, so the unsent replies never hold the reader back: the
    // in-flight limit must.
    try #require(await poll { server.connection.slots.isReaderWaiting })
    try #require(await poll { gate.waiting == inFlightLimit })
    #expect(server.connection.slots.taken == inFlightLimit)
    #expect(server.bytesPumped < input.count / 2)

    gate.open()
    let (status, replies) = await server.waitForExit()
    #expect(status == 0)
    #expect(answeredOnce(replies, count: count) { $0["result"] == "released" })
  }

  @Test("a batch larger than the in-flight limit is answered in full, as one array")
  func largeBatch() async throws {
    let server = PipedConnection(
      options: ConnectionOptions(maxRequestsInFlight: 8),
      methods: backpressureMethods(gate: Gate())
    )
    server.startReading()
    let members = (0..<300).map { #"{"jsonrpc":"2.0","id":\#($0),"method":"test/big","params":{"size":10}}"# }
    server.pump(Array(("[" + members.joined(separator: ",") + "]\n").utf8))
    let (status, replies) = await server.waitForExit()
    #expect(status == 0)
    #expect(replies.count == 1)
    let array = try #require(replies.first?.arrayValue)
    #expect(answeredOnce(array, count: 300) { $0["result"]?.stringValue == String(repeating: "x", count: 10) })
  }

  @Test("the unsent part of a write in progress counts toward the backlog")
  func writeInProgressCounts() async throws {
    var fds: [Int32] = [0, 0]
    try #require(pipe(&fds) == 0)
    let (readEnd, writeEnd) = (fds[0], fds[1])
    defer { close(readEnd) }
    let writer = OutputWriter(fd: writeEnd, backlogLimit: 16 << 10)
    let size = 512 << 10
    writer.enqueue([UInt8](repeating: UInt8(ascii: "x"), count: size))
    // The writer thread takes the whole buffer and blocks once the pipe is full; most of it is still unsent.
    try #require(await poll { writer.backlog < size })
    #expect(writer.backlog > size / 2)
    let waiter = Flag()
    Thread {
      writer.waitWhileBacklogged()
      waiter.set()
    }.start()
    try #require(await poll { writer.isHoldingBackReader })
    #expect(!waiter.isSet)

    // The client reads: the backlog drains and the reader goes on.
    Thread {
      var buffer = [UInt8](repeating: 0, count: 64 << 10)
      var total = 0
      while total < size {
        let n = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
        if n <= 0 { break }
        total += n
      }
    }.start()
    try #require(await poll { waiter.isSet })
    writer.close()
    close(writeEnd)
    #expect(writer.backlog == 0)
  }

  @Test("request slots: the reader waits when all are taken and resumes once a quarter are free")
  func slotHysteresis() async throws {
    let slots = RequestSlots(limit: 8)
    for _ in 0..<8 { slots.acquire() }
    let acquired = Flag()
    Thread {
      slots.acquire()
      acquired.set()
    }.start()
    try #require(await poll { slots.isReaderWaiting })
    slots.release()
    // 7 taken: still more than the resume level (6); nothing signalled the waiter.
    #expect(slots.isReaderWaiting)
    #expect(!acquired.isSet)
    slots.release()
    try #require(await poll { acquired.isSet })
    #expect(slots.taken == 7)
    #expect(!slots.isReaderWaiting)
  }
}

// MARK: - Support

/// `test/big {size}`: answers a string of `size` letters.
private struct BigRequest: RPCRequest {
  typealias Result = JSONValue
  static let method = "test/big"
  let size: Int
  init(params: JSONValue?) throws { size = try JSONFields(params, path: "params").required("size") }
}

/// `test/hold`: waits until the test opens the gate, then answers `"released"`.
private struct HoldRequest: RPCRequest {
  typealias Result = JSONValue
  static let method = "test/hold"
  init(params: JSONValue?) throws {}
}

private func backpressureMethods(gate: Gate) -> MethodTable {
  var table = MethodTable()
  table.register(BigRequest.self) { request, _ in .string(String(repeating: "x", count: request.size)) }
  table.register(HoldRequest.self) { _, _ in
    await gate.pass()
    return "released"
  }
  return table
}

/// NDJSON requests with ids `0..<count`.
private func requests(_ count: Int, method: String, params: String) -> [UInt8] {
  var bytes: [UInt8] = []
  for id in 0..<count {
    bytes += Array(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#.utf8)
    bytes.append(UInt8(ascii: "\n"))
  }
  return bytes
}

/// Whether `replies` answer the ids `0..<count` exactly once each, every one as `isRight` expects.
private func answeredOnce(_ replies: [JSONValue], count: Int, isRight: (JSONValue) -> Bool) -> Bool {
  var seen = [Int](repeating: 0, count: count)
  for reply in replies {
    guard let id = reply["id"]?.numberValue?.intValue, id >= 0, id < count, isRight(reply) else { return false }
    seen[id] += 1
  }
  return replies.count == count && seen.allSatisfy { $0 == 1 }
}

/// Polls `condition` every millisecond until it holds; `false` after `timeout`.
private func poll(timeout: Duration = .seconds(60), _ condition: () -> Bool) async -> Bool {
  let deadline = ContinuousClock.now + TestScale.duration(timeout)
  while !condition() {
    // A cancelled task stops at once: its sleep would throw at once, in a busy loop.
    guard ContinuousClock.now < deadline, !Task.isCancelled else { return false }
    try? await Task.sleep(for: .milliseconds(1))
  }
  return true
}

/// A one-way flag set from another thread.
private final class Flag: Sendable {
  private let value = Atomic<Bool>(false)
  func set() { value.store(true, ordering: .releasing) }
  var isSet: Bool { value.load(ordering: .acquiring) }
}

/// Handlers wait here until the test opens it.
private final class Gate: Sendable {
  private struct State {
    var isOpen = false
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  private let state = Locked(State())

  /// How many handlers are waiting.
  var waiting: Int { state.withLock { $0.waiters.count } }

  /// Waits until the gate is open.
  func pass() async {
    await withCheckedContinuation { continuation in
      let isOpen = state.withLock { state in
        if !state.isOpen { state.waiters.append(continuation) }
        return state.isOpen
      }
      if isOpen { continuation.resume() }
    }
  }

  /// Opens the gate and lets every waiting handler go.
  func open() {
    let waiters = state.withLock { state in
      state.isOpen = true
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }
}

/// A connection over two pipes whose replies the test reads only when it chooses to.
private final class PipedConnection: Sendable {
  let connection: Connection
  private let exitStatus: Task<Int32, Never>
  private let inputFD: Int32
  private let outputFD: Int32
  private let pumped = Atomic<Int>(0)
  private let output = Locked<[UInt8]>([])
  private let isOutputClosed = Atomic<Bool>(false)

  init(options: ConnectionOptions, methods: MethodTable) {
    var options = options
    options.taskExecutor = DedicatedThreads.connections
    var toServer: [Int32] = [0, 0]
    var fromServer: [Int32] = [0, 0]
    _ = pipe(&toServer)
    _ = pipe(&fromServer)
    inputFD = toServer[1]
    outputFD = fromServer[0]
    let connection = Connection(input: toServer[0], output: fromServer[1], options: options, methods: methods)
    self.connection = connection
    let serverInput = toServer[0]
    let serverOutput = fromServer[1]
    exitStatus = Task(executorPreference: DedicatedThreads.connections) {
      let status = await connection.run()
      close(serverInput)
      close(serverOutput)
      return status
    }
  }

  /// The bytes the client managed to write so far.
  var bytesPumped: Int { pumped.load(ordering: .acquiring) }

  /// Writes `bytes` to the server's input from a thread of its own, a few KiB at a time, then closes the input.
  func pump(_ bytes: [UInt8]) {
    Thread { [self] in
      bytes.withUnsafeBytes { raw in
        var offset = 0
        while offset < raw.count, let base = raw.baseAddress {
          let n = write(inputFD, base + offset, min(4096, raw.count - offset))
          if n <= 0 { break }
          offset += n
          pumped.store(offset, ordering: .releasing)
        }
      }
      close(inputFD)
    }.start()
  }

  /// Starts reading the server's replies.
  func startReading() {
    Thread { [self] in
      var chunk = [UInt8](repeating: 0, count: 64 << 10)
      while true {
        let count = chunk.withUnsafeMutableBytes { read(outputFD, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        if count <= 0 { break }
        output.withLock { $0 += chunk[0..<count] }
      }
      close(outputFD)
      isOutputClosed.store(true, ordering: .releasing)
    }.start()
  }

  /// Waits for the server to end and its output to close; returns the exit status and the replies (NDJSON lines).
  func waitForExit() async -> (status: Int32, replies: [JSONValue]) {
    let status = await exitStatus.value
    _ = await poll { isOutputClosed.load(ordering: .acquiring) }
    let bytes = output.withLock { $0 }
    let replies = bytes.split(separator: UInt8(ascii: "\n")).map { line in
      (try? JSONParser().parse(Array(line))) ?? "UNPARSEABLE REPLY"
    }
    return (status, replies)
  }
}
