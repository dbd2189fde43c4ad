import Foundation
import SuggestEngine
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A fresh directory under the system's temporary directory, removed (with everything in it) on `deinit`.
final class RecentsScratchDirectory {
  /// The directory's path.
  let path: String

  init() throws {
    path =
      URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("suggest-recents-\(UUID().uuidString)")
      .path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit {
    // Give back any permission a test took away, so that the removal succeeds.
    _ = try? FileManager.default.subpathsOfDirectory(atPath: path).forEach { chmod(path + "/" + $0, 0o700) }
    try? FileManager.default.removeItem(atPath: path)
  }

  /// `path/name`.
  func appending(_ name: String) -> String { path + "/" + name }

  /// The names in the directory, sorted.
  func names(in subdirectory: String? = nil) -> [String] {
    let directory = subdirectory.map(appending) ?? path
    return ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
  }

  /// Writes `bytes` to `name`.
  func write(_ bytes: [UInt8], to name: String) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: appending(name)))
  }

  /// The bytes of `name`, or `nil` when it cannot be read.
  func read(_ name: String) -> [UInt8]? {
    FileManager.default.contents(atPath: appending(name)).map { [UInt8]($0) }
  }
}

/// The name of a problem's case, for comparing kinds without their details.
func problemKind(_ problem: RecentsFileDiagnostic.Problem) -> String {
  switch problem {
  case .unreadable: "unreadable"
  case .notARegularFile: "notARegularFile"
  case .tooLarge: "tooLarge"
  case .invalidJSON: "invalidJSON"
  case .unexpectedShape: "unexpectedShape"
  case .unsupportedVersion: "unsupportedVersion"
  }
}

/// A book with a bit of everything: several catalogs, ids and none, non-ASCII text and awkward catalog names.
func sampleRecentsBook() -> RecentsBook {
  var book = RecentsBook(maxCount: 5)
  book.add(text: "iPhone 15 Pro", id: "iphone-15-pro", at: 1_767_225_600_000, catalog: "default")
  book.add(text: "watch", at: 1_767_225_700_000, catalog: "default")
  book.add(text: "watch", at: 1_767_225_800_000, catalog: "default")
  book.add(text: "Pokémon \"Red\" \\ 🎮", id: "poké/1", at: -5, catalog: "games")
  book.add(text: "東京", at: 42, catalog: "../../etc")
  book.add(text: "nul", at: 43, catalog: "a\u{0}b/c")
  book.add(text: "empty name", at: 44, catalog: "")
  return book
}

let newYear2026Milliseconds: Int64 = 1_767_225_600_000

@Suite struct RecentsFileTests {
  @Test("a saved book loads back equal")
  func roundTrip() throws {
    let directory = try RecentsScratchDirectory()
    let file = RecentsFile(directory: directory.path)
    let book = sampleRecentsBook()
    try file.save(book)
    let loaded = file.load(maxCount: 5, now: 0)
    #expect(loaded.diagnostic == nil)
    #expect(loaded.book == book)
    #expect(Set(loaded.book.stores.keys) == ["default", "games", "../../etc", "a\u{0}b/c", ""])
  }

  @Test("the file format: version 1, catalogs sorted by name, entries newest first, readable JSON")
  func format() throws {
    let directory = try RecentsScratchDirectory()
    var book = RecentsBook()
    book.add(text: "watch", at: 1_767_225_500_000, catalog: "default")
    book.add(text: "iPhone 15", id: "iphone-15", at: newYear2026Milliseconds, catalog: "default")
    book.add(text: "iPhone 15", id: "iphone-15", at: newYear2026Milliseconds, catalog: "default")
    book.add(text: "Jazz/Blues", at: 7, catalog: "music")
    try RecentsFile(directory: directory.path).save(book)
    let text = String(decoding: try #require(directory.read("recents.json")), as: UTF8.self)
    #expect(
      text == """
        {
          "catalogs" : [
            {
              "name" : "default",
              "recents" : [
                {
                  "count" : 2,
                  "id" : "iphone-15",
                  "lastUsed" : 1767225600000,
                  "text" : "iPhone 15"
                },
                {
                  "count" : 1,
                  "lastUsed" : 1767225500000,
                  "text" : "watch"
                }
              ]
            },
            {
              "name" : "music",
              "recents" : [
                {
                  "count" : 1,
                  "lastUsed" : 7,
                  "text" : "Jazz/Blues"
                }
              ]
            }
          ],
          "version" : 1
        }

        """
    )
  }

