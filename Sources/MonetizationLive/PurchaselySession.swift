#if canImport(os)
  import Basics
  import Foundation
  import os
  import Monetization

  /// The Purchasely SDK as one app launch uses it: the API key, whether `start` has settled, and
  /// where the Observer-mode interceptors send their actions.
  ///
  /// `PurchaselyBackend` and `PurchaselyPaywallPresenter` share one session, so a paywall load can
  /// wait for the start that `AppModel.launch()` awaits (the SDK must not be used before it has
  /// started), and the interceptors registered at start can reach handlers that only exist once
  /// `AppModel` has been built.
  public final class PurchaselySession: Sendable {
    /// Never logged or shown.
    let apiKey: String
    let startGate = SDKStartGate()
    let actionRouter = ObserverActionRouter()
    /// Bounds the wait for a promotional offer's signature.
    let clock: any Clocking

    /// A session for `apiKey`, or `nil` when there is no usable key: empty, only whitespace, or an
    /// unexpanded `$(PURCHASELY_API_KEY)` left in Info.plist because the build setting is missing
    /// (`BuildSetting.value`, the rule the app's configuration and the widget read with).
    /// Without a key the app runs with monetization disabled (`DisabledSubscriptionBackend`).
    public init?(apiKey: String, clock: any Clocking = SystemClock()) {
      guard let key = BuildSetting.value(apiKey) else { return nil }
      self.apiKey = key
      self.clock = clock
    }

    private let interceptorsRegistered = OSAllocatedUnfairLock(initialState: false)
    private let untrackedDismissals = OSAllocatedUnfairLock<(@Sendable (PaywallOutcome) -> Void)?>(
      initialState: nil)

    /// Registers the interceptors (when `options` asks for them) and the default dismissal
    /// handler once per launch, before the first start.
    @MainActor
    func registerInterceptorsOnce(options: SDKStartOptions) {
      #if canImport(Purchasely)
        let first = interceptorsRegistered.withLock { (done: inout Bool) -> Bool in
          defer { done = true }
          return !done
        }
        guard first else { return }
        if options.interceptsPaywallActions {
          PurchaselyBridge.registerInterceptors(actionRouter: actionRouter, clock: clock)
        }
        let dismissals = untrackedDismissals
        PurchaselyBridge.reportUntrackedPaywalls { outcome in
          dismissals.withLock { $0 }?(outcome)
        }
      #endif
    }

    /// Sends the results of paywalls the SDK opened by itself to `report` from now on.
    public func routeUntrackedPaywallDismissals(to report: @escaping @Sendable (PaywallOutcome) -> Void) {
      untrackedDismissals.withLock { $0 = report }
    }

    /// Sends the paywall's purchase and restore actions to `handlers` from now on. Call it once the
    /// object graph exists (after `AppModel.init`), before the first paywall can be shown.
    public func routeObserverActions(to interceptor: PaywallInterceptor) {
      actionRouter.route(to: interceptor)
    }
  }
#endif
