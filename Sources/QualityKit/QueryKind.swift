/// A kind of query a user types for a name they have in mind; each one is an error model of
/// ``QueryGenerator``. The raw values are the kind names of the labelled sets (`Tests/…/Fixtures/pypi-queries.tsv`).
public enum QueryKind: String, Sendable, CaseIterable, Comparable {
  /// The name as it is written.
  case exact
  /// The first 60–95 % of the name, as typed so far.
  case prefix
  /// The name in other letter case.
  case `case`
  /// The parts of a compound name as words ("flask login").
  case multiword
  /// Those words in another order ("login flask").
  case wordorder
  /// The initials of a compound name of three parts or more ("gcs"); only for ranked names (one types the
  /// initials of a name one knows well).
  case acronym
  /// The first letters of each part, separated ("goo-clo-sto").
  case abbreviation
  /// The first letters of each part, run together ("gooclosto").
  case abbrevjoined
  /// Some vowels left out ("rqsts", "mtplotlib").
  case leftout
  /// One letter dropped.
  case dropped
  /// One letter doubled.
  case doubled
  /// Two neighbouring letters swapped.
  case swapped
  /// One letter hit on a neighbouring key.
  case neighbour
  /// One extra letter from a key next to its neighbour.
  case extra
  /// A prefix as typed so far with a typo in its first letters ("rquest" for "requests").
  case prefixtypo

  /// Orders kinds by declaration.
  public static func < (lhs: QueryKind, rhs: QueryKind) -> Bool {
    let all = Self.allCases
    return all.firstIndex(of: lhs) ?? 0 < all.firstIndex(of: rhs) ?? 0
  }
}
