/// What a ``FrameDecoder`` produces: a message body, or an error about a frame that could not be delivered.
///
/// Errors are ordinary events: after one, the decoder carries on with the rest of the stream.
public enum FrameEvent: Sendable, Hashable {
  /// The body of one message: the bytes between the frame delimiters, not yet parsed or validated.
  case message([UInt8])
  /// A frame that could not be delivered; the stream continues after it.
  case error(FramingError)
  /// A complete message refused with an error (an unsupported charset): the reply carries the body's request id
  /// when the body can still be read.
  case refused([UInt8], FramingError)
}
