import Foundation
import SuggestEngine

#if canImport(Glibc)
import Glibc
#endif

/// `suggest-bench keystrokes PATH [--slowest N] [--limit L] [--rounds R] [--only a,b,...] [--min-length N]
/// [--whole] [--repeat K] [--wait]`: loads the PyPI catalog, replays the typing sessions of the labelled queries (or
/// only the sessions of the queries given with `--only`; with `--whole`, each query alone in a fresh session: a scan
/// of the whole catalog) and prints the slowest keystrokes with their query, whether they were refined and their
/// total, plus the CPU time of the timed keystrokes (`--min-length`: only those of at least N characters), which is
/// less noisy than wall time on a shared machine. `--repeat K` searches each session's last query K times more
/// (untimed), each from the session the timed search starts from: what a profile of that keystroke alone needs.
/// `--wait` prints `READY` after loading and waits for a line on stdin, so a profiler can switch instrumentation on
/// (`valgrind --tool=callgrind --instr-atstart=no`, then `callgrind_control -i on PID`).
enum KeystrokeProfile {
  /// One timed keystroke.
  struct Keystroke {
    let typed: String
    let limit: Int
    let milliseconds: Double
    let refined: Bool
    let total: Int
  }

  static func run(_ arguments: [String]) async throws {
    guard let path = arguments.first else { throw BenchmarkError("usage: suggest-bench keystrokes PATH [options]") }
    func option(_ name: String) -> String? {
      guard let flag = arguments.firstIndex(of: name), flag + 1 < arguments.count else { return nil }
      return arguments[flag + 1]
    }
    let slowest = option("--slowest").flatMap { Int($0) } ?? 40
    let limits = option("--limit").flatMap { Int($0) }.map { [$0] } ?? [5, 50]
    let rounds = option("--rounds").flatMap { Int($0) } ?? 1
    let minimumLength = option("--min-length").flatMap { Int($0) } ?? 0
    let whole = arguments.contains("--whole")
    let repeats = option("--repeat").flatMap { Int($0) } ?? 0
    let queries: [String]
    if let only = option("--only") {
      queries = only.split(separator: ",").map(String.init)
    } else {
      let labelled = try EngineBenchmark.loadQueries(
        option("--queries") ?? EngineBenchmark.defaultQueriesPath("pypi-queries.tsv")
      )
      queries = labelled.map(\.query)
    }
    let catalog = try await BenchmarkCatalog.build(path: path).catalog
    if arguments.contains("--wait") {
      say("READY \(getpid())")
      _ = readLine()
    }
    let clock = ContinuousClock()
    var keystrokes: [Keystroke] = []
    var cpu = 0.0
    // One working memory for every search, as a daemon's search worker keeps one.
    var scratch = SearchScratch()
    for _ in 0..<rounds {
      for limit in limits {
        for query in queries {
          var session = SearchSession()
          // Typed letter by letter, each prefix refining the one before; or, with `--whole`, the query alone.
          let typings = whole ? [query] : (1...max(1, query.count)).map { String(query.prefix($0)) }
          for typed in typings {
            if typed.count < minimumLength {
              _ = try await catalog.search(SearchQuery(text: typed, limit: limit), session: &session, scratch: &scratch)
              continue
            }
            if typed == typings.last {
              for _ in 0..<repeats {
                var again = session
                _ = try await catalog.search(SearchQuery(text: typed, limit: limit), session: &again, scratch: &scratch)
              }
            }
            let refinedBefore = session.refinedSearches
            let start = clock.now
            let cpuStart = cpuSeconds()
            let result = try await catalog.search(
              SearchQuery(text: typed, limit: limit),
              session: &session,
              scratch: &scratch
            )
            cpu += cpuSeconds() - cpuStart
            keystrokes.append(
              Keystroke(
                typed: typed,
                limit: limit,
                milliseconds: (clock.now - start).seconds * 1000,
                refined: session.refinedSearches > refinedBefore,
                total: result.total
              )
            )
          }
        }
      }
    }
    let times = keystrokes.map(\.milliseconds).sorted()
    say(
      String(
        format: "%d keystrokes: CPU %.3f s (%.3f ms per keystroke); wall p50 %.2f ms, p90 %.2f ms, p99 %.2f ms",
        keystrokes.count,
        cpu,
        cpu * 1000 / Double(max(1, keystrokes.count)),
        EngineBenchmark.percentile(times, 0.5),
        EngineBenchmark.percentile(times, 0.9),
        EngineBenchmark.percentile(times, 0.99)
      )
    )
    for keystroke in keystrokes.sorted(by: { $0.milliseconds > $1.milliseconds }).prefix(slowest) {
      say(
        String(
          format: "  %8.2f ms  limit %2d  %@  total %7d  '%@'",
          keystroke.milliseconds,
          keystroke.limit,
          keystroke.refined ? "refined" : "full   ",
          keystroke.total,
          keystroke.typed
        )
      )
    }
  }

  /// User plus system CPU time of the process so far, in seconds.
  static func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
    return user + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
  }
}