  @Test("a save leaves exactly the state file, correct as soon as save returns")
  func durableSave() throws {
    let directory = try RecentsScratchDirectory()
    let file = RecentsFile(directory: directory.path)
    var book = RecentsBook()
    for index in 0..<20 {
      book.add(text: "query \(index)", at: Int64(index), catalog: "c\(index % 3)")
      try file.save(book)
      #expect(directory.names() == ["recents.json"])
      #expect(RecentsFile(directory: directory.path).load(maxCount: 5, now: 0).book == book)
    }
  }

  @Test("a missing file or directory is an empty book, silently; the first save creates the directory")
  func missing() throws {
    let directory = try RecentsScratchDirectory()
    let nested = directory.appending("state/deeper/")
    let file = RecentsFile(directory: nested)
    let loaded = file.load(maxCount: 5, now: 0)
    #expect(loaded.diagnostic == nil)
    #expect(loaded.book.isEmpty)
    #expect(directory.names().isEmpty)
    try file.save(sampleRecentsBook())
    #expect(directory.names(in: "state/deeper") == ["recents.json"])
    var status = stat()
    #expect(stat(nested, &status) == 0)
    #expect(status.st_mode & 0o777 == 0o700)
    #expect(file.path == directory.appending("state/deeper/recents.json"))
  }

  /// A bad state file and the kind of problem it must be reported as.
  struct BadFile: CustomTestStringConvertible, Sendable {
    var name: String
    var bytes: [UInt8]
    var problem: String
    var testDescription: String { name }
    init(_ name: String, _ text: String, _ problem: String) {
      self.init(name, Array(text.utf8), problem)
    }
    init(_ name: String, _ bytes: [UInt8], _ problem: String) {
      self.name = name
      self.bytes = bytes
      self.problem = problem
    }
  }

