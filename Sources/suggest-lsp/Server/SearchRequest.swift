import RPCKit

/// What every search method shares: its supersession key, its debounce, and the catalog it searches.
protocol SearchRequest: RPCRequest {
  /// The catalog searched.
  var catalog: String { get }
  /// The search box's identity, for supersession and refinement.
  var field: String { get }
  /// A per-request debounce delay, overriding the session's.
  var debounceMilliseconds: Int? { get }
  /// Whether the method shows or boosts recents (they are then part of its ``SearchInputs``).
  static var readsRecents: Bool { get }
}

extension SearchRequest {
  static var readsRecents: Bool { false }
}
