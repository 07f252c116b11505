import Foundation
import Monetization
import Observation

/// The monetization coordinators, built and wired together once by `make(_:notices:)`.
///
/// MARK: Monetization wiring: this whole file is what `MonetizationGraph` (in Monetization)
/// replaces; `AppModel` touches it only through `make(_:notices:)` and the members below.
public struct MonetizationParts {
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
  /// Starts the SDK at launch, and again after a failure when its backoff allows.
  let backendStart: BackendStart
  let logger: any MonetizationLogging
  /// Whether the onboarding paywall was shown in this process (at most once).
  private let onboarding = OnboardingShown()

  /// Launch: starts the SDK with the persisted mode, bounded, then the transaction listener
  /// (after the SDK, so handling an update may call it).
  func start() async {
    let mode = settings.activeMode
    logger.log(.launchStarted(mode: mode))
    await backendStart.start(mode: mode)
    await purchases.startListening()
  }

  /// Back in the foreground: an Ask to Buy that lapsed ends (and its notice with it), a failed SDK
  /// start is retried when due, and entitlements sync (throttled to the freshness window).
  func enterForeground(notices: GateNotices) async {
    purchases.expireLapsedApproval()
    if notices.text == GateNotices.approval, !purchases.isAwaitingApproval { notices.text = nil }
    await backendStart.retryIfDue(mode: settings.activeMode)
    await entitlements.refresh(.foreground)
  }

  /// A paywall Core did not open (deeplink, promoted purchase) was dismissed: log, re-check.
  public func paywallDidClose(placement: Placement, outcome: PaywallOutcome) async {
    logger.log(.paywallDismissed(PaywallDismissal(placement: placement, outcome: outcome)))
    await entitlements.refresh(.paywallClosed)
  }

  /// Stores the mode chosen in Profile; it applies on the next launch (`settings.modeChangeNotice`).
  func scheduleRunningMode(_ mode: RunningMode) {
    settings.setRunningMode(mode)
    logger.log(.runningModeScheduled(active: settings.activeMode, next: mode))
  }

  /// Shows the onboarding paywall only after a definitive "free", once; returns what it did.
  func onboard(after decision: EntitlementDecision) async -> PaywallFlowResult? {
    backendStart.isLaunched = true
    switch OnboardingPolicy.decide(after: decision, alreadyPresented: onboarding.value) {
    case .present:
      onboarding.value = true
      return await paywalls.present(placement: Placement.onboarding)
    case .skip(let reason):
      logger.log(.onboardingSkipped(reason: reason))
      return nil
    }
  }

  /// The running-mode decision, taken here once: Observer mode answers the paywall's purchase
  /// and restore buttons (an Ask to Buy becomes the gate notice); Full mode has no interceptor.
  func paywallInterceptor(notices: GateNotices) -> PaywallInterceptor? {
    guard settings.activeMode == .observer else { return nil }
    let purchases = purchases
    return PaywallInterceptor(
      purchase: { @MainActor plan, offer in
        let response = await purchases.handlePurchase(plan: plan, offer: offer)
        if purchases.isAwaitingApproval { notices.text = GateNotices.approval }
        return response
      },
      restore: { @MainActor in await purchases.handleRestore() })
  }

