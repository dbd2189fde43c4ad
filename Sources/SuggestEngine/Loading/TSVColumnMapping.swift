/// Which columns of a TSV header give which item fields.
///
/// Each field has a list of header names tried in order; the first that names a column wins. A header cell is
/// compared by its *name*: the text before its first space or `(`, ignoring case, so the npm file's
/// `summary (words in ...)` is named `summary`. A candidate that ends in `*` matches every name that starts with
/// the rest: `rank*` matches `rank_among_15000_most_downloaded`.
///
/// ``default`` reads the common layouts, including the PyPI (`name version month rank_among_... summary`) and npm
/// (`name version downloads_a_month summary`) files:
///
/// | Field | Default names |
/// | --- | --- |
/// | ``id`` | `id` (no column: the id is the title) |
/// | ``title`` | `title`, `name` (required) |
/// | ``completion`` | `completion` |
/// | ``subtitle`` | `subtitle`, `summary`, `description` |
/// | ``keywords`` | `keywords` (a comma-separated list) |
/// | ``tokens`` | `tokens` (comma-separated token ids) |
/// | ``icon`` | `icon` |
/// | ``weight`` | `weight`, `downloads*` (the number is the weight) |
/// | ``rank`` | `rank*` (a lower rank is more popular) |
///
/// A rank column turns into weights once the whole file is read: rank *r* gives weight *maxRank* + 1 − *r*, so
/// the top-ranked row gets the highest weight and the lowest-ranked row weight 1; an empty rank gives weight 0.
/// When both a weight and a rank column are found, the weight column wins and the rank column is ignored (with a
/// warning).
public struct TSVColumnMapping: Sendable, Hashable {
  /// Names for the id column.
  public var id: [String]
  /// Names for the title column; a file with none of them is an error.
  public var title: [String]
  /// Names for the completion column.
  public var completion: [String]
  /// Names for the subtitle column.
  public var subtitle: [String]
  /// Names for the keywords column (comma-separated).
  public var keywords: [String]
  /// Names for the tokens column (comma-separated token ids).
  public var tokens: [String]
  /// Names for the icon column.
  public var icon: [String]
  /// Names for a column whose number is the weight (higher is more popular).
  public var weight: [String]
  /// Names for a column whose number is a rank (lower is more popular); see the type's discussion.
  public var rank: [String]

  /// Creates a mapping; a field given no names is never read.
  ///
  /// - Parameters:
  ///   - id: Names for the id column.
  ///   - title: Names for the title column.
  ///   - completion: Names for the completion column.
  ///   - subtitle: Names for the subtitle column.
  ///   - keywords: Names for the keywords column.
  ///   - tokens: Names for the tokens column.
  ///   - icon: Names for the icon column.
  ///   - weight: Names for the weight column.
  ///   - rank: Names for the rank column.
  public init(
    id: [String] = [],
    title: [String],
    completion: [String] = [],
    subtitle: [String] = [],
    keywords: [String] = [],
    tokens: [String] = [],
    icon: [String] = [],
    weight: [String] = [],
    rank: [String] = []
  ) {
    self.id = id
    self.title = title
    self.completion = completion
    self.subtitle = subtitle
    self.keywords = keywords
    self.tokens = tokens
    self.icon = icon
    self.weight = weight
    self.rank = rank
  }

  /// The default names (see the table in the type's discussion).
  public static let `default` = TSVColumnMapping(
    id: ["id"],
    title: ["title", "name"],
    completion: ["completion"],
    subtitle: ["subtitle", "summary", "description"],
    keywords: ["keywords"],
    tokens: ["tokens"],
    icon: ["icon"],
    weight: ["weight", "downloads*"],
    rank: ["rank*"]
  )

  /// The name a header cell is compared by: its text before the first space or `(`, lowercased.
  ///
  /// - Parameter header: A header cell.
  /// - Returns: For example `summary` for `Summary (words in ...)`.
  public static func name(ofHeader header: String) -> String {
    let end = header.firstIndex { $0 == " " || $0 == "(" } ?? header.endIndex
    return header[..<end].lowercased()
  }

  /// Whether a header name matches a candidate (`rank*` is a prefix pattern).
  static func matches(_ name: String, _ candidate: String) -> Bool {
    let candidate = candidate.lowercased()
    if candidate.hasSuffix("*") { return name.hasPrefix(candidate.dropLast()) }
    return name == candidate
  }

  /// The first column named by one of `candidates`, trying candidates in order.
  static func column(for candidates: [String], in names: [String]) -> Int? {
    for candidate in candidates {
      if let index = names.firstIndex(where: { matches($0, candidate) }) { return index }
    }
    return nil
  }
}
