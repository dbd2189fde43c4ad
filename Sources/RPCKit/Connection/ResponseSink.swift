import Synchronization

/// Frames response bodies in the connection's framing and hands them to the writer.
///
/// The framing is decided by the first bytes of input, after the sink exists, so it is set once later.
final class ResponseSink: Sendable {
  private let writer: OutputWriter
  private let mode: Atomic<UInt8>

  init(writer: OutputWriter, mode: FramingMode) {
    self.writer = writer
    self.mode = Atomic(mode == .lsp ? 1 : 0)
  }

  /// Sets the framing of replies (the framing of the input).
  func setFraming(_ framing: FramingMode) {
    mode.store(framing == .lsp ? 1 : 0, ordering: .relaxed)
  }

  /// Frames `body` (one JSON value) and enqueues it.
  func send(body: [UInt8]) {
    var framed: [UInt8] = []
    framed.reserveCapacity(body.count + 32)
    FrameEncoder.append(body, mode: mode.load(ordering: .relaxed) == 1 ? .lsp : .ndjson, to: &framed)
    writer.enqueue(framed)
  }

  /// The writer behind the sink.
  var output: OutputWriter { writer }
}
