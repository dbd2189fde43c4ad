import RPCKit

/// Framing throughput: ns per small message to encode and decode 20,000 messages held in one buffer.
///
/// Run with `swift run -c release suggest-bench framing`.
enum FramingBenchmark {
  /// How many messages each round frames.
  static let messageCount = 20_000
  /// How many rounds each measurement takes; the report gives the best and the median.
  static let rounds = 40

  /// Runs every measurement and prints one line each.
  static func run() {
    let bodies = (0..<messageCount).map { id in
      Array(#"{"jsonrpc":"2.0","id":\#(id),"method":"search/complete","params":{"query":"ip"}}"#.utf8)
    }
    let averageSize = bodies.reduce(0) { $0 + $1.count } / bodies.count
    print("framing: \(messageCount) messages of about \(averageSize) bytes, best / median of \(rounds) rounds")
    for mode in [FramingMode.lsp, .ndjson] {
      var wire: [UInt8] = []
      measure("encode \(mode.rawValue)") {
        wire.removeAll(keepingCapacity: true)
        for body in bodies { FrameEncoder.append(body, mode: mode, to: &wire) }
        return wire.count
      }
      measure("decode \(mode.rawValue), one append") {
        var decoder = FrameDecoder()
        decoder.append(wire)
        return drain(&decoder)
      }
      measure("decode \(mode.rawValue), one append, lent bodies") {
        var decoder = FrameDecoder()
        decoder.append(wire)
        var total = 0
        while let size = decoder.nextEvent({ event -> Int in
          if case .message(let body) = event { return body.count }
          return 0
        }) {
          total += size
        }
        return total
      }
      measure("decode \(mode.rawValue), 64 KiB appends") {
        var decoder = FrameDecoder()
        var total = 0
        var start = 0
        wire.withUnsafeBytes { bytes in
          while start < bytes.count {
            let end = min(start + 65_536, bytes.count)
            decoder.append(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
            total += drain(&decoder)
            start = end
          }
        }
        return total
      }
    }
  }

  /// Drains `decoder`; returns the number of body bytes, so the work cannot be optimised away.
  private static func drain(_ decoder: inout FrameDecoder) -> Int {
    var total = 0
    while let event = decoder.next() {
      if case .message(let body) = event { total += body.count }
    }
    return total
  }

  /// Times `rounds` runs of `body` and prints ns per message.
  private static func measure(_ name: String, _ body: () -> Int) {
    let clock = ContinuousClock()
    var checksum = 0
    var times: [Duration] = []
    for _ in 0..<rounds {
      let start = clock.now
      checksum &+= body()
      times.append(clock.now - start)
    }
    times.sort()
    let perMessage = { (duration: Duration) -> String in
      let nanoseconds = Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
      let value = nanoseconds / Double(messageCount)
      return String(Int(value * 10) / 10) + "." + String(Int(value * 10) % 10)
    }
    print("  \(name): \(perMessage(times[0])) / \(perMessage(times[times.count / 2])) ns per message  (\(checksum))")
  }
}
