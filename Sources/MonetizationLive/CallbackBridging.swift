#if canImport(os)
  import Monetization
  import os

  // The SDK's callbacks resolve Core's `ResumeOnce`, `OneShotRelay` and `SDKStartGate`
  // (Monetization/SDKCalls, tested on Linux); only the Observer-mode routing stays here.

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
#endif
