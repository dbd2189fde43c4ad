import JSONKit

/// Splits a byte stream into message bodies: LSP `Content-Length` framing or NDJSON, incrementally.
///
/// Feed input with ``append(_:)-(UnsafeRawBufferPointer)`` as it arrives and drain ``next()`` until it returns
/// `nil` after each append; call ``finish()`` at end of input and drain ``next()`` once more. The same events come
/// out however the input is split into appends. ``nextEvent(_:)`` gives the same events but lends each body from
/// the buffer instead of copying it. A decoder is a plain value: no I/O, no JSON; a body is opaque bytes for the
/// next layer to parse.
///
/// ### Framing
/// - ``FramingMode/auto``: leading whitespace (space, tab, `\r`, `\n`) is skipped and the first other byte
///   decides: `C` or `c` selects LSP; anything else selects NDJSON, so that `{`/`[` streams work and a garbage
///   first line reaches the JSON layer as one NDJSON message, which answers it with a parse error.
/// - LSP: header lines `Name: value` ending in `\r\n` (a bare `\n` is accepted too), an empty line, then exactly
///   `Content-Length` bytes of body. Header names are tokens compared ignoring case; spaces and tabs around a
///   value are ignored. `Content-Length` is required: ASCII digits only. `Content-Type` may carry a `charset`
///   parameter, which must be `utf-8` or `utf8` (any case). Other headers are ignored. Two `Content-Length`
///   headers with the same value are accepted (as HTTP allows); different values are an error. Blank lines
///   before a header block (e.g. a stray `\r\n` after a body) are ignored.
/// - NDJSON: one message per `\n`-terminated line, a `\r` before the `\n` stripped; lines holding only
///   whitespace are ignored. At end of input, a last line without `\n` is still a message.
///
/// ### Errors and recovery
/// Each bad frame gives one ``FrameEvent/error(_:)`` and decoding continues:
/// - A `Content-Length` larger than `maxMessageBytes`, or an unsupported charset: the error, then exactly the
///   announced number of body bytes is skipped without being buffered.
/// - A header line that is not `Name: value`, an invalid or conflicting `Content-Length`, a missing
///   `Content-Length` or a header block longer than `maxHeaderBytes`: the error, then the decoder resynchronises
///   on the next `Content-Length:` (any case) in the input, wherever it occurs. (It does not require it to start a
///   line: bodies usually end without a newline, so the next header directly follows the skipped body, and JSON
///   text of a bad body cannot start a line anyway.) The lines of the header block before the bad line are
///   discarded with it; for an oversized header block, exactly its first `maxHeaderBytes` bytes are.
/// - An NDJSON line longer than `maxMessageBytes` (not counting its `\r\n`): the error, then the rest of the
///   line is discarded without being buffered. This holds for a whitespace-only line too.
/// - At end of input: an incomplete header block gives ``FramingError/truncatedHeader``, an incomplete body
///   ``FramingError/truncatedBody(expected:received:)``.
///
/// ### Memory
/// With ``next()`` drained after each append, the unread bytes never exceed about
/// `max(maxMessageBytes, maxHeaderBytes)` plus one appended chunk, and the buffer holds at most twice that:
/// consumed bytes are dropped once they are at least as many as the unread ones (so each byte is moved O(1) times
/// on average) or when the buffer would otherwise grow. Input that a refused body or line covers is dropped from
/// the appended chunk directly when nothing else is unread, never copied in. An emptied buffer over 1 MiB of
/// capacity is released.
public struct FrameDecoder: Sendable {
  /// The framing asked for; ``FramingMode/auto`` detects it from the input (see ``detectedMode``).
  public let mode: FramingMode
  /// The largest body (LSP) or line (NDJSON) delivered; larger ones are errors and skipped.
  public let maxMessageBytes: Int
  /// The largest LSP header block, including its line ends and the empty line that ends it.
  public let maxHeaderBytes: Int
  /// The framing in use: ``FramingMode/lsp`` or ``FramingMode/ndjson``, or `nil` while ``FramingMode/auto``
  /// has seen only whitespace.
  public private(set) var detectedMode: FramingMode?

  /// Input received and not yet dropped; `buffer[readIndex...]` is unread.
  var buffer: [UInt8] = []
  /// The first unread byte of `buffer`.
  var readIndex = 0
  /// `buffer[readIndex..<newlineScanIndex]` is known to hold no `\n`, so a line split over many appends is
  /// scanned once, not once per append.
  var newlineScanIndex = 0
  /// What the next bytes are.
  var state: State
  /// The LSP header block being read, while `state` is ``State/header``.
  var header = HeaderProgress()
  /// Whether ``finish()`` was called: incomplete frames are then final.
  var isFinished = false

  /// The default ``maxMessageBytes``: 16 MiB.
  public static let defaultMaxMessageBytes = 16 << 20
  /// The default ``maxHeaderBytes``: 8 KiB.
  public static let defaultMaxHeaderBytes = 8 << 10
  /// An empty buffer keeps its storage up to this capacity, and releases a larger one (after a large message).
  static let retainedCapacity = 1 << 20
  /// The LSP body length from which the buffer is grown to hold the whole body as soon as its header is read.
  static let reservedBodyBytes = 1 << 20

