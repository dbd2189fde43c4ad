import Locking

/// The documents the client has open, by URI.
///
/// Changed only by the `textDocument/did*` notifications, which the reader runs inline in arrival order; a
/// completion reads its word on the reader as it arrives, so it always sees exactly the changes sent before it.
final class OpenDocuments: Sendable {
  private let documents = Locked<[String: TextDocument]>([:])

  /// Creates an empty set.
  init() {}

  /// Opens (or reopens) a document.
  func open(_ document: TextDocument) {
    documents.withLock { $0[document.uri] = document }
  }

  /// Closes a document.
  ///
  /// - Throws: ``DocumentError/notOpen(uri:)``.
  func close(_ uri: String) throws(DocumentError) {
    try documents.withLock { documents throws(DocumentError) in
      guard documents.removeValue(forKey: uri) != nil else { throw .notOpen(uri: uri) }
    }
  }

  /// Changes an open document in place (no copy of its lines).
  ///
  /// - Throws: ``DocumentError``; the document is then unchanged.
  func update(_ uri: String, _ change: (inout TextDocument) throws(DocumentError) -> Void) throws(DocumentError) {
    try documents.withLock { documents throws(DocumentError) in
      // Taken out and put back, so that the change is made on the only copy.
      guard var document = documents.removeValue(forKey: uri) else { throw .notOpen(uri: uri) }
      defer { documents[uri] = document }
      try change(&document)
    }
  }

  /// Reads an open document.
  ///
  /// - Throws: ``DocumentError/notOpen(uri:)``.
  func read<T>(_ uri: String, _ body: (TextDocument) throws(DocumentError) -> T) throws(DocumentError) -> T {
    try documents.withLock { documents throws(DocumentError) in
      guard let document = documents[uri] else { throw .notOpen(uri: uri) }
      return try body(document)
    }
  }

  /// The number of open documents.
  var count: Int { documents.withLock { $0.count } }
}
