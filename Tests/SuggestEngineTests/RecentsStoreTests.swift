import SuggestEngine
import TestSupport
import Testing

/// SplitMix64, for the seeded random sequences of operations below.
private struct RecentsRandom {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func below(_ bound: Int) -> Int {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return Int((z ^ (z >> 31)) % UInt64(bound))
  }
}

/// Whether the folder on this branch folds diacritics (the ASCII placeholder on early `main` does not).
let textFolderFoldsDiacritics = TextFolder.fold("CAFÉ").bytes == TextFolder.fold("cafe").bytes

@Suite struct RecentsStoreTests {
  @Test("the seed's addToRecents: newest first, no duplicates, at most five")
  func seedBehaviour() {
    var store = RecentsStore()
    let viewed = ["iPhone 15", "iPad Air", "MacBook Pro", "iPhone 15", "Apple Watch", "AirPods", "iMac", "Mac mini"]
    for (time, product) in viewed.enumerated() { store.add(text: product, at: Int64(time)) }
    // The seed: removeAll { $0 == product }; append; suffix(5); shown reversed.
    var seed: [String] = []
    for product in viewed {
      seed.removeAll { $0 == product }
      seed.append(product)
      seed = Array(seed.suffix(5))
    }
    #expect(store.entries.map(\.text) == seed.reversed())
    #expect(store.entries.map(\.text) == ["Mac mini", "iMac", "AirPods", "Apple Watch", "iPhone 15"])
    #expect(store.entries.map(\.lastUsed) == [7, 6, 5, 4, 3])
    #expect(store.entries.last?.count == 2)
  }

  @Test("re-adding moves the entry to the front, counts the use and takes the newest spelling and time")
  func readdingMovesToFront() {
    var store = RecentsStore()
    store.add(text: "macbook pro", at: 10)
    store.add(text: "iPad", at: 20)
    let entry = store.add(text: "MacBook Pro", at: 30)
    #expect(entry == RecentEntry(text: "MacBook Pro", id: nil, count: 2, lastUsed: 30))
    #expect(store.entries == [entry, RecentEntry(text: "iPad", count: 1, lastUsed: 20)])
  }

  @Test("the same id is the same entry, whatever its text")
  func dedupeByID() {
    var store = RecentsStore()
    store.add(text: "iPhone 15", id: "p1", at: 1)
    store.add(text: "iPad", id: "p2", at: 2)
    store.add(text: "Apple iPhone", id: "p1", at: 3)
    #expect(store.entries.map(\.text) == ["Apple iPhone", "iPad"])
    #expect(store.entries.map(\.id) == ["p1", "p2"])
    #expect(store.entries.map(\.count) == [2, 1])
    // The same folded text is the same entry too, whatever its id: the newest id wins.
    store.add(text: "ipad", id: "p3", at: 4)
    #expect(store.entries.map(\.id) == ["p3", "p1"])
  }

  @Test("a use without an id keeps the id of the entry it repeats")
  func readdingWithoutIDKeepsTheID() {
    var store = RecentsStore()
    store.add(text: "Vision Pro", id: "vision-pro", at: 1)
    store.add(text: "vision pro", at: 2)
    #expect(store.entries == [RecentEntry(text: "vision pro", id: "vision-pro", count: 2, lastUsed: 2)])
  }

  @Test("an entry matching one duplicate by id and another by text replaces both, adding up their uses")
  func mergesEveryDuplicate() {
    var store = RecentsStore()
    store.add(text: "AirPods", id: "a1", at: 1)
    store.add(text: "AirPods Pro", id: "a2", at: 2)
    store.add(text: "HomePod", at: 3)
    store.add(text: "AirPods", id: "a1", at: 4)
    let entry = store.add(text: "airpods pro", id: "a1", at: 5)
    #expect(entry == RecentEntry(text: "airpods pro", id: "a1", count: 4, lastUsed: 5))
    #expect(store.entries.map(\.text) == ["airpods pro", "HomePod"])
  }

  @Test("case and separators fold: one entry for every spelling")
  func dedupeByFoldedASCII() {
    var store = RecentsStore()
    store.add(text: "Mac-Book_Pro", at: 1)
    store.add(text: "mac book pro", at: 2)
    store.add(text: "MAC.BOOK PRO", at: 3)
    #expect(store.entries == [RecentEntry(text: "MAC.BOOK PRO", count: 3, lastUsed: 3)])
  }

  // UNICODE FOLDING: passes with the real TextFolder; disabled (and reported as skipped) while `main` has the
  // ASCII placeholder, which leaves "É" and "é" apart. `dedupeFollowsTheFolder` below covers both folders.
  @Test(
    "Café, cafe and CAFÉ are one entry",
    .enabled(if: textFolderFoldsDiacritics, "needs the Unicode TextFolder (the ASCII placeholder does not fold é)")
  )
  func dedupeByFoldedDiacritics() {
    var store = RecentsStore()
    store.add(text: "Café", at: 1)
    store.add(text: "cafe", at: 2)
    store.add(text: "CAFÉ", at: 3)
    #expect(store.entries == [RecentEntry(text: "CAFÉ", count: 3, lastUsed: 3)])
  }

