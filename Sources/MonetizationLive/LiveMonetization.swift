#if canImport(StoreKit) && canImport(os)
  import Basics
  import Monetization

  public enum MonetizationAvailability: Sendable, Equatable {
    case enabled
    case disabledMissingAPIKey
    case disabledSDKUnavailable

    public var isEnabled: Bool { self == .enabled }

    public var userMessage: String? {
      isEnabled ? nil : SubscriptionBackendError.notConfigured.userMessage
    }
  }

  /// Without a Purchasely API key (or the SDK) the backend and paywalls are the disabled ones: no
  /// paywall, no crash, and StoreKit still recognises what the user owns.
  public struct LiveMonetization: Sendable {
    public let availability: MonetizationAvailability
    public let subscriptionBackend: any SubscriptionBackend
    public let paywallPresenter: any PaywallPresenting
    public let purchaser: any Purchaser
    public let storeEntitlements: any StoreEntitlementsSource
    public let appTransactions: any AppTransactionSource
    public let logger: any MonetizationLogging

    /// `paywallEvents` goes to `MonetizationDependencies` too; `AppMonetization` answers it when built.
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
