import Foundation

/// A clock that only moves when a test says so. `now` is what the code under test reads;
/// `sleep(for:)` suspends until the clock has been advanced past the deadline, so timeouts are
/// exercised without waiting on real time.
public final class FixedClock: @unchecked Sendable {  // All mutable state is guarded by `lock`.
  private let lock = NSLock()
  private var current: Date
  private var sleepers: [Sleeper] = []
  private var sleepWaiters: [CheckedContinuation<Void, Never>] = []
  private var nextSleeperID = 0

  private struct Sleeper {
    let id: Int
    let deadline: Date
    let continuation: CheckedContinuation<Void, any Error>
  }

  /// Starts the clock at `start` (default: 2026-03-01 09:00 UTC).
  public init(_ start: Date = FixedClock.referenceDate) {
    current = start
  }

  /// 2026-03-01T09:00:00Z.
  public static let referenceDate = Date(timeIntervalSince1970: 1_772_355_600)

  /// The current time.
  public func now() -> Date {
    lock.withLock { current }
  }

  /// A `now` closure for injection.
  public var nowProvider: @Sendable () -> Date {
    { [self] in now() }
  }

  /// A `sleep` closure for injection.
  public var sleeper: @Sendable (Duration) async throws -> Void {
    { [self] duration in try await sleep(for: duration) }
  }

  /// Moves the clock forward and wakes every sleeper whose deadline has passed.
  public func advance(by interval: TimeInterval) {
    let due: [Sleeper] = lock.withLock {
      current = current.addingTimeInterval(interval)
      let due = sleepers.filter { $0.deadline <= current }
      sleepers.removeAll { $0.deadline <= current }
      return due
    }
    for sleeper in due { sleeper.continuation.resume() }
  }

  /// How many sleeps are waiting.
  public var pendingSleeperCount: Int {
    lock.withLock { sleepers.count }
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

  /// Suspends until the clock reaches now + `duration`; throws `CancellationError` if cancelled.
  public func sleep(for duration: Duration) async throws {
    let id = lock.withLock {
      nextSleeperID += 1
      return nextSleeperID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let (waiters, resumeNow): ([CheckedContinuation<Void, Never>], Bool) = lock.withLock {
          let deadline = current.addingTimeInterval(duration.timeInterval)
          if Task.isCancelled || deadline <= current { return ([], true) }
          sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          let waiters = sleepWaiters
          sleepWaiters.removeAll()
          return (waiters, false)
        }
        if resumeNow {
          if Task.isCancelled {
            continuation.resume(throwing: CancellationError())
          } else {
            continuation.resume()
          }
        }
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
}

extension Duration {
  /// The duration in seconds.
  public var timeInterval: TimeInterval {
    let (seconds, attoseconds) = components
    return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
  }
}
