import TestSupport

/// Generates an evaluation set that nobody tuned the ranking for: targets sampled evenly across the popularity
/// tiers (long tail included), and for each one a query from a realistic error model (``QueryKind``). The same
/// seed gives the same set, so one seed can be used for tuning and others kept for reporting.
///
/// Typos never touch the first letter (people rarely mistype it) and a query that is itself another name of the
/// catalog (separators and case aside) is not used: the user would be served that name, rightly.
public struct QueryGenerator {
  /// One name of the catalog.
  public struct Entry: Sendable {
    /// The item's id.
    public let id: String
    /// The name typed for it.
    public let title: String
    /// Its 0-based popularity rank, `nil` when it has no popularity.
    public let rank: Int?

    /// Creates an entry.
    public init(id: String, title: String, rank: Int?) {
      self.id = id
      self.title = title
      self.rank = rank
    }
  }

  private let entries: [Entry]
  private let pools: [PopularityTier: [Int]]
  private let compactNames: Set<String>

  /// Prepares a generator over a catalog's names.
  ///
  /// - Parameter entries: Every item, with its popularity rank.
  public init(entries: [Entry]) {
    self.entries = entries
    var pools: [PopularityTier: [Int]] = [:]
    var compactNames = Set<String>()
    compactNames.reserveCapacity(entries.count)
    for (offset, entry) in entries.enumerated() {
      compactNames.insert(Self.compact(entry.title))
      if Self.isTypable(entry.title) { pools[PopularityTier(rank: entry.rank), default: []].append(offset) }
    }
    self.pools = pools
    self.compactNames = compactNames
  }

  /// The popularity ranks of items by weight: the largest positive weight is rank 0; items without a positive
  /// weight have none.
  public static func ranks(weights: [Double]) -> [Int?] {
    let order = weights.indices.filter { weights[$0] > 0 }.sorted { weights[$0] > weights[$1] }
    var ranks = [Int?](repeating: nil, count: weights.count)
    for (rank, index) in order.enumerated() { ranks[index] = rank }
    return ranks
  }

  /// Generates `count` queries: every kind in turn, every tier in turn, a fresh target for each.
  ///
  /// - Parameters:
  ///   - count: How many queries.
  ///   - seed: The seed of the random choices.
  ///   - kinds: The error models to use.
  /// - Returns: The queries (fewer when a tier has too few names a kind applies to).
  public func generate(count: Int, seed: UInt64, kinds: [QueryKind] = QueryKind.allCases) -> [GeneratedQuery] {
    var random = SplitMix64(seed: seed)
    var used = Set<Int>()
    var result: [GeneratedQuery] = []
    let tiers = PopularityTier.allCases.filter { !(pools[$0] ?? []).isEmpty }
    guard !tiers.isEmpty, !kinds.isEmpty else { return [] }
    for slot in 0..<count {
      let kind = kinds[slot % kinds.count]
      let tier = tiers[(slot / kinds.count) % tiers.count]
      guard let pool = pools[tier] else { continue }
      for _ in 0..<400 {
        let offset = pool[Int(random.next() % UInt64(pool.count))]
        guard !used.contains(offset) else { continue }
        let entry = entries[offset]
        if kind == .acronym && tier == .unranked { break }
        guard let text = Self.query(kind, entry.title, &random) else { continue }
        let compact = Self.compact(text)
        // Exact, case and several-words queries are the target's own name; any other query (words reordered
        // included: `python ffmpeg` for ffmpeg-python reads as python-ffmpeg) must not be another's.
        if kind != .exact && kind != .case && kind != .multiword,
          compact.isEmpty || compactNames.contains(compact)
        {
          continue
        }
        used.insert(offset)
        result.append(GeneratedQuery(kind: kind.rawValue, text: text, target: entry.id, tier: tier))
        break
      }
    }
    return result
  }

  /// The name lowercased without separators: two names with the same compact form read as the same name.
  static func compact(_ name: String) -> String {
    String(name.lowercased().filter { !isSeparator($0) })
  }

  /// Whether a character separates the parts of a name: a hyphen, underscore, dot or space, and in npm's scoped
  /// names (`@types/node`) the `@` and the `/`, which a user typing the parts leaves out as well.
  private static func isSeparator(_ character: Character) -> Bool {
    "-_. @/".contains(character)
  }

  /// Whether a user would type this name: three characters or more, at least two of them letters.
  private static func isTypable(_ name: String) -> Bool {
    name.count >= 3 && name.filter(\.isLetter).count >= 2
  }

  /// The separator-delimited parts of a name.
  static func parts(_ name: String) -> [String] {
    name.split(whereSeparator: isSeparator).map(String.init)
  }

