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
/// - the running mode is read once from `settings` (it applies from the next launch when changed);
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
/// graph.paywalls.beforeLoad = { [weak self] in await self?.retryBackendStartIfDue() }
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

  /// The mode this launch runs in.
  public var mode: RunningMode { settings.activeMode }

  /// Builds the graph. The persisted entitlement snapshot is loaded here, synchronously, so a
  /// subscriber is Premium from the first frame.
  public init(services: MonetizationServices, configuration: MonetizationConfiguration) {
    let settings = AppSettings(store: services.store, defaultMode: configuration.defaultRunningMode)
    let mode = settings.activeMode
    let logger = services.logger
    let entitlements = EntitlementProvider(
      mode: mode, backend: services.backend, storeKit: services.storeKit,
      appTransactions: services.appTransactions, store: services.store, configuration: configuration,
      clock: services.clock, logger: logger)
    let paywalls = PaywallFlow(
      presenter: services.paywalls, entitlements: entitlements, loadTimeout: configuration.paywallLoadTimeout,
      displayTimeout: configuration.paywallDisplayTimeout, logger: logger)
    let restores = RestoreCoordinator(
      mode: mode, backend: services.backend, purchaser: services.purchaser, entitlements: entitlements,
      logger: logger)
    let purchases = ObserverPurchaseCoordinator(
      mode: mode, purchaser: services.purchaser, backend: services.backend, entitlements: entitlements,
      restores: restores, paywalls: paywalls, logger: logger)
    self.settings = settings
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

  /// Stores a new running mode and logs it; it applies on the next launch
  /// (`settings.modeChangeNotice`).
  public func scheduleRunningMode(_ mode: RunningMode) {
    settings.setRunningMode(mode)
    services.logger.log(.runningModeScheduled(active: settings.activeMode, next: mode))
  }
}
