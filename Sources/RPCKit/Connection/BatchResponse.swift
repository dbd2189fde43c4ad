/// Collects the responses of one batch and sends them as one array once every member is answered.
///
/// Every access happens under ``InFlightRequests``' lock, which is what makes the unchecked conformance sound.
final class BatchResponse: @unchecked Sendable {
  private var bodies: [[UInt8]] = []
  private var expected: Int?

  /// Adds one member's response; returns the array body when the batch is complete.
  func add(_ body: [UInt8]) -> [UInt8]? {
    bodies.append(body)
    return completedBody()
  }

  /// Records how many responses the batch needs (known once every member was read).
  func seal(expecting count: Int) -> [UInt8]? {
    expected = count
    return completedBody()
  }

  private func completedBody() -> [UInt8]? {
    guard let expected, bodies.count == expected, expected > 0 else { return nil }
    var array: [UInt8] = [UInt8(ascii: "[")]
    array.reserveCapacity(bodies.reduce(2) { $0 + $1.count + 1 })
    for (index, body) in bodies.enumerated() {
      if index > 0 { array.append(UInt8(ascii: ",")) }
      array.append(contentsOf: body)
    }
    array.append(UInt8(ascii: "]"))
    bodies = []
    return array
  }
}
