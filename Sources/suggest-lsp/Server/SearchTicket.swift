/// What a search request holds from its arrival to its answer.
struct SearchTicket: Sendable {
  /// Its place among writes: a search takes its ``SearchInputs`` after the state changes that arrived before it, and
  /// lets the later ones go once it has them.
  var ordering: OrderingTicket
  /// Its supersession key.
  var key: QueryKey
  /// Its identity in the scheduler.
  var token: QueryToken
}
