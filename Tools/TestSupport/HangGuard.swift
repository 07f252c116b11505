import Foundation

/// Thrown when a hang guard trips: `bounded(_:_:)`, `boundedValue(of:_:limit:)` or
/// `eventually(_:limit:_:)` waited `limit` of real time for `what`, which never came.
public struct HangGuardTimedOut: Error, CustomStringConvertible {
  public let limit: Duration
  public let what: String

  public var description: String {
    "Hang guard tripped: \(what) did not happen within \(limit) of real time. The guard is far "
      + "above any honest duration, so something it waits for never came."
  }
}

/// How long a hang guard waits by default. Generous on purpose: it only turns a wait that never
/// ends into a failure; it is never a speed claim. A test on a loaded 2-core machine (other
/// builds, two busy loops) can wait tens of seconds for a CPU, so the guard is minutes, not
/// seconds. Every time rule is exercised on `TestClock`, never against this.
public let hangGuardLimit: Duration = .seconds(120)

/// Waits until `condition` holds, looking again after each short real-time pause, and throws
/// `HangGuardTimedOut` naming `what` when it still does not hold after `limit`.
///
/// For waiting until another task reached a known point (a request on the server, a sleep on the
/// test clock), never for asserting on timing: the pause only yields the CPU.
public func eventually(
  _ what: String = "the awaited condition", limit: Duration = hangGuardLimit,
  isolation: isolated (any Actor)? = #isolation, _ condition: () async -> Bool
) async throws {
  let deadline = ContinuousClock.now + limit
  while !(await condition()) {
    guard ContinuousClock.now < deadline else { throw HangGuardTimedOut(limit: limit, what: what) }
    try await Task.sleep(for: .milliseconds(1))
  }
}

/// Runs `body` and returns its value, or throws `HangGuardTimedOut` naming `what` when it has not
/// finished after `limit` of real time.
///
/// A test that awaits something that may never come (a paywall dismissal, a transaction update, a
/// timeout that a broken rule never starts) wraps that await here, so a broken rule fails the test
/// quickly instead of hanging the whole run. Swift Testing's `.timeLimit` alone does not help:
/// it cancels the test, and a continuation that ignores cancellation keeps the suite waiting. The
/// stuck work is left behind (it is suspended, not running), which is fine in a failing test.
@MainActor
@discardableResult
public func bounded<Value: Sendable>(
  _ what: String = "the awaited work", limit: Duration = hangGuardLimit,
  _ body: @escaping @MainActor () async -> Value
) async throws -> Value {
  let race = HangRace<Value>()
  let result: Value? = await withCheckedContinuation { continuation in
    race.continuation = continuation
    race.work = Task { @MainActor in
      let value = await body()
      race.finish(value)
    }
    race.timer = Task { @MainActor in
      try? await Task.sleep(for: limit)
      race.finish(nil)
    }
  }
  guard let result else { throw HangGuardTimedOut(limit: limit, what: what) }
  return result
}

/// Resolves the race once: the work's value, or `nil` when the bound came first.
@MainActor
private final class HangRace<Value: Sendable> {
  var continuation: CheckedContinuation<Value?, Never>?
  var work: Task<Void, Never>?
  var timer: Task<Void, Never>?

  func finish(_ value: Value?) {
    guard let continuation else { return }
    self.continuation = nil
    timer?.cancel()
    if value == nil { work?.cancel() }
    continuation.resume(returning: value)
  }
}

/// The value of `task`, awaited within `limit` like `bounded(_:_:)`: a task that never ends fails
/// the test instead of hanging it. The task's own error, if any, is rethrown unchanged.
@MainActor
@discardableResult
public func boundedValue<Success: Sendable>(
  of task: Task<Success, any Error>, _ what: String = "the task", limit: Duration = hangGuardLimit
) async throws -> Success {
  try await bounded(what, limit: limit) { await task.result }.get()
}
