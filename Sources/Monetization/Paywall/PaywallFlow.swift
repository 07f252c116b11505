import Basics
import Foundation
import Localization
import Observation

/// Each case resolves the waiting tap at once, with a message.
public enum PaywallUnavailableReason: Sendable, Equatable, CustomStringConvertible {
  /// Switched off (or misspelt): keep the feature locked.
  case deactivated
  /// Spacer v1 has no app-drawn paywall.
  case clientPaywall
  case noNetwork
  case notConfigured
  case loadFailed
  case timedOut
  case displayFailed

  public var userMessage: String {
    switch self {
    case .deactivated, .clientPaywall, .notConfigured:
      Localized.text("Premium isn't available right now.")
    case .noNetwork: Localized.text("You're offline. Connect to the internet to see Premium plans.")
    case .loadFailed, .displayFailed: Localized.text("The Premium plans couldn't be shown. Try again later.")
    case .timedOut: Localized.text("The Premium plans are taking too long to load. Try again later.")
    }
  }

  public var description: String {
    switch self {
    case .deactivated: "deactivated"
    case .clientPaywall: "clientPaywall"
    case .noNetwork: "noNetwork"
    case .notConfigured: "notConfigured"
    case .loadFailed: "loadFailed"
    case .timedOut: "timedOut"
    case .displayFailed: "displayFailed"
    }
  }
}

public enum PaywallFlowResult: Sendable, Equatable {
  /// Entitlements were re-checked afterwards.
  case dismissed(PaywallOutcome)
  /// One paywall at a time: the SDK crashes on a second presentation.
  case alreadyPresenting
  case unavailable(PaywallUnavailableReason)
}

/// Re-checks entitlements after every dismissal: never unlocks from the outcome alone.
@MainActor
@Observable
public final class PaywallFlow {
  public enum Phase: Sendable, Equatable {
    case idle
    case loading(placement: Placement)
    case displaying(placement: Placement)
  }

  public private(set) var phase: Phase = .idle

  public var isBusy: Bool { phase != .idle }

  @ObservationIgnored private let presenter: any PaywallPresenting
  @ObservationIgnored private let entitlements: EntitlementProvider
  @ObservationIgnored private let loadTimeout: Duration
  @ObservationIgnored private let displayTimeout: Duration
  @ObservationIgnored private let logger: any MonetizationLogging
  @ObservationIgnored private var interceptorsRunning = 0
  /// A request whose paywall was given up as lost must not free the slot a later request holds.
  @ObservationIgnored private var slotOwner: UInt64 = 0
  @ObservationIgnored private var currentDisplay: ShownPaywall?
  /// Until when it may take to appear (before then, not being on screen yet proves nothing).
  @ObservationIgnored private var sdkSlotOwner: UInt64?
  @ObservationIgnored private var sdkSlotWatchdogEnds: Date?
  /// A failed SDK start is retried there: a gated tap is when a working SDK matters most.
  @ObservationIgnored private let beforeLoad: @MainActor () async -> Void

  /// Both timeouts are measured by the entitlements' clock, so they are testable.
  public init(
    presenter: any PaywallPresenting, entitlements: EntitlementProvider, loadTimeout: Duration,
    displayTimeout: Duration = .seconds(5), logger: any MonetizationLogging,
    beforeLoad: @escaping @MainActor () async -> Void = {}
  ) {
    self.beforeLoad = beforeLoad
    self.presenter = presenter
    self.entitlements = entitlements
    self.loadTimeout = loadTimeout
    self.displayTimeout = displayTimeout
    self.logger = logger
  }

