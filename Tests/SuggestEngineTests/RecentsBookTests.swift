import SuggestEngine
import Testing

@Suite struct RecentsBookTests {
  @Test("each catalog has its own recents")
  func catalogsAreSeparate() {
    var book = RecentsBook(maxCount: 2)
    book.add(text: "iPhone", at: 1, catalog: "default")
    book.add(text: "Jazz", at: 2, catalog: "music")
    book.add(text: "iPhone", at: 3, catalog: "music")
    #expect(book[catalog: "default"].entries.map(\.text) == ["iPhone"])
    #expect(book[catalog: "music"].entries.map(\.text) == ["iPhone", "Jazz"])
    #expect(book[catalog: "default"].entries[0].count == 1)
    #expect(book[catalog: "unknown"].isEmpty)
    #expect(book[catalog: "unknown"].maxCount == 2)
  }

  @Test("remove and clear touch one catalog; empty catalogs are dropped")
  func removeAndClear() {
    var book = RecentsBook()
    book.add(text: "a", at: 1, catalog: "one")
    book.add(text: "b", at: 2, catalog: "two")
    book.add(text: "c", at: 3, catalog: "two")
    let removed1 = book.remove(text: "a", catalog: "two")
    #expect(!removed1)
    let removed2 = book.remove(text: "a", catalog: "three")
    #expect(!removed2)
    let removed3 = book.remove(text: "A", catalog: "one")
    #expect(removed3)
    #expect(Set(book.stores.keys) == ["two"])
    book.clear(catalog: "two")
    #expect(book.isEmpty)
    book.add(text: "d", at: 4, catalog: "x")
    book.clearAll()
    #expect(book.isEmpty)
  }

  @Test("changing maxCount applies to every catalog and drops the oldest at once")
  func maxCountAppliesEverywhere() {
    var book = RecentsBook(maxCount: 5)
    for index in 0..<5 {
      book.add(text: "a\(index)", at: Int64(index), catalog: "a")
      book.add(text: "b\(index)", at: Int64(index), catalog: "b")
    }
    book.maxCount = 2
    #expect(book[catalog: "a"].entries.map(\.text) == ["a4", "a3"])
    #expect(book[catalog: "b"].entries.map(\.text) == ["b4", "b3"])
    book.maxCount = 0
    #expect(book.isEmpty)
    let loaded = RecentsBook(
      maxCount: 1,
      stores: ["x": RecentsStore(maxCount: 9, entries: [.init(text: "1", lastUsed: 2), .init(text: "2", lastUsed: 1)])]
    )
    #expect(loaded[catalog: "x"].entries.map(\.text) == ["1"])
    #expect(loaded[catalog: "x"].maxCount == 1)
  }
}
