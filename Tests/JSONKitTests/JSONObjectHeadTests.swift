import JSONKit
import Testing

/// ``JSONParser/parseHead(_:before:)``: the members before a named member, and where its value starts, without
/// reading the rest.
@Suite struct JSONObjectHeadTests {
  private func head(_ text: String, before key: String = "params") throws -> JSONObjectHead? {
    let bytes = Array(text.utf8)
    return try bytes.withUnsafeBytes { try JSONParser().parseHead($0, before: key) }
  }

  @Test("the members before the key, and the offset of its value past any whitespace")
  func envelope() throws {
    let text = #"{"jsonrpc":"2.0", "id":7,"method":"catalog/load","params" :  {"items":[1,2]}}"#
    let parsed = try #require(try head(text))
    #expect(parsed.members == ["jsonrpc": "2.0", "id": 7, "method": "catalog/load"])
    let offset = try #require(parsed.stopOffset)
    #expect(Array(text.utf8)[offset] == UInt8(ascii: "{"))
    #expect(text.utf8.count - offset == #"{"items":[1,2]}}"#.utf8.count)
  }

  @Test("what follows the key is not read: invalid JSON there does not throw")
  func restUnread() throws {
    let parsed = try #require(try head(#"{"id":1,"params":[1,2,,, this is not JSON"#))
    #expect(parsed.members == ["id": 1])
    #expect(parsed.stopOffset == 17)
  }

  @Test("an object without the key gives every member and no offset; an empty object none")
  func noKey() throws {
    #expect(try head(#"{"id":1,"method":"x"}"#) == JSONObjectHead(members: ["id": 1, "method": "x"], stopOffset: nil))
    #expect(try head(" { } ") == JSONObjectHead(members: [:], stopOffset: nil))
  }

  @Test("not an object: nil; invalid JSON before the key: the parse error", arguments: ["[1]", "42", #""params""#, ""])
  func notAnObject(text: String) throws {
    #expect(try head(text) == nil)
  }

  @Test("invalid JSON before the key throws where it is")
  func invalidBefore() {
    #expect(throws: JSONParseError.self) { try head(#"{"id":01,"params":{}}"#) }
    #expect(throws: JSONParseError.self) { try head(#"{"id" 1,"params":{}}"#) }
    #expect(throws: JSONParseError.self) { try head(#"{"id":1"#) }
  }
}
