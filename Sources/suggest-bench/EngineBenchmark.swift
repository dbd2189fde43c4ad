import Foundation
import SuggestEngine

#if canImport(Glibc)
import Glibc
#endif

/// `suggest-bench engine PATH [--queries TSV] [--heldout TSV] [--no-peers] [--no-quality] [--quality-only]
/// [--explain]`: loads the PyPI catalog, replays typing sessions, measures ranking quality on the labelled query set
/// and on the held-out set (written before the ranking was tuned), and runs fzf and fzy on the same queries when
/// installed. `--explain` reads queries from stdin and prints the top 10 of each with tier, score and prior.
enum EngineBenchmark {
  /// One labelled query.
  struct LabelledQuery {
    let kind: String
    let query: String
    let intended: String
  }

  static func run(_ arguments: [String]) async throws {
    guard let path = arguments.first else {
      throw BenchmarkError("usage: suggest-bench engine PATH/pypi.tsv[.xz] [--queries TSV] [--no-peers]")
    }
    func option(_ name: String, default value: String) -> String {
      guard let flag = arguments.firstIndex(of: name), flag + 1 < arguments.count else { return value }
      return arguments[flag + 1]
    }
    let runPeers = !arguments.contains("--no-peers")
    let labelled = try loadQueries(option("--queries", default: defaultQueriesPath("pypi-queries.tsv")))
    let heldOut = try loadQueries(option("--heldout", default: defaultQueriesPath("pypi-queries-heldout.tsv")))

    say("memory at start: \(memory())")
    let clock = ContinuousClock()
    let loadStart = clock.now
    let built = try await BenchmarkCatalog.build(path: path)
    let catalog = built.catalog
    let loadEnd = clock.now
    say("== engine benchmark: \(path)")
    say("load: \(built.report.summary), read + decode + build \(ms(loadEnd - loadStart)) ms")
    say("memory after load: \(memory()); storage MB: \(catalog.storageReport)")

    _ = mallocTrim(0)
    say("memory after malloc_trim: \(memory())")
    if arguments.contains("--load-only") { return }
    if arguments.contains("--explain") {
      try await explain(catalog)
      return
    }
    if !arguments.contains("--quality-only") {
      try await measureEdits(catalog)
      try await measureCancellation(catalog)
      try await replaySessions(catalog, queries: labelled.map(\.query))
      try await replaySessions(catalog, queries: heldOut.map(\.query), label: "held-out ")
    }
    if arguments.contains("--no-quality") { return }
    try await quality(catalog, labelled, name: "ours")
    try await quality(catalog, heldOut, name: "ours (held-out)")
    try await namesTypedInFull(catalog)
    say("memory at end: \(memory())")
    if runPeers {
      let names = catalog.indices.map { index in
        let item = catalog.item(at: index)
        return (name: item?.title ?? "", rank: (item?.weight ?? 0) > 0 ? 15001 - Int(item?.weight ?? 0) : nil)
      }
      try peers(names: names, sets: [("", labelled), (" held-out", heldOut)])
    }
  }

  static func defaultQueriesPath(_ file: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Tests/SuggestEngineTests/Fixtures/\(file)").path
  }

  /// Prints the top 10 of each query read from stdin, with tier, score and popularity prior.
  static func explain(_ catalog: Catalog) async throws {
    while let line = readLine() {
      let query = line.trimmingCharacters(in: .whitespaces)
      guard !query.isEmpty else { continue }
      let result = try await catalog.search(SearchQuery(text: query, limit: 10))
      say("\(query) (total \(result.total))")
      for hit in result.hits {
        let item = catalog.item(at: hit.index)
        let prior = catalog.prior(forWeight: item?.weight ?? 0)
        say("  \(item?.title ?? "?") \(hit.tier) \(hit.score) prior \(prior)")
      }
    }
  }

  static func loadQueries(_ path: String) throws -> [LabelledQuery] {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    return text.split(separator: "\n").dropFirst().compactMap { line in
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard fields.count == 3 else { return nil }
      return LabelledQuery(kind: String(fields[0]), query: String(fields[1]), intended: String(fields[2]))
    }
  }

  static func ms(_ duration: Duration) -> String {
    String(format: "%.0f", duration.seconds * 1000)
  }

