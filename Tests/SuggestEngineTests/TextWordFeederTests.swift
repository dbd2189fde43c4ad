import Testing

@testable import SuggestEngine

/// The subtitle and keyword words the word indexes hold (``TextWordFeeder``).
@Suite struct TextWordFeederTests {
  private static func words(_ index: WordIndex) -> Set<String> {
    Set((0..<index.wordCount).map { index.words.string($0) })
  }

  @Test("words of one byte are not indexed; no query word of two characters or more could start one")
  func oneByteWordsLeftOut() {
    let catalog = Catalog(items: [
      CatalogItem(id: "1", title: "first", subtitle: "A big data toolkit, v 2", keywords: ["x", "ab c"]),
      CatalogItem(id: "2", title: "second", subtitle: "Ärger à la carte"),
    ])
    #expect(Self.words(catalog.base.subtitleWords) == ["big", "data", "toolkit", "arger", "la", "carte"])
    #expect(Self.words(catalog.base.keywordWords) == ["ab"])
  }
}
