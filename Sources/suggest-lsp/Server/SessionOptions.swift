import JSONKit
import RPCKit
import SuggestEngine

/// Settings a client can give in `initializationOptions` (and some per request).
struct SessionOptions: Sendable, Equatable {
  /// The default debounce delay of search queries, in milliseconds.
  var debounceMilliseconds: Int?
  /// How many recents are kept per catalog.
  var maxRecents: Int?
  /// The position encoding to use when the client's capabilities name none.
  var positionEncoding: PositionEncoding?
  /// `completion`: the editor completion settings.
  var completion: CompletionSettings?

  init(fields: JSONFields) throws {
    debounceMilliseconds = try fields.optional("debounceMs").map { try Self.checked($0, "debounceMs", fields, 60_000) }
    maxRecents = try fields.optional("maxRecents").map { try Self.checked($0, "maxRecents", fields, 10_000) }
    if let name: String = try fields.optional("positionEncoding") {
      guard let encoding = PositionEncoding(rawValue: name) else {
        throw ResponseError.invalidParams(
          "\(fields.path(of: "positionEncoding")): expected \"utf-8\", \"utf-16\" or \"utf-32\", got \"\(name)\""
        )
      }
      positionEncoding = encoding
    }
    if let value = fields["completion"], !value.isNull {
      completion = try CompletionSettings(fields: try JSONFields(object: value, path: fields.path(of: "completion")))
    }
  }

  private static func checked(_ value: Int, _ key: String, _ fields: JSONFields, _ maximum: Int) throws -> Int {
    guard value >= 0, value <= maximum else {
      throw ResponseError.invalidParams(
        "\(fields.path(of: key)): expected an integer from 0 to \(maximum), got \(value)"
      )
    }
    return value
  }
}
