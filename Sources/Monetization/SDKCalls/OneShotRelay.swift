import Basics

/// The value can arrive before anyone waits (the SDK reports a failure while loading) or after; only
/// the first delivery counts, so several SDK callbacks resolve the wait exactly once.
public final class OneShotRelay<Value: Sendable>: Sendable {
  private struct State: Sendable {
    var value: Value?
    var waiters = Waiters<Value>()
  }

  private let state = Locked(State())

  public init() {}

  @discardableResult
  public func deliver(_ value: Value) -> Bool {
    let waiters = state.withLock { (state: inout State) -> [CheckedContinuation<Value?, Never>]? in
      guard state.value == nil else { return nil }
      state.value = value
      return state.waiters.takeAll()
    }
    guard let waiters else { return false }
    for waiter in waiters { waiter.resume(returning: value) }
    return true
  }

  public var delivered: Value? {
    state.withLock { $0.value }
  }

  public var waiterCount: Int {
    state.withLock { $0.waiters.count }
  }

  public func value() async -> Value? {
    let id = state.withLock { $0.waiters.makeID() }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Value?, Never>) in
        let resolved = state.withLock { (state: inout State) -> Value?? in
          if let value = state.value {
            state.waiters.forget(id)
            return .some(value)
          }
          return state.waiters.register(id, continuation) ? .none : .some(nil)
        }
        if let resolved { continuation.resume(returning: resolved) }
      }
    } onCancel: {
      let waiter = state.withLock { $0.waiters.cancel(id, stillWaiting: $0.value == nil) }
      waiter?.resume(returning: nil)
    }
  }
}
