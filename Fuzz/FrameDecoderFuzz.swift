// libFuzzer target for RPCKit's FrameDecoder (LSP and NDJSON framing).
//
// Compiled into the RPCKit module (see Scripts/fuzz.sh), with JSONKit as a separate module. The input is raw wire
// bytes. Each input is decoded in every mode (auto, lsp, ndjson) under two sets of limits — small fixed ones
// (256-byte messages, 64-byte headers) and tiny ones derived from the input — so that every limit path is reached.
// For each, the input is fed:
// - whole, in one append, drained with `next()` (the reference);
// - in chunks whose sizes come from the input's own bytes (the byte at each chunk's start sets its size), drained
//   with `next()`;
// - in chunks whose sizes come from a generator seeded with a hash of the input, drained with `nextEvent(_:)`;
// - for short inputs, one byte at a time.
// Invariants: no trap; the same events whatever the chunking and whichever drain call; after each drain the
// buffer holds at most about twice the largest frame the limits allow; after `finish()`, `next()` ends and stays
// ended; no delivered body exceeds the message limit; NDJSON lines are never blank. Finally, the NDJSON lines of
// the input, re-encoded with FrameEncoder in either framing, decode back to exactly themselves.

/// libFuzzer's entry point: runs one input.
///
/// - Parameters:
///   - data: The input's bytes.
///   - size: The input's length.
/// - Returns: 0 (libFuzzer reserves other values).
@_cdecl("LLVMFuzzerTestOneInput")
public func frameDecoderFuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let input = data == nil ? [] : Array(UnsafeBufferPointer(start: data, count: size))
  FrameDecoderFuzz.run(input)
  return 0
}

private enum FrameDecoderFuzz {
  struct Limits {
    var maxMessageBytes: Int
    var maxHeaderBytes: Int
  }

  /// What a failure message says about the decoding that failed; built only on failure (interpolating an enum
  /// goes through reflection, which would dominate the run time).
  struct Context: CustomStringConvertible {
    var mode: FramingMode
    var limits: Limits
    var feeding: String

    var description: String {
      "\(mode.rawValue), maxMessageBytes \(limits.maxMessageBytes), maxHeaderBytes \(limits.maxHeaderBytes), \(feeding)"
    }
  }

  static func run(_ input: [UInt8]) {
    let hash = fnv1a(input)
    let limitSets = [
      Limits(maxMessageBytes: 256, maxHeaderBytes: 64),
      Limits(maxMessageBytes: Int(hash % 40), maxHeaderBytes: Int((hash >> 8) % 48) + 1),
    ]
    for mode in FramingMode.allCases {
      for limits in limitSets {
        check(input, mode: mode, limits: limits, hash: hash)
      }
    }
  }

  static func check(_ input: [UInt8], mode: FramingMode, limits: Limits, hash: UInt64) {
    var context = Context(mode: mode, limits: limits, feeding: "one append")
    let reference = decode([input[...]], mode: mode, limits: limits, lending: false, context: context)
    checkEvents(reference, mode: mode, limits: limits, context: context)
    if mode == .ndjson && limits.maxHeaderBytes >= 64 {
      let bodies = reference.compactMap { event -> [UInt8]? in
        if case .message(let body) = event { body } else { nil }
      }
      checkEncoderRoundTrip(bodies, limits: limits)
    }

    context.feeding = "chunks sized by the input"
    let byInput = decode(chunksSizedByInput(input), mode: mode, limits: limits, lending: false, context: context)
    same(byInput, reference, context)

    var generator = SplitMix64(seed: hash)
    let maxChunk = Int((hash >> 32) % 97) + 1
    context.feeding = "random chunks up to \(maxChunk) bytes, nextEvent"
    let random = decode(
      randomChunks(input, maxSize: maxChunk, using: &generator),
      mode: mode,
      limits: limits,
      lending: true,
      context: context
    )
    same(random, reference, context)

    // `Content-Length: N\r\n\r\n` takes a shortcut that must agree with the line-by-line path, which the same
    // header in another letter case takes: same events, up to the replaced bytes themselves.
    let renamed = replacingCanonicalName(in: input)
    if renamed != input {
      context.feeding = "header name lowercased, one append"
      let slow = decode([renamed[...]], mode: mode, limits: limits, lending: false, context: context)
      if slow.map(shape) != reference.map(shape) {
        fatalError("\(context): events \(slow.map(shape)), with the canonical name \(reference.map(shape))")
      }
    }

    if input.count <= 512 {
      context.feeding = "one byte at a time, nextEvent"
      let bytewise = decode(
        input.indices.map { input[$0...$0] },
        mode: mode,
        limits: limits,
        lending: true,
        context: context
      )
      same(bytewise, reference, context)
    }
  }

