import RPCKit

/// One arrival of a search request, as the query scheduler knows it.
///
/// A request id may be used again once its request is answered, so the id alone does not name one query: after a
/// cancelled query's id is reused, the cancelled query's late bookkeeping must not touch the newer one. The arrival
/// number tells them apart.
struct QueryToken: Hashable, Sendable {
  /// The request's id, as sent.
  var id: RequestID
  /// The request's place in the order of arrival of search requests.
  var arrival: UInt64
}
