/// A benchmark failure with a message.
struct BenchmarkError: Error, CustomStringConvertible {
  /// What went wrong.
  let description: String

  init(_ description: String) { self.description = description }
}

extension Duration {
  /// The duration in seconds.
  var seconds: Double {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }
}
