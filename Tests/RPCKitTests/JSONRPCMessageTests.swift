import JSONKit
import Testing

@testable import RPCKit

@Suite struct JSONRPCMessageTests {
  private func decode(_ text: String) throws -> DecodedMessage {
    JSONRPCMessage.decode(try JSONParser().parse(text))
  }

  @Test("a request keeps its id exactly, whatever its type")
  func requestIDs() throws {
    let ids = [#"9007199254740993"#, #"-0"#, #"-12"#, #""é\u0000x""#, #"null"#, #"1e3"#, #"18446744073709551616"#]
    for idText in ids {
      let decoded = try decode(#"{"jsonrpc":"2.0","id":\#(idText),"method":"m"}"#)
      guard case .message(.request(let id, "m", nil)) = decoded else {
        Issue.record("not a request: \(decoded)")
        continue
      }
      #expect(id.json.serializedString() == (try JSONParser().parse(idText)).serializedString())
      #expect(id.json.serializedString() == idText)
    }
  }

  @Test("params null is the same as absent params")
  func nullParams() throws {
    #expect(
      try decode(#"{"jsonrpc":"2.0","method":"m","params":null}"#) == .message(.notification(method: "m", params: nil))
    )
    #expect(
      try decode(#"{"jsonrpc":"2.0","id":1,"method":"m"}"#)
        == .message(.request(id: RequestID(1), method: "m", params: nil))
    )
  }

  @Test("a client's response is recognised and ignored")
  func strayResponse() throws {
    #expect(try decode(#"{"jsonrpc":"2.0","id":3,"result":null}"#) == .message(.response(id: RequestID(3))))
    #expect(
      try decode(#"{"jsonrpc":"2.0","id":"x","error":{"code":1,"message":"m"}}"#)
        == .message(.response(id: .string("x")))
    )
  }

  @Test(
    "invalid messages get -32600 with the id when it can be recovered",
    arguments: [
      (#"1"#, "null", "a message must be a JSON object, got a number"),
      (#""x""#, "null", "a message must be a JSON object, got a string"),
      (#"{}"#, "null", #""jsonrpc" must be "2.0", got nothing"#),
      (#"{"jsonrpc":"1.0","id":5,"method":"m"}"#, "5", #""jsonrpc" must be "2.0", got "1.0""#),
      (#"{"jsonrpc":2,"id":5,"method":"m"}"#, "5", #""jsonrpc" must be "2.0", got a number"#),
      (#"{"jsonrpc":"2.0","id":{},"method":"m"}"#, "null", #""id" must be a string, a number or null, got an object"#),
      (
        #"{"jsonrpc":"2.0","id":true,"method":"m"}"#, "null", #""id" must be a string, a number or null, got a Boolean"#
      ),
      (#"{"jsonrpc":"2.0","id":7,"method":1}"#, "7", #""method" must be a string, got a number"#),
      (#"{"jsonrpc":"2.0","id":7}"#, "7", #"missing "method""#),
      (
        #"{"jsonrpc":"2.0","id":"a","method":"m","params":"bar"}"#, #""a""#,
        #""params" must be an object or an array, got a string"#
      ),
      (#"{"jsonrpc":"2.0","method":"m","params":3}"#, "null", #""params" must be an object or an array, got a number"#),
    ]
  )
  func invalid(text: String, id: String, message: String) throws {
    let decoded = try decode(text)
    guard case .invalid(let gotID, let error) = decoded else {
      Issue.record("accepted: \(decoded)")
      return
    }
    #expect(gotID.description == id)
    #expect(error.code == .invalidRequest)
    #expect(error.message == message)
  }
}
