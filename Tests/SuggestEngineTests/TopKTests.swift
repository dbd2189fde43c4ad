import TestSupport
import Testing

@testable import SuggestEngine

@Suite struct TopKTests {
  @Test("keeps the k smallest of every small array, like sort + prefix")
  func matchesSortPrefix() {
    var random = SplitMix64(seed: 7)
    for length in 0...8 {
      for _ in 0..<200 {
        let values = (0..<length).map { _ in Int.random(in: 0..<5, using: &random) }
        for k in 0...(length + 1) {
          var top = TopK<Int>(capacity: k)
          for value in values { top.insert(value) }
          #expect(top.sorted() == Array(values.sorted().prefix(k)), "\(values) k=\(k)")
        }
      }
    }
  }

  @Test("rank keys order by band, then score, then length, then index")
  func rankKeyOrder() {
    let best = RankKey(band: .strong, score: 10, length: 9, index: 9)
    let worseBand = RankKey(band: .weak, score: 999, length: 1, index: 0)
    let lowerScore = RankKey(band: .strong, score: 9, length: 1, index: 0)
    let longer = RankKey(band: .strong, score: 10, length: 10, index: 0)
    let later = RankKey(band: .strong, score: 10, length: 9, index: 10)
    #expect(best < worseBand && best < lowerScore && best < longer && best < later)
    #expect(RankKey(band: .weak, score: -40, length: 3, index: 1).score == -40)
    #expect(RankKey(band: .subtitle, score: 5, length: 3, index: 1).band == .subtitle)
  }
}
