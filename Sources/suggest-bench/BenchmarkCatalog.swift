import Foundation
import SuggestEngine

/// The catalog a benchmark runs on, built by the daemon's own loader (``CatalogLoader``) so that every benchmark
/// measures the catalog the daemon serves: the PyPI layout (`name version month rank… summary`), npm's (`name
/// version downloads… summary`) and every other format the loader reads. A `.xz` file (as in `shared/corpora`) is
/// decompressed with `xz -dc` first; its format is the one the rest of its name gives (`pypi.tsv.xz` is TSV).
enum BenchmarkCatalog {
  /// Builds the catalog of the file at `path`.
  ///
  /// - Throws: ``BenchmarkError`` when `xz` fails, or the loader's ``CatalogLoadError``.
  static func build(path: String) async throws -> BuiltCatalog {
    guard path.hasSuffix(".xz") else { return try await CatalogLoader.build(path: path) }
    let format = try CatalogFormat(path: String(path.dropLast(".xz".count)))
    return try await CatalogLoader.build(bytes: try contents(of: path), format: format)
  }

  /// The bytes of the file at `path`, decompressed with `xz -dc` when its name ends in `.xz`.
  ///
  /// - Throws: ``BenchmarkError`` when the file cannot be read or `xz` fails.
  static func contents(of path: String) throws -> [UInt8] {
    guard path.hasSuffix(".xz") else {
      guard let data = FileManager.default.contents(atPath: path) else {
        throw BenchmarkError("cannot read \(path)")
      }
      return [UInt8](data)
    }
    let xz = Process()
    xz.executableURL = URL(fileURLWithPath: "/usr/bin/xz")
    xz.arguments = ["-dc", path]
    let pipe = Pipe()
    xz.standardOutput = pipe
    try xz.run()
    let data = try pipe.fileHandleForReading.readToEnd() ?? Data()
    xz.waitUntilExit()
    guard xz.terminationStatus == 0 else {
      throw BenchmarkError("xz -dc \(path) failed with status \(xz.terminationStatus)")
    }
    return [UInt8](data)
  }
}
