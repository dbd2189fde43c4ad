public import JSONKit

/// Builds the JSON body of a response: `{"jsonrpc":"2.0","id":…,"result":…}` or `…"error":{…}}`.
public enum ResponseBody {
  /// A success response with `result` written by `writeResult` (exactly one JSON value).
  public static func result(id: RequestID, _ writeResult: (inout JSONWriter) -> Void) -> [UInt8] {
    var writer = JSONWriter()
    writer.beginObject()
    writer.field("jsonrpc", "2.0")
    writer.field("id", id.json)
    writer.writeKey("result")
    writeResult(&writer)
    writer.endObject()
    return writer.bytes
  }

  /// A success response whose result is `value`.
  public static func result(id: RequestID, _ value: some JSONEncodable) -> [UInt8] {
    result(id: id) { value.encode(to: &$0) }
  }

  /// An error response.
  public static func error(id: RequestID, _ error: ResponseError) -> [UInt8] {
    var writer = JSONWriter()
    writer.beginObject()
    writer.field("jsonrpc", "2.0")
    writer.field("id", id.json)
    writer.beginObject(key: "error")
    writer.field("code", error.code.rawValue)
    writer.field("message", error.message)
    if let data = error.data { writer.field("data", data) }
    writer.endObject()
    writer.endObject()
    return writer.bytes
  }
}
