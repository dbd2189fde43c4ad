import SuggestEngine
import Testing

@Suite struct RecentsFrecencyTests {
  static let day: Int64 = 24 * 60 * 60 * 1000

  @Test("more recent gives a higher boost at equal count; more uses a higher boost at equal age")
  func monotonic() {
    let frecency = Frecency()
    let ages: [Int64] = [0, 1, 60_000, Self.day, 3 * Self.day, 30 * Self.day, 365 * Self.day]
    for count in [1, 2, 5, 100] {
      for (younger, older) in zip(ages, ages.dropFirst()) {
        #expect(frecency.boost(count: count, age: younger) > frecency.boost(count: count, age: older))
      }
    }
    for age in ages.prefix(6) {
      for (fewer, more) in zip([1, 2, 3, 10, 100], [2, 3, 10, 100, 1000]) {
        #expect(frecency.boost(count: more, age: age) > frecency.boost(count: fewer, age: age))
      }
    }
  }

  @Test("the formula: count/(count+1) × 2^(−age/halfLife)")
  func formula() {
    let frecency = Frecency(halfLife: 1000)
    #expect(frecency.boost(count: 1, age: 0) == 0.5)
    #expect(frecency.boost(count: 3, age: 0) == 0.75)
    #expect(frecency.boost(count: 1, age: 1000) == 0.25)
    #expect(frecency.boost(count: 3, age: 2000) == 0.1875)
    #expect(Frecency().halfLife == 3 * Self.day)
  }

  @Test("the boost stays in 0...1 for any input, and is 0 without a use")
  func bounded() {
    let frecency = Frecency()
    for count in [Int.min, -1, 0, 1, 7, Int.max] {
      for age in [Int64.min, -Self.day, 0, 1, Self.day, Int64.max] {
        let boost = frecency.boost(count: count, age: age)
        #expect(boost >= 0 && boost <= 1, "count \(count), age \(age)")
        if count < 1 { #expect(boost == 0) }
        if count < 1_000_000 { #expect(boost < 1) }
      }
    }
    #expect(Frecency(halfLife: 0).halfLife == 1)
    // A last use in the future (a clock set back) counts as now; extreme times do not trap.
    #expect(frecency.boost(for: RecentEntry(text: "x", lastUsed: 2_000), now: 1_000) == 0.5)
    #expect(frecency.boost(for: RecentEntry(text: "x", lastUsed: Int64.min), now: Int64.max) >= 0)
  }

  @Test("the table boosts items by id and by folded title, the newer use higher")
  func table() {
    var store = RecentsStore()
    store.add(text: "MacBook Air", id: "mba", at: 0)
    store.add(text: "iPad Pro", at: 2 * Self.day)
    store.add(text: "iPad Pro", at: 3 * Self.day)
    let table = store.frecencyTable(at: 3 * Self.day)
    let ipad = table.boost(forFoldedText: TextFolder.fold("IPAD-PRO").bytes)
    let macBook = table.boost(forID: "mba")
    #expect(ipad == Frecency().boost(count: 2, age: 0))
    #expect(macBook == Frecency().boost(count: 1, age: 3 * Self.day))
    #expect(ipad > macBook && macBook > 0)
    #expect(table.boost(id: "mba", foldedText: TextFolder.fold("iPad Pro").bytes) == ipad)
    #expect(table.boost(id: "mba", foldedText: nil) == macBook)
    #expect(table.boost(forFoldedText: TextFolder.fold("macbook air").bytes) == macBook)
    #expect(table.boost(forID: "unknown") == 0)
    #expect(table.boost(id: "unknown", foldedText: [0x78]) == 0)
    #expect(table.boosts.count == 2)
    #expect(FrecencyTable.empty.boost(id: "mba", foldedText: nil) == 0)
  }
}
