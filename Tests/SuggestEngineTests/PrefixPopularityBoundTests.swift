import QualityKit
import Testing

/// The least a popularity-only ranking types before a name is first: the figure the quality report's characters
/// typed are read against.
@Suite struct PrefixPopularityBoundTests {
  @Test("a name is first once no more popular name starts with what is typed, or once it is typed in full")
  func charactersTyped() {
    let bound = PrefixPopularityBound(entries: [
      ("a", "requests", 0),
      ("b", "requests-oauthlib", 5),
      ("c", "requests-mock", 3),
      ("d", "reqs", nil),
      ("e", "Re", nil),
      ("f", "zz-top", nil),
      ("g", "zz-tip", nil),
    ])
    #expect(bound.charactersTyped("a") == 1)
    // `requests` is more popular until the hyphen; then the more popular of the two.
    #expect(bound.charactersTyped("c") == 9)
    #expect(bound.charactersTyped("b") == 10)
    // A name typed in full is first, whatever starts with it.
    #expect(bound.charactersTyped("d") == 4)
    #expect(bound.charactersTyped("e") == 2)
    // Equally unpopular: the shorter, then the earlier entry, until the names part.
    #expect(bound.charactersTyped("f") == 1)
    #expect(bound.charactersTyped("g") == 5)
    #expect(bound.charactersTyped("x") == nil)
  }
}
