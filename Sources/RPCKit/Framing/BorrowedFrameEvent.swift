/// A ``FrameEvent`` whose message body is lent from the decoder's buffer instead of copied.
///
/// Given by ``FrameDecoder/nextEvent(_:)``; the pointer is valid only during that call.
public enum BorrowedFrameEvent {
  /// The body of one message, valid only during the call that received it.
  case message(UnsafeRawBufferPointer)
  /// A frame that could not be delivered; the stream continues after it.
  case error(FramingError)
  /// A complete message refused with an error (an unsupported charset): the reply carries the body's request id
  /// when the body can still be read.
  case refused(UnsafeRawBufferPointer, FramingError)
}
