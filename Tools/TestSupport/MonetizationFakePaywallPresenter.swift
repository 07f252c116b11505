import Foundation
import Monetization

/// A scripted paywall UI (`paywall.load`, `paywall.display`, `paywall.closeAll`).
///
/// Loading answers from `loadResults` (default: a normal presentation); placements in
/// `hangingPlacements` never answer until cancelled, like a preload whose callback never fires.
/// Displaying answers from `onDisplay` when set, else from `outcomes`, else waits for
/// `dismiss(with:)` or `closeAll()`. `display` can also be as rude as UIKit and the SDK are: a
/// presentation that is never shown and never reports anything, or one that fails to present.
@MainActor
public final class FakePaywallPresenter: PaywallPresenting {
  /// How `display` behaves.
  public enum DisplayBehaviour: Sendable, Equatable {
    /// Shown at once, then answers as scripted (the default).
    case shows
    /// UIKit refused the presentation: no appearance, no dismissal, `closeAll()` does nothing.
    case neverReports
    /// The SDK reports a display error without showing anything.
    case failsToPresent
    /// UIKit shows the paywall only when the test calls `appearLate()` (after the watchdog).
    case appearsLate
  }

  public var displayBehaviour: DisplayBehaviour = .shows
  /// Presentations that were shown on screen (`onShown` called), by placement.
  public private(set) var shownPlacements: [Placement] = []
  public var loadResults: [Placement: PaywallLoadResult] = [:]
  public var hangingPlacements: Set<Placement> = []
  /// Outcomes returned by `display`, in order.
  public var outcomes: [PaywallOutcome] = []
  /// Plays the user's part while the paywall is shown (for example a purchase through an
  /// interceptor), then returns the outcome.
  public var onDisplay: (@MainActor (PaywallPresentation) async -> PaywallOutcome)?

  public private(set) var loadedPlacements: [Placement] = []
  public private(set) var displayedPlacements: [Placement] = []
  public private(set) var closeAllCount = 0
  public private(set) var cancelledLoads = 0
  /// Displays that have returned, and those whose task had been cancelled by then.
  public private(set) var finishedDisplays = 0
  public private(set) var cancelledDisplays = 0
  public let calls: CallLog

  private var waitingDisplay: CheckedContinuation<PaywallOutcome, Never>?
  /// Displays whose dismissal was lost (`loseDismissal()`): never resumed.
  private var lostDismissals: [CheckedContinuation<PaywallOutcome, Never>] = []
  private var lateAppearance: CheckedContinuation<Void, Never>?
  /// Presentations that never report (`neverReports`).
  public let silentDisplays = LostCallbacks()
  private var displayWaiters: [CheckedContinuation<Void, Never>] = []
  private var loadWaiters: [CheckedContinuation<Void, Never>] = []
  private var hangingLoads = 0

  public init(calls: CallLog = CallLog()) {
    self.calls = calls
  }

  /// A normal presentation for `placement` offering `plans`.
  public nonisolated static func presentation(
    for placement: Placement, type: PaywallPresentationType = .normal, plans: [PaywallPlan] = []
  ) -> PaywallPresentation {
    PaywallPresentation(id: "\(placement)-screen", placement: placement, type: type, plans: plans)
  }

  /// `true` while `display` waits for `dismiss(with:)`.
  public var isDisplayWaiting: Bool { waitingDisplay != nil }

  /// `true` while a hanging load waits.
  public var isLoadHanging: Bool { hangingLoads > 0 }

  public func load(placement: Placement) async -> PaywallLoadResult {
    calls.record("paywall.load")
    loadedPlacements.append(placement)
    if hangingPlacements.contains(placement) {
      await hangUntilCancelled()
      return .failed(.error(detail: "cancelled"))
    }
    return loadResults[placement] ?? .loaded(Self.presentation(for: placement))
  }

  public func display(
    _ presentation: PaywallPresentation, onShown: @escaping @MainActor @Sendable () -> Void
  ) async -> PaywallOutcome {
    let outcome = await scriptedDisplay(presentation, onShown: onShown)
    finishedDisplays += 1
    if Task.isCancelled { cancelledDisplays += 1 }
    return outcome
  }

  private func scriptedDisplay(
    _ presentation: PaywallPresentation, onShown: @escaping @MainActor @Sendable () -> Void
  ) async -> PaywallOutcome {
    calls.record("paywall.display")
    displayedPlacements.append(presentation.placement)
    switch displayBehaviour {
    case .shows:
      shownPlacements.append(presentation.placement)
      onShown()
    case .failsToPresent:
      return PaywallOutcome(purchaseResult: .none, closeReason: .none, error: "presentation refused")
    case .neverReports:
      // Never finished: the wait ignores even cancellation, like a lost UIKit callback.
      await silentDisplays.wait()
      return PaywallOutcome(purchaseResult: .none, closeReason: .none, error: "never reported")
    case .appearsLate:
      await withCheckedContinuation { lateAppearance = $0 }
      shownPlacements.append(presentation.placement)
      onShown()
    }
    if let onDisplay { return await onDisplay(presentation) }
    if !outcomes.isEmpty { return outcomes.removeFirst() }
    return await withCheckedContinuation { continuation in
      waitingDisplay = continuation
      let waiters = displayWaiters
      displayWaiters.removeAll()
      for waiter in waiters { waiter.resume() }
    }
  }

  /// The user closed the shown paywall but the SDK never reports the dismissal: the display
  /// waits forever, and `isOnScreen` says it is gone.
  public func loseDismissal() {
    guard let continuation = waitingDisplay else { return }
    waitingDisplay = nil
    lostDismissals.append(continuation)
  }

  /// Shows the paywall of an `appearsLate` display now.
  public func appearLate() {
    let continuation = lateAppearance
    lateAppearance = nil
    continuation?.resume()
  }

  /// `true` while an `appearsLate` display waits to appear.
  public var isWaitingToAppear: Bool { lateAppearance != nil }

  public func isOnScreen(_ presentation: PaywallPresentation) async -> Bool {
    return waitingDisplay != nil
  }

  /// Whether a paywall the SDK opened by itself is on screen (none unless a test says so).
  public var sdkPaywallOnScreen = false

  public func isPaywallOpenedBySDKOnScreen() async -> Bool {
    calls.record("paywall.isPaywallOpenedBySDKOnScreen")
    return sdkPaywallOnScreen
  }

  public func closeAll() async {
    calls.record("paywall.closeAll")
    closeAllCount += 1
    dismiss(with: PaywallOutcome(purchaseResult: .none, closeReason: .programmatic))
  }

  /// Dismisses a waiting paywall with `outcome`; does nothing when none waits.
  public func dismiss(with outcome: PaywallOutcome) {
    let continuation = waitingDisplay
    waitingDisplay = nil
    continuation?.resume(returning: outcome)
  }

  /// Returns once a paywall waits for `dismiss(with:)`.
  public func waitUntilDisplaying() async {
    guard waitingDisplay == nil else { return }
    await withCheckedContinuation { displayWaiters.append($0) }
  }

  /// Returns once a load hangs.
  public func waitUntilLoadHangs() async {
    guard hangingLoads == 0 else { return }
    await withCheckedContinuation { loadWaiters.append($0) }
  }

  private func hangUntilCancelled() async {
    hangingLoads += 1
    let waiters = loadWaiters
    loadWaiters.removeAll()
    for waiter in waiters { waiter.resume() }
    await waitUntilCancelled()
    hangingLoads -= 1
    cancelledLoads += 1
  }
}
