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
    private let session: PurchaselySession?

    /// - Parameters:
    ///   - purchaselyAPIKey: the value of `PURCHASELY_API_KEY` from Info.plist; empty means off.
    ///   - logSubsystem: the unified-log subsystem, usually the bundle identifier.
    ///   - clock: the app's clock; it bounds the wait for a promotional offer's signature.
    public init(purchaselyAPIKey: String, logSubsystem: String, clock: any Clocking = SystemClock()) {
      let session = PurchaselySession(apiKey: purchaselyAPIKey, clock: clock)
      #if canImport(Purchasely) && canImport(UIKit)
        if let session {
          availability = .enabled
          subscriptionBackend = PurchaselyBackend(session: session)
          paywallPresenter = PurchaselyPaywallPresenter(session: session)
        } else {
          availability = .disabledMissingAPIKey
          subscriptionBackend = DisabledSubscriptionBackend()
          paywallPresenter = DisabledPaywallPresenter()
        }
        self.session = session
      #else
        availability = session == nil ? .disabledMissingAPIKey : .disabledSDKUnavailable
        subscriptionBackend = DisabledSubscriptionBackend()
        paywallPresenter = DisabledPaywallPresenter()
        self.session = nil
      #endif
      purchaser = StoreKitPurchaser()
      storeEntitlements = StoreKitEntitlements()
      appTransactions = StoreKitAppTransactions()
      logger = OSLogMonetizationLogger(subsystem: logSubsystem)
    }

    /// Sends the results of paywalls the SDK opened by itself (promoted in-app purchases,
    /// deeplinks) to Core's outcome path; call it with `AppModel.monetization.paywallDidClose` before `launch()`.
    public func routeUntrackedPaywallDismissals(
      to report: @escaping @Sendable (PaywallOutcome) -> Void
    ) {
      session?.routeUntrackedPaywallDismissals(to: report)
    }

    /// Sends the paywall's Observer-mode purchase and restore actions to Core. Call it right after
    /// `AppModel` is built, before `launch()`; with monetization off it does nothing. Handlers
    /// without `showMessage` get `PaywallMessageAlert.show`, so Core's messages are never dropped.
    public func routeObserverActions(to handlers: PaywallInterceptor) {
      var handlers = handlers
      #if canImport(Purchasely) && canImport(UIKit)
        if handlers.showMessage == nil {
          handlers.showMessage = { message in PaywallMessageAlert.show(message) }
        }
      #endif
      session?.routeObserverActions(to: handlers)
    }
  }
#endif
