import Foundation
import Synchronization

/// Diagnostics on stderr (never stdout, which carries protocol bytes only).
public enum Log {
  /// How much is logged.
  public enum Level: Int, Sendable, Comparable, CaseIterable {
    /// Nothing.
    case off = 0
    /// Failures the operator should see.
    case error
    /// Suspicious input or recoverable trouble.
    case warning
    /// Lifecycle events.
    case info
    /// Everything, per message.
    case debug

    /// Orders levels by verbosity.
    public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  private static let current = Atomic<Int>(Level.warning.rawValue)

  /// The active level (default `.warning`).
  public static var level: Level {
    get { Level(rawValue: current.load(ordering: .relaxed)) ?? .warning }
    set { current.store(newValue.rawValue, ordering: .relaxed) }
  }

  /// Logs an error.
  public static func error(_ message: @autoclosure () -> String) { emit(.error, message) }
  /// Logs a warning.
  public static func warning(_ message: @autoclosure () -> String) { emit(.warning, message) }
  /// Logs information.
  public static func info(_ message: @autoclosure () -> String) { emit(.info, message) }
  /// Logs debugging detail.
  public static func debug(_ message: @autoclosure () -> String) { emit(.debug, message) }

  private static func emit(_ level: Level, _ message: () -> String) {
    guard level <= self.level, level != .off else { return }
    var line = Array("suggest-lsp: \(level): \(message())\n".utf8)
    // write(2) directly: FileHandle traps when stderr is closed, and a log line must never take the daemon down.
    line.withUnsafeMutableBytes { raw in
      guard let base = raw.baseAddress else { return }
      _ = write(STDERR_FILENO, base, raw.count)
    }
  }
}
