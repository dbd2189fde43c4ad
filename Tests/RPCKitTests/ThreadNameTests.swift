#if os(Linux)
import Foundation
import Locking
import RPCKit
import RPCTestSupport
import Testing

/// Thread names reach the system's thread list (`/proc/PID/task/TID/comm`, what `top -H` shows), and the
/// connection's own threads carry theirs.
@Suite struct ThreadNameTests {
  /// The system's name of the calling thread.
  private static func systemName() -> String {
    let comm = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
    return comm.trimmingCharacters(in: .newlines)
  }

  /// The system's names of every thread of this process.
  private static func threadNames() -> Set<String> {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
    return Set(
      tasks.compactMap { task in
        (try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8))?
          .trimmingCharacters(in: .newlines)
      }
    )
  }

  /// The system's name of a new thread after it named itself `name`, and whether the system took it.
  private static func named(_ name: String) -> (taken: Bool, name: String) {
    let result = Locked<(Bool, String)?>(nil)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      let taken = ThreadName.setCurrent(name)
      result.withLock { $0 = (taken, systemName()) }
      done.signal()
    }
    thread.start()
    _ = done.wait(timeout: .now() + 10)
    return result.withLock { $0 } ?? (false, "")
  }

  @Test("a thread's name is the system's, cut to 15 bytes, never inside a character")
  func namesReachTheSystem() {
    #expect(Self.named("worker") == (true, "worker"))
    #expect(Self.named("abcdefghijklmnopqrstu") == (true, "abcdefghijklmno"))
    // 日 takes bytes 14 to 16: the name ends before it.
    #expect(Self.named("suggest-scan-日本") == (true, "suggest-scan-"))
    #expect(Self.named("suggest-écrivain") == (true, "suggest-écriva"))
  }

  @Test("the connection's reader and writer threads carry their names")
  func connectionThreadsNamed() async {
    let server = ConnectionHarness(methods: MethodTable())
    // An answer (the method is unknown) shows the reader read and the writer wrote.
    server.send(#"{"jsonrpc":"2.0","id":1,"method":"nothing/here"}"# + "\n")
    #expect(await server.waitForReplies(count: 1).count == 1)
    let names = Self.threadNames()
    #expect(names.contains("suggest-reader"))
    #expect(names.contains("suggest-writer"))
    _ = await server.finish()
  }
}
#endif
