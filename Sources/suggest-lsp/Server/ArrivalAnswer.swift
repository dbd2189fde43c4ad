/// A query's answer given as it arrives
/// (``SuggestServer/registerQuery(_:in:key:debounce:capture:read:answerAtOnce:compute:)``), and what it leads to once
/// it is written.
struct ArrivalAnswer<Result: Sendable>: Sendable {
  /// The result to write.
  let result: Result
  /// Work to start once the result is written (not before: the reply would wait for it).
  let then: (@Sendable () -> Void)?
}