  static let badFiles: [BadFile] = [
    BadFile("garbage", "not json {", "invalidJSON"),
    BadFile("empty", "", "invalidJSON"),
    BadFile("whitespace", " \n\t ", "invalidJSON"),
    BadFile("truncated", #"{"version": 1, "catalogs": [{"name": "default", "rec"#, "invalidJSON"),
    BadFile("invalid UTF-8", [0x7B, 0x22, 0xFF, 0xFE, 0x22, 0x3A, 0x31, 0x7D], "invalidJSON"),
    BadFile("trailing garbage", #"{"version": 1, "catalogs": []} x"#, "invalidJSON"),
    BadFile("an array", "[]", "unexpectedShape"),
    BadFile("null", "null", "unexpectedShape"),
    BadFile("no version", #"{"catalogs": []}"#, "unexpectedShape"),
    BadFile("version as a string", #"{"version": "1", "catalogs": []}"#, "unexpectedShape"),
    BadFile("no catalogs", #"{"version": 1}"#, "unexpectedShape"),
    BadFile("catalogs not an array", #"{"version": 1, "catalogs": {}}"#, "unexpectedShape"),
    BadFile(
      "entry without text",
      #"{"version": 1, "catalogs": [{"name": "d", "recents": [{"count": 1, "lastUsed": 1}]}]}"#,
      "unexpectedShape"
    ),
    BadFile(
      "fractional count",
      #"{"version": 1, "catalogs": [{"name": "d", "recents": [{"text": "a", "count": 1.5, "lastUsed": 1}]}]}"#,
      "unexpectedShape"
    ),
    BadFile(
      "count 0",
      #"{"version": 1, "catalogs": [{"name": "d", "recents": [{"text": "a", "count": 0, "lastUsed": 1}]}]}"#,
      "unexpectedShape"
    ),
    BadFile(
      "a catalog twice",
      #"{"version": 1, "catalogs": [{"name": "d", "recents": []}, {"name": "d", "recents": []}]}"#,
      "unexpectedShape"
    ),
    BadFile("version 2", #"{"version": 2, "catalogs": "a newer layout"}"#, "unsupportedVersion"),
  ]

  @Test(
    "a corrupt file is reported, set aside unchanged, the book starts empty and later saves work",
    arguments: badFiles
  )
  func corrupt(bad: BadFile) throws {
    let directory = try RecentsScratchDirectory()
    try directory.write(bad.bytes, to: "recents.json")
    let file = RecentsFile(directory: directory.path)
    let loaded = file.load(maxCount: 5, now: newYear2026Milliseconds)
    let diagnostic = try #require(loaded.diagnostic)
    #expect(problemKind(diagnostic.problem) == bad.problem, "\(diagnostic)")
    #expect(loaded.book.isEmpty)
    #expect(diagnostic.path == file.path)
    #expect(diagnostic.setAsidePath == directory.appending("recents.json.corrupt-20260101T000000Z"))
    #expect(directory.names() == ["recents.json.corrupt-20260101T000000Z"])
    #expect(directory.read("recents.json.corrupt-20260101T000000Z") == bad.bytes)
    #expect(diagnostic.description.contains("set aside as"))
    try file.save(sampleRecentsBook())
    #expect(file.load(maxCount: 5, now: 0) == (sampleRecentsBook(), nil))
  }

  @Test("the diagnostic says what is wrong, for the daemon's stderr")
  func diagnosticText() throws {
    let directory = try RecentsScratchDirectory()
    try directory.write(Array(#"{"version": 1, "catalogs": [{"name": 3}]}"#.utf8), to: "recents.json")
    let diagnostic = try #require(RecentsFile(directory: directory.path).load(maxCount: 5, now: 0).diagnostic)
    #expect(diagnostic.problem == .unexpectedShape("catalogs[0].name: expected a string"))
    #expect(
      diagnostic.description
        == "recents file '\(directory.path)/recents.json' is not a recents file (catalogs[0].name: expected a string); "
        + "set aside as '\(directory.path)/recents.json.corrupt-19700101T000000Z'; starting with no recents"
    )
  }

  @Test("set-aside names never overwrite an earlier set-aside file")
  func setAsideNamesAreUnique() throws {
    let directory = try RecentsScratchDirectory()
    let file = RecentsFile(directory: directory.path)
    for round in 1...3 {
      try directory.write(Array("bad \(round)".utf8), to: "recents.json")
      _ = file.load(maxCount: 5, now: newYear2026Milliseconds + 999)
    }
    let stamp = "recents.json.corrupt-20260101T000000Z"
    #expect(directory.names() == [stamp, stamp + "-2", stamp + "-3"])
    #expect(directory.read(stamp + "-3") == Array("bad 3".utf8))
  }

  @Test(
    "set-aside names carry the UTC time",
    arguments: [
      (Int64(0), "19700101T000000Z"), (-1, "19691231T235959Z"), (951_782_400_000, "20000229T000000Z"),
      (1_767_225_599_999, "20251231T235959Z"), (4_102_444_800_000, "21000101T000000Z"),
    ]
  )
  func setAsideStamp(now: Int64, stamp: String) throws {
    let directory = try RecentsScratchDirectory()
    try directory.write([0x7B], to: "recents.json")
    let diagnostic = try #require(RecentsFile(directory: directory.path).load(maxCount: 5, now: now).diagnostic)
    #expect(diagnostic.setAsidePath == directory.appending("recents.json.corrupt-" + stamp))
  }

  @Test("a directory named recents.json is reported and set aside with its content, and saves work after")
  func directoryInThePlace() throws {
    let directory = try RecentsScratchDirectory()
    try FileManager.default.createDirectory(
      atPath: directory.appending("recents.json"),
      withIntermediateDirectories: false
    )
    try directory.write([1, 2, 3], to: "recents.json/inside")
    let file = RecentsFile(directory: directory.path)
    let loaded = file.load(maxCount: 5, now: 0)
    #expect(loaded.diagnostic?.problem == .notARegularFile)
    #expect(loaded.book.isEmpty)
    #expect(directory.read("recents.json.corrupt-19700101T000000Z/inside") == [1, 2, 3])
    try file.save(sampleRecentsBook())
    #expect(file.load(maxCount: 5, now: 0).book == sampleRecentsBook())
  }

  @Test("a FIFO named recents.json is set aside without blocking the load")
  func fifoInThePlace() throws {
    let directory = try RecentsScratchDirectory()
    #expect(mkfifo(directory.appending("recents.json"), 0o600) == 0)
    let loaded = RecentsFile(directory: directory.path).load(maxCount: 5, now: 0)
    #expect(loaded.diagnostic?.problem == .notARegularFile)
    #expect(directory.names() == ["recents.json.corrupt-19700101T000000Z"])
  }

  @Test("a file over the size limit is set aside unread")
  func tooLarge() throws {
    let directory = try RecentsScratchDirectory()
    let path = directory.appending("recents.json")
    let descriptor = open(path, O_WRONLY | O_CREAT, 0o600)
    #expect(descriptor >= 0)
    // Sparse: no disk space used.
    #expect(ftruncate(descriptor, off_t(RecentsFile.maxFileSize + 1)) == 0)
    close(descriptor)
    let loaded = RecentsFile(directory: directory.path).load(maxCount: 5, now: 0)
    #expect(loaded.diagnostic?.problem == .tooLarge(bytes: RecentsFile.maxFileSize + 1))
    #expect(directory.names() == ["recents.json.corrupt-19700101T000000Z"])
  }

  @Test("an unreadable file: set aside for a normal user; root reads it anyway and it loads")
  func unreadable() throws {
    let directory = try RecentsScratchDirectory()
    let file = RecentsFile(directory: directory.path)
    try file.save(sampleRecentsBook())
    #expect(chmod(file.path, 0) == 0)
    let loaded = file.load(maxCount: 5, now: 0)
    if geteuid() == 0 {
      // Root bypasses file permissions: the file is readable, so it is simply loaded.
      #expect(loaded.diagnostic == nil)
      #expect(loaded.book == sampleRecentsBook())
    } else {
      #expect(loaded.diagnostic?.problem == .unreadable(errno: EACCES))
      #expect(loaded.book.isEmpty)
      #expect(directory.names() == ["recents.json.corrupt-19700101T000000Z"])
      try file.save(sampleRecentsBook())
      #expect(file.load(maxCount: 5, now: 0).book == sampleRecentsBook())
    }
  }

  @Test("a state directory that is a file: load reports it, cannot set it aside; save fails with ENOTDIR")
  func stateDirectoryIsAFile() throws {
    let directory = try RecentsScratchDirectory()
    try directory.write([0x78], to: "state")
    let file = RecentsFile(directory: directory.appending("state"))
    let loaded = file.load(maxCount: 5, now: 0)
    #expect(loaded.diagnostic?.problem == .unreadable(errno: ENOTDIR))
    #expect(loaded.diagnostic?.setAsidePath == nil)
    #expect(loaded.diagnostic?.setAsideErrno == ENOTDIR)
    #expect(loaded.diagnostic?.description.contains("could not be set aside") == true)
    #expect(throws: RecentsSaveError(stage: .createDirectory, path: file.directory, errno: ENOTDIR)) {
      try file.save(sampleRecentsBook())
    }
    #expect(directory.read("state") == [0x78])
  }

  @Test("a stale temporary file is replaced, and a link in its place is never written through")
  func temporaryFileSafety() throws {
    let directory = try RecentsScratchDirectory()
    try directory.write([0x6F, 0x6C, 0x64], to: "outside")
    #expect(symlink(directory.appending("outside"), directory.appending("recents.json.tmp")) == 0)
    let file = RecentsFile(directory: directory.path)
    try file.save(sampleRecentsBook())
    #expect(directory.read("outside") == [0x6F, 0x6C, 0x64])
    #expect(directory.names() == ["outside", "recents.json"])
    try directory.write([0x78], to: "recents.json.tmp")
    try file.save(RecentsBook())
    #expect(directory.names() == ["outside", "recents.json"])
    #expect(file.load(maxCount: 5, now: 0).book.isEmpty)
  }

  @Test("catalog names with /, .. and NUL stay inside the JSON: nothing is written outside the state directory")
  func hostileCatalogNames() throws {
    let root = try RecentsScratchDirectory()
    try FileManager.default.createDirectory(atPath: root.appending("state"), withIntermediateDirectories: false)
    let file = RecentsFile(directory: root.appending("state"))
    var book = RecentsBook()
    let names = [
      "../escaped", "../../../../../../tmp/escaped", "/etc/passwd", "a/b", "..", ".", "nul\u{0}byte", "\u{0}",
    ]
    for (index, name) in names.enumerated() { book.add(text: "t\(index)", at: Int64(index), catalog: name) }
    try file.save(book)
    #expect(root.names() == ["state"])
    #expect(root.names(in: "state") == ["recents.json"])
    let loaded = file.load(maxCount: 5, now: 0)
    #expect(loaded.book == book)
    #expect(Set(loaded.book.stores.keys) == Set(names))
  }

  @Test("loading applies a smaller cap than the file was saved with")
  func loadingApplesTheCap() throws {
    let directory = try RecentsScratchDirectory()
    let file = RecentsFile(directory: directory.path)
    var book = RecentsBook(maxCount: 10)
    for index in 0..<10 { book.add(text: "q\(index)", at: Int64(index), catalog: "c") }
    try file.save(book)
    let loaded = file.load(maxCount: 3, now: 0).book
    #expect(loaded[catalog: "c"].entries.map(\.text) == ["q9", "q8", "q7"])
    #expect(loaded.maxCount == 3)
  }
}