  static func memory() -> String {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return "?" }
    let lines = status.split(separator: "\n").filter { $0.hasPrefix("VmHWM") || $0.hasPrefix("VmRSS") }
    return lines.map { $0.replacingOccurrences(of: "\t", with: "").replacingOccurrences(of: "  ", with: "") }
      .joined(separator: ", ")
  }

  static func percentile(_ sorted: [Double], _ p: Double) -> Double {
    guard !sorted.isEmpty else { return 0 }
    return sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.down)))]
  }

  static func measureEdits(_ catalog: Catalog) async throws {
    let clock = ContinuousClock()
    let added = (0..<10).map { CatalogItem(id: "bench-added-\($0)", title: "bench-added-\($0)", subtitle: "added") }
    var start = clock.now
    let bigger = catalog.adding(added)
    let addTime = clock.now - start
    start = clock.now
    let replaced = bigger.adding([CatalogItem(id: "requests", title: "requests", subtitle: "replaced", weight: 1)])
    let replaceTime = clock.now - start
    start = clock.now
    let smaller = replaced.removing(ids: ["numpy", "bench-added-3"])
    let removeTime = clock.now - start
    let check = try await smaller.search(SearchQuery(text: "bench added", limit: 20))
    say(
      "edits on \(catalog.count) items: add 10 \(String(format: "%.2f", addTime.seconds * 1000)) ms, "
        + "replace 1 \(String(format: "%.2f", replaceTime.seconds * 1000)) ms, "
        + "remove 2 \(String(format: "%.2f", removeTime.seconds * 1000)) ms "
        + "(count \(smaller.count), 'bench added' total \(check.total))"
    )
  }

  /// How long a search keeps running after its task is cancelled (the slowest keystroke: one letter).
  static func measureCancellation(_ catalog: Catalog) async throws {
    let clock = ContinuousClock()
    let full = try await clock.measure { _ = try await catalog.search(SearchQuery(text: "e", limit: 5)) }
    var stops: [Double] = []
    for delay in [1, 2, 3, 4, 5] {
      let task = Task { try await catalog.search(SearchQuery(text: "e", limit: 5)) }
      try await Task.sleep(for: .milliseconds(delay))
      let start = clock.now
      task.cancel()
      _ = await task.result
      stops.append((clock.now - start).seconds * 1000)
    }
    say(
      String(
        format: "cancellation: a full one-letter search takes %.1f ms; stopped %@ ms after cancel",
        full.seconds * 1000,
        stops.map { String(format: "%.2f", $0) }.joined(separator: ", ")
      )
    )
  }

  static func replaySessions(_ catalog: Catalog, queries: [String], label: String = "") async throws {
    let clock = ContinuousClock()
    // One working memory for every search, as a daemon's search worker keeps one.
    var scratch = SearchScratch()
    for limit in [5, 50] {
      var times: [Double] = []
      var refined = 0
      for query in queries {
        var session = SearchSession()
        var typed = ""
        for character in query {
          typed.append(character)
          let start = clock.now
          _ = try await catalog.search(SearchQuery(text: typed, limit: limit), session: &session, scratch: &scratch)
          times.append((clock.now - start).seconds * 1000)
        }
        refined += session.refinedSearches
      }
      times.sort()
      say(
        String(
          format:
            "%@keystrokes limit %d: %d keystrokes (%d refined), p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms",
          label,
          limit,
          times.count,
          refined,
          percentile(times, 0.5),
          percentile(times, 0.9),
          percentile(times, 0.99),
          times.last ?? 0
        )
      )
    }
  }

  /// Success@1 and @5 per kind; returns the per-query rank (nil when not in the top 5).
  @discardableResult
  static func quality(_ catalog: Catalog, _ labelled: [LabelledQuery], name: String) async throws -> [Int?] {
    var ranks: [Int?] = []
    var failures: [String] = []
    for entry in labelled {
      let result = try await catalog.search(SearchQuery(text: entry.query, limit: 5))
      let ids = result.hits.map { catalog.id(at: $0.index) ?? "" }
      let rank = ids.firstIndex(of: entry.intended)
      ranks.append(rank)
      if rank != 0 {
        let got = result.hits.prefix(3).map { "\(catalog.id(at: $0.index) ?? "") \($0.tier) \($0.score)" }
        failures.append(
          "  \(entry.kind) '\(entry.query)' → \(entry.intended) (rank \(rank.map(String.init) ?? "-")): got \(got)"
        )
      }
    }
    report(name, labelled, ranks)
    if ProcessInfo.processInfo.environment["BENCH_VERBOSE"] != nil {
      say(failures.joined(separator: "\n"))
    }
    return ranks
  }

  /// How often a name typed in full gets an exact match first: the 3,000 most popular names, and 3,000 unranked
  /// names picked at a fixed stride (where a much more popular name one typo away is put first by design).
  static func namesTypedInFull(_ catalog: Catalog) async throws {
    let weighted = catalog.indices.compactMap { index in
      catalog.item(at: index).flatMap { $0.weight > 0 ? (index, $0.weight) : nil }
    }
    let popular = weighted.sorted { $0.1 > $1.1 }.prefix(3000).map(\.0)
    let unranked = catalog.indices.filter { (catalog.item(at: $0)?.weight ?? 0) <= 0 }
    let sample = stride(from: 0, to: unranked.count, by: max(1, unranked.count / 3000)).map { unranked[$0] }
    for (name, indices) in [("most popular", popular), ("unranked", Array(sample))] {
      var exactFirst = 0
      var corrected = 0
      for index in indices {
        guard let title = catalog.item(at: index)?.title else { continue }
        let first = try await catalog.search(SearchQuery(text: title, limit: 5)).hits.first
        if first?.tier == .exact { exactFirst += 1 }
        if let first, first.tier == .typo || first.tier == .partialTypo {
          corrected += 1
          if ProcessInfo.processInfo.environment["BENCH_VERBOSE"] != nil {
            say("  \(name) '\(title)' → \(catalog.item(at: first.index)?.title ?? "?") \(first.tier)")
          }
        }
      }
      say(
        String(
          format: "names typed in full, %@: exact match first %.1f%%, a correction first %.1f%% (%d names)",
          name,
          100.0 * Double(exactFirst) / Double(max(1, indices.count)),
          100.0 * Double(corrected) / Double(max(1, indices.count)),
          indices.count
        )
      )
    }
  }

  static func report(_ name: String, _ labelled: [LabelledQuery], _ ranks: [Int?]) {
    var kinds: [String] = []
    for entry in labelled where !kinds.contains(entry.kind) { kinds.append(entry.kind) }
    var line = "quality \(name):"
    var total1 = 0
    var total5 = 0
    for kind in kinds {
      let indices = labelled.indices.filter { labelled[$0].kind == kind }
      let at1 = indices.filter { ranks[$0] == 0 }.count
      let at5 = indices.filter { ranks[$0] != nil }.count
      total1 += at1
      total5 += at5
      line += String(
        format: " %@ %.0f/%.0f",
        kind,
        100.0 * Double(at1) / Double(indices.count),
        100.0 * Double(at5) / Double(indices.count)
      )
    }
    line += String(
      format: " | ALL success@1 %.1f%% success@5 %.1f%% (%d queries)",
      100.0 * Double(total1) / Double(labelled.count),
      100.0 * Double(total5) / Double(labelled.count),
      labelled.count
    )
    say(line)
  }

  static func peers(names: [(name: String, rank: Int?)], sets: [(name: String, queries: [LabelledQuery])]) throws {
    let tools = [("fzf", ["--filter"]), ("fzy", ["--show-matches"])]
      .filter { FileManager.default.isExecutableFile(atPath: "/usr/bin/\($0.0)") }
    guard !tools.isEmpty else {
      say("peers: fzf/fzy not installed (apt-get install -y fzf fzy)")
      return
    }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("suggest-bench-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let catalogOrder = directory.appendingPathComponent("catalog-order.txt")
    let popularityOrder = directory.appendingPathComponent("popularity-order.txt")
    try (names.map(\.name).joined(separator: "\n") + "\n").write(to: catalogOrder, atomically: true, encoding: .utf8)
    let byPopularity = names.enumerated().sorted { a, b in
      switch (a.element.rank, b.element.rank) {
      case (let x?, let y?): return x < y
      case (.some, nil): return true
      case (nil, .some): return false
      case (nil, nil): return a.offset < b.offset
      }
    }
    try (byPopularity.map(\.element.name).joined(separator: "\n") + "\n").write(
      to: popularityOrder,
      atomically: true,
      encoding: .utf8
    )
    for (tool, flags) in tools {
      for (orderName, file) in [("catalog order", catalogOrder), ("popularity order", popularityOrder)] {
        for (setName, labelled) in sets {
          var ranks: [Int?] = []
          var times: [Double] = []
          for entry in labelled {
            let clock = ContinuousClock()
            let start = clock.now
            let lines = try runTool("/usr/bin/\(tool)", flags + [entry.query], input: file)
            times.append((clock.now - start).seconds * 1000)
            ranks.append(lines.prefix(5).firstIndex(of: entry.intended))
          }
          times.sort()
          say(
            String(
              format: "%@ (%@): per query p50 %.0f ms, p99 %.0f ms",
              tool,
              orderName,
              percentile(times, 0.5),
              percentile(times, 0.99)
            )
          )
          report("\(tool) (\(orderName))\(setName)", labelled, ranks)
        }
      }
    }
  }

  /// Runs a filter tool with `input` on stdin; returns its first lines of output.
  static func runTool(_ path: String, _ arguments: [String], input: URL) throws -> [String] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.standardInput = try FileHandle(forReadingFrom: input)
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data.prefix(4096), as: UTF8.self).split(separator: "\n").prefix(5).map(String.init)
  }
}

/// Prints a line and flushes it at once (stdout may be a file during long runs).
func say(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// glibc's `malloc_trim`: returns freed heap memory to the system, so RSS shows what is really in use.
@_silgen_name("malloc_trim")
func mallocTrim(_ pad: Int) -> Int32
