import JSONKit
import RPCKit

extension JSONFields {
  /// The optional `catalog` name every method takes (default `"default"`).
  func catalogName() throws -> String {
    let name = try optional("catalog", as: String.self) ?? "default"
    guard !name.isEmpty else {
      throw ResponseError.invalidParams("\(path(of: "catalog")): expected a non-empty string, got an empty one")
    }
    return name
  }

  /// The optional `field` identity of a search box (default `"default"`).
  func fieldName() throws -> String {
    try optional("field", as: String.self) ?? "default"
  }

  /// An optional non-negative integer no larger than `maximum`.
  func count(_ key: String, default value: Int, maximum: Int) throws -> Int {
    let number = try optional(key, as: Int.self) ?? value
    guard number >= 0, number <= maximum else {
      throw ResponseError.invalidParams(
        "\(path(of: key)): expected an integer from 0 to \(maximum), got \(number)"
      )
    }
    return number
  }
}

extension JSONFields {
  /// The optional per-request `debounceMs`.
  func debounce() throws -> Int? {
    guard let value = try optional("debounceMs", as: Int.self) else { return nil }
    guard value >= 0, value <= 60_000 else {
      throw ResponseError.invalidParams("\(path(of: "debounceMs")): expected an integer from 0 to 60000, got \(value)")
    }
    return value
  }
}
