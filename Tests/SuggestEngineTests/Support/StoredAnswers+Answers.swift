@testable import SuggestEngine

extension StoredAnswers {
  /// Stores `answers` (folded query text and result) as a file holds them, through ``StoredAnswers/Builder``: what
  /// the file tests write and read back.
  ///
  /// - Throws: ``SnapshotError/damaged(_:)`` when a hit is not below `indexBound`, a number does not fit 32 bits or
  ///   two answers share a query.
  init(_ answers: [(joined: [UInt8], result: SearchResult)], indexBound: Int) throws(SnapshotError) {
    var builder = Builder()
    for (joined, result) in answers { try builder.append(joined, result) }
    self = try builder.stored(indexBound: indexBound)
  }
}
