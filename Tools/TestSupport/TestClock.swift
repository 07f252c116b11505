import Basics
import Foundation

/// The one test clock: time stands still until the test moves it.
///
/// `now` is what the code under test reads. `sleep(for:)` either suspends until the clock has been
/// advanced past its deadline (`.untilAdvanced`, so timeouts and schedules are exercised without
/// waiting on real time) or moves the clock forward by the duration and returns at once
/// (`.advancingAtOnce`, for backoffs a test only wants to read). Every requested wait is kept in
/// `requestedSleeps`.
// @unchecked Sendable is sound: every `var` below is read and written only inside
// `lock.withLock`, continuations are resumed after the lock is released, and the `let`s never
// change after `init`.
public final class TestClock: Clocking, @unchecked Sendable {
  private let lock = NSLock()
  private let sleeping: Sleeping
  private var current: Date
  private var sleepers: [Sleeper] = []
  private var sleepWaiters: [CheckedContinuation<Void, Never>] = []
  private var lastSleeperID = 0
  private var requested: [Duration] = []

  /// How `sleep(for:)` behaves.
  public enum Sleeping: Sendable {
    /// Suspends until the test advances the clock past the deadline.
    case untilAdvanced
    /// Advances the clock by the duration and returns at once.
    case advancingAtOnce
  }

  private struct Sleeper {
    let id: Int
    let deadline: Date
    let continuation: CheckedContinuation<Void, any Error>
  }

  /// Starts the clock at `start` (default: 2026-03-01 09:00 UTC).
  public init(_ start: Date = TestClock.referenceDate, sleeping: Sleeping = .untilAdvanced) {
    current = start
    self.sleeping = sleeping
  }

  /// 2026-03-01T09:00:00Z.
  public static let referenceDate = Date(timeIntervalSince1970: 1_772_355_600)

  /// The current time.
  public var now: Date { lock.withLock { current } }

  /// Every duration passed to `sleep(for:)`, in call order.
  public var requestedSleeps: [Duration] { lock.withLock { requested } }

  /// How many sleeps are waiting.
  public var pendingSleeperCount: Int { lock.withLock { sleepers.count } }

  /// Moves the clock forward by `seconds` and wakes every sleeper whose deadline has passed.
  public func advance(by seconds: TimeInterval) {
    move { $0.addingTimeInterval(seconds) }
  }

  /// Moves the clock forward by `duration` and wakes every sleeper whose deadline has passed.
  public func advance(by duration: Duration) {
    advance(by: duration.timeInterval)
  }

  /// Sets the clock to `date` (forward or back, as a user changing the device's time) and wakes
  /// every sleeper whose deadline has passed.
  public func set(_ date: Date) {
    move { _ in date }
  }

  /// Returns once at least one sleep is waiting.
  public func waitUntilSleeping() async {
    await withCheckedContinuation { continuation in
      let ready = lock.withLock {
        if sleepers.isEmpty {
          sleepWaiters.append(continuation)
          return false
        }
        return true
      }
      if ready { continuation.resume() }
    }
  }

  /// See `Sleeping`. Throws `CancellationError` when the task is cancelled.
  public func sleep(for duration: Duration) async throws {
    let id = lock.withLock {
      requested.append(duration)
      lastSleeperID += 1
      return lastSleeperID
    }
    if sleeping == .advancingAtOnce {
      try Task.checkCancellation()
      advance(by: duration)
      return
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let (waiters, outcome): ([CheckedContinuation<Void, Never>], Result<Void, any Error>?) = lock.withLock
        {
          let deadline = current.addingTimeInterval(duration.timeInterval)
          if Task.isCancelled { return ([], .failure(CancellationError())) }
          if deadline <= current { return ([], .success(())) }
          sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          let waiters = sleepWaiters
          sleepWaiters.removeAll()
          return (waiters, nil)
        }
        if let outcome { continuation.resume(with: outcome) }
        for waiter in waiters { waiter.resume() }
      }
    } onCancel: {
      let cancelled: Sleeper? = lock.withLock {
        guard let index = sleepers.firstIndex(where: { $0.id == id }) else { return nil }
        return sleepers.remove(at: index)
      }
      cancelled?.continuation.resume(throwing: CancellationError())
    }
  }

  private func move(_ change: (Date) -> Date) {
    let due: [Sleeper] = lock.withLock {
      current = change(current)
      let due = sleepers.filter { $0.deadline <= current }
      sleepers.removeAll { $0.deadline <= current }
      return due
    }
    for sleeper in due { sleeper.continuation.resume() }
  }
}
