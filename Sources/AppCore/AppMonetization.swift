import Basics
import Foundation
import Monetization
import Observation

/// `MonetizationGraph` (the graph the monetization tests build) plus what only the app does with
/// it: start the SDK at launch, onboarding once, the gate's notices. Built before anything local
/// opens, so `beginLaunch()` runs while the favorites store is still opening.
public final class AppMonetization {
  public let graph: MonetizationGraph
  public var settings: AppSettings { graph.settings }
  public var entitlements: EntitlementProvider { graph.entitlements }
  public var paywalls: PaywallFlow { graph.paywalls }
  public var gates: FeatureGateCoordinator { graph.gates }
  public var restores: RestoreCoordinator { graph.restores }
  public var purchases: PurchaseCoordinator { graph.purchases }
  /// What monetization was built from (Profile reads its build flags and the manage sheet).
  let dependencies: MonetizationDependencies
  /// The sentence shown after a gated action did not run; the graph clears the Ask to Buy one when
  /// the approval comes.
  let notices: GateNotices
  private let logger: any MonetizationLogging
  private var onboardingShown = false
  private var launchStart: Task<Void, Never>?

  /// Builds every coordinator. The persisted entitlement snapshot is loaded here, synchronously,
  /// so a subscriber is Premium from the first frame. Nothing starts until `beginLaunch()`.
  public init(_ dependencies: MonetizationDependencies) {
    let notices = GateNotices()
    self.graph = MonetizationGraph(
      services: dependencies.monetizationServices, configuration: dependencies.configuration,
      onEntitlementChange: { [notices] _, new in
        // The approval came: the wait it explained is over.
        if new.isPremium, notices.text == GateNotices.approval { notices.text = nil }
      },
      // A promoted purchase that did not go through: told in the app's one message queue. Its
      // Ask to Buy wait is the gate notice a paywall purchase leaves, withdrawn on approval.
      announce: { [notices] sentence in
        if sentence == GateNotices.approval { notices.text = sentence } else { notices.announce(sentence) }
      })
    self.dependencies = dependencies
    self.notices = notices
    self.logger = dependencies.monetizationLogger
    // The SDK adapter was built first, over the same relay: Core answers it here, once. The
    // paywall's buttons reach the running mode's interceptor (none in Full mode), and paywalls the
    // SDK opened by itself reach the outcome path (logged, then a re-check).
    dependencies.paywallEvents.answer(interceptor: graph.paywallInterceptor) { [weak self] outcome in
      Task { @MainActor in await self?.paywallDidClose(placement: .openedBySDK, outcome: outcome) }
    }
  }

  /// Launch, first stage: the transaction listener first (renewals and approvals delivered at
  /// launch never wait for the SDK or for local storage), then the SDK start with the persisted
  /// mode, bounded. Returns at once; later calls do nothing. An update handled before the SDK
  /// has started is recorded and finished all the same; its `synchronize()` is owed and runs once
  /// the start succeeds.
  public func beginLaunch() {
    guard launchStart == nil else { return }
    logger.log(.launchStarted(mode: settings.activeMode))
    // Claimed before the task runs, so the listener starts before anything queued after this call.
    let (purchases, backendStart) = (purchases, graph.backendStart)
    launchStart = Task {
      await purchases.startListening()
      await backendStart.start()
    }
  }

  /// Begins the launch if nobody did, and waits for its first stage (the SDK start) to end.
  func launchStarted() async {
    beginLaunch()
    await launchStart?.value
  }

  /// A lapsed Ask to Buy ends with its notice; entitlements sync (throttled).
  func enterForeground() async {
    purchases.expireLapsedApproval()
    if notices.text == GateNotices.approval, !purchases.isAwaitingApproval { notices.text = nil }
    // A paywall whose dismissal the SDK never reported must not hold the slot any longer.
    await paywalls.releaseSlotIfPaywallGone()
    await graph.backendStart.retryIfDue()
    await entitlements.refresh(.foreground)
  }

  /// A paywall Core did not open (deeplink, promoted purchase) was dismissed: log, re-check.
  public func paywallDidClose(placement: Placement, outcome: PaywallOutcome) async {
    logger.log(.paywallDismissed(PaywallDismissal(placement: placement, outcome: outcome)))
    // The SDK's own paywall (a promoted purchase in Full mode) held the slot until now.
    if placement == .openedBySDK { paywalls.paywallOpenedBySDKDidClose() }
    await entitlements.refresh(.paywallClosed)
  }

  /// Runs `action` behind the gate of `feature`; a reason worth telling becomes the gate notice.
  public func attempt(
    _ feature: Feature, action: @escaping @MainActor () async -> Void
  ) async -> GateAttemptResult {
    let result = await gates.attempt(feature, action: action)
    if let notice = result.userNotice { notices.text = notice }
    return result
  }

  /// Shows the onboarding paywall only after a definitive "free", once; returns what it did.
  func onboard(after decision: EntitlementDecision) async -> PaywallFlowResult? {
    graph.backendStart.launchDidEnd()
    switch OnboardingPolicy.decide(after: decision, alreadyPresented: onboardingShown) {
    case .present:
      onboardingShown = true
      return await paywalls.present(placement: Placement.onboarding)
    case .skip(let reason):
      logger.log(.onboardingSkipped(reason: reason))
      return nil
    }
  }

  /// Nothing is announced from inside it: the paywall is still up then (`noticeAfterPaywall`).
  public var paywallInterceptor: PaywallInterceptor? { graph.paywallInterceptor }

  /// After a paywall the app opened itself (onboarding): the Ask to Buy wait it started.
  func noticeAfterPaywall(_ result: PaywallFlowResult?) -> String? {
    guard case .dismissed = result, purchases.isAwaitingApproval else { return nil }
    return GateNotices.approval
  }
}

/// Why a gated action did not run (Ask to Buy, a paywall that could not be shown): each new
/// sentence is posted to the message queue and withdrawn once untrue. An announcement made before
/// `AppModel` connects (a promoted purchase at launch) waits for it.
@Observable
final class GateNotices {
  var text: String? {
    didSet {
      guard text != oldValue else { return }
      if let oldValue { withdrawn?(oldValue) }
      if let text { posted?(text) }
    }
  }
  /// Setting it hands over the announcements waiting, in order.
  @ObservationIgnored var posted: ((String) -> Void)? {
    didSet {
      guard let posted else { return }
      let waiting = waitingAnnouncements
      waitingAnnouncements.removeAll()
      for sentence in waiting { posted(sentence) }
    }
  }
  @ObservationIgnored private var waitingAnnouncements: [String] = []

  /// Tells the user `sentence` once, in the app's message queue (never over a paywall); it is not
  /// the gate notice and is never withdrawn.
  func announce(_ sentence: String) {
    if let posted {
      posted(sentence)
    } else {
      waitingAnnouncements.append(sentence)
    }
  }
  /// Receives a sentence no longer true (AppModel takes it out of the queue).
  @ObservationIgnored var withdrawn: ((String) -> Void)?

  /// The one sentence that explains an Ask to Buy wait.
  static let approval: String? = PurchaseCoordinator.approvalNotice
}
