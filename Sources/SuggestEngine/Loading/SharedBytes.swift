/// A file's bytes, read by the parts decoded at once while the caller keeps the file alive; each part reads, then
/// drops the pages of, its own range only.
struct SharedBytes: @unchecked Sendable {
  /// The bytes.
  let buffer: UnsafeMutableBufferPointer<UInt8>
}
