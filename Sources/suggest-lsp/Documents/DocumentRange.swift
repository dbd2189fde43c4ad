/// An LSP range: half-open, from `start` to `end`.
struct DocumentRange: Hashable, Sendable {
  var start: DocumentPosition
  var end: DocumentPosition
}
