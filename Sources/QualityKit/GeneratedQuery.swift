/// One query of an evaluation set: what was typed, for which target, by which error model.
public struct GeneratedQuery: Sendable, Hashable {
  /// The error model (or the hand label's kind).
  public let kind: String
  /// The text typed.
  public let text: String
  /// The id of the intended item.
  public let target: String
  /// The intended item's popularity tier.
  public let tier: PopularityTier

  /// Creates a query.
  public init(kind: String, text: String, target: String, tier: PopularityTier) {
    self.kind = kind
    self.text = text
    self.target = target
    self.tier = tier
  }
}
