import Foundation
import Locking
import Testing

@testable import SuggestEngine

/// The threads large scans run on: each kept on a core of its own, all taking jobs from one queue, and used by the
/// scan of a search that runs alone.
@Suite struct ScanThreadsTests {
  @Test("a search is alone while no other is counted in flight")
  func searchAlone() async {
    let threads = ScanThreads(cores: [])
    #expect(threads.isSearchAlone)
    await threads.counting {
      #expect(threads.isSearchAlone)
      await threads.counting { #expect(!threads.isSearchAlone) }
      #expect(threads.isSearchAlone)
    }
    #expect(threads.isSearchAlone)
  }

  @Test("the threads start with the first job, not before")
  func startedByTheFirstJob() async {
    let threads = ScanThreads(cores: [])
    await threads.counting {}
    #expect(threads.threadCount == 0)
    let name = await Task(executorPreference: threads) { Self.currentThreadName() }.value
    #expect(name == "suggest-scan")
    #expect(threads.threadCount == 1)
  }

  /// The name of the thread running the caller.
  static func currentThreadName() -> String? { Thread.current.name }

  #if os(Linux)
  @Test("a thread kept on a core may run on that core only")
  func keptOnOneCore() throws {
    let cores = CoreAffinity.allowedCores()
    #expect(!cores.isEmpty)
    #expect(cores == cores.sorted() && Set(cores).count == cores.count)
    for core in cores.prefix(2) {
      let seen = Locked<[Int]?>(nil)
      let done = DispatchSemaphore(value: 0)
      let thread = Thread {
        if CoreAffinity.keepCurrentThread(on: core) { seen.withLock { $0 = CoreAffinity.allowedCores() } }
        done.signal()
      }
      thread.start()
      #expect(done.wait(timeout: .now() + 10) == .success)
      #expect(seen.withLock { $0 } == [core])
    }
    // A core the process may not use is refused, and the thread stays where it was.
    #expect(!CoreAffinity.keepCurrentThread(on: -1))
  }

  @Test(
    "jobs run at once on as many threads as cores, each thread on a core of its own",
    .enabled(if: CoreAffinity.allowedCores().count >= 2, "needs two cores")
  )
  func threadsOnDistinctCores() async {
    let cores = Array(CoreAffinity.allowedCores().prefix(2))
    let threads = ScanThreads(cores: cores)
    // Each job waits (up to 10 s) until both started: on one thread, the second would start only once the first gave
    // up, and both would report the same core.
    let placed = Locked<[[Int]]>([])
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<2 {
        group.addTask(executorPreference: threads) {
          placed.withLock { $0.append(CoreAffinity.allowedCores()) }
          let deadline = DispatchTime.now() + 10
          while placed.withLock({ $0.count }) < 2 && DispatchTime.now() < deadline { usleep(1000) }
        }
      }
    }
    let seen = placed.withLock { $0 }
    #expect(seen.count == 2)
    #expect(Set(seen) == [[cores[0]], [cores[1]]])
  }
  #endif
}
