/// An LSP position: a zero-based line and a character offset counted in the negotiated position encoding.
struct DocumentPosition: Hashable, Sendable {
  /// The zero-based line.
  var line: Int
  /// The offset into the line, in units of the negotiated encoding.
  var character: Int
}
