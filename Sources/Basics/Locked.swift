import Foundation

/// A value behind a lock, usable from any thread: the lock-and-state box for code that also
/// builds on Linux (`Synchronization.Mutex` needs iOS 18, and the app supports iOS 17;
/// `OSAllocatedUnfairLock` does not exist on Linux).
///
/// `@unchecked Sendable` is sound: `state` is private and is read or written only inside
/// `withLock`, which holds `lock` for the whole access; `lock` is a `let` that never changes; and
/// `State` is `Sendable`, so whatever a caller copies out of it may cross threads.
public final class Locked<State: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var state: State

  public init(_ state: State) {
    self.state = state
  }

  /// Runs `body` with the lock held. `body` must be quick and must not call back into this object
  /// (the lock is not recursive).
  public func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&state)
  }
}
