#if canImport(os)
  import Monetization
  import os

  // The SDK's callbacks resolve Core's `ResumeOnce`, `OneShotRelay` and `SDKStartGate`
  // (Monetization/SDKCalls, tested on Linux); only the Observer-mode routing stays here.

  /// Holds the Observer-mode handlers, which exist only once `AppModel` has been built, so that
  /// interceptors registered at SDK start can reach them whenever the paywall fires an action.
  final class ObserverActionRouter: Sendable {
    private let handlers = OSAllocatedUnfairLock<PaywallInterceptor?>(initialState: nil)

    /// Replaces the interceptor; later actions use the new one.
    func route(to newHandlers: PaywallInterceptor) {
      handlers.withLock { $0 = newHandlers }
    }

    /// The interceptor now, or `nil` while the app has not routed it yet.
    var current: PaywallInterceptor? {
      handlers.withLock { $0 }
    }
  }
#endif
