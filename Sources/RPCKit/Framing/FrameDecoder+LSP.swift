import JSONKit

extension FrameDecoder {
  /// What has been read of the current LSP header block.
  struct HeaderProgress: Sendable, Hashable {
    /// Bytes of header lines so far, line ends included (blank lines before the first header not counted).
    var byteCount = 0
    /// Header lines so far.
    var lineCount = 0
    /// The `Content-Length`, once seen.
    var contentLength: Int?
    /// The first charset other than UTF-8 given by a `Content-Type` header.
    var unsupportedCharset: String?
  }

  /// Starts reading a new header block.
  mutating func beginHeader() {
    header = HeaderProgress()
    state = .header
  }

  /// ``State/header``: consumes one header line, or the empty line that ends the block.
  mutating func nextHeaderLine() -> Step {
    if header.lineCount == 0, let step = parseCanonicalHeader() { return step }
    let budget = maxHeaderBytes - header.byteCount
    guard let newline = findNewline() else {
      let pending = buffer.count - readIndex
      if pending > budget { return refuseHeader(keepingBudget: budget) }
      guard isFinished else { return .needMoreInput }
      let isEmpty = header.lineCount == 0 && isBlank(readIndex..<buffer.count)
      readIndex = buffer.count
      beginHeader()
      return isEmpty ? .needMoreInput : .error(.truncatedHeader)
    }
    let lineLength = newline + 1 - readIndex
    if lineLength > budget { return refuseHeader(keepingBudget: budget) }
    let lineStart = readIndex
    var lineEnd = newline
    readIndex = newline + 1
    if lineEnd > lineStart && buffer[lineEnd - 1] == ByteSearch.carriageReturn {
      lineEnd -= 1
    }
    if header.lineCount == 0 {
      if isBlank(lineStart..<lineEnd) { return .proceed }
    } else if lineEnd == lineStart {
      return endHeader()
    }
    header.byteCount += lineLength
    header.lineCount += 1
    let parsed = buffer.withUnsafeBufferPointer {
      HeaderLine.parse(UnsafeBufferPointer(rebasing: $0[lineStart..<lineEnd]))
    }
    switch parsed {
    case .failure(let error):
      state = .resynchronizing
      return .error(error)
    case .success(.contentLength(let length)):
      if let previous = header.contentLength, previous != length {
        state = .resynchronizing
        return .error(.conflictingContentLength(first: previous, second: length))
      }
      header.contentLength = length
    case .success(.contentType(let charset?)) where header.unsupportedCharset == nil && !HeaderLine.isUTF8(charset):
      header.unsupportedCharset = charset
    case .success(.contentType), .success(.other):
      break
    }
    return .proceed
  }

  /// Parses a header block of exactly `Content-Length: N\r\n\r\n`, as ``FrameEncoder`` and most clients write it,
  /// in one pass.
  ///
  /// This is only a shortcut: it gives the same outcome as the line-by-line path would, and declines (returns
  /// `nil`) for anything else, including an incomplete block and a block over ``maxHeaderBytes``.
  private mutating func parseCanonicalHeader() -> Step? {
    let start = readIndex
    let parsed = buffer.withUnsafeBufferPointer { HeaderLine.parseCanonicalBlock($0, from: start) }
    guard let parsed, parsed.end - start <= maxHeaderBytes else { return nil }
    readIndex = parsed.end
    header.contentLength = parsed.length
    return endHeader()
  }

  /// Refuses a header block that outgrows ``maxHeaderBytes``: drops the rest of its budget, then resynchronises.
  private mutating func refuseHeader(keepingBudget budget: Int) -> Step {
    readIndex += budget
    state = .resynchronizing
    return .error(.headerTooLarge(limit: maxHeaderBytes))
  }

  /// Ends a header block: expects its body, or refuses it.
  private mutating func endHeader() -> Step {
    guard let length = header.contentLength else {
      state = .resynchronizing
      return .error(.missingContentLength)
    }
    if length > maxMessageBytes {
      state = .skippingBody(remaining: length)
      return .error(.bodyTooLarge(length: length, limit: maxMessageBytes))
    }
    if let charset = header.unsupportedCharset {
      // Read, not skipped: a request's body can often still be read, and its id lets its error answer it.
      state = .refusedBody(length: length, charset: charset)
      return .proceed
    }
    state = .body(length: length)
    return .proceed
  }

  /// ``State/body(length:)``: delivers the body once all of it is buffered.
  mutating func nextBody(length: Int) -> Step {
    let available = buffer.count - readIndex
    guard available >= length else {
      guard isFinished else {
        // A large body arriving in pieces gets its room at once (its length is within the limit), instead of the
        // buffer regrowing by doubling: each regrowth copies what came so far into fresh pages.
        if length >= Self.reservedBodyBytes && buffer.capacity < readIndex + length {
          buffer.reserveCapacity(readIndex + length)
        }
        return .needMoreInput
      }
      readIndex = buffer.count
      beginHeader()
      return .error(.truncatedBody(expected: length, received: available))
    }
    let body = readIndex..<readIndex + length
    readIndex += length
    beginHeader()
    return .message(body)
  }

  /// ``State/refusedBody(length:charset:)``: hands over the refused body once all of it is buffered.
  mutating func nextRefusedBody(length: Int, charset: String) -> Step {
    let available = buffer.count - readIndex
    guard available >= length else {
      guard isFinished else { return .needMoreInput }
      readIndex = buffer.count
      beginHeader()
      return .error(.unsupportedCharset(charset))
    }
    let body = readIndex..<readIndex + length
    readIndex += length
    beginHeader()
    return .refused(body, .unsupportedCharset(charset))
  }

  /// ``State/skippingBody(remaining:)``: drops what is buffered of a refused body.
  mutating func skipBody(remaining: Int) -> Step {
    let skipped = min(remaining, buffer.count - readIndex)
    readIndex += skipped
    if skipped == remaining {
      beginHeader()
      return .proceed
    }
    state = .skippingBody(remaining: remaining - skipped)
    return .needMoreInput
  }

  /// ``State/resynchronizing``: drops input up to the next `Content-Length:`, which starts a new header block.
  mutating func resynchronize() -> Step {
    let start = readIndex
    let match = buffer.withUnsafeBufferPointer { FramingBytes.firstContentLengthName(in: $0, from: start) }
    if let match {
      readIndex = match
      beginHeader()
      return .proceed
    }
    // Keep a tail that could be the start of a name split across appends.
    let tail = isFinished ? 0 : FramingBytes.contentLengthName.utf8CodeUnitCount - 1
    readIndex = max(readIndex, buffer.count - tail)
    return .needMoreInput
  }
}
