/// A type that writes itself as JSON.
///
/// Conform wire types to write responses straight into a ``JSONWriter``, with no intermediate ``JSONValue`` tree:
///
/// ```swift
/// extension SearchItem: JSONEncodable {
///   func encode(to writer: inout JSONWriter) {
///     writer.writeObject { w in
///       w.field("id", id)
///       w.field("title", title)
///       w.field("subtitle", ifPresent: subtitle)
///     }
///   }
/// }
/// ```
public protocol JSONEncodable {
  /// Writes this value as exactly one JSON value.
  ///
  /// - Parameter writer: The writer to append to.
  func encode(to writer: inout JSONWriter)
}

extension JSONValue: JSONEncodable {
  /// Writes the value tree.
  ///
  /// - Parameter writer: The writer to append to.
  public func encode(to writer: inout JSONWriter) {
    writer.write(self)
  }

  /// The compact JSON text of this value, as UTF-8.
  ///
  /// - Returns: The serialized bytes, on one line.
  public func serialized() -> [UInt8] {
    var writer = JSONWriter()
    writer.write(self)
    return writer.bytes
  }

  /// The compact JSON text of this value.
  ///
  /// - Returns: The serialized text, on one line.
  public func serializedString() -> String {
    String(decoding: serialized(), as: UTF8.self)
  }
}

extension JSONObject: JSONEncodable {
  /// Writes the object, members in order.
  ///
  /// - Parameter writer: The writer to append to.
  public func encode(to writer: inout JSONWriter) {
    writer.write(self)
  }
}

extension JSONNumber: JSONEncodable {
  /// Writes the number's literal text.
  ///
  /// - Parameter writer: The writer to append to.
  public func encode(to writer: inout JSONWriter) {
    writer.write(self)
  }
}

extension String: JSONEncodable {
  /// Writes the string, escaped.
  ///
  /// - Parameter writer: The writer to append to.
  public func encode(to writer: inout JSONWriter) {
    writer.write(self)
  }
}

extension Bool: JSONEncodable {
  /// Writes `true` or `false`.
  ///
  /// - Parameter writer: The writer to append to.
  public func encode(to writer: inout JSONWriter) {
    writer.write(self)
  }
}

extension Int: JSONEncodable {
  /// Writes the integer in decimal.
  ///
  /// - Parameter writer: The writer to append to.
  public func encode(to writer: inout JSONWriter) {
    writer.write(self)
  }
}

extension Int64: JSONEncodable {
  /// Writes the integer in decimal.
  ///
  /// - Parameter writer: The writer to append to.
  public func encode(to writer: inout JSONWriter) {
    writer.write(self)
  }
}

extension Double: JSONEncodable {
  /// Writes the number, or `null` when it is not finite.
  ///
  /// - Parameter writer: The writer to append to.
  public func encode(to writer: inout JSONWriter) {
    writer.write(self)
  }
}

extension Optional: JSONEncodable where Wrapped: JSONEncodable {
  /// Writes the wrapped value, or `null`.
  ///
  /// - Parameter writer: The writer to append to.
  public func encode(to writer: inout JSONWriter) {
    if let self {
      self.encode(to: &writer)
    } else {
      writer.writeNull()
    }
  }
}

extension Array: JSONEncodable where Element: JSONEncodable {
  /// Writes the elements as an array.
  ///
  /// - Parameter writer: The writer to append to.
  public func encode(to writer: inout JSONWriter) {
    writer.beginArray()
    for element in self { element.encode(to: &writer) }
    writer.endArray()
  }
}
