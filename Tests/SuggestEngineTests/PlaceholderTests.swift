import Testing

@Suite struct PlaceholderTests {
  @Test func builds() {
    #expect(Bool(true))
  }
}
