/// The members of a JSON object read up to a named member, whose value is left unread.
///
/// What ``JSONParser/parseHead(_:before:)`` returns: a reader that needs only the small members that come first
/// (a JSON-RPC message's `jsonrpc`, `id` and `method` before a large `params`) gets them without walking the rest.
public struct JSONObjectHead: Sendable, Hashable {
  /// The members before the stopping member, in order (all of them when the object has no such member).
  public var members: JSONObject
  /// The offset of the stopping member's value in the input (whitespace skipped), or `nil` when the object ended
  /// without it.
  public var stopOffset: Int?

  /// Creates a head.
  ///
  /// - Parameters:
  ///   - members: The members read.
  ///   - stopOffset: Where the unread value starts, if the object has the stopping member.
  public init(members: JSONObject, stopOffset: Int?) {
    self.members = members
    self.stopOffset = stopOffset
  }
}