  public func present(placement: Placement) async -> PaywallFlowResult {
    // A paywall whose dismissal the SDK never reported is not on screen any more: free its slot.
    if case .displaying = phase { await releaseSlotIfPaywallGone() }
    // Claim the slot before the next suspension so a second tap sees it.
    guard phase == .idle else {
      logger.log(.paywallAlreadyPresenting(placement: placement))
      return .alreadyPresenting
    }
    slotOwner += 1
    let owner = slotOwner
    phase = .loading(placement: placement)
    defer { freeSlot(owner) }
    // The SDK may show its own paywall without the app hearing of it (no document says the app's
    // `PurchaseIntent` listener also receives a promoted purchase the SDK shows): it gets the slot.
    if await presenter.isPaywallOpenedBySDKOnScreen(), slotOwner == owner {
      phase = .idle
      paywallOpenedBySDK()
      return .alreadyPresenting
    }
    logger.log(.paywallRequested(placement: placement))
    await beforeLoad()

    let presentation: PaywallPresentation
    switch await loadWithTimeout(placement: placement) {
    case .timedOut:
      return unavailable(placement, .timedOut)
    case .loaded(.failed(let failure)):
      logger.log(.paywallLoadFailed(placement: placement, failure))
      return unavailable(placement, failure.unavailableReason)
    case .loaded(.loaded(let loaded)):
      presentation = loaded
    }
    switch presentation.type {
    case .normal, .fallback: break
    case .deactivated: return unavailable(placement, .deactivated)
    case .client: return unavailable(placement, .clientPaywall)
    }

    phase = .displaying(placement: placement)
    logger.log(.paywallDisplayed(placement: placement, presentationID: presentation.id))
    let outcome: PaywallOutcome
    switch await displayWithWatchdog(presentation) {
    case .notShown:
      // UIKit refused the presentation (or the SDK never answered): free the flow so the next tap
      // works, and close whatever may still be on its way.
      await presenter.closeAll()
      return unavailable(placement, .displayFailed)
    case .dismissed(let dismissed):
      outcome = dismissed
    }
    logger.log(.paywallDismissed(PaywallDismissal(placement: placement, outcome: outcome)))
    // The paywall is gone: the slot is free now, not after the re-check (which queues behind
    // other checks), so the next tap is never refused for a paywall that is not there.
    freeSlot(owner)
    // Never unlock from the outcome alone: re-check after every dismissal.
    await entitlements.refresh(.paywallClosed)
    if outcome.error != nil && outcome.purchaseResult == .none {
      return unavailable(placement, .displayFailed)
    }
    return .dismissed(outcome)
  }

  /// Unless an Observer-mode interceptor is running: its adapter closes the paywall after it returns.
  public func closeBecauseUnlocked() async {
    guard case .displaying = phase, interceptorsRunning == 0 else { return }
    logger.log(.paywallClosedOnUnlock)
    await presenter.closeAll()
  }

  /// Its dismissal callback was lost. Called before a request is refused and on foreground.
  public func releaseSlotIfPaywallGone() async {
    if let owner = sdkSlotOwner, slotOwner == owner {
      if let ends = sdkSlotWatchdogEnds, entitlements.clock.now < ends { return }
      guard await !presenter.isPaywallOpenedBySDKOnScreen() else { return }
      guard sdkSlotOwner == owner, slotOwner == owner else { return }
      // Nothing of the SDK's is up (it showed nothing, or its dismissal never came).
      logger.log(.paywallLost(placement: .openedBySDK))
      paywallOpenedBySDKDidClose()
      return
    }
    guard case .displaying(let placement) = phase, let display = currentDisplay, display.wasShown else {
      return
    }
    guard await !presenter.isOnScreen(display.presentation) else { return }
    // The flow may have moved on while the presenter answered.
    guard currentDisplay === display, case .displaying = phase else { return }
    logger.log(.paywallLost(placement: placement))
    currentDisplay = nil
    slotOwner += 1
    phase = .idle
    display.ending.deliver(PaywallOutcome(purchaseResult: .none, closeReason: .none))
  }

