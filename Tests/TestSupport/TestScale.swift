public import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How much slower than a normal build the tests run, so heavy tests can shrink their workloads and stretch their
/// time limits under a sanitizer instead of timing out.
///
/// `Scripts/sanitize.sh` sets `SUGGEST_TEST_SLOWDOWN` (ThreadSanitizer runs code 5–15 times slower); a plain
/// `swift test` leaves it unset, and then every workload and limit is exactly what the test states.
public enum TestScale {
  /// The slowdown factor: `SUGGEST_TEST_SLOWDOWN` when it is a whole number of at least 1, else 1.
  public static let slowdown: Int = {
    guard let text = getenv("SUGGEST_TEST_SLOWDOWN"), let value = Int(String(cString: text)), value >= 1 else {
      return 1
    }
    return value
  }()

  /// A workload size divided by the slowdown.
  ///
  /// - Parameters:
  ///   - count: The size a normal run uses.
  ///   - minimum: The smallest size that still exercises what the test is about.
  /// - Returns: `count` when there is no slowdown, else `max(count / slowdown, minimum)`.
  public static func count(_ count: Int, minimum: Int = 1) -> Int {
    slowdown == 1 ? count : max(count / slowdown, min(minimum, count))
  }

  /// A timeout multiplied by the slowdown.
  ///
  /// - Parameter duration: The timeout of a normal run.
  /// - Returns: `duration` times ``slowdown``.
  public static func duration(_ duration: Duration) -> Duration {
    duration * slowdown
  }
}

extension TestScale {
  /// The minutes every time limit adds for the wait of a light test behind the heavy suites: a whole `swift test`
  /// starts every test at once, and on 2 cores the light ones shared them with minutes of heavy work and finished
  /// 70–97 s into the run (a 1-minute limit failed dozens of them that way, this round's start build included).
  /// The limits catch hangs, not slowness: a hung test still fails, a few minutes later.
  public static let queueingMinutes = 3
}

extension Trait where Self == TimeLimitTrait {
  /// A time limit of `minutes` in a normal run plus ``TestScale/queueingMinutes``, multiplied by
  /// ``TestScale/slowdown`` under a sanitizer.
  ///
  /// - Parameter minutes: The limit of the test's own work.
  /// - Returns: The trait.
  public static func scaledTimeLimit(minutes: Int) -> Self {
    .timeLimit(.minutes((minutes + TestScale.queueingMinutes) * TestScale.slowdown))
  }
}
