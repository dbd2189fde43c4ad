/// A ``FrameEvent`` whose message body is lent from the decoder's buffer instead of copied.
///
/// Given by ``FrameDecoder/nextEvent(_:)``; the pointer is valid only during that call.
public enum BorrowedFrameEvent {
  /// The body of one message, valid only during the call that received it.
  case message(UnsafeRawBufferPointer)
  /// A frame that could not be delivered; the stream continues after it.
  case error(FramingError)
}
