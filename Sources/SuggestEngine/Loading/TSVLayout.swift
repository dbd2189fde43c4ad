/// A ``TSVColumnMapping`` applied to one file's header: the column index of each field.
struct TSVLayout: Sendable, Hashable {
  /// How the weight is read.
  enum WeightSource: Sendable, Hashable {
    /// The column's number is the weight.
    case weight(Int)
    /// The column's number is a rank, turned into a weight after the whole file is read.
    case rank(Int)
  }

  /// The header cells as written.
  var header: [String]
  /// The number of fields every row must have.
  var fieldCount: Int { header.count }
  var id: Int?
  var title: Int
  var completion: Int?
  var subtitle: Int?
  var keywords: Int?
  var tokens: Int?
  var icon: Int?
  var weight: WeightSource?
  /// Notes about the header for the report (an ignored rank column).
  var notes: [String] = []

  /// Resolves `mapping` against `header`.
  ///
  /// - Throws: ``CatalogLoadError/wrongShape(_:)`` when no column is a title.
  init(header: [String], mapping: TSVColumnMapping) throws(CatalogLoadError) {
    let names = header.map(TSVColumnMapping.name(ofHeader:))
    guard let title = TSVColumnMapping.column(for: mapping.title, in: names) else {
      let looked = mapping.title.joined(separator: ", ")
      let found = header.map { "\"\($0)\"" }.joined(separator: ", ")
      throw .wrongShape("the TSV header has no title column (looked for: \(looked); found: \(found))")
    }
    self.header = header
    self.title = title
    id = TSVColumnMapping.column(for: mapping.id, in: names)
    completion = TSVColumnMapping.column(for: mapping.completion, in: names)
    subtitle = TSVColumnMapping.column(for: mapping.subtitle, in: names)
    keywords = TSVColumnMapping.column(for: mapping.keywords, in: names)
    tokens = TSVColumnMapping.column(for: mapping.tokens, in: names)
    icon = TSVColumnMapping.column(for: mapping.icon, in: names)
    let weightColumn = TSVColumnMapping.column(for: mapping.weight, in: names)
    let rankColumn = TSVColumnMapping.column(for: mapping.rank, in: names)
    switch (weightColumn, rankColumn) {
    case (let weight?, let rank?):
      self.weight = .weight(weight)
      notes.append("column \"\(header[rank])\" ignored: the weight comes from column \"\(header[weight])\"")
    case (let weight?, nil): self.weight = .weight(weight)
    case (nil, let rank?): self.weight = .rank(rank)
    case (nil, nil): self.weight = nil
    }
  }
}
