import JSONKit
import RPCKit

extension JSONFields {
  /// `textDocument.uri`.
  func documentURI() throws -> String {
    try requiredObject("textDocument").required("uri")
  }

  /// A position `{line, character}`, both non-negative integers.
  func position(_ key: String) throws -> DocumentPosition {
    let position = try requiredObject(key)
    let line: Int = try position.required("line")
    let character: Int = try position.required("character")
    guard line >= 0 else { throw ResponseError.invalidParams("\(position.path(of: "line")): expected >= 0") }
    guard character >= 0 else {
      throw ResponseError.invalidParams("\(position.path(of: "character")): expected >= 0")
    }
    return DocumentPosition(line: line, character: character)
  }

  /// A range `{start, end}`.
  func range(_ key: String) throws -> DocumentRange {
    let range = try requiredObject(key)
    return DocumentRange(start: try range.position("start"), end: try range.position("end"))
  }
}

extension DocumentPosition: JSONEncodable {
  func encode(to writer: inout JSONWriter) {
    writer.writeObject { writer in
      writer.field("line", line)
      writer.field("character", character)
    }
  }
}

extension DocumentRange: JSONEncodable {
  func encode(to writer: inout JSONWriter) {
    writer.writeObject { writer in
      writer.field("start", start)
      writer.field("end", end)
    }
  }
}
