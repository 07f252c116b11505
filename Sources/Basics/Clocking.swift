import Foundation

/// What time it is and how to wait: the one clock Core reads.
///
/// Every rule that depends on time (an APOD day, a cache's age, a `Retry-After`, an entitlement's
/// expiry, a paywall's load timeout, an HTTP exchange's deadline, Today's next check) reads `now`
/// and waits with `sleep(for:)` from an injected clock, so tests decide the time instead of racing
/// it. The app passes `SystemClock`; tests pass the one `TestClock` in TestSupport. The image
/// downloads' deadlines (`URLSessionImageDownloader`, `PictureDownload`) are measured on it too.
///
/// A type that needs the time takes `clock: any Clocking`, never a `() -> Date` closure, and
/// nothing outside this file reads `Date()`: `SystemClock` is the one reading of the device's
/// time, chosen where each process is put together (`LiveAppEnvironment`, the widget's
/// `WidgetEnvironment`, the `spacer` CLI, `spacer-bench`, the previews); no initialiser defaults
/// its `clock:` to it. `ClockReadingTests` enforces both.
///
/// A protocol of our own rather than the standard library's `Clock`: the rules need the wall-clock
/// `Date` (calendar days, HTTP dates, store expiry dates), which a `Clock`'s instants do not give.
public protocol Clocking: Sendable {
  /// The wall-clock time now.
  var now: Date { get }

  /// Suspends for `duration`. Throws `CancellationError` when the calling task is cancelled.
  func sleep(for duration: Duration) async throws
}

/// The device's clock: `Date()` and `Task.sleep`.
public struct SystemClock: Clocking {
  public init() {}

  public var now: Date { Date() }

  public func sleep(for duration: Duration) async throws {
    try await Task.sleep(for: duration)
  }
}

extension Duration {
  /// The duration in seconds, as `Date` arithmetic wants it.
  public var timeInterval: TimeInterval {
    let (seconds, attoseconds) = components
    return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
  }
}