  /// Feeds `chunks`, draining after each, then finishes and drains until the end, checking the memory bound.
  static func decode(
    _ chunks: [ArraySlice<UInt8>],
    mode: FramingMode,
    limits: Limits,
    lending: Bool,
    context: Context
  ) -> [FrameEvent] {
    var decoder = FrameDecoder(
      mode: mode,
      maxMessageBytes: limits.maxMessageBytes,
      maxHeaderBytes: limits.maxHeaderBytes
    )
    var events: [FrameEvent] = []
    // After a drain, the unread bytes are at most one frame as large as the limits allow (plus a partial
    // `Content-Length:` kept while resynchronising, and a line's `\r\n`), and compaction keeps the consumed bytes
    // below the unread ones.
    let bound = 2 * (max(limits.maxMessageBytes, limits.maxHeaderBytes) + 16)
    let totalBytes = chunks.reduce(0) { $0 + $1.count }
    for chunk in chunks {
      chunk.withUnsafeBytes { decoder.append($0) }
      // Each call makes progress, so a drain can yield at most about one event per byte.
      drain(&decoder, into: &events, lending: lending, limit: totalBytes + 4, context: context)
      guard decoder.bufferedByteCount <= bound else {
        fatalError("\(context): \(decoder.bufferedByteCount) bytes buffered after a drain, bound \(bound)")
      }
    }
    decoder.finish()
    drain(&decoder, into: &events, lending: lending, limit: totalBytes + 4, context: context)
    for _ in 0..<3 {
      guard decoder.next() == nil else { fatalError("\(context): next() delivered an event after the end") }
    }
    return events
  }

  static func drain(
    _ decoder: inout FrameDecoder,
    into events: inout [FrameEvent],
    lending: Bool,
    limit: Int,
    context: Context
  ) {
    var count = 0
    while true {
      let event: FrameEvent?
      if lending {
        event = decoder.nextEvent { borrowed -> FrameEvent in
          switch borrowed {
          case .message(let body): .message(Array(body))
          case .error(let error): .error(error)
          }
        }
      } else {
        event = decoder.next()
      }
      guard let event else { return }
      events.append(event)
      count += 1
      if count > limit { fatalError("\(context): the decoder does not stop delivering events") }
    }
  }

  /// Properties every event list must have, whatever the chunking.
  static func checkEvents(_ events: [FrameEvent], mode: FramingMode, limits: Limits, context: Context) {
    for event in events {
      switch event {
      case .message(let body):
        if body.count > limits.maxMessageBytes {
          fatalError("\(context): a \(body.count)-byte body was delivered over the limit")
        }
        if mode == .ndjson && limits.maxHeaderBytes >= 64 {
          if body.contains(UInt8(ascii: "\n")) { fatalError("\(context): an NDJSON line contains a newline") }
          if body.allSatisfy(ByteSearch.isBlank) { fatalError("\(context): a blank NDJSON line was delivered") }
        }
      case .error(let error):
        if error.description.isEmpty { fatalError("\(context): an error without description") }
        switch (mode, error) {
        case (.ndjson, .lineTooLong), (.auto, _):
          break
        case (.ndjson, _):
          fatalError("\(context): NDJSON framing reported \(error)")
        case (.lsp, .lineTooLong):
          fatalError("\(context): LSP framing reported \(error)")
        case (.lsp, _):
          break
        }
      }
    }
  }

