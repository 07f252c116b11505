#if canImport(os)
  import Basics
  import Foundation
  import os
  import Monetization

  /// The Purchasely SDK as one app launch uses it: the API key, whether `start` has settled, and
  /// where the SDK's paywall events go.
  ///
  /// `PurchaselyBackend` and `PurchaselyPaywallPresenter` share one session, so a paywall load can
  /// wait for the start that `AppModel.launch()` awaits (the SDK must not be used before it has
  /// started). The interceptors and the default dismissal handler registered at start reach Core
  /// through `paywallEvents`, a relay built before this session and given to Core too, which
  /// answers it when it is built (`AppMonetization`): nothing is routed after construction.
  public final class PurchaselySession: Sendable {
    /// Never logged or shown.
    let apiKey: String
    let startGate = SDKStartGate()
    /// Where the Observer-mode buttons and SDK-opened paywalls' results reach Core.
    let paywallEvents: PaywallEventsRelay
    /// Bounds the wait for a promotional offer's signature.
    let clock: any Clocking

    /// A session for `apiKey`, or `nil` when there is no usable key: empty, only whitespace, or an
    /// unexpanded `$(PURCHASELY_API_KEY)` left in Info.plist because the build setting is missing
    /// (`BuildSetting.value`, the rule the app's configuration and the widget read with).
    /// Without a key the app runs with monetization disabled (`DisabledSubscriptionBackend`).
    public init?(apiKey: String, paywallEvents: PaywallEventsRelay, clock: any Clocking) {
      guard let key = BuildSetting.value(apiKey) else { return nil }
      self.apiKey = key
      self.paywallEvents = paywallEvents
      self.clock = clock
    }

    private let interceptorsRegistered = OSAllocatedUnfairLock(initialState: false)

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
          PurchaselyBridge.registerInterceptors(paywallEvents: paywallEvents, clock: clock)
        }
        let events = paywallEvents
        PurchaselyBridge.reportUntrackedPaywalls { outcome in
          events.paywallDismissed(outcome)
        }
      #endif
    }
  }
#endif