  /// What the decoder expects next.
  enum State: Sendable, Hashable {
    /// ``FramingMode/auto`` before the first non-blank byte.
    case detecting
    /// NDJSON: the start of a line.
    case line
    /// NDJSON: the rest of an over-long line, dropped up to its `\n`.
    case discardingLine
    /// LSP: header lines, up to the empty line.
    case header
    /// LSP: a body of `length` bytes.
    case body(length: Int)
    /// LSP: `remaining` bytes of a refused body, dropped.
    case skippingBody(remaining: Int)
    /// LSP: a body of `length` bytes that is refused for its charset, read so that its request can be answered.
    case refusedBody(length: Int, charset: String)
    /// LSP: after a malformed header, input dropped up to the next `Content-Length:`.
    case resynchronizing
  }

  /// The outcome of one step of ``next()``.
  enum Step {
    /// A message whose body is `buffer[range]` (already consumed: `readIndex` is past it).
    case message(Range<Int>)
    /// An error to report.
    case error(FramingError)
    /// A message refused with an error, whose body is `buffer[range]` (consumed), for the reply to name its id.
    case refused(Range<Int>, FramingError)
    /// Nothing more can be decoded until more input (or ``finish()``) arrives.
    case needMoreInput
    /// Progress was made (a state change or consumed bytes); step again.
    case proceed
  }

  /// Creates a decoder.
  ///
  /// - Parameters:
  ///   - mode: The framing, or ``FramingMode/auto`` (the default) to detect it from the first non-blank byte.
  ///   - maxMessageBytes: The largest body or line delivered (default 16 MiB); a negative value counts as 0.
  ///   - maxHeaderBytes: The largest LSP header block (default 8 KiB); values below 1 count as 1.
  public init(
    mode: FramingMode = .auto,
    maxMessageBytes: Int = FrameDecoder.defaultMaxMessageBytes,
    maxHeaderBytes: Int = FrameDecoder.defaultMaxHeaderBytes
  ) {
    self.mode = mode
    self.maxMessageBytes = max(0, maxMessageBytes)
    self.maxHeaderBytes = max(1, maxHeaderBytes)
    switch mode {
    case .auto:
      state = .detecting
    case .lsp:
      detectedMode = .lsp
      state = .header
    case .ndjson:
      detectedMode = .ndjson
      state = .line
    }
  }

  /// The number of bytes held in the internal buffer (read or not), for tests of the memory bound.
  package var bufferedByteCount: Int { buffer.count }

  /// The capacity of the internal buffer, for tests of the memory bound.
  package var bufferCapacity: Int { buffer.capacity }

  /// Adds input.
  ///
  /// Call ``next()`` until it returns `nil` after each append, or the buffer grows by the whole append.
  ///
  /// - Parameter bytes: The next bytes of the stream, in any amount (empty is allowed).
  public mutating func append(_ bytes: UnsafeRawBufferPointer) {
    precondition(!isFinished, "FrameDecoder.append(_:) called after finish()")
    bytes.withMemoryRebound(to: UInt8.self) { append(bytes: $0) }
  }

  /// Adds input.
  ///
  /// - Parameter bytes: The next bytes of the stream.
  public mutating func append(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { append($0) }
  }

  /// Marks the end of input: ``next()`` then reports an incomplete last frame, if any, and returns `nil` for good.
  ///
  /// No input may be appended afterwards.
  public mutating func finish() {
    isFinished = true
  }

  /// Returns the next event, or `nil` when more input is needed (or, after ``finish()``, when the stream is done).
  ///
  /// - Returns: The next message body (a copy) or framing error, in stream order.
  public mutating func next() -> FrameEvent? {
    switch nextStep() {
    case .message(let range): return .message(copyBytes(range))
    case .error(let error): return .error(error)
    case .refused(let range, let error): return .refused(copyBytes(range), error)
    case .needMoreInput, .proceed: return nil
    }
  }

  /// Hands the next event to `body` without copying a message body, or returns `nil` when more input is needed.
  ///
  /// The same events as ``next()``, but a message body is lent straight from the decoder's buffer: this saves an
  /// allocation and a copy per message when the body is parsed at once.
  ///
  /// - Parameter body: Called once with the event. A ``BorrowedFrameEvent/message(_:)`` pointer is valid only
  ///   during the call.
  /// - Returns: What `body` returned, or `nil` (without calling `body`) when there is no event yet.
  public mutating func nextEvent<Result>(_ body: (BorrowedFrameEvent) -> Result) -> Result? {
    nextEvent { event, _ in body(event) }
  }