  /// Bodies encoded with `FrameEncoder` decode back to themselves, with no error, in both framings.
  static func checkEncoderRoundTrip(_ bodies: [[UInt8]], limits: Limits) {
    for mode in [FramingMode.lsp, .ndjson] {
      // NDJSON strips one `\r` before the `\n`, so a body ending in one does not survive that framing.
      let kept = mode == .ndjson ? bodies.filter { $0.last != ByteSearch.carriageReturn } : bodies
      var wire: [UInt8] = []
      for body in kept { FrameEncoder.append(body, mode: mode, to: &wire) }
      // As documented, auto-detection skips leading blanks and reads NDJSON starting with `C` or `c` as LSP.
      let isAmbiguous =
        mode == .ndjson
        && wire.first.map { ByteSearch.isBlank($0) || $0 == UInt8(ascii: "C") || $0 == UInt8(ascii: "c") } == true
      for decodingMode in isAmbiguous ? [mode] : [mode, .auto] {
        let context = Context(
          mode: decodingMode,
          limits: limits,
          feeding: "FrameEncoder round trip from \(mode.rawValue)"
        )
        let events = decode([wire[...]], mode: decodingMode, limits: limits, lending: false, context: context)
        same(events, kept.map(FrameEvent.message), context)
      }
    }
  }

  static func same(_ events: [FrameEvent], _ reference: [FrameEvent], _ context: Context) {
    guard events != reference else { return }
    let index =
      zip(events, reference).enumerated().first { $0.element.0 != $0.element.1 }?.offset
      ?? min(events.count, reference.count)
    let got = index < events.count ? "\(events[index])" : "nothing"
    let expected = index < reference.count ? "\(reference[index])" : "nothing"
    fatalError("\(context): event \(index) is \(got), one append gave \(expected)")
  }

  /// `input` with every `Content-Length: ` spelled `content-length: ` (same length).
  static func replacingCanonicalName(in input: [UInt8]) -> [UInt8] {
    let canonical = Array("Content-Length: ".utf8)
    let lowercase = Array("content-length: ".utf8)
    var output = input
    var index = 0
    while index + canonical.count <= output.count {
      if output[index..<index + canonical.count].elementsEqual(canonical) {
        output.replaceSubrange(index..<index + canonical.count, with: lowercase)
        index += canonical.count
      } else {
        index += 1
      }
    }
    return output
  }

  /// An event without the input bytes it carries (which a rewrite of the input may change): its kind, its
  /// numbers, and the lengths of its texts.
  static func shape(_ event: FrameEvent) -> String {
    switch event {
    case .message(let body): "message(\(body.count))"
    case .error(.invalidContentLength(let text)): "invalidContentLength(\(text.utf8.count))"
    case .error(.malformedHeaderLine(let text)): "malformedHeaderLine(\(text.utf8.count))"
    case .error(.unsupportedCharset(let text)): "unsupportedCharset(\(text.utf8.count))"
    case .error(let error): "\(error)"
    }
  }

  /// Chunks whose sizes the input sets: the byte at a chunk's start, modulo 23, plus one.
  static func chunksSizedByInput(_ input: [UInt8]) -> [ArraySlice<UInt8>] {
    var chunks: [ArraySlice<UInt8>] = []
    var start = 0
    while start < input.count {
      let end = min(input.count, start + Int(input[start] % 23) + 1)
      chunks.append(input[start..<end])
      start = end
    }
    return chunks
  }

  /// Chunks of random sizes from 0 (an empty append) to `maxSize`.
  static func randomChunks(_ input: [UInt8], maxSize: Int, using generator: inout SplitMix64) -> [ArraySlice<UInt8>] {
    var chunks: [ArraySlice<UInt8>] = []
    var start = 0
    while start < input.count {
      let end = min(input.count, start + Int(generator.next() % UInt64(maxSize + 1)))
      chunks.append(input[start..<end])
      start = end
    }
    return chunks
  }

  static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return hash
  }
}

/// A small seeded generator (SplitMix64).
private struct SplitMix64 {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
