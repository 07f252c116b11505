import Basics
import Foundation

public struct MonetizationServices {
  public var store: any KeyValueStore
  public var backend: any SubscriptionBackend
  public var storeKit: any StoreEntitlementsSource
  /// Only needed when grandfathering is configured.
  public var appTransactions: (any AppTransactionSource)?
  public var paywalls: any PaywallPresenting
  /// Observer mode only.
  public var purchaser: any Purchaser
  public var logger: any MonetizationLogging
  public var clock: any Clocking

  public init(
    store: any KeyValueStore, backend: any SubscriptionBackend, storeKit: any StoreEntitlementsSource,
    appTransactions: (any AppTransactionSource)? = nil, paywalls: any PaywallPresenting,
    purchaser: any Purchaser, logger: any MonetizationLogging, clock: any Clocking
  ) {
    self.store = store
    self.backend = backend
    self.storeKit = storeKit
    self.appTransactions = appTransactions
    self.paywalls = paywalls
    self.purchaser = purchaser
    self.logger = logger
    self.clock = clock
  }
}

/// Built once, everything given at construction, by the composition root and the tests alike, so
/// the wiring tested is the wiring the app runs. Every entitlement change reaches the purchase
/// coordinator (an Ask to Buy wait ends), then `onEntitlementChange`, then closes a paywall on screen.
@MainActor
public final class MonetizationGraph {
  public let settings: AppSettings
  public let entitlements: EntitlementProvider
  public let backendStart: BackendStart
  public let paywalls: PaywallFlow
  public let restores: RestoreCoordinator
  public let purchases: PurchaseCoordinator
  public let gates: FeatureGateCoordinator
  public let services: MonetizationServices
  public let configuration: MonetizationConfiguration

  public let strategy: any RunningModeStrategy

  public var mode: RunningMode { strategy.mode }

  /// The persisted snapshot is loaded here, synchronously, so a subscriber is Premium from the first
  /// frame. `announce` receives sentences no paywall shows (why a promoted purchase did not go through).
  public init(
    services: MonetizationServices, configuration: MonetizationConfiguration,
    onEntitlementChange: @escaping @MainActor (_ old: Entitlement, _ new: Entitlement) -> Void = { _, _ in },
    announce: @escaping @MainActor (_ sentence: String) -> Void = { _ in }
  ) {
    let settings = AppSettings(
      store: services.store, whenNoneStored: configuration.defaultRunningMode)
    let logger = services.logger
    // The provider is built first (every coordinator reads it); its changes reach the coordinators
    // built after it through `reactions`, filled below in this initialiser and never again.
    let reactions = EntitlementChangeReactions(app: onEntitlementChange)
    func makeEntitlements(synchronizesBeforeForegroundCheck: Bool) -> EntitlementProvider {
      EntitlementProvider(
        synchronizesBeforeForegroundCheck: synchronizesBeforeForegroundCheck, backend: services.backend,
        storeKit: services.storeKit, appTransactions: services.appTransactions, store: services.store,
        configuration: configuration, clock: services.clock, logger: logger,
        onChange: { old, new in await reactions.entitlementDidChange(from: old, to: new) })
    }
    // The one decision on the running mode: everything that differs lives in its strategy.
    let finisher = TransactionFinisher(purchaser: services.purchaser, logger: logger)
    let entitlements: EntitlementProvider
    let strategy: any RunningModeStrategy
    switch settings.activeMode {
    case .full:
      entitlements = makeEntitlements(
        synchronizesBeforeForegroundCheck: FullModeStrategy.synchronizesBeforeForegroundCheck)
      strategy = FullModeStrategy(backend: services.backend, entitlements: entitlements, logger: logger)
    case .observer:
      entitlements = makeEntitlements(
        synchronizesBeforeForegroundCheck: ObserverModeStrategy.synchronizesBeforeForegroundCheck)
      strategy = ObserverModeStrategy(
        purchaser: services.purchaser, entitlements: entitlements, finisher: finisher, logger: logger)
    }
    let backendStart = BackendStart(
      backend: services.backend, options: strategy.startOptions, entitlements: entitlements, logger: logger,
      clock: services.clock)
    let paywalls = PaywallFlow(
      presenter: services.paywalls, entitlements: entitlements, loadTimeout: configuration.paywallLoadTimeout,
      displayTimeout: configuration.paywallDisplayTimeout, logger: logger,
      beforeLoad: { [backendStart] in await backendStart.retryOnUserAction() })
    let restores = RestoreCoordinator(strategy: strategy, entitlements: entitlements, logger: logger)
    let purchases = PurchaseCoordinator(
      strategy: strategy, purchaser: services.purchaser, finisher: finisher, entitlements: entitlements,
      restores: restores, paywalls: paywalls, logger: logger, announce: announce)
    reactions.reach(purchases: purchases, paywalls: paywalls)
    self.settings = settings
    self.strategy = strategy
    self.entitlements = entitlements
    self.backendStart = backendStart
    self.paywalls = paywalls
    self.restores = restores
    self.purchases = purchases
    self.gates = FeatureGateCoordinator(
      entitlements: entitlements, paywalls: paywalls,
      isAwaitingApproval: { [purchases] in purchases.isAwaitingApproval }, logger: logger)
    self.services = services
    self.configuration = configuration
  }

  public var paywallInterceptor: PaywallInterceptor? {
    guard strategy.interceptsPaywallActions else { return nil }
    let purchases = purchases
    return PaywallInterceptor(
      purchase: { @MainActor plan, offer, site in
        await purchases.handlePurchase(plan: plan, offer: offer, confirmIn: site)
      },
      restore: { @MainActor in await purchases.handleRestore() })
  }

  public func scheduleRunningMode(_ mode: RunningMode) {
    settings.setRunningMode(mode)
    services.logger.log(.runningModeScheduled(active: settings.activeMode, next: mode))
  }
}

/// Filled once by `MonetizationGraph.init`: the provider is built before the coordinators that
/// read it. Weak: a re-check after a purchase may finish after the graph was dropped.
@MainActor
private final class EntitlementChangeReactions {
  private let app: @MainActor (Entitlement, Entitlement) -> Void
  private weak var purchases: PurchaseCoordinator?
  private weak var paywalls: PaywallFlow?

  init(app: @escaping @MainActor (Entitlement, Entitlement) -> Void) {
    self.app = app
  }

  func reach(purchases: PurchaseCoordinator, paywalls: PaywallFlow) {
    self.purchases = purchases
    self.paywalls = paywalls
  }

  func entitlementDidChange(from old: Entitlement, to new: Entitlement) async {
    purchases?.entitlementDidChange(new)
    app(old, new)
    // A paywall closes when Premium becomes active from any source.
    if !old.isPremium && new.isPremium { await paywalls?.closeBecauseUnlocked() }
  }
}