  /// So onboarding or a gated tap does not stack a second paywall on it. Returns `false` when a
  /// paywall of ours already holds the slot.
  @discardableResult
  public func paywallOpenedBySDK() -> Bool {
    guard phase == .idle else {
      logger.log(.paywallAlreadyPresenting(placement: .openedBySDK))
      return false
    }
    slotOwner += 1
    let owner = slotOwner
    sdkSlotOwner = owner
    let clock = entitlements.clock
    sdkSlotWatchdogEnds = clock.now.addingTimeInterval(displayTimeout.timeInterval)
    phase = .displaying(placement: .openedBySDK)
    logger.log(.paywallDisplayed(placement: .openedBySDK, presentationID: "sdk"))
    Task { @MainActor [weak self, displayTimeout] in
      try? await clock.sleep(for: displayTimeout)
      guard let self, self.sdkSlotOwner == owner else { return }
      await self.releaseSlotIfPaywallGone()
    }
    return true
  }

  public func paywallOpenedBySDKDidClose() {
    guard let owner = sdkSlotOwner else { return }
    sdkSlotOwner = nil
    sdkSlotWatchdogEnds = nil
    freeSlot(owner)
  }

  public func whileIntercepting<Value: Sendable>(_ body: () async -> Value) async -> Value {
    interceptorsRunning += 1
    defer { interceptorsRunning -= 1 }
    return await body()
  }

  // MARK: - Private

  private enum LoadAttempt: Sendable {
    case loaded(PaywallLoadResult)
    case timedOut
  }

  private func unavailable(_ placement: Placement, _ reason: PaywallUnavailableReason) -> PaywallFlowResult {
    logger.log(.paywallUnavailable(placement: placement, reason: reason))
    return .unavailable(reason)
  }

  /// The SDK may never answer a failed preload, so the loser is cancelled and the caller resumes once.
  private func loadWithTimeout(placement: Placement) async -> LoadAttempt {
    let presenter = presenter
    switch await TimeLimit.run(
      loadTimeout, clock: entitlements.clock, cancelsWork: true,
      { _ in
        await presenter.load(placement: placement)
      })
    {
    case .finished(let result): return .loaded(result)
    case .timedOut: return .timedOut
    }
  }

  private enum DisplayAttempt: Sendable {
    case dismissed(PaywallOutcome)
    case notShown
  }

  /// Once it has appeared it may stay up as long as the user likes; one that appears after the
  /// watchdog gave up is closed at once, not left untracked.
  private func displayWithWatchdog(_ presentation: PaywallPresentation) async -> DisplayAttempt {
    let presenter = presenter
    let display = ShownPaywall(presentation)
    currentDisplay = display
    defer { if currentDisplay === display { currentDisplay = nil } }
    // The display's outcome and the lost-dismissal fallback both end the wait; the first counts.
    Task { @MainActor in
      let outcome = await presenter.display(presentation) {
        display.wasShown = true
        display.timer?.stopTimer()
        if display.watchdogGaveUp { Task { @MainActor in await presenter.closeAll() } }
      }
      display.ending.deliver(outcome)
    }
    let attempt = await TimeLimit.run(displayTimeout, clock: entitlements.clock, cancelsWork: false) {
      timer in
      if display.wasShown { timer.stopTimer() } else { display.timer = timer }
      return await display.ending.value()
    }
    switch attempt {
    case .finished(let outcome?): return .dismissed(outcome)
    case .finished(nil), .timedOut:
      display.watchdogGaveUp = true
      return .notShown
    }
  }

  @MainActor
  private final class ShownPaywall {
    let presentation: PaywallPresentation
    let ending = OneShotRelay<PaywallOutcome>()
    var wasShown = false
    var watchdogGaveUp = false
    var timer: TimeLimitTimer?

    init(_ presentation: PaywallPresentation) {
      self.presentation = presentation
    }
  }

  private func freeSlot(_ owner: UInt64) {
    if slotOwner == owner { phase = .idle }
  }
}

extension PaywallLoadFailure {
  fileprivate var unavailableReason: PaywallUnavailableReason {
    switch self {
    case .noNetwork: .noNetwork
    case .notConfigured: .notConfigured
    case .error: .loadFailed
    }
  }
}
