import Foundation

/// `Synchronization.Mutex` needs iOS 18 (the app supports 17); `OSAllocatedUnfairLock` is not on Linux.
/// `@unchecked Sendable`: `state` is touched only inside `withLock`, and `State` is `Sendable`.
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
