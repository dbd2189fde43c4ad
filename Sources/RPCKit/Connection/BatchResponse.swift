/// Collects the responses of one batch and sends them as one array once every member is answered.
///
/// Until then a member's response only waits here: the client has not seen it. Members with an entry in the table of
/// requests in flight keep it until the batch is sent (``heldMembers``), so that a response that became stale
/// meanwhile can still be replaced (``replace(at:with:)``), e.g. by a supersession.
///
/// Every access happens under ``InFlightRequests``' lock, which is what makes the unchecked conformance sound.
final class BatchResponse: @unchecked Sendable {
  private var bodies: [[UInt8]] = []
  private var expected: Int?
  /// The members answered while the batch was incomplete that are still entered in the in-flight table.
  private(set) var heldMembers: [RequestID] = []

  /// Adds one member's response; returns its place in the batch, and the array body when the batch is complete.
  func add(_ body: [UInt8]) -> (index: Int, array: [UInt8]?) {
    bodies.append(body)
    return (bodies.count - 1, completedBody())
  }

  /// Records that the member `id`, whose response was added, stays in the in-flight table until the batch is sent.
  func hold(_ id: RequestID) {
    heldMembers.append(id)
  }

  /// Replaces the response added at `index` (the batch is not complete yet).
  func replace(at index: Int, with body: [UInt8]) {
    guard bodies.indices.contains(index) else { return }
    bodies[index] = body
  }

  /// Records how many responses the batch needs (known once every member was read); returns the array body when the
  /// batch is complete.
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
