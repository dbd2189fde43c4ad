import Foundation
import Testing

@testable import SuggestEngine

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading files: typed errors for every way a path can be wrong, format detection and its override.
@Suite struct CatalogLoaderFileTests {
  @Test("a missing file, or a path through a missing directory or a file, is 'not found'")
  func notFound() async throws {
    let directory = try LoaderScratchDirectory()
    let file = try directory.write("x", to: "plain.txt")
    for path in [directory.path + "/missing.json", directory.path + "/nowhere/c.tsv", file + "/c.tsv"] {
      await #expect(throws: CatalogLoadError.fileNotFound(path: path)) { try await CatalogLoader.load(path: path) }
    }
    #expect(
      CatalogLoadError.fileNotFound(path: "/x/c.json").description == "catalog file not found: /x/c.json"
    )
  }

  @Test("a directory or a FIFO is 'not a regular file' (and a FIFO is not waited on)")
  func notRegular() async throws {
    let directory = try LoaderScratchDirectory()
    let folder = directory.path + "/folder.json"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    await #expect(throws: CatalogLoadError.notARegularFile(path: folder)) { try await CatalogLoader.load(path: folder) }
    let fifo = directory.path + "/pipe.tsv"
    #expect(mkfifo(fifo, 0o600) == 0)
    await #expect(throws: CatalogLoadError.notARegularFile(path: fifo)) { try await CatalogLoader.load(path: fifo) }
    #expect(
      CatalogLoadError.notARegularFile(path: folder).description == "catalog path is not a regular file: \(folder)"
    )
  }

  @Test("a file over the size limit is refused before it is read")
  func tooLarge() async throws {
    let directory = try LoaderScratchDirectory()
    let path = try directory.write("name\n", to: "huge.tsv")
    let size = CatalogLoader.maximumFileSize + 1
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.truncate(atOffset: UInt64(size))  // sparse: no disk space used
    try handle.close()
    let error = CatalogLoadError.tooLarge(path: path, size: size, limit: 2_147_483_648)
    await #expect(throws: error) { try await CatalogLoader.load(path: path) }
    #expect(error.description == "catalog file \(path) is too large: 2147483649 bytes (the limit is 2147483648 bytes)")
  }

  @Test("an unknown or missing extension is an error that lists the supported ones")
  func unsupportedExtension() async throws {
    let directory = try LoaderScratchDirectory()
    let csv = try directory.write("a,b\n", to: "catalog.csv")
    await #expect(throws: CatalogLoadError.unsupportedFormat(path: csv, found: "csv")) {
      try await CatalogLoader.load(path: csv)
    }
    #expect(
      CatalogLoadError.unsupportedFormat(path: csv, found: "csv").description
        == "unsupported catalog format \".csv\" of \(csv) (supported: .json, .jsonl, .ndjson, .tsv, .txt)"
    )
    let bare = try directory.write("a\n", to: "catalog")
    await #expect(throws: CatalogLoadError.unsupportedFormat(path: bare, found: "")) {
      try await CatalogLoader.load(path: bare)
    }
    #expect(
      CatalogLoadError.unsupportedFormat(path: bare, found: "").description
        == "cannot tell the catalog format of \(bare): it has no file extension "
        + "(supported: .json, .jsonl, .ndjson, .tsv, .txt; or give a format)"
    )
    #expect(
      CatalogLoadError.unsupportedFormat(path: nil, found: "xml").description
        == "unsupported catalog format \"xml\" (supported: json, jsonl, ndjson, tsv, txt)"
    )
  }

  @Test("a given format overrides the extension")
  func formatOverride() async throws {
    let directory = try LoaderScratchDirectory()
    let csv = try directory.write("name\tsummary\nreq\tHTTP\n", to: "catalog.csv")
    #expect(
      try await CatalogLoader.load(path: csv, format: .tsv).items == [
        CatalogItem(id: "req", title: "req", subtitle: "HTTP")
      ]
    )
    let txt = try directory.write(#"{"title": "from json"}"# + "\n", to: "catalog.txt")
    #expect(try await CatalogLoader.load(path: txt).items.map(\.title) == [#"{"title": "from json"}"#])
    #expect(try await CatalogLoader.load(path: txt, format: .jsonl).items.map(\.title) == ["from json"])
    let missing = directory.path + "/missing.csv"
    await #expect(throws: CatalogLoadError.fileNotFound(path: missing)) {
      try await CatalogLoader.load(path: missing, format: .tsv)
    }
  }

  @Test(
    "format names and extensions",
    arguments: [
      ("json", CatalogFormat.json), ("JSONL", .jsonl), (".ndjson", .jsonl), ("Tsv", .tsv), ("txt", .txt),
    ]
  )
  func formatNames(name: String, format: CatalogFormat) throws {
    #expect(CatalogFormat(name: name) == format)
    #expect(try CatalogFormat(path: "/data/catalog.\(name.hasPrefix(".") ? String(name.dropFirst()) : name)") == format)
  }

  @Test("paths whose extension is missing or unknown")
  func formatPathsWithoutExtension() {
    #expect(CatalogFormat(name: "csv") == nil)
    #expect(CatalogFormat(name: "") == nil)
    #expect(throws: CatalogLoadError.unsupportedFormat(path: "/data.d/catalog", found: "")) {
      try CatalogFormat(path: "/data.d/catalog")
    }
    #expect(throws: CatalogLoadError.unsupportedFormat(path: "/data/.json", found: "")) {
      try CatalogFormat(path: "/data/.json")
    }
    #expect(throws: CatalogLoadError.unsupportedFormat(path: "pypi.tsv.xz", found: "xz")) {
      try CatalogFormat(path: "pypi.tsv.xz")
    }
  }

  @Test("a file of each format loads from disk")
  func everyFormatFromDisk() async throws {
    let directory = try LoaderScratchDirectory()
    let files = [
      ("c.json", #"[{"title": "A"}]"#),
      ("c.jsonl", #"{"title": "A"}"#),
      ("c.tsv", "title\nA\n"),
      ("c.txt", "A\n"),
    ]
    for (name, text) in files {
      let catalog = try await CatalogLoader.load(path: try directory.write(text, to: name))
      #expect(catalog.items == [CatalogItem(id: "A", title: "A")], "\(name)")
    }
  }
}
