public import Testing

/// Runs a suite's tests on ``DedicatedThreads/heavyWork`` instead of the cooperative pool: for suites whose tests
/// keep a core busy for seconds, so that the light tests beside them still get a thread.
public struct OwnThreadsTrait: SuiteTrait, TestTrait, TestScoping {
  /// Every test and test case inside the suite runs on the threads.
  public var isRecursive: Bool { true }

  /// Runs `function` with ``DedicatedThreads/heavyWork`` as its preferred executor.
  public func provideScope(
    for test: Test,
    testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    try await withTaskExecutorPreference(DedicatedThreads.heavyWork) {
      try await function()
    }
  }
}

extension Trait where Self == OwnThreadsTrait {
  /// Runs the suite's tests on threads of their own (``DedicatedThreads/heavyWork``).
  public static var ownThreads: Self { Self() }
}
