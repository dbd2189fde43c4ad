import JSONKit

/// Frames message bodies for the wire: each message becomes one contiguous run of bytes.
///
/// Several messages can be appended to one buffer, so a writer can coalesce them into one write.
public enum FrameEncoder {
  /// Appends one framed message to `buffer`.
  ///
  /// - ``FramingMode/lsp``: exactly `Content-Length: N\r\n\r\n` followed by the body, with no other header (some
  ///   clients read no other header first).
  /// - ``FramingMode/ndjson``: the body followed by `\n`. The body must not contain a `\n` byte; compact JSON never
  ///   does, since JSON strings escape it.
  /// - ``FramingMode/auto``: as ``FramingMode/lsp``, the protocol's own framing; a connection answers in the
  ///   decoder's ``FrameDecoder/detectedMode`` instead whenever it is known.
  ///
  /// - Parameters:
  ///   - body: The message body, typically serialized JSON.
  ///   - mode: The framing.
  ///   - buffer: The output buffer; the framed message is appended after its current contents.
  public static func append(_ body: UnsafeRawBufferPointer, mode: FramingMode, to buffer: inout [UInt8]) {
    switch mode {
    case .ndjson:
      buffer.append(contentsOf: body)
      buffer.append(UInt8(ascii: "\n"))
    case .lsp, .auto:
      appendLSPHeader(length: body.count, to: &buffer)
      buffer.append(contentsOf: body)
    }
  }

  /// Appends one framed message to `buffer`.
  ///
  /// See ``append(_:mode:to:)-(UnsafeRawBufferPointer,_,_)`` for the format.
  ///
  /// - Parameters:
  ///   - body: The message body, typically serialized JSON.
  ///   - mode: The framing.
  ///   - buffer: The output buffer; the framed message is appended after its current contents.
  @inlinable
  public static func append(_ body: some Collection<UInt8>, mode: FramingMode, to buffer: inout [UInt8]) {
    let appended: Void? = body.withContiguousStorageIfAvailable {
      append(UnsafeRawBufferPointer($0), mode: mode, to: &buffer)
    }
    if appended == nil {
      Array(body).withUnsafeBytes { append($0, mode: mode, to: &buffer) }
    }
  }

  /// Returns one framed message.
  ///
  /// - Parameters:
  ///   - body: The message body, typically serialized JSON.
  ///   - mode: The framing (see ``append(_:mode:to:)-(UnsafeRawBufferPointer,_,_)``).
  /// - Returns: The framed bytes.
  @inlinable
  public static func encode(_ body: some Collection<UInt8>, mode: FramingMode) -> [UInt8] {
    var buffer: [UInt8] = []
    buffer.reserveCapacity(body.count + 32)
    append(body, mode: mode, to: &buffer)
    return buffer
  }

  /// Appends `Content-Length: <length>\r\n\r\n`, composed on the stack and appended at once.
  private static func appendLSPHeader(length: Int, to buffer: inout [UInt8]) {
    let prefix: StaticString = "Content-Length: "
    // 16 bytes of prefix, at most 19 digits, 4 bytes of line ends.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { header in
      var end = 0
      for index in 0..<prefix.utf8CodeUnitCount {
        header[end] = prefix.utf8Start[index]
        end += 1
      }
      var digitCount = 1
      var rest = length / 10
      while rest > 0 {
        digitCount += 1
        rest /= 10
      }
      rest = length
      for index in stride(from: end + digitCount - 1, through: end, by: -1) {
        header[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
        rest /= 10
      }
      end += digitCount
      header[end] = ByteSearch.carriageReturn
      header[end + 1] = ByteSearch.lineFeed
      header[end + 2] = ByteSearch.carriageReturn
      header[end + 3] = ByteSearch.lineFeed
      buffer.append(contentsOf: UnsafeBufferPointer(rebasing: header[..<(end + 4)]))
    }
  }
}
