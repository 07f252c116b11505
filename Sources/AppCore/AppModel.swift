import Foundation
import Monetization
import Observation

/// The composition root: builds the object graph from `Dependencies` and turns app lifecycle
/// events (launch, foreground, paywall closed, restore) into calls.
@Observable
public final class AppModel {
  /// Where the launch sequence is.
  public enum LaunchState: Sendable, Equatable {
    case notLaunched
    case launching
    case launched
  }

  public private(set) var launchState: LaunchState = .notLaunched
  /// What the launch-time onboarding paywall did, when it was shown.
  public private(set) var onboardingResult: PaywallFlowResult?

  /// Running mode and other persisted settings.
  public let settings: AppSettings
  /// The single source of truth for Premium.
  public let entitlements: EntitlementProvider
  /// Paywall presentation, one at a time.
  public let paywalls: PaywallFlow
  /// Gated actions.
  public let gates: FeatureGateCoordinator
  /// Restore purchases.
  public let restores: RestoreCoordinator
  /// Observer-mode purchasing and the transaction-updates listener.
  public let purchases: ObserverPurchaseCoordinator

  @ObservationIgnored private let backend: any SubscriptionBackend
  @ObservationIgnored private let logger: any MonetizationLogging
  @ObservationIgnored private var onboardingShown = false

  /// Builds every model. The persisted entitlement snapshot is loaded here, synchronously, so a
  /// subscriber is Premium from the first frame, before `launch()` has done anything.
  public init(dependencies: Dependencies) {
    let settings = AppSettings(
      store: dependencies.keyValueStore, defaultMode: dependencies.monetization.defaultRunningMode)
    let mode = settings.activeMode
    let logger = dependencies.monetizationLogger
    let entitlements = EntitlementProvider(
      mode: mode, backend: dependencies.subscriptionBackend, storeKit: dependencies.storeEntitlements,
      appTransactions: dependencies.appTransactions, store: dependencies.keyValueStore,
      configuration: dependencies.monetization, now: dependencies.now, logger: logger)
    let paywalls = PaywallFlow(
      presenter: dependencies.paywallPresenter, entitlements: entitlements,
      loadTimeout: dependencies.monetization.paywallLoadTimeout, sleep: dependencies.sleep, logger: logger)
    let restores = RestoreCoordinator(
      mode: mode, backend: dependencies.subscriptionBackend, purchaser: dependencies.purchaser,
      entitlements: entitlements, logger: logger)
    let purchases = ObserverPurchaseCoordinator(
      mode: mode, purchaser: dependencies.purchaser, backend: dependencies.subscriptionBackend,
      entitlements: entitlements, restores: restores, paywalls: paywalls, logger: logger)
    self.settings = settings
    self.entitlements = entitlements
    self.paywalls = paywalls
    self.restores = restores
    self.purchases = purchases
    self.gates = FeatureGateCoordinator(
      entitlements: entitlements, paywalls: paywalls,
      isAwaitingApproval: { [purchases] in purchases.isAwaitingApproval }, logger: logger)
    self.backend = dependencies.subscriptionBackend
    self.logger = logger
    entitlements.onChange = { [weak purchases, weak paywalls] old, new in
      purchases?.entitlementDidChange(new)
      // Rule P10: a paywall closes when Premium becomes active from any source.
      if !old.isPremium && new.isPremium { await paywalls?.closeBecauseUnlocked() }
    }
  }

  /// The mode this launch runs in.
  public var runningMode: RunningMode { settings.activeMode }

  /// Launch: start the SDK with the persisted mode and wait for it; start the transaction
  /// listener (Observer); sync; then show `onboarding` only after a definitive "free", once.
  /// Returns after the onboarding paywall, if shown, was dismissed. Later calls do nothing.
  public func launch() async {
    guard launchState == .notLaunched else { return }
    launchState = .launching
    let mode = settings.activeMode
    logger.log(.launchStarted(mode: mode))
    do {
      try await backend.start(mode: mode)
      entitlements.backendDidStart(.success(()))
      logger.log(.backendStarted(mode: mode))
    } catch {
      entitlements.backendDidStart(.failure(error))
      logger.log(.backendStartFailed(error))
    }
    // After start, so handling an update may call the SDK; unfinished transactions wait in
    // the stream until then.
    await purchases.startListening()
    let decision = await entitlements.refresh(.launch)
    launchState = .launched
    switch OnboardingPolicy.decide(after: decision, alreadyPresented: onboardingShown) {
    case .present:
      onboardingShown = true
      onboardingResult = await paywalls.present(placement: Placement.onboarding)
    case .skip(let reason):
      logger.log(.onboardingSkipped(reason: reason))
    }
  }

  /// The app came to the foreground: sync (Observer mode synchronizes first; both modes throttle
  /// the network check to the freshness window).
  public func enterForeground() async {
    guard launchState == .launched else { return }
    await entitlements.refresh(.foreground)
  }

  /// A paywall that Core did not open (deeplink, promoted purchase) was dismissed: log it and
  /// re-check entitlements.
  public func paywallDidClose(placement: String, outcome: PaywallOutcome) async {
    logger.log(.paywallDismissed(PaywallDismissal(placement: placement, outcome: outcome)))
    await entitlements.refresh(.paywallClosed)
  }

  /// The Profile screen's Restore button.
  public func restorePurchases() async -> RestoreOutcome {
    await restores.restore()
  }

  /// Stores a new running mode; it applies on the next launch (`settings.modeChangeNotice`).
  public func changeRunningMode(_ mode: RunningMode) {
    settings.setRunningMode(mode)
    logger.log(.runningModeScheduled(active: settings.activeMode, next: mode))
  }

  /// Observer mode's `.purchase` interceptor.
  public func handlePurchaseAction(plan: PaywallPlan?) async -> InterceptorResponse {
    await purchases.handlePurchase(plan: plan)
  }

  /// Observer mode's `.restore` interceptor.
  public func handleRestoreAction() async -> InterceptorResponse {
    await purchases.handleRestore()
  }

  /// Whether `feature` is unlocked.
  public func isUnlocked(_ feature: Feature) -> Bool {
    gates.isUnlocked(feature)
  }

  /// Runs `action` behind the gate of `feature`.
  public func attempt(
    _ feature: Feature, action: @escaping @MainActor () async -> Void
  ) async -> GateAttemptResult {
    await gates.attempt(feature, action: action)
  }

  /// Stops background work (the transaction listener) before the model is discarded.
  public func shutdown() {
    purchases.stopListening()
  }
}
