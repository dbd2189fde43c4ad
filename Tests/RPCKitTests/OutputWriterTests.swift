import Foundation
import Locking
import TestSupport
import Testing

@testable import RPCKit

/// The one writer of protocol bytes: a small message enqueued on an idle writer is written by the enqueuing thread
/// itself, and the one-writer rule (whole messages, in enqueue order) holds whichever thread writes.
@Suite(.scaledTimeLimit(minutes: 1)) struct OutputWriterTests {
  /// A pipe: its read end and its write end.
  private func makePipe() throws -> (read: Int32, write: Int32) {
    var fds: [Int32] = [0, 0]
    try #require(pipe(&fds) == 0)
    return (fds[0], fds[1])
  }

  /// The bytes readable from `fd` right now, without waiting.
  private func readNow(_ fd: Int32) -> [UInt8] {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 64 << 10)
    while true {
      var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      guard poll(&entry, 1, 0) == 1 else { return bytes }
      let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      guard count > 0 else { return bytes }
      bytes += buffer[0..<count]
    }
  }

  @Test("a small message on an idle writer is written before enqueue returns")
  func directWrite() throws {
    let (readEnd, writeEnd) = try makePipe()
    defer { close(readEnd) }
    let writer = OutputWriter(fd: writeEnd)
    for round in 0..<100 {
      let message = Array("message \(round)\n".utf8)
      writer.enqueue(message)
      // No wait: the bytes are in the pipe already (the writer thread would take a wake-up to put them there).
      #expect(readNow(readEnd) == message, "round \(round)")
    }
    writer.close()
    close(writeEnd)
  }

  @Test("a message of several pages is written before enqueue returns when the pipe has room for it")
  func directWriteOfSeveralPages() throws {
    let (readEnd, writeEnd) = try makePipe()
    defer { close(readEnd) }
    let writer = OutputWriter(fd: writeEnd)
    // About what 50 results take; well over `PIPE_BUF`.
    let message = Array(String(repeating: "r", count: 20_000).utf8) + [UInt8(ascii: "\n")]
    writer.enqueue(message)
    #expect(readNow(readEnd) == message)
    writer.close()
    close(writeEnd)
  }

  @Test("a message larger than the pipe's free pages is left to the writer thread; enqueue does not block")
  func largeMessageOnABusyPipe() throws {
    let (readEnd, writeEnd) = try makePipe()
    defer { close(readEnd) }
    // 40 KB the client has not read yet: 16 KB of a 64 KB pipe are left.
    let unread = [UInt8](repeating: UInt8(ascii: "u"), count: 40 << 10)
    let put = unread.withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
    try #require(put == unread.count)
    let writer = OutputWriter(fd: writeEnd)
    let message = Array(String(repeating: "m", count: 30_000).utf8) + [UInt8(ascii: "\n")]
    writer.enqueue(message)
    // Returned while the pipe could not take it all: the bytes are still the writer's.
    #expect(writer.backlog == message.count)
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 64 << 10)
    while received.count < unread.count + message.count {
      let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      received += buffer[0..<count]
    }
    #expect(Array(received.suffix(message.count)) == message)
    #expect(received.count == unread.count + message.count)
    writer.close()
    close(writeEnd)
  }

  @Test("with the output full, enqueue returns at once and the writer thread writes the message once room is made")
  func fullOutput() throws {
    let (readEnd, writeEnd) = try makePipe()
    defer { close(readEnd) }
    // Fill the pipe from outside, so that the writer is idle but the output takes nothing.
    let flags = fcntl(writeEnd, F_GETFL)
    _ = fcntl(writeEnd, F_SETFL, flags | O_NONBLOCK)
    let filler = [UInt8](repeating: UInt8(ascii: "f"), count: 4096)
    var filled = 0
    while true {
      let count = filler.withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      filled += count
    }
    _ = fcntl(writeEnd, F_SETFL, flags)
    let writer = OutputWriter(fd: writeEnd)
    let message = Array("after the filler\n".utf8)
    writer.enqueue(message)
    #expect(writer.backlog == message.count)
    // The client reads: the filler, then the message, written by the writer thread.
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 64 << 10)
    while received.count < filled + message.count {
      let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      received += buffer[0..<count]
    }
    #expect(received.count == filled + message.count)
    #expect(Array(received.suffix(message.count)) == message)
    writer.close()
    close(writeEnd)
  }

  @Test("threads enqueueing at once: every message whole, each thread's in its order, large and small mixed")
  func concurrentEnqueues() async throws {
    let (readEnd, writeEnd) = try makePipe()
    let writer = OutputWriter(fd: writeEnd)
    let threads = 4
    let perThread = TestScale.count(3_000)
    let received = Locked<[UInt8]>([])
    let reader = Thread {
      var buffer = [UInt8](repeating: 0, count: 64 << 10)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
        guard count > 0 else { break }
        received.withLock { $0 += buffer[0..<count] }
      }
      close(readEnd)
    }
    reader.start()
    await withTaskGroup(of: Void.self) { group in
      for thread in 0..<threads {
        group.addTask {
          for index in 0..<perThread {
            // Every 100th message is larger than a direct write takes.
            let padding = String(repeating: "p", count: index % 100 == 0 ? 10_000 : index % 50)
            writer.enqueue(Array("\(thread) \(index) \(padding)\n".utf8))
          }
        }
      }
    }
    writer.close()
    close(writeEnd)
    let deadline = ContinuousClock.now + TestScale.duration(.seconds(30))
    while reader.isExecuting && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
    let lines = String(decoding: received.withLock { $0 }, as: UTF8.self).split(separator: "\n")
    #expect(lines.count == threads * perThread)
    var next = [Int](repeating: 0, count: threads)
    for line in lines {
      let fields = line.split(separator: " ", omittingEmptySubsequences: false)
      guard fields.count == 3, let thread = Int(fields[0]), let index = Int(fields[1]), thread < threads else {
        Issue.record("a message cut or mixed: \(line.prefix(80))")
        continue
      }
      #expect(index == next[thread], "thread \(thread)")
      #expect(fields[2].count == (index % 100 == 0 ? 10_000 : index % 50))
      next[thread] = index + 1
    }
    #expect(next == [Int](repeating: perThread, count: threads))
  }
}
