#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The JSON shape of the recents state file, version 1, and its conversion from and to a ``RecentsBook``.
///
/// ```json
/// {
///   "catalogs" : [
///     {
///       "name" : "default",
///       "recents" : [
///         { "count" : 2, "id" : "iphone-15", "lastUsed" : 1767225600000, "text" : "iPhone 15" },
///         { "count" : 1, "lastUsed" : 1767225500000, "text" : "watch" }
///       ]
///     }
///   ],
///   "version" : 1
/// }
/// ```
///
/// Catalogs are sorted by name, entries newest first; `id` is absent for a free-text search; `lastUsed` is
/// milliseconds since 1970-01-01T00:00:00Z; `count` is at least 1. Unknown members are ignored, so a newer build
/// may add some without a version change.
enum RecentsFileFormat {
  /// The top-level object.
  private struct Contents: Codable {
    var version: Integer
    var catalogs: [Catalog]
  }

  /// One catalog's recents.
  private struct Catalog: Codable {
    var name: String
    var recents: [Entry]
  }

  /// One entry.
  private struct Entry: Codable {
    var text: String
    var id: String?
    var count: Integer
    var lastUsed: Integer
  }

  /// Just the version, read first so that a file of another version is reported as such.
  private struct VersionProbe: Decodable {
    var version: Integer
  }

  /// A JSON integer. Foundation's decoder reports a fraction where an integer belongs (`1.5`) as invalid JSON
  /// without a path; this reports it as a wrong value at its path.
  private struct Integer: Codable {
    var value: Int64

    init(_ value: Int64) {
      self.value = value
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let value = try? container.decode(Int64.self) {
        self.value = value
      } else if let number = try? container.decode(Double.self) {
        throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(number) is not an integer")
      } else {
        self.value = try container.decode(Int64.self)
      }
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encode(value)
    }
  }

  /// Encodes `book` as the file's bytes (pretty-printed, sorted keys, so the file is readable and stable).
  static func encode(_ book: RecentsBook) throws -> [UInt8] {
    let catalogs = book.stores.keys.sorted().map { name in
      Catalog(
        name: name,
        recents: book[catalog: name].entries.map {
          Entry(text: $0.text, id: $0.id, count: Integer(Int64($0.count)), lastUsed: Integer($0.lastUsed))
        }
      )
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    var bytes = [UInt8](
      try encoder.encode(Contents(version: Integer(Int64(RecentsFile.formatVersion)), catalogs: catalogs))
    )
    bytes.append(0x0A)
    return bytes
  }

  /// Decodes the file's bytes into a book capped at `maxCount`.
  ///
  /// - Throws: The ``RecentsFileDiagnostic/Problem`` that makes the file unusable.
  static func decode(_ bytes: [UInt8], maxCount: Int) throws(RecentsFileDiagnostic.Problem) -> RecentsBook {
    guard bytes.contains(where: { !Self.isJSONWhitespace($0) }) else { throw .invalidJSON("the file is empty") }
    let data = Data(bytes)
    let decoder = JSONDecoder()
    let version: Int64
    do {
      version = try decoder.decode(VersionProbe.self, from: data).version.value
    } catch {
      throw problem(from: error)
    }
    guard version == RecentsFile.formatVersion else { throw .unsupportedVersion(version) }
    let contents: Contents
    do {
      contents = try decoder.decode(Contents.self, from: data)
    } catch {
      throw problem(from: error)
    }
    var stores: [String: RecentsStore] = [:]
    for (catalogIndex, catalog) in contents.catalogs.enumerated() {
      guard stores[catalog.name] == nil else {
        throw .unexpectedShape("catalogs[\(catalogIndex)]: catalog name listed twice")
      }
      var entries: [RecentEntry] = []
      for (entryIndex, entry) in catalog.recents.enumerated() {
        guard entry.count.value >= 1, let count = Int(exactly: entry.count.value) else {
          throw .unexpectedShape(
            "catalogs[\(catalogIndex)].recents[\(entryIndex)].count: \(entry.count.value) is not a positive count"
          )
        }
        entries.append(RecentEntry(text: entry.text, id: entry.id, count: count, lastUsed: entry.lastUsed.value))
      }
      stores[catalog.name] = RecentsStore(maxCount: maxCount, entries: entries)
    }
    return RecentsBook(maxCount: maxCount, stores: stores)
  }

  /// Maps a decoder error to invalid JSON (no path: the parser failed) or an unexpected shape (with the path).
  private static func problem(from error: any Error) -> RecentsFileDiagnostic.Problem {
    guard let error = error as? DecodingError else { return .invalidJSON(String(describing: error)) }
    switch error {
    case .dataCorrupted(let context) where context.codingPath.isEmpty:
      return .invalidJSON(context.underlyingError.map { String(describing: $0) } ?? context.debugDescription)
    case .dataCorrupted(let context):
      return .unexpectedShape("\(path(context.codingPath)): \(context.debugDescription)")
    case .typeMismatch(let type, let context):
      return .unexpectedShape("\(path(context.codingPath)): expected \(typeName(type))")
    case .valueNotFound(let type, let context):
      return .unexpectedShape("\(path(context.codingPath)): expected \(typeName(type)), found null")
    case .keyNotFound(let key, let context):
      return .unexpectedShape("\(path(context.codingPath + [key])): missing")
    @unknown default:
      return .unexpectedShape(String(describing: error))
    }
  }

  /// A coding path as `catalogs[0].recents[2].count` (`$` for the top level).
  private static func path(_ codingPath: [any CodingKey]) -> String {
    var text = ""
    for key in codingPath {
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
      }
    }
    return text.isEmpty ? "$" : text
  }

  /// The JSON name of the type the decoder expected.
  private static func typeName(_ type: Any.Type) -> String {
    if type is String.Type { return "a string" }
    if type is Int64.Type || type is Integer.Type { return "an integer" }
    return String(describing: type).hasPrefix("Array") ? "an array" : "an object"

  }

  private static func isJSONWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }
}
