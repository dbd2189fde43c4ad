/// Where a target sits in the catalog's popularity order: the quality report is broken down by it, because the
/// long tail is searched every day and behaves unlike the famous names.
public enum PopularityTier: Int, Sendable, CaseIterable, Comparable, CustomStringConvertible {
  /// The 200 most popular items.
  case top200
  /// Popularity ranks 201–2,000.
  case top2000
  /// Popularity ranks 2,001–15,000.
  case top15000
  /// Everything else, unranked items included.
  case unranked

  /// The tier of a 0-based popularity rank (`nil` for an item without popularity).
  public init(rank: Int?) {
    guard let rank else {
      self = .unranked
      return
    }
    self = rank < 200 ? .top200 : rank < 2_000 ? .top2000 : rank < 15_000 ? .top15000 : .unranked
  }

  /// The label used in reports.
  public var description: String {
    switch self {
    case .top200: "top 200"
    case .top2000: "201–2,000"
    case .top15000: "2,001–15,000"
    case .unranked: "unranked"
    }
  }

  /// Compares tiers, the most popular first.
  public static func < (lhs: PopularityTier, rhs: PopularityTier) -> Bool { lhs.rawValue < rhs.rawValue }
}
