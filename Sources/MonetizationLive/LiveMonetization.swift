#if canImport(StoreKit) && canImport(os)
  import Basics
  import Monetization

  /// Whether this build can sell subscriptions, for the Profile screen.
  public enum MonetizationAvailability: Sendable, Equatable {
    case enabled
    /// No Purchasely API key in this build (`PURCHASELY_API_KEY` is empty or missing).
    case disabledMissingAPIKey
    /// The Purchasely SDK is not linked on this platform.
    case disabledSDKUnavailable

    public var isEnabled: Bool { self == .enabled }

    /// What Profile says when monetization is off, or `nil` when it is on.
    public var userMessage: String? {
      isEnabled ? nil : SubscriptionBackendError.notConfigured.userMessage
    }
  }

  /// Every live monetization adapter, built once at launch and installed into `Dependencies`.
  ///
  /// With a Purchasely API key the backend and paywalls are Purchasely's; without one (or where
  /// the SDK is not linked) they are the disabled ones, so the app runs with monetization off: no
  /// paywall, no crash, StoreKit still recognises what the user owns, and `availability` says why.
  public struct LiveMonetization: Sendable {
    public let availability: MonetizationAvailability
    public let subscriptionBackend: any SubscriptionBackend
    public let paywallPresenter: any PaywallPresenting
    public let purchaser: any Purchaser
    public let storeEntitlements: any StoreEntitlementsSource
    public let appTransactions: any AppTransactionSource
    public let logger: any MonetizationLogging

    /// - Parameters:
    ///   - purchaselyAPIKey: the value of `PURCHASELY_API_KEY` from Info.plist; empty means off.
    ///   - logSubsystem: the unified-log subsystem, usually the bundle identifier.
    ///   - paywallEvents: where the SDK's paywall events reach Core (the Observer-mode buttons,
    ///     SDK-opened paywalls' results); the same relay goes to `MonetizationDependencies`, and
    ///     `AppMonetization` answers it when it is built.
    ///   - clock: the app's clock; it bounds the wait for a promotional offer's signature.
    public init(
      purchaselyAPIKey: String, logSubsystem: String, paywallEvents: PaywallEventsRelay,
      clock: any Clocking
    ) {
      let session = PurchaselySession(apiKey: purchaselyAPIKey, paywallEvents: paywallEvents, clock: clock)
      let purchaseResults = PurchaseResultsForSync()
      #if canImport(Purchasely) && canImport(UIKit)
        if let session {
          availability = .enabled
          subscriptionBackend = PurchaselyBackend(session: session, purchaseResults: purchaseResults)
          paywallPresenter = PurchaselyPaywallPresenter(session: session)
        } else {
          availability = .disabledMissingAPIKey
          subscriptionBackend = DisabledSubscriptionBackend()
          paywallPresenter = DisabledPaywallPresenter()
        }
      #else
        availability = session == nil ? .disabledMissingAPIKey : .disabledSDKUnavailable
        subscriptionBackend = DisabledSubscriptionBackend()
        paywallPresenter = DisabledPaywallPresenter()
      #endif
      purchaser = StoreKitPurchaser(purchaseResults: purchaseResults)
      storeEntitlements = StoreKitEntitlements()
      appTransactions = StoreKitAppTransactions()
      logger = OSLogMonetizationLogger(subsystem: logSubsystem)
    }
  }
#endif