  /// Builds every coordinator. The persisted entitlement snapshot is loaded here, synchronously,
  /// so a subscriber is Premium from the first frame. `notices` receives the sentence that
  /// explains a gated action that did not run, and loses it when the approval it waited for came.
  static func make(_ dependencies: Dependencies, notices: GateNotices) -> MonetizationParts {
    let settings = AppSettings(
      store: dependencies.keyValueStore, defaultMode: dependencies.monetization.defaultRunningMode)
    let mode = settings.activeMode
    let logger = dependencies.monetizationLogger
    let entitlements = EntitlementProvider(
      mode: mode, backend: dependencies.subscriptionBackend, storeKit: dependencies.storeEntitlements,
      appTransactions: dependencies.appTransactions, store: dependencies.keyValueStore,
      configuration: dependencies.monetization, now: dependencies.now, sleep: dependencies.sleep,
      logger: logger)
    let paywalls = PaywallFlow(
      presenter: dependencies.paywallPresenter, entitlements: entitlements,
      loadTimeout: dependencies.monetization.paywallLoadTimeout,
      displayTimeout: dependencies.monetization.paywallDisplayTimeout, sleep: dependencies.sleep,
      logger: logger)
    let restores = RestoreCoordinator(
      mode: mode, backend: dependencies.subscriptionBackend, purchaser: dependencies.purchaser,
      entitlements: entitlements, logger: logger)
    let purchases = ObserverPurchaseCoordinator(
      mode: mode, purchaser: dependencies.purchaser, backend: dependencies.subscriptionBackend,
      entitlements: entitlements, restores: restores, paywalls: paywalls, logger: logger,
      now: dependencies.now)
    let gates = FeatureGateCoordinator(
      entitlements: entitlements, paywalls: paywalls,
      isAwaitingApproval: { [purchases] in purchases.isAwaitingApproval }, logger: logger)
    let backendStart = BackendStart(
      backend: dependencies.subscriptionBackend, entitlements: entitlements, logger: logger,
      now: dependencies.now)
    paywalls.beforeLoad = { [backendStart, settings] in
      await backendStart.retryIfDue(mode: settings.activeMode)
    }
    entitlements.onChange = { [weak purchases, weak paywalls, notices] old, new in
      purchases?.entitlementDidChange(new)
      // The approval came: the wait it explained is over.
      if new.isPremium, notices.text == GateNotices.approval { notices.text = nil }
      // A paywall closes when Premium becomes active from any source.
      if !old.isPremium && new.isPremium { await paywalls?.closeBecauseUnlocked() }
    }
    return MonetizationParts(
      settings: settings, entitlements: entitlements, paywalls: paywalls, gates: gates, restores: restores,
      purchases: purchases, backendStart: backendStart, logger: logger)
  }
}

private final class OnboardingShown {
  var value = false
}

/// The sentence to show after a gated action did not run for a reason worth telling (Ask to Buy,
/// a paywall that could not be shown); the root view shows it, then clears it.
@Observable
final class GateNotices {
  var text: String?

  /// The one sentence that explains an Ask to Buy wait.
  static let approval = GateAttemptResult.rolledBack(.awaitingApproval).userNotice
}

/// Starts the subscription SDK, bounded: a start that never calls back must not keep the app from
/// launching. A failure (other than a missing API key) is retried later, with backoff: on
/// foreground and before a paywall loads. Does nothing once started.
final class BackendStart {
  private let backend: any SubscriptionBackend
  private let entitlements: EntitlementProvider
  private let logger: any MonetizationLogging
  private let now: @Sendable () -> Date
  /// Set once the launch sequence is over: no retry runs before (it would race the first start).
  var isLaunched = false
  /// Set while a failed start waits to be retried.
  private var retry: BackendStartRetry?
  private var isRetrying = false

  init(
    backend: any SubscriptionBackend, entitlements: EntitlementProvider, logger: any MonetizationLogging,
    now: @escaping @Sendable () -> Date
  ) {
    self.backend = backend
    self.entitlements = entitlements
    self.logger = logger
    self.now = now
  }

  func start(mode: RunningMode) async {
    let backend = backend
    let started = await TimeLimit.run(entitlements.backendCallTimeout, sleep: entitlements.sleeper) {
      () async -> Result<Void, SubscriptionBackendError> in
      do throws(SubscriptionBackendError) {
        try await backend.start(mode: mode)
        return .success(())
      } catch {
        return .failure(error)
      }
    }
    let result: Result<Void, SubscriptionBackendError> =
      switch started {
      case .finished(let result): result
      case .timedOut: .failure(.other(detail: "start timed out"))
      }
    entitlements.backendDidStart(result)
    switch result {
    case .success:
      retry = nil
      logger.log(.backendStarted(mode: mode))
    case .failure(.notConfigured):
      retry = nil
      logger.log(.backendStartFailed(.notConfigured))
    case .failure(let error):
      var next = retry ?? BackendStartRetry()
      next.failed(at: now())
      retry = next
      logger.log(.backendStartFailed(error))
    }
  }

  /// Starts again when a failed start's backoff allows; nothing before launch or once started.
  func retryIfDue(mode: RunningMode) async {
    guard isLaunched, let retry, retry.isDue(at: now()), !isRetrying else { return }
    isRetrying = true
    defer { isRetrying = false }
    await start(mode: mode)
  }
}
