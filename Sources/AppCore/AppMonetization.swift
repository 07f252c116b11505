import Basics
import Foundation
import Monetization
import Observation

/// The app's use of monetization: `MonetizationGraph`'s coordinators (built and wired once, the
/// same graph the monetization tests build), plus what only the app does with them: start the SDK
/// at launch (and retry it), show onboarding once, announce an Ask to Buy, answer the paywall's
/// buttons in Observer mode. Built by `make(_:notices:)`.
public struct AppMonetization {
  /// The coordinators and their wiring.
  public let graph: MonetizationGraph
  /// Running mode and other persisted settings.
  public var settings: AppSettings { graph.settings }
  /// The single source of truth for Premium.
  public var entitlements: EntitlementProvider { graph.entitlements }
  /// Paywall presentation, one at a time.
  public var paywalls: PaywallFlow { graph.paywalls }
  /// Gated actions.
  public var gates: FeatureGateCoordinator { graph.gates }
  /// Restore purchases.
  public var restores: RestoreCoordinator { graph.restores }
  /// Observer-mode purchasing and the transaction-updates listener.
  public var purchases: ObserverPurchaseCoordinator { graph.purchases }
  /// Starts the SDK at launch, and again after a failure when its backoff allows.
  let backendStart: BackendStart
  let logger: any MonetizationLogging
  /// Whether the onboarding paywall was shown in this process (at most once).
  private let onboarding = OnboardingShown()

  /// Launch: the transaction listener first (renewals and approvals delivered at launch never
  /// wait for the SDK), then the SDK start with the persisted mode, bounded. An update handled
  /// before the SDK has started is recorded and finished all the same; its `synchronize()` does
  /// nothing then, and the SDK's own start synchronizes.
  func start() async {
    let mode = settings.activeMode
    logger.log(.launchStarted(mode: mode))
    await purchases.startListening()
    await backendStart.start(options: graph.strategy.startOptions)
  }

  /// Back in the foreground: an Ask to Buy that lapsed ends (and its notice with it), a failed SDK
  /// start is retried when due, and entitlements sync (throttled to the freshness window).
  func enterForeground(notices: GateNotices) async {
    purchases.expireLapsedApproval()
    if notices.text == GateNotices.approval, !purchases.isAwaitingApproval { notices.text = nil }
    // A paywall whose dismissal the SDK never reported must not hold the slot any longer.
    await paywalls.releaseSlotIfPaywallGone()
    await backendStart.retryIfDue(options: graph.strategy.startOptions)
    await entitlements.refresh(.foreground)
  }

  /// A paywall Core did not open (deeplink, promoted purchase) was dismissed: log, re-check.
  public func paywallDidClose(placement: Placement, outcome: PaywallOutcome) async {
    logger.log(.paywallDismissed(PaywallDismissal(placement: placement, outcome: outcome)))
    await entitlements.refresh(.paywallClosed)
  }

  /// Stores the mode chosen in Profile; it applies on the next launch (`settings.modeChangeNotice`).
  func scheduleRunningMode(_ mode: RunningMode) {
    graph.scheduleRunningMode(mode)
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

  /// The paywall's purchase and restore buttons when the running mode has them come to the app.
  /// Nothing is announced from inside the interceptor: the paywall is still up then
  /// (`noticeAfterPaywall`).
  func paywallInterceptor() -> PaywallInterceptor? { graph.paywallInterceptor }

  /// The one path for the sentence shown once a paywall is gone: the gated action's own reason,
  /// or, after any other paywall (onboarding), the Ask to Buy wait it started.
  func noticeAfterPaywall(_ result: PaywallFlowResult?, gate: GateAttemptResult? = nil) -> String? {
    if let notice = gate?.userNotice { return notice }
    guard case .dismissed = result, purchases.isAwaitingApproval else { return nil }
    return GateNotices.approval
  }

  /// Builds every coordinator. The persisted entitlement snapshot is loaded here, synchronously,
  /// so a subscriber is Premium from the first frame. `notices` receives the sentence that
  /// explains a gated action that did not run, and loses it when the approval it waited for came.
  static func make(_ dependencies: Dependencies, notices: GateNotices) -> AppMonetization {
    let graph = MonetizationGraph(
      services: dependencies.monetizationServices, configuration: dependencies.monetization)
    let backendStart = BackendStart(
      backend: dependencies.subscriptionBackend, entitlements: graph.entitlements,
      logger: dependencies.monetizationLogger, clock: dependencies.clock)
    graph.paywalls.beforeLoad = { [backendStart, options = graph.strategy.startOptions] in
      await backendStart.retryIfDue(options: options)
    }
    graph.onEntitlementChange = { [notices] _, new in
      // The approval came: the wait it explained is over.
      if new.isPremium, notices.text == GateNotices.approval { notices.text = nil }
    }
    return AppMonetization(
      graph: graph, backendStart: backendStart, logger: dependencies.monetizationLogger)
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
  private let clock: any Clocking
  /// Set once the launch sequence is over: no retry runs before (it would race the first start).
  var isLaunched = false
  /// Set while a failed start waits to be retried.
  private var retry: BackendStartRetry?
  private var isRetrying = false

  init(
    backend: any SubscriptionBackend, entitlements: EntitlementProvider, logger: any MonetizationLogging,
    clock: any Clocking
  ) {
    self.backend = backend
    self.entitlements = entitlements
    self.logger = logger
    self.clock = clock
  }

  func start(options: SDKStartOptions) async {
    let mode = options.mode
    let backend = backend
    let started = await TimeLimit.run(entitlements.backendCallTimeout, clock: clock) {
      _ async -> Result<Void, SubscriptionBackendError> in
      do throws(SubscriptionBackendError) {
        try await backend.start(options: options)
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
      next.failed(at: clock.now)
      retry = next
      logger.log(.backendStartFailed(error))
    }
  }

  /// Starts again when a failed start's backoff allows; nothing before launch or once started.
  func retryIfDue(options: SDKStartOptions) async {
    guard isLaunched, let retry, retry.isDue(at: clock.now), !isRetrying else { return }
    isRetrying = true
    defer { isRetrying = false }
    await start(options: options)
  }
}
