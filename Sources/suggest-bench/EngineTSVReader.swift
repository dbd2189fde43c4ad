import Foundation
import SuggestEngine

/// A minimal streaming reader of the PyPI TSV (`name version month rank_among_15000_most_downloaded summary`), for
/// the benchmark only: the product's loaders live elsewhere.
struct EngineTSVReader {
  /// Time spent reading and splitting lines (not appending to the builder).
  var parseSeconds = 0.0
  /// Time spent in `CatalogBuilder.append`.
  var appendSeconds = 0.0
  /// Rows read.
  var rows = 0

  /// Streams `path` (a `.xz` file is decompressed with `xz -dc`) into `builder`.
  mutating func read(path: String, into builder: inout CatalogBuilder) throws {
    let handle: FileHandle
    var process: Process?
    if path.hasSuffix(".xz") {
      let xz = Process()
      xz.executableURL = URL(fileURLWithPath: "/usr/bin/xz")
      xz.arguments = ["-dc", path]
      let pipe = Pipe()
      xz.standardOutput = pipe
      try xz.run()
      process = xz
      handle = pipe.fileHandleForReading
    } else {
      guard let file = FileHandle(forReadingAtPath: path) else {
        throw BenchmarkError("cannot open \(path)")
      }
      handle = file
    }
    let clock = ContinuousClock()
    var pending: [UInt8] = []
    var isHeader = true
    var parse = Duration.zero
    var append = Duration.zero
    while true {
      let start = clock.now
      guard let chunk = try handle.read(upToCount: 1 << 22), !chunk.isEmpty else { break }
      pending.append(contentsOf: chunk)
      var lineStart = 0
      var items: [CatalogItem] = []
      pending.withUnsafeBufferPointer { bytes in
        for position in 0..<bytes.count where bytes[position] == 0x0A {
          defer { lineStart = position + 1 }
          if isHeader {
            isHeader = false
            continue
          }
          if let item = Self.item(UnsafeBufferPointer(rebasing: bytes[lineStart..<position])) { items.append(item) }
        }
      }
      pending.removeFirst(lineStart)
      let parsed = clock.now
      for item in items {
        builder.append(item)
      }
      rows += items.count
      parse += parsed - start
      append += clock.now - parsed
    }
    process?.waitUntilExit()
    parseSeconds = parse.seconds
    appendSeconds = append.seconds
  }

  /// Parses one row: name → id and title, summary → subtitle, rank → weight `15001 - rank` (0 when unranked).
  private static func item(_ line: UnsafeBufferPointer<UInt8>) -> CatalogItem? {
    var columns: [Range<Int>] = []
    var start = 0
    for position in 0..<line.count where line[position] == 0x09 {
      columns.append(start..<position)
      start = position + 1
    }
    columns.append(start..<line.count)
    guard columns.count >= 5, !columns[0].isEmpty else { return nil }
    func text(_ range: Range<Int>) -> String {
      String(decoding: UnsafeBufferPointer(rebasing: line[range]), as: UTF8.self)
    }
    let name = text(columns[0])
    let rank = Int(text(columns[3]))
    let summary = text(columns[4])
    return CatalogItem(
      id: name,
      title: name,
      subtitle: summary.isEmpty ? nil : summary,
      weight: rank.map { Double(15001 - $0) } ?? 0
    )
  }
}
