import RPCKit
import TestSupport
import Testing

extension FrameDecoder {
  /// Feeds `chunks` one by one, draining after each, then finishes and drains again.
  ///
  /// - Parameters:
  ///   - chunks: The input, in appends.
  ///   - lending: Whether to drain with ``nextEvent(_:)`` (bodies lent) instead of ``next()`` (bodies copied).
  /// - Returns: Every event, in order.
  mutating func events(feeding chunks: some Sequence<ArraySlice<UInt8>>, lending: Bool = false) -> [FrameEvent] {
    var events: [FrameEvent] = []
    for chunk in chunks {
      Array(chunk).withUnsafeBytes { append($0) }
      drain(into: &events, lending: lending)
    }
    finish()
    drain(into: &events, lending: lending)
    #expect(next() == nil, "the stream stays done")
    return events
  }

  /// Appends every event available now to `events`.
  private mutating func drain(into events: inout [FrameEvent], lending: Bool) {
    if lending {
      while let event = nextEvent({ event -> FrameEvent in
        switch event {
        case .message(let body): return .message(Array(body))
        case .error(let error): return .error(error)
        case .refused(let body, let error): return .refused(Array(body), error)
        }
      }) {
        events.append(event)
      }
    } else {
      while let event = next() { events.append(event) }
    }
  }
}

/// Test inputs: byte strings and ways to cut them.
enum Wire {
  /// The UTF-8 bytes of `text`.
  static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  /// One LSP frame: `Content-Length: N\r\n\r\n` + body, with `headers` (whole lines with their line ends) first.
  static func lsp(_ body: String, headers: String = "") -> String {
    "\(headers)Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
  }

  /// The message event for a body given as text.
  static func message(_ body: String) -> FrameEvent { .message(Array(body.utf8)) }

  /// `bytes` cut at the given increasing offsets.
  static func split(_ bytes: [UInt8], at offsets: [Int]) -> [ArraySlice<UInt8>] {
    var chunks: [ArraySlice<UInt8>] = []
    var start = 0
    for offset in offsets + [bytes.count] {
      chunks.append(bytes[start..<offset])
      start = offset
    }
    return chunks
  }

  /// `bytes` cut into chunks of `size` bytes (the last may be shorter).
  static func chunks(_ bytes: [UInt8], size: Int) -> [ArraySlice<UInt8>] {
    stride(from: 0, to: bytes.count, by: size).map { bytes[$0..<min($0 + size, bytes.count)] }
  }

  /// `bytes` cut into chunks of random sizes from 0 (an empty append) to `maxSize`.
  static func randomChunks(
    _ bytes: [UInt8],
    maxSize: Int,
    using generator: inout SplitMix64
  ) -> [ArraySlice<UInt8>] {
    var chunks: [ArraySlice<UInt8>] = []
    var start = 0
    while start < bytes.count {
      let size = Int.random(in: 0...maxSize, using: &generator)
      let end = min(start + size, bytes.count)
      chunks.append(bytes[start..<end])
      start = end
    }
    return chunks
  }
}

/// Expects `expected` from `wire` however it is chunked: whole, cut at every single offset, in chunks of every
/// size from 1 to its length, and in `randomRounds` random chunkings (with empty appends) from a fixed seed.
/// Every other run drains with the lending ``FrameDecoder/nextEvent(_:)`` instead of ``FrameDecoder/next()``.
///
/// - Parameters:
///   - wire: The input stream.
///   - expected: The events it must give, end of input included.
///   - decoder: The decoder to start from (mode and limits).
///   - randomRounds: How many random chunkings to try.
///   - sourceLocation: Where to report a failure (the caller).
func expectEventsUnderEveryChunking(
  _ wire: [UInt8],
  _ expected: [FrameEvent],
  decoder: FrameDecoder = FrameDecoder(),
  randomRounds: Int = 100,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  for lending in [false, true] {
    var whole = decoder
    let events = whole.events(feeding: [wire[...]], lending: lending)
    #expect(events == expected, "whole input, lending: \(lending)", sourceLocation: sourceLocation)
  }
  for offset in 0...wire.count {
    var split = decoder
    let events = split.events(feeding: Wire.split(wire, at: [offset]), lending: offset % 2 == 1)
    guard events == expected else {
      #expect(events == expected, "split at \(offset)", sourceLocation: sourceLocation)
      return
    }
  }
  for size in 1...max(1, wire.count) {
    var chunked = decoder
    let events = chunked.events(feeding: Wire.chunks(wire, size: size), lending: size % 2 == 1)
    guard events == expected else {
      #expect(events == expected, "chunks of \(size) bytes", sourceLocation: sourceLocation)
      return
    }
  }
  var generator = SplitMix64(seed: 0x5EED_F4A3)
  for round in 0..<randomRounds {
    var chunked = decoder
    let chunks = Wire.randomChunks(wire, maxSize: 1 + round % 40, using: &generator)
    let events = chunked.events(feeding: chunks, lending: round % 2 == 1)
    guard events == expected else {
      #expect(events == expected, "random chunks \(chunks.map(\.count))", sourceLocation: sourceLocation)
      return
    }
  }
}
