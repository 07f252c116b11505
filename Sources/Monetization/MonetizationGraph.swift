import Basics
import Foundation

/// The vendor-facing services monetization runs on: live adapters in the app, doubles in tests
/// and the scenario simulator.
public struct MonetizationServices {
  /// Persistent settings and the last-known entitlement snapshot (`UserDefaults` in the app).
  public var store: any KeyValueStore
  /// The subscription SDK.
  public var backend: any SubscriptionBackend
  /// StoreKit's read-only entitlement APIs.
  public var storeKit: any StoreEntitlementsSource
  /// `AppTransaction`, only needed when grandfathering is configured.
  public var appTransactions: (any AppTransactionSource)?
  /// The SDK's paywall UI.
  public var paywalls: any PaywallPresenting
  /// StoreKit buying, used in Observer mode only.
  public var purchaser: any Purchaser
  /// Where monetization events go.
  public var logger: any MonetizationLogging
  /// The current time, and the waits behind the time limits on SDK calls and paywalls.
  public var clock: any Clocking

  public init(
    store: any KeyValueStore, backend: any SubscriptionBackend, storeKit: any StoreEntitlementsSource,
    appTransactions: (any AppTransactionSource)? = nil, paywalls: any PaywallPresenting,
    purchaser: any Purchaser, logger: any MonetizationLogging, clock: any Clocking = SystemClock()
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

/// The monetization coordinators, built once and wired together: the one place that knows who
/// tells whom. The composition root and the tests both build this graph, so the wiring they test
/// is the wiring the app runs.
///
/// Wiring:
/// - the running mode is read once from `settings` (it applies from the next launch when changed)
///   and becomes one `RunningModeStrategy`, the only place that differs by mode;
/// - every entitlement change reaches the purchase coordinator (an Ask to Buy wait ends when
///   Premium arrives), then `onEntitlementChange`, then, when Premium became active from any
///   source, the paywall on screen closes;
/// - gated actions roll back while a purchase waits for a parent's approval.
///
/// From the composition root:
/// ```swift
/// let graph = MonetizationGraph(
///   services: MonetizationServices(
///     store: dependencies.keyValueStore, backend: dependencies.subscriptionBackend,
///     storeKit: dependencies.storeEntitlements, appTransactions: dependencies.appTransactions,
///     paywalls: dependencies.paywallPresenter, purchaser: dependencies.purchaser,
///     logger: dependencies.monetizationLogger, clock: dependencies.clock),
///   configuration: dependencies.monetization)
/// graph.onEntitlementChange = { [weak self] old, new in /* app-level notices */ }
/// graph.paywalls.beforeLoad = { await backendStart.retryIfDue(options: graph.strategy.startOptions) }
/// ```
@MainActor
public final class MonetizationGraph {
  /// The running mode and the mode chosen for the next launch.
  public let settings: AppSettings
  /// The single source of truth for Premium.
  public let entitlements: EntitlementProvider
  /// Paywall presentation, one at a time.
  public let paywalls: PaywallFlow
  /// Restore purchases.
  public let restores: RestoreCoordinator
  /// Observer-mode purchasing and the transaction-updates listener.
  public let purchases: ObserverPurchaseCoordinator
  /// Gated actions.
  public let gates: FeatureGateCoordinator
  /// The services the graph runs on.
  public let services: MonetizationServices
  /// Build-time settings.
  public let configuration: MonetizationConfiguration

  /// Called on every entitlement change, after the purchase coordinator heard of it and before a
  /// paywall on screen is closed because Premium became active.
  public var onEntitlementChange: (@MainActor (_ old: Entitlement, _ new: Entitlement) -> Void)?

  /// What differs in the mode this launch runs in.
  public let strategy: any RunningModeStrategy

  /// The mode this launch runs in.
  public var mode: RunningMode { strategy.mode }

  /// Builds the graph. The persisted entitlement snapshot is loaded here, synchronously, so a
  /// subscriber is Premium from the first frame.
  public init(services: MonetizationServices, configuration: MonetizationConfiguration) {
    let settings = AppSettings(store: services.store, defaultMode: configuration.defaultRunningMode)
    let logger = services.logger
    func makeEntitlements(synchronizesBeforeForegroundCheck: Bool) -> EntitlementProvider {
      EntitlementProvider(
        synchronizesBeforeForegroundCheck: synchronizesBeforeForegroundCheck, backend: services.backend,
        storeKit: services.storeKit, appTransactions: services.appTransactions, store: services.store,
        configuration: configuration, clock: services.clock, logger: logger)
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
    let paywalls = PaywallFlow(
      presenter: services.paywalls, entitlements: entitlements, loadTimeout: configuration.paywallLoadTimeout,
      displayTimeout: configuration.paywallDisplayTimeout, logger: logger)
    let restores = RestoreCoordinator(strategy: strategy, entitlements: entitlements, logger: logger)
    let purchases = ObserverPurchaseCoordinator(
      strategy: strategy, purchaser: services.purchaser, finisher: finisher, entitlements: entitlements,
      restores: restores, paywalls: paywalls, logger: logger)
    self.settings = settings
    self.strategy = strategy
    self.entitlements = entitlements
    self.paywalls = paywalls
    self.restores = restores
    self.purchases = purchases
    self.gates = FeatureGateCoordinator(
      entitlements: entitlements, paywalls: paywalls,
      isAwaitingApproval: { [purchases] in purchases.isAwaitingApproval }, logger: logger)
    self.services = services
    self.configuration = configuration
    // Weak: a re-check started after a purchase may finish after the graph was dropped.
    entitlements.onChange = { [weak self, weak purchases, weak paywalls] old, new in
      purchases?.entitlementDidChange(new)
      self?.onEntitlementChange?(old, new)
      // A paywall closes when Premium becomes active from any source.
      if !old.isPremium && new.isPremium { await paywalls?.closeBecauseUnlocked() }
    }
  }

  /// The paywall's purchase and restore buttons, when the running mode's strategy has them come
  /// to the app (Observer mode); `nil` when the SDK handles them (Full mode).
  public var paywallInterceptor: PaywallInterceptor? {
    guard strategy.interceptsPaywallActions else { return nil }
    let purchases = purchases
    return PaywallInterceptor(
      purchase: { @MainActor plan, offer in await purchases.handlePurchase(plan: plan, offer: offer) },
      restore: { @MainActor in await purchases.handleRestore() })
  }

  /// Stores a new running mode and logs it; it applies on the next launch
  /// (`settings.modeChangeNotice`).
  public func scheduleRunningMode(_ mode: RunningMode) {
    settings.setRunningMode(mode)
    services.logger.log(.runningModeScheduled(active: settings.activeMode, next: mode))
  }
}
