import Foundation
import Networking

/// A clock that stands still until a test moves it, so every time rule is checked exactly.
final class TestClock: @unchecked Sendable {
  // @unchecked: `current` is only read and written while holding `lock`.
  private let lock = NSLock()
  private var current: Date

  /// 2026-11-20 12:00:00 UTC unless told otherwise.
  init(_ start: Date = Date(timeIntervalSince1970: 1_795_176_000)) {
    current = start
  }

  var now: Date {
    lock.lock()
    defer { lock.unlock() }
    return current
  }

  func advance(by seconds: TimeInterval) {
    lock.lock()
    current = current.addingTimeInterval(seconds)
    lock.unlock()
  }

  /// The clock as the closure the code under test takes.
  var closure: @Sendable () -> Date { { self.now } }
}

/// A sleeper that returns at once and remembers what it was asked to wait.
actor SleepRecorder {
  private(set) var requested: [Duration] = []

  func sleep(_ duration: Duration) {
    requested.append(duration)
  }

  /// The recorder as the closure `RetryPolicy` takes.
  nonisolated var sleeper: @Sendable (Duration) async throws -> Void {
    { duration in await self.sleep(duration) }
  }
}

/// Counts calls across concurrent handlers, so a stub can change its answer over time.
actor CallCounter {
  private(set) var count = 0

  /// Increments and returns the new count (1 for the first call).
  func next() -> Int {
    count += 1
    return count
  }
}
