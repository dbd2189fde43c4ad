/// How protocol messages are delimited on a byte stream.
///
/// The raw values are the spellings of the `--framing` command-line option.
public enum FramingMode: String, Sendable, Hashable, CaseIterable {
  /// Decide from the first non-blank byte of the input: `C`/`c` means ``lsp``, anything else ``ndjson``.
  case auto
  /// `Content-Length: N` header, an empty line, then exactly N bytes of body (the Language Server Protocol's
  /// base protocol).
  case lsp
  /// One message per `\n`-terminated line (newline-delimited JSON).
  case ndjson
}
