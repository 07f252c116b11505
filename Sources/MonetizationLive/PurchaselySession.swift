#if canImport(os)
  import Basics
  import Foundation
  import os
  import Monetization

  /// `PurchaselyBackend` and `PurchaselyPaywallPresenter` share one session, so a paywall load can wait
  /// for the start `AppModel.launch()` awaits (the SDK must not be used before it has started).
  public final class PurchaselySession: Sendable {
    /// Never logged or shown.
    let apiKey: String
    let startGate = SDKStartGate()
    let paywallEvents: PaywallEventsRelay
    let clock: any Clocking

    /// `nil` without a usable key (`BuildSetting.value`): the app then runs with monetization disabled.
    public init?(apiKey: String, paywallEvents: PaywallEventsRelay, clock: any Clocking) {
      guard let key = BuildSetting.value(apiKey) else { return nil }
      self.apiKey = key
      self.paywallEvents = paywallEvents
      self.clock = clock
    }

    private let interceptorsRegistered = OSAllocatedUnfairLock(initialState: false)

    /// Once per launch, before the first start.
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
