import Foundation

/// Process-level stdio hygiene for a daemon that speaks a protocol on stdout.
public enum StandardIO {
  /// Keeps the real stdout for protocol bytes only and points fd 1 at stderr, so a stray `print` cannot corrupt
  /// the stream; ignores `SIGPIPE` so a client that goes away makes writes fail instead of killing the process.
  ///
  /// - Returns: A file descriptor for the real stdout, or `STDOUT_FILENO` if it could not be duplicated.
  public static func takeOverStandardOutput() -> Int32 {
    signal(SIGPIPE, SIG_IGN)
    let saved = dup(STDOUT_FILENO)
    guard saved >= 0 else { return STDOUT_FILENO }
    _ = dup2(STDERR_FILENO, STDOUT_FILENO)
    return saved
  }
}