  /// One query of `kind` for `name`, or `nil` when the kind does not apply to it.
  static func query(_ kind: QueryKind, _ name: String, _ random: inout SplitMix64) -> String? {
    let characters = Array(name)
    let length = characters.count
    let parts = parts(name)
    func pick(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
    /// A typo position: not the first letter, and a letter.
    func position(in characters: [Character], from low: Int = 1, to high: Int? = nil) -> Int? {
      let top = min(high ?? characters.count - 1, characters.count - 1)
      let candidates = (max(1, low)...max(1, top)).filter { $0 < characters.count && characters[$0].isLetter }
      return candidates.isEmpty ? nil : candidates[pick(0...(candidates.count - 1))]
    }
    switch kind {
    case .exact:
      return name
    case .case:
      guard name.contains(where: \.isLetter) else { return nil }
      let options = [
        name.uppercased(), name.prefix(1).uppercased() + name.dropFirst(),
        parts.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: pick(0...1) == 0 ? "-" : " "),
      ]
      let text = options[pick(0...2)]
      return text == name ? nil : text
    case .prefix:
      guard length >= 6 else { return nil }
      let low = max(4, (length * 6 + 9) / 10)
      let high = max(low, min(length - 1, (length * 95) / 100))
      return low > high || high >= length ? nil : String(characters.prefix(pick(low...high)))
    case .multiword:
      return parts.count >= 2 ? parts.joined(separator: " ") : nil
    case .wordorder:
      // Parts all alike ("echo-echo") have no other order.
      guard parts.count >= 2, Set(parts).count >= 2 else { return nil }
      var shuffled = parts
      while shuffled == parts { shuffled.shuffle(using: &random) }
      return shuffled.joined(separator: " ")
    case .acronym:
      guard parts.count >= 3, parts.allSatisfy({ $0.first?.isLetter ?? false }) else { return nil }
      return String(parts.compactMap(\.first)).lowercased()
    case .abbreviation, .abbrevjoined:
      guard parts.count >= 2, parts.count <= 5 else { return nil }
      let joined = kind == .abbrevjoined
      let cut = parts.enumerated().map { offset, part in
        String(part.prefix(pick(joined ? 3...4 : 2...(offset == parts.count - 1 ? 5 : 4))))
      }
      guard cut != parts else { return nil }
      return cut.joined(separator: joined ? "" : "-").lowercased()
    case .leftout:
      let vowels = characters.indices.filter { $0 > 0 && "aeiou".contains(characters[$0]) && characters[$0 - 1] != "-" }
      guard length >= 5, !vowels.isEmpty else { return nil }
      let dropAll = pick(0...1) == 0
      let dropped = dropAll ? Set(vowels) : [vowels[pick(0...(vowels.count - 1))]]
      let text = String(characters.indices.filter { !dropped.contains($0) }.map { characters[$0] })
      return text.count >= 3 ? text : nil
    case .dropped:
      guard length >= 5, let at = position(in: characters) else { return nil }
      var edited = characters
      edited.remove(at: at)
      return String(edited)
    case .doubled:
      guard length >= 4, let at = position(in: characters) else { return nil }
      var edited = characters
      edited.insert(characters[at], at: at)
      return String(edited)
    case .swapped:
      guard length >= 4, let at = position(in: characters, to: length - 2), characters[at + 1].isLetter,
        characters[at] != characters[at + 1]
      else { return nil }
      var edited = characters
      edited.swapAt(at, at + 1)
      return String(edited)
    case .neighbour:
      guard length >= 4, let at = position(in: characters) else { return nil }
      let keys = KeyboardLayout.neighbours(of: Character(characters[at].lowercased()))
      guard !keys.isEmpty else { return nil }
      var edited = characters
      edited[at] = keys[pick(0...(keys.count - 1))]
      return String(edited)
    case .extra:
      guard length >= 4, let at = position(in: characters) else { return nil }
      let keys = KeyboardLayout.neighbours(of: Character(characters[at].lowercased()))
      guard !keys.isEmpty else { return nil }
      var edited = characters
      edited.insert(keys[pick(0...(keys.count - 1))], at: at + pick(0...1))
      return String(edited)
    case .prefixtypo:
      guard length >= 7 else { return nil }
      var typed = Array(characters.prefix(pick(max(5, (length * 6 + 9) / 10)...(length - 1))))
      guard let at = position(in: typed, to: 3) else { return nil }
      switch pick(0...2) {
      case 0: typed.remove(at: at)
      case 1:
        guard at + 1 < typed.count, typed[at] != typed[at + 1] else { return nil }
        typed.swapAt(at, at + 1)
      default:
        let keys = KeyboardLayout.neighbours(of: Character(typed[at].lowercased()))
        guard !keys.isEmpty else { return nil }
        typed[at] = keys[pick(0...(keys.count - 1))]
      }
      return String(typed)
    }
  }
}
