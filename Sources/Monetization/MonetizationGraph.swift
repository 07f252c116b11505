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

/// The monetization coordinators, built once and wired together: the one place that knows who
/// tells whom. The composition root and the tests both build this graph, so the wiring they test
/// is the wiring the app runs. Everything is given at construction; nothing is wired afterwards.
///
/// Wiring:
/// - the running mode is read once from `settings` (it applies from the next launch when changed)
///   and becomes one `RunningModeStrategy`, the only place that differs by mode;
/// - the SDK start (`backendStart`) uses the strategy's start options, and a failed start is
///   retried before each paywall loads;
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
///   configuration: dependencies.configuration,
///   onEntitlementChange: { old, new in /* app-level notices */ })
/// await graph.backendStart.start()
/// ```
@MainActor
public final class MonetizationGraph {
  /// The running mode and the mode chosen for the next launch.
  public let settings: AppSettings
  /// The single source of truth for Premium.
  public let entitlements: EntitlementProvider
  /// Starts the SDK with the strategy's options, and retries a failed start when due.
  public let backendStart: BackendStart
  /// Paywall presentation, one at a time.
  public let paywalls: PaywallFlow
  /// Restore purchases.
  public let restores: RestoreCoordinator
  /// Purchases: the paywall's buttons in Observer mode, Ask to Buy, the transaction-updates listener.
  public let purchases: PurchaseCoordinator
  /// Gated actions.
  public let gates: FeatureGateCoordinator
  /// The services the graph runs on.
  public let services: MonetizationServices
  /// Build-time settings.
  public let configuration: MonetizationConfiguration

  /// What differs in the mode this launch runs in.
  public let strategy: any RunningModeStrategy

  /// The mode this launch runs in.
  public var mode: RunningMode { strategy.mode }

  /// Builds the graph. The persisted entitlement snapshot is loaded here, synchronously, so a
  /// subscriber is Premium from the first frame.
  /// - Parameters:
  ///   - onEntitlementChange: called on every entitlement change, after the purchase coordinator
  ///     heard of it and before a paywall on screen is closed because Premium became active.
  ///   - announce: receives each sentence for the user that no paywall shows (why a promoted
  ///     purchase did not go through); the app queues it as a message.
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
      beforeLoad: { [backendStart] in await backendStart.retryIfDue() })
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

  /// The paywall's purchase and restore buttons, when the running mode's strategy has them come
  /// to the app (Observer mode); `nil` when the SDK handles them (Full mode).
  public var paywallInterceptor: PaywallInterceptor? {
    guard strategy.interceptsPaywallActions else { return nil }
    let purchases = purchases
    return PaywallInterceptor(
      purchase: { @MainActor plan, offer, site in
        await purchases.handlePurchase(plan: plan, offer: offer, confirmIn: site)
      },
      restore: { @MainActor in await purchases.handleRestore() })
  }

  /// Stores a new running mode and logs it; it applies on the next launch
  /// (`settings.modeChangeNotice`).
  public func scheduleRunningMode(_ mode: RunningMode) {
    settings.setRunningMode(mode)
    services.logger.log(.runningModeScheduled(active: settings.activeMode, next: mode))
  }
}

/// Who hears an entitlement change, in order. The entitlement provider is built before the
/// coordinators that read it, so its change handler reaches them through this object, which
/// `MonetizationGraph.init` fills once (`reach`) before returning; nothing outside the graph can
/// reach or change it. Weak: a re-check started after a purchase may finish after the graph was
/// dropped.
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