  static let spellings = [
    ("Café", "cafe"), ("Café", "CAFÉ"), ("cafe", "CAFÉ"), ("Pokémon", "POKEMON"), ("ＡＢＣ", "abc"),
    ("Straße", "STRASSE"), ("iPhone", "IPHONE"), ("iPhone", "iPad"), ("a-b", "a b"), ("ab", "a b"),
  ]

  @Test("two texts are one entry exactly when TextFolder folds them alike", arguments: spellings)
  func dedupeFollowsTheFolder(first: String, second: String) {
    var store = RecentsStore()
    store.add(text: first, at: 1)
    store.add(text: second, at: 2)
    let alike = TextFolder.fold(first).bytes == TextFolder.fold(second).bytes
    #expect(store.entries.count == (alike ? 1 : 2))
    #expect(store.entries.first?.text == second)
  }

  @Test("remove matches by id or by folded text, and says whether it removed anything")
  func remove() {
    var store = RecentsStore()
    store.add(text: "iPad mini", id: "ipad-mini", at: 1)
    store.add(text: "iMac", at: 2)
    store.add(text: "Apple TV", id: "tv", at: 3)
    let removed1 = store.remove()
    #expect(!removed1)
    let removed2 = store.remove(text: "Mac Pro")
    #expect(!removed2)
    let removed3 = store.remove(id: "nope")
    #expect(!removed3)
    let removed4 = store.remove(text: "IMAC")
    #expect(removed4)
    #expect(store.entries.map(\.text) == ["Apple TV", "iPad mini"])
    let removed5 = store.remove(id: "ipad-mini")
    #expect(removed5)
    let removed6 = store.remove(text: "something else", id: "tv")
    #expect(removed6)
    #expect(store.isEmpty)
  }

  @Test("clear empties the store and keeps the cap")
  func clear() {
    var store = RecentsStore(maxCount: 3)
    store.add(text: "a", at: 1)
    store.add(text: "b", at: 2)
    store.clear()
    #expect(store.isEmpty)
    #expect(store.maxCount == 3)
  }

  @Test("shrinking maxCount drops the oldest; a negative cap counts as 0; a cap of 0 keeps nothing")
  func maxCount() {
    var store = RecentsStore(maxCount: 10)
    for index in 0..<8 { store.add(text: "item \(index)", at: Int64(index)) }
    store.maxCount = 3
    #expect(store.entries.map(\.text) == ["item 7", "item 6", "item 5"])
    store.maxCount = 6
    store.add(text: "item 8", at: 8)
    #expect(store.entries.count == 4)
    store.maxCount = -1
    #expect(store.maxCount == 0)
    #expect(store.isEmpty)
    let entry = store.add(text: "kept nowhere", at: 9)
    #expect(entry.text == "kept nowhere")
    #expect(store.isEmpty)
  }

  @Test("a store built from saved entries merges duplicates into the newer one and applies the cap")
  func initFromEntries() {
    let store = RecentsStore(
      maxCount: 2,
      entries: [
        RecentEntry(text: "iPhone", id: nil, count: 2, lastUsed: 50),
        RecentEntry(text: "IPHONE", id: "iphone", count: 3, lastUsed: 40),
        RecentEntry(text: "iPad", count: 1, lastUsed: 30),
        RecentEntry(text: "iMac", count: 1, lastUsed: 20),
      ]
    )
    #expect(
      store.entries == [
        RecentEntry(text: "iPhone", id: "iphone", count: 5, lastUsed: 50),
        RecentEntry(text: "iPad", count: 1, lastUsed: 30),
      ]
    )
  }

  @Test("counts saturate instead of overflowing")
  func countsSaturate() {
    var store = RecentsStore(entries: [RecentEntry(text: "x", count: Int.max, lastUsed: 1)])
    store.add(text: "x", at: 2)
    #expect(store.entries[0].count == Int.max)
  }

  @Test(
    "random operations keep the invariants: unique ids and folded texts, capped, newest first",
    arguments: [1, 2, 3]
  )
  func randomOperations(seed: UInt64) {
    var random = RecentsRandom(seed: seed)
    let texts = ["iPhone", "IPHONE", "i-Phone", "iPad", "ipad", "Mac", "mac", "Watch", "TV", "tv", "Vision"]
    var store = RecentsStore(maxCount: 4)
    var totalUses = 0
    for time in 0..<2_000 {
      switch random.below(10) {
      case 0:
        store.remove(text: texts[random.below(texts.count)])
      case 1:
        store.remove(id: "id\(random.below(5))")
      case 2:
        store.maxCount = 1 + random.below(6)
      default:
        let id = random.below(3) == 0 ? "id\(random.below(5))" : nil
        let text = texts[random.below(texts.count)]
        let entry = store.add(text: text, id: id, at: Int64(time))
        #expect(store.entries.first == entry)
        #expect(entry.text == text && entry.lastUsed == Int64(time))
        totalUses += 1
      }
      let folded = store.entries.map { TextFolder.fold($0.text).bytes }
      let ids = store.entries.compactMap(\.id)
      #expect(Set(folded).count == folded.count)
      #expect(Set(ids).count == ids.count)
      #expect(store.entries.count <= store.maxCount)
      #expect(zip(store.entries, store.entries.dropFirst()).allSatisfy { $0.lastUsed > $1.lastUsed })
      #expect(store.entries.allSatisfy { $0.count >= 1 })
      #expect(store.entries.reduce(0) { $0 + $1.count } <= totalUses)
    }
  }
}
