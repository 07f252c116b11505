import Foundation

/// The one clock Core reads: a type that needs the time takes `clock: any Clocking`, so tests decide
/// the time. `SystemClock` is the one reading of the device's time, chosen where each process is put
/// together; no initialiser defaults to it (`ClockReadingTests`). Not the standard `Clock`: the rules
/// need wall-clock `Date`s, which a `Clock`'s instants do not give.
public protocol Clocking: Sendable {
  var now: Date { get }

  /// Throws `CancellationError` when the calling task is cancelled.
  func sleep(for duration: Duration) async throws
}

public struct SystemClock: Clocking {
  public init() {}

  public var now: Date { Date() }

  public func sleep(for duration: Duration) async throws {
    try await Task.sleep(for: duration)
  }
}

extension Duration {
  public var timeInterval: TimeInterval {
    let (seconds, attoseconds) = components
    return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
  }
}
