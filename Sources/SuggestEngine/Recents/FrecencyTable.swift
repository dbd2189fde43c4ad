/// The frecency boosts of one catalog's recents at one moment, looked up by item id and by folded text.
///
/// The suggestion layer asks it for each candidate item (``boost(id:foldedText:)``) or walks ``boosts`` to find
/// the few boosted items directly; either way there is no rescan of the catalog.
public struct FrecencyTable: Sendable, Hashable {
  /// The boost of one recent entry.
  public struct Boost: Sendable, Hashable {
    /// The entry's item id, if it has one.
    public var id: String?
    /// The entry's folded text (``TextFolder``), compared with an item's folded title.
    public var foldedText: [UInt8]
    /// The bonus, in `0...1`.
    public var value: Double

    /// Creates a boost.
    ///
    /// - Parameters:
    ///   - id: The entry's item id, if it has one.
    ///   - foldedText: The entry's folded text.
    ///   - value: The bonus, in `0...1`.
    public init(id: String?, foldedText: [UInt8], value: Double) {
      self.id = id
      self.foldedText = foldedText
      self.value = value
    }
  }

  /// The boosts, one per recent entry, newest entry first.
  public let boosts: [Boost]
  private let byID: [String: Double]
  private let byFoldedText: [[UInt8]: Double]

  /// Creates a table from boosts; where two share an id or a folded text, the larger value counts.
  ///
  /// - Parameter boosts: One boost per recent entry.
  public init(boosts: [Boost]) {
    self.boosts = boosts
    var byID: [String: Double] = [:]
    var byFoldedText: [[UInt8]: Double] = [:]
    for boost in boosts {
      if let id = boost.id { byID[id] = max(byID[id] ?? 0, boost.value) }
      byFoldedText[boost.foldedText] = max(byFoldedText[boost.foldedText] ?? 0, boost.value)
    }
    self.byID = byID
    self.byFoldedText = byFoldedText
  }

  /// An empty table: every boost is 0.
  public static let empty = FrecencyTable(boosts: [])

  /// Whether no item is boosted.
  public var isEmpty: Bool { boosts.isEmpty }

  /// The boost of the item with `id`, or 0.
  ///
  /// - Parameter id: The item id.
  /// - Returns: The bonus in `0...1`.
  /// - Complexity: O(1) on average (hashing `id`).
  public func boost(forID id: String) -> Double {
    byID[id] ?? 0
  }

  /// The boost of an item whose folded title is `foldedText`, or 0.
  ///
  /// - Parameter foldedText: The item's folded title (``TextFolder``).
  /// - Returns: The bonus in `0...1`.
  /// - Complexity: O(*m*) for *m* bytes (hashing).
  public func boost(forFoldedText foldedText: [UInt8]) -> Double {
    byFoldedText[foldedText] ?? 0
  }

  /// The boost of an item matched by id or by folded title, whichever is larger.
  ///
  /// - Parameters:
  ///   - id: The item id, if any.
  ///   - foldedText: The item's folded title, if known.
  /// - Returns: The bonus in `0...1`.
  /// - Complexity: O(*m*) for a folded title of *m* bytes.
  public func boost(id: String?, foldedText: [UInt8]?) -> Double {
    guard !boosts.isEmpty else { return 0 }
    let byID = id.map(boost(forID:)) ?? 0
    let byText = foldedText.map(boost(forFoldedText:)) ?? 0
    return max(byID, byText)
  }
}
