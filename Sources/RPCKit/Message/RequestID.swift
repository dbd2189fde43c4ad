public import JSONKit

/// A request's id as the client sent it: a number (literal text kept), a string, or an explicit `null`.
///
/// Ids are echoed exactly: `9007199254740993` stays itself, strings byte for byte. Ids also compare exactly:
/// strings by their UTF-8 bytes, as JSON compares strings (Swift's `String ==` would take `"é"` and `"e\u{301}"`
/// for the same id), numbers by their literal text (`1` and `1.0` are two ids).
public enum RequestID: Sendable, Hashable, CustomStringConvertible {
  /// A numeric id, kept as its literal text.
  case number(JSONNumber)
  /// A string id.
  case string(String)
  /// An explicit `"id": null`, answered as a request with id null.
  case null

  /// Reads an id from its JSON value; `nil` when the value cannot be an id (bool, array, object).
  public init?(json: JSONValue) {
    switch json {
    case .number(let number): self = .number(number)
    case .string(let string): self = .string(string)
    case .null: self = .null
    default: return nil
    }
  }

  /// An integer id.
  public init(_ value: Int) {
    self = .number(JSONNumber(value))
  }

  /// The id as a JSON value.
  public var json: JSONValue {
    switch self {
    case .number(let number): .number(number)
    case .string(let string): .string(string)
    case .null: .null
    }
  }

  /// The id as it appears on the wire.
  public var description: String {
    switch self {
    case .number(let number): number.text
    case .string(let string): "\"\(string)\""
    case .null: "null"
    }
  }
}

extension RequestID {
  /// Compares ids exactly: strings by their UTF-8 bytes, numbers by their literal text.
  ///
  /// - Parameters:
  ///   - lhs: An id.
  ///   - rhs: Another id.
  /// - Returns: Whether the two ids are the same on the wire.
  public static func == (lhs: RequestID, rhs: RequestID) -> Bool {
    switch (lhs, rhs) {
    case (.number(let a), .number(let b)): a == b
    case (.string(let a), .string(let b)): a.utf8.elementsEqual(b.utf8)
    case (.null, .null): true
    default: false
    }
  }

  /// Hashes the id consistently with ``==(_:_:)``: a string by its UTF-8 bytes.
  ///
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) {
    switch self {
    case .number(let number):
      hasher.combine(0 as UInt8)
      hasher.combine(number)
    case .string(let string):
      hasher.combine(1 as UInt8)
      hasher.combine(string.utf8.count)
      let isHashed: Void? = string.utf8.withContiguousStorageIfAvailable {
        hasher.combine(bytes: UnsafeRawBufferPointer($0))
      }
      if isHashed == nil {
        for byte in string.utf8 { hasher.combine(byte) }
      }
    case .null:
      hasher.combine(2 as UInt8)
    }
  }
}
