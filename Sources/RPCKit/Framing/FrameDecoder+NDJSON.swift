import JSONKit

extension FrameDecoder {
  /// ``State/line``: delivers the next non-blank line, or refuses an over-long one.
  mutating func nextLine() -> Step {
    let lineStart = readIndex
    var lineEnd: Int
    if let newline = findNewline() {
      lineEnd = newline
      readIndex = newline + 1
    } else {
      let pending = buffer.count - readIndex
      // Even if the line ends in "\r\n", it is longer than the limit: refuse it now and stop buffering it.
      if pending - 1 > maxMessageBytes {
        readIndex = buffer.count
        state = .discardingLine
        return .error(.lineTooLong(limit: maxMessageBytes))
      }
      guard isFinished, pending > 0 else { return .needMoreInput }
      lineEnd = buffer.count
      readIndex = buffer.count
    }
    if lineEnd > lineStart && buffer[lineEnd - 1] == ByteSearch.carriageReturn {
      lineEnd -= 1
    }
    if lineEnd - lineStart > maxMessageBytes {
      return .error(.lineTooLong(limit: maxMessageBytes))
    }
    if isBlank(lineStart..<lineEnd) {
      return .proceed
    }
    return .message(lineStart..<lineEnd)
  }

  /// ``State/discardingLine``: drops input up to and including the next `\n`.
  mutating func discardLine() -> Step {
    guard let newline = findNewline() else {
      readIndex = buffer.count
      return .needMoreInput
    }
    readIndex = newline + 1
    state = .line
    return .proceed
  }
}
