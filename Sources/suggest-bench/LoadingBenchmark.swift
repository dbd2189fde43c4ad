import Foundation
import SuggestEngine

/// Measures building a catalog from a real file as the daemon's first start does (read + decode + build, each
/// decoded part built at once), then loading it into `[CatalogItem]`.
///
/// Run with `swift run -c release suggest-bench loading [--rounds N] PATH...` (e.g. the decompressed PyPI and npm
/// TSV files, or a JSONL conversion). Prints, per file: the report's summary, the first build's wall and CPU time
/// (user + system, both cores) and the process's peak RSS (`VmHWM`) after it; then the best of `N` loads into items
/// from the file and from bytes already in memory, and the peak RSS at the end. With `--rounds 0` only the first
/// build runs, so the peak RSS is that of one first start. Last, the snapshot cache in a scratch directory:
/// a cold load (build and write the snapshot) and the best of `N` warm ones (read it back), wall and CPU time.
enum LoadingBenchmark {
  /// Loads `path` several times and prints the figures.
  ///
  /// - Parameters:
  ///   - path: The catalog file.
  ///   - rounds: How many timed loads after the first.
  static func run(path: String, rounds: Int = 4) async {
    let clock = ContinuousClock()
    do {
      let start = clock.now
      let cpuStart = cpuSeconds()
      // As the daemon's first start does: each decoded part is built at once, the items are never all held.
      let built = try await CatalogLoader.build(path: path)
      let buildTime = clock.now - start
      let buildCPU = cpuSeconds() - cpuStart
      let peakAfterBuild = peakResidentKiB()
      let catalog = built.catalog
      let itemCount = built.report.itemCount
      print("\(path): \(built.report.summary)")
      for line in built.report.lines.dropFirst().prefix(5) { print("  \(line)") }
      let fileSize = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
      print(
        "  file \(fileSize / 1_000_000) MB; first build (read + decode + build, \(catalog.count) items) "
          + "\(format(buildTime)) (CPU \(String(format: "%.3f", buildCPU)) s); peak RSS \(peakAfterBuild / 1024) MiB"
      )

      guard rounds > 0 else { return }
      var best = Duration.seconds(1_000)
      for _ in 0..<rounds {
        let roundStart = clock.now
        let loaded = try await CatalogLoader.load(path: path)
        best = min(best, clock.now - roundStart)
        if loaded.items.count != itemCount { print("  warning: a later load gave \(loaded.items.count) items") }
      }
      let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
      let catalogFormat = try CatalogFormat(path: path)
      var bestDecode = Duration.seconds(1_000)
      for _ in 0..<rounds {
        let roundStart = clock.now
        _ = try await CatalogLoader.load(bytes: bytes, format: catalogFormat)
        bestDecode = min(bestDecode, clock.now - roundStart)
      }
      print(
        "  best of \(rounds): load \(format(best)), decode only (bytes in memory) \(format(bestDecode)); "
          + "peak RSS at end \(peakResidentKiB() / 1024) MiB"
      )
      try await snapshot(path: path, rounds: rounds, itemCount: catalog.count)
    } catch {
      print("\(path): \(error)")
    }
  }

  /// Loads `path` through a snapshot cache in a scratch directory: once cold, then `rounds` times warm.
  private static func snapshot(path: String, rounds: Int, itemCount: Int) async throws {
    let clock = ContinuousClock()
    let directory = NSTemporaryDirectory() + "suggest-bench-snapshots-\(getpid())"
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let cache = CatalogCache(directory: directory)
    let coldStart = clock.now
    let coldCPUStart = cpuSeconds()
    let cold = try await cache.load(path: path)
    let coldTime = clock.now - coldStart
    let coldCPU = cpuSeconds() - coldCPUStart
    let size = cold.snapshotPath.flatMap { try? FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int } ?? 0
    var bestWarm = Duration.seconds(1_000)
    var bestWarmCPU = 1_000.0
    for _ in 0..<rounds {
      let roundStart = clock.now
      let cpuStart = cpuSeconds()
      let warm = try await cache.load(path: path)
      bestWarm = min(bestWarm, clock.now - roundStart)
      bestWarmCPU = min(bestWarmCPU, cpuSeconds() - cpuStart)
      if !warm.fromSnapshot || warm.catalog.count != itemCount {
        print("  warning: a warm load built instead of reading: \(warm.warnings)")
      }
    }
    print(
      "  snapshot \(size / 1_000_000) MB: cold load (build + write) \(format(coldTime)) "
        + "(CPU \(String(format: "%.3f", coldCPU)) s); warm load best of \(rounds) \(format(bestWarm)) "
        + "(CPU \(String(format: "%.3f", bestWarmCPU)) s)"
    )
  }

  private static func format(_ duration: Duration) -> String {
    let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    return String(format: "%.3f s", seconds)
  }

  /// User plus system CPU time of the process so far, in seconds.
  private static func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
    return user + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
  }

  /// `VmHWM` from `/proc/self/status`, in KiB (0 where unavailable).
  private static func peakResidentKiB() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
      return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
    return 0
  }
}
