public import JSONKit

/// A request the server handles: its wire name, how its params decode, and what it answers.
///
/// One type per method, with the wire name on the type, so the dispatch table is built from these constants and
/// never from loose strings.
public protocol RPCRequest: Sendable {
  /// What the handler returns; encoded as the response's `result`.
  associatedtype Result: JSONEncodable & Sendable

  /// The wire name, e.g. `"search/complete"`.
  static var method: String { get }

  /// Decodes the request from its params (`nil` when absent or `null`).
  ///
  /// - Throws: ``JSONDecodingError`` (answered with -32602 naming the field) or a ``ResponseError``.
  init(params: JSONValue?) throws
}