  /// ``nextEvent(_:)``, telling `body` too whether input after the event is already buffered (the start of another
  /// message: the client is ahead).
  package mutating func nextEvent<Result>(_ body: (BorrowedFrameEvent, _ isInputLeft: Bool) -> Result) -> Result? {
    let step = nextStep()
    let isInputLeft = readIndex < buffer.count
    switch step {
    case .message(let range):
      return buffer.withUnsafeBytes { body(.message(UnsafeRawBufferPointer(rebasing: $0[range])), isInputLeft) }
    case .error(let error):
      return body(.error(error), isInputLeft)
    case .refused(let range, let error):
      return buffer.withUnsafeBytes {
        body(.refused(UnsafeRawBufferPointer(rebasing: $0[range]), error), isInputLeft)
      }
    case .needMoreInput, .proceed:
      return nil
    }
  }

  /// Steps the state machine to the next message or error; `.needMoreInput` when there is none yet.
  private mutating func nextStep() -> Step {
    while true {
      let step: Step
      switch state {
      case .detecting: step = detectMode()
      case .line: step = nextLine()
      case .discardingLine: step = discardLine()
      case .header: step = nextHeaderLine()
      case .body(let length): step = nextBody(length: length)
      case .skippingBody(let remaining): step = skipBody(remaining: remaining)
      case .refusedBody(let length, let charset): step = nextRefusedBody(length: length, charset: charset)
      case .resynchronizing: step = resynchronize()
      }
      switch step {
      case .message, .error, .refused:
        return step
      case .needMoreInput:
        compact(beforeAppending: 0)
        return step
      case .proceed:
        continue
      }
    }
  }

  /// Appends bytes, first dropping what the current state discards anyway when nothing is left unread.
  private mutating func append(bytes input: UnsafeBufferPointer<UInt8>) {
    compact(beforeAppending: input.count)
    var start = 0
    if readIndex == buffer.count {
      start = dropUnbufferedPrefix(of: input)
    }
    if start < input.count {
      buffer.append(contentsOf: UnsafeBufferPointer(rebasing: input[start...]))
    }
  }

  /// Drops the leading part of `input` that a refused body or an over-long line covers, without copying it.
  ///
  /// - Returns: How many bytes of `input` were dropped.
  private mutating func dropUnbufferedPrefix(of input: UnsafeBufferPointer<UInt8>) -> Int {
    switch state {
    case .skippingBody(let remaining):
      let skipped = min(remaining, input.count)
      if skipped == remaining {
        beginHeader()
      } else {
        state = .skippingBody(remaining: remaining - skipped)
      }
      return skipped
    case .discardingLine:
      guard let newline = ByteSearch.firstIndex(of: ByteSearch.lineFeed, in: input, from: 0) else {
        return input.count
      }
      state = .line
      return newline + 1
    default:
      return 0
    }
  }

  /// Drops consumed bytes when they are at least as many as the unread ones (so each byte moves O(1) times on
  /// average) or when appending `incoming` bytes would otherwise reallocate (moving is then no dearer).
  private mutating func compact(beforeAppending incoming: Int) {
    guard readIndex > 0 else { return }
    let unread = buffer.count - readIndex
    if unread == 0 {
      if buffer.capacity > Self.retainedCapacity {
        buffer = []
      } else {
        buffer.removeAll(keepingCapacity: true)
      }
    } else if readIndex >= unread || buffer.count + incoming > buffer.capacity {
      buffer.removeSubrange(0..<readIndex)
    } else {
      return
    }
    newlineScanIndex = max(0, newlineScanIndex - readIndex)
    readIndex = 0
  }

  /// Returns the index of the next `\n` at or after `readIndex`, remembering how far the search got.
  mutating func findNewline() -> Int? {
    let start = max(readIndex, newlineScanIndex)
    let newline = buffer.withUnsafeBufferPointer {
      ByteSearch.firstIndex(of: ByteSearch.lineFeed, in: $0, from: start)
    }
    if newline == nil { newlineScanIndex = buffer.count }
    return newline
  }

  /// A copy of `buffer[range]`: one allocation and a `memcpy`, no slice of the buffer kept alive.
  func copyBytes(_ range: Range<Int>) -> [UInt8] {
    buffer.withUnsafeBufferPointer { Array(UnsafeBufferPointer(rebasing: $0[range])) }
  }

  /// Whether `buffer[range]` holds only whitespace.
  func isBlank(_ range: Range<Int>) -> Bool {
    buffer.withUnsafeBufferPointer { FramingBytes.isBlank(UnsafeBufferPointer(rebasing: $0[range])) }
  }

  /// ``State/detecting``: skips whitespace and picks the framing from the first other byte.
  private mutating func detectMode() -> Step {
    let start = readIndex
    let first = buffer.withUnsafeBufferPointer { FramingBytes.firstNonBlank(in: $0, from: start) }
    guard let first else {
      readIndex = buffer.count
      return .needMoreInput
    }
    readIndex = first
    switch buffer[first] {
    case UInt8(ascii: "C"), UInt8(ascii: "c"):
      detectedMode = .lsp
      beginHeader()
    default:
      detectedMode = .ndjson
      state = .line
    }
    return .proceed
  }
}
