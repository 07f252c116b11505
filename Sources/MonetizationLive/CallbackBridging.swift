#if canImport(os)
  import Monetization
  import os

  // Small lock-based helpers for bridging SDK callbacks. `OSAllocatedUnfairLock` (iOS 16+) is used
  // instead of `Synchronization.Mutex`, which needs iOS 18.

  /// A continuation that is resumed at most once, whatever the SDK does: a callback API that calls
  /// both `success` and `failure`, or one of them twice, must not crash the app.
  final class ResumeOnce<Value: Sendable>: Sendable {
    private let continuation: CheckedContinuation<Value, Never>
    private let resumed = OSAllocatedUnfairLock(initialState: false)

    init(_ continuation: CheckedContinuation<Value, Never>) {
      self.continuation = continuation
    }

    /// Resumes the continuation the first time; later calls are ignored.
    func resume(returning value: Value) {
      let isFirst = resumed.withLock { (alreadyResumed: inout Bool) -> Bool in
        defer { alreadyResumed = true }
        return !alreadyResumed
      }
      if isFirst { continuation.resume(returning: value) }
    }
  }

  /// Delivers one value to one waiter, whichever comes first: the value can arrive before anyone
  /// waits (the SDK reports a failure while loading) or after (the paywall is dismissed later).
  /// Only the first delivery counts, so several SDK callbacks still resolve the wait exactly once.
  final class OneShotRelay<Value: Sendable>: Sendable {
    private struct State: Sendable {
      var value: Value?
      var waiter: CheckedContinuation<Value, Never>?
    }

    private let state = OSAllocatedUnfairLock(initialState: State())

    /// Delivers `value` unless a value was already delivered.
    func deliver(_ value: Value) {
      let waiter = state.withLock { (state: inout State) -> CheckedContinuation<Value, Never>? in
        guard state.value == nil else { return nil }
        state.value = value
        defer { state.waiter = nil }
        return state.waiter
      }
      waiter?.resume(returning: value)
    }

    /// The delivered value, waiting for it if needed. Call it once: the relay has one waiter.
    func value() async -> Value {
      await withCheckedContinuation { (continuation: CheckedContinuation<Value, Never>) in
        let delivered = state.withLock { (state: inout State) -> Value? in
          if let value = state.value { return value }
          state.waiter = continuation
          return nil
        }
        if let delivered { continuation.resume(returning: delivered) }
      }
    }
  }

  /// Holds the Observer-mode handlers, which exist only once `AppModel` has been built, so that
  /// interceptors registered at SDK start can reach them whenever the paywall fires an action.
  final class ObserverActionRouter: Sendable {
    private let handlers = OSAllocatedUnfairLock<ObserverActionHandlers?>(initialState: nil)

    /// Replaces the handlers; later actions use the new ones.
    func route(to newHandlers: ObserverActionHandlers) {
      handlers.withLock { $0 = newHandlers }
    }

    /// The handlers now, or `nil` while the app has not routed them yet.
    var current: ObserverActionHandlers? {
      handlers.withLock { $0 }
    }
  }

  /// Tells paywall loads when the SDK start has settled: the SDK must not be used before it has
  /// finished starting, but a gated tap can happen while launch is still starting it.
  final class SDKStartGate: Sendable {
    /// How the start ended.
    enum Phase: Sendable, Equatable {
      case pending
      case started
      case failed(SubscriptionBackendError)
    }

    private struct State: Sendable {
      var phase: Phase = .pending
      var nextWaiterID: UInt64 = 0
      var waiters: [UInt64: CheckedContinuation<Phase?, Never>] = [:]
      /// Waiters whose task was cancelled before they had registered.
      var cancelledWaiters: Set<UInt64> = []
    }

    private enum Registration: Sendable {
      case resolved(Phase?)
      case waiting
    }

    private let state = OSAllocatedUnfairLock(initialState: State())

    /// How the start stands right now.
    var phase: Phase {
      state.withLock { $0.phase }
    }

    /// Records how the start ended and releases every waiter. Only the first call counts.
    func settle(_ phase: Phase) {
      let waiters = state.withLock { (state: inout State) -> [CheckedContinuation<Phase?, Never>] in
        guard state.phase == .pending, phase != .pending else { return [] }
        state.phase = phase
        let waiting = Array(state.waiters.values)
        state.waiters.removeAll()
        return waiting
      }
      for waiter in waiters { waiter.resume(returning: phase) }
    }

    /// A failed start is about to be tried again: back to pending, so loads wait for the new
    /// attempt. Does nothing unless the start failed.
    func reopen() {
      state.withLock { (state: inout State) in
        if case .failed = state.phase { state.phase = .pending }
      }
    }

    /// Waits until the start has settled and returns how it ended, or `nil` when the waiting task
    /// was cancelled first (Core cancels a paywall load that timed out).
    func waitUntilSettled() async -> Phase? {
      let id = state.withLock { (state: inout State) -> UInt64 in
        state.nextWaiterID += 1
        return state.nextWaiterID
      }
      return await withTaskCancellationHandler {
        await withCheckedContinuation { (continuation: CheckedContinuation<Phase?, Never>) in
          let registration = state.withLock { (state: inout State) -> Registration in
            let wasCancelled = state.cancelledWaiters.remove(id) != nil
            if state.phase != .pending { return .resolved(state.phase) }
            if wasCancelled { return .resolved(nil) }
            state.waiters[id] = continuation
            return .waiting
          }
          if case .resolved(let phase) = registration { continuation.resume(returning: phase) }
        }
      } onCancel: {
        let waiter = state.withLock { (state: inout State) -> CheckedContinuation<Phase?, Never>? in
          if let waiter = state.waiters.removeValue(forKey: id) { return waiter }
          // Cancelled before registering: remember it so the registration resolves at once.
          if state.phase == .pending { state.cancelledWaiters.insert(id) }
          return nil
        }
        waiter?.resume(returning: nil)
      }
    }
  }
#endif
