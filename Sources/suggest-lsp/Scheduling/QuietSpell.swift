/// A wait for a quiet spell of searches: a period in which no search was admitted, at the end of which none runs or
/// waits. What a background job that must not compete with a burst of searches waits for (``ShortQueryPreparation``).
struct QuietSpell<C: Clock>: Sendable where C.Duration == Duration {
  /// How long no search may be admitted.
  let period: Duration
  /// The clock slept on.
  let clock: C
  /// The search pool's activity now (``SearchWorkers/activity``).
  let activity: @Sendable () -> SearchWorkers.Activity

  /// Returns once a whole period went by without a search admitted and none runs or waits; sleeps at least one
  /// period.
  ///
  /// - Throws: `CancellationError` when the task is cancelled while it sleeps.
  func wait() async throws {
    var seen = activity()
    while true {
      try await clock.sleep(for: period)
      let now = activity()
      if !now.isBusy && now.admitted == seen.admitted { return }
      seen = now
    }
  }
}
