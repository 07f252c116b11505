#if canImport(Purchasely) && canImport(UIKit) && canImport(os)
  import Localization
  import Monetization
  import UIKit
  import os
  @preconcurrency import Purchasely

  /// Core's `PaywallPresenting` over Purchasely presentations.
  ///
  /// `load` runs `PLYPresentationBuilder.forPlacementId(_:)` → `onPresented`/`onDismissed` →
  /// `build()` → `preload`, after waiting for the SDK start. The loaded presentation is kept until
  /// Core displays it; Core decides what each presentation type means (normal and fallback are
  /// shown, deactivated and client are not). `display` shows it from the top view controller and
  /// returns the dismissal outcome exactly once: from `onDismissed`, from an `onPresented` error,
  /// or at once when there is nothing to present from.
  public struct PurchaselyPaywallPresenter: PaywallPresenting {
    private let session: PurchaselySession
    /// Loaded presentations awaiting display, by placement (Core shows one paywall at a time).
    private let loaded = OSAllocatedUnfairLock<[Placement: LoadedPaywall]>(initialState: [:])
    /// Presentations on screen (or on their way), by placement, until their display ends.
    private let displayed = OSAllocatedUnfairLock<[Placement: LoadedPaywall]>(initialState: [:])

    public init(session: PurchaselySession) {
      self.session = session
    }

    public func load(placement: Placement) async -> PaywallLoadResult {
      // Never preload before the SDK start has finished: the SDK needs its configuration first.
      let settled = await session.startGate.waitUntilSettled()
      if let failure = SDKStartGate.loadFailure(after: settled) {
        return .failed(failure)
      }
      switch await PaywallBridge.preload(placement: placement) {
      case .failure(let failure):
        return .failed(failure)
      case .success(let paywall):
        // Core gave up on this load (its timeout cancelled the task): release the presentation
        // instead of keeping it for a display that will never come.
        guard !Task.isCancelled else { return .failed(.error(detail: "loaded after the timeout")) }
        if paywall.summary.type == .normal || paywall.summary.type == .fallback {
          loaded.withLock { $0[placement] = paywall }
        }
        return .loaded(paywall.summary)
      }
    }

    public func display(
      _ presentation: PaywallPresentation, onShown: @escaping @MainActor @Sendable () -> Void
    ) async -> PaywallOutcome {
      let paywall = loaded.withLock { (paywalls: inout [Placement: LoadedPaywall]) -> LoadedPaywall? in
        guard let paywall = paywalls[presentation.placement], paywall.summary == presentation else {
          return nil
        }
        paywalls[presentation.placement] = nil
        return paywall
      }
      guard let paywall else {
        return PaywallBridge.failedOutcome("The paywall was not loaded before being displayed.")
      }
      // `onPresented` without an error means rendered and visible: Core's display watchdog stops.
      Task { @MainActor in
        if await paywall.shown.value() == true { onShown() }
      }
      displayed.withLock { $0[presentation.placement] = paywall }
      defer {
        displayed.withLock { if $0[presentation.placement] === paywall { $0[presentation.placement] = nil } }
      }
      return await PaywallBridge.show(paywall)
    }

    public func closeAll() async {
      await PaywallBridge.closeAllScreens()
    }

    /// The displayed presentation's controller (`PLYPresentation.controller`) is still in a
    /// window and not being dismissed.
    public func isOnScreen(_ presentation: PaywallPresentation) async -> Bool {
      guard let paywall = displayed.withLock({ $0[presentation.placement] }), paywall.summary == presentation
      else { return false }
      return await PaywallBridge.isOnScreen(paywall)
    }

    /// A `PLYPresentationViewController` (the SDK's public paywall controller) anywhere in the
    /// chain of presented controllers, itself or inside a container.
    public func isPaywallOpenedBySDKOnScreen() async -> Bool {
      await TopViewController.showsSDKPaywall()
    }
  }

  /// A preloaded SDK presentation with its Core summary and the relay its callbacks resolve.
  ///
  /// `@unchecked Sendable` because `any PLYPresentation` is a non-`Sendable` SDK object: it is
  /// created by the SDK's preload callback and afterwards only touched on the main actor. It is
  /// sound because every stored property is a `let` and the other three are `Sendable`.
  final class LoadedPaywall: @unchecked Sendable {
    let presentation: any PLYPresentation
    let summary: PaywallPresentation
    let dismissal: OneShotRelay<PaywallOutcome>
    /// `true` once `onPresented` reported the paywall visible, `false` when it reported an error.
    let shown: OneShotRelay<Bool>

    init(
      presentation: any PLYPresentation, placement: Placement, dismissal: OneShotRelay<PaywallOutcome>,
      shown: OneShotRelay<Bool>
    ) {
      self.presentation = presentation
      self.summary = PaywallBridge.summary(of: presentation, placement: placement)
      self.dismissal = dismissal
      self.shown = shown
    }
  }

  /// The presentation calls and callbacks. Builder, preload, display and close run on the main
  /// actor (UIKit); every callback is a `@Sendable` closure made in `nonisolated` code that
  /// converts the SDK object to Core values before resolving anything.
  enum PaywallBridge {
    typealias PreloadResult = Result<LoadedPaywall, PaywallLoadFailure>

    @MainActor
    static func preload(placement: Placement) async -> PreloadResult {
      let dismissal = OneShotRelay<PaywallOutcome>()
      let shown = OneShotRelay<Bool>()
      // The callbacks are assigned on the loaded presentation before it is displayed (`show`),
      // not on the builder: each fires once, for the presentation that is on screen.
      let request = PLYPresentationBuilder.forPlacementId(placement.rawValue).build()
      return await withCheckedContinuation { (continuation: CheckedContinuation<PreloadResult, Never>) in
        let once = ResumeOnce(continuation)
        request.preload(
          completion: preloadHandler(placement: placement, dismissal: dismissal, shown: shown, once: once))
      }
    }

    /// Shows `paywall` from the top view controller and waits for its outcome.
    @MainActor
    static func show(_ paywall: LoadedPaywall) async -> PaywallOutcome {
      // A controller on its way out cannot present: wait for its dismissal to end (at most one
      // second), then present from the top-most controller that is not being dismissed.
      await TopViewController.waitWhileDismissing()
      guard let source = TopViewController.current() else {
        return failedOutcome("There is no window to show the paywall from.")
      }
      // `PLYPresentation.onPresented` / `.onDismissed` (settable on the presentation).
      paywall.presentation.onPresented = presentedHandler(paywall.dismissal, shown: paywall.shown)
      paywall.presentation.onDismissed = dismissedHandler(paywall.dismissal)
      paywall.presentation.display(from: source)
      watchState(of: paywall)
      // `value()` is `nil` only when this task is cancelled; Core never cancels a display.
      return await paywall.dismissal.value() ?? failedOutcome("The paywall's display was cancelled.")
    }

    /// Also follows the presentation's `state` stream (`PLYPresentation.state`): `displayed` means
    /// on screen, `error` that displaying failed. Whichever of it and `onPresented` speaks first
    /// wins (both relays are one-shot); Core's display watchdog covers the case where neither does.
    @MainActor
    static func watchState(of paywall: LoadedPaywall) {
      let states = paywall.presentation.state
      let shown = paywall.shown
      let dismissal = paywall.dismissal
      Task { @MainActor in
        // Watched for as long as the stream lasts, not only until `displayed`: an error after the
        // paywall appeared still ends its display; the dismissal relay ignores anything late.
        for await state in states {
          switch state {
          case .displayed:
            shown.deliver(true)
          case .error(let failure):
            shown.deliver(false)
            dismissal.deliver(failedOutcome(String(describing: failure)))
          case .idle, .loading, .loaded:
            continue
          @unknown default:
            continue
          }
          if dismissal.delivered != nil { return }
        }
      }
    }

    @MainActor
    static func isOnScreen(_ paywall: LoadedPaywall) -> Bool {
      guard let controller = paywall.presentation.controller else { return false }
      return controller.viewIfLoaded?.window != nil && !controller.isBeingDismissed
    }

    @MainActor
    static func closeAllScreens() {
      Purchasely.closeAllScreens()
    }

    // MARK: Callbacks (nonisolated)

    static func preloadHandler(
      placement: Placement, dismissal: OneShotRelay<PaywallOutcome>, shown: OneShotRelay<Bool>,
      once: ResumeOnce<PreloadResult>
    ) -> @Sendable ((any PLYPresentation)?, (any Error)?) -> Void {
      { presentation, error in
        if let presentation {
          once.resume(
            returning: .success(
              LoadedPaywall(
                presentation: presentation, placement: placement, dismissal: dismissal, shown: shown)))
        } else {
          once.resume(returning: .failure(loadFailure(from: error)))
        }
      }
    }

    /// `onPresented` reports an error when displaying failed; then no `onDismissed` follows, so
    /// the error resolves the wait instead.
    static func presentedHandler(
      _ dismissal: OneShotRelay<PaywallOutcome>, shown: OneShotRelay<Bool>
    ) -> @Sendable ((any PLYPresentation)?, (any Error)?) -> Void {
      { _, error in
        guard let error else {
          shown.deliver(true)
          return
        }
        shown.deliver(false)
        dismissal.deliver(failedOutcome(String(describing: error)))
      }
    }

    static func dismissedHandler(
      _ dismissal: OneShotRelay<PaywallOutcome>
    ) -> @Sendable (PLYPresentationOutcome) -> Void {
      { outcome in dismissal.deliver(PurchaselyBridge.paywallOutcome(from: outcome)) }
    }

    // MARK: Conversions

    /// The presentation reduced to Core values.
    static func summary(of presentation: any PLYPresentation, placement: Placement) -> PaywallPresentation {
      PaywallPresentation(
        id: presentation.id,
        placement: placement,
        type: presentationType(presentation.type),
        plans: presentation.plans.compactMap { plan in
          plan.planVendorId.map {
            PaywallPlan(vendorID: $0, appleProductID: PurchaselyBridge.productID(plan.storeProductId))
          }
        })
    }

    /// `PLYPresentationType` case by case; an unknown future case is `deactivated` (not shown).
    static func presentationType(_ type: PLYPresentationType) -> PaywallPresentationType {
      switch type {
      case .normal: .normal
      case .fallback: .fallback
      case .deactivated: .deactivated
      case .client: .client
      @unknown default: .deactivated
      }
    }

    /// A preload error as Core's load failure.
    static func loadFailure(from error: (any Error)?) -> PaywallLoadFailure {
      guard let error else { return .error(detail: "preload returned neither a presentation nor an error") }
      switch PurchaselyBridge.backendError(from: error) {
      case .network: return .noNetwork
      case .notConfigured: return .notConfigured
      case .tooManyRequests, .alreadyRunning, .other: return .error(detail: String(describing: error))
      }
    }

    /// The outcome of a paywall that could not be shown (Core reports it as `displayFailed`).
    static func failedOutcome(_ detail: String) -> PaywallOutcome {
      PaywallOutcome(purchaseResult: .none, closeReason: .none, error: detail)
    }
  }

  /// Shows Core's interceptor messages ("We couldn't verify this purchase.", "Waiting for
  /// approval…") in an alert over whatever is on top, the paywall included: a SwiftUI alert on the
  /// root view cannot appear above a paywall that UIKit presents. Only displays text; Core decided it.
  @MainActor
  public enum PaywallMessageAlert {
    public static func show(_ message: String) {
      Task { @MainActor in
        // A controller that is being dismissed (the paywall just closed) cannot present.
        await TopViewController.waitWhileDismissing()
        guard let source = TopViewController.current() else { return }
        let alert = UIAlertController(title: nil, message: message, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: Localized.text("OK"), style: .default, handler: nil))
        source.present(alert, animated: true, completion: nil)
      }
    }
  }

  /// Finds the view controller to present from: the key window of the active window scene, then
  /// down the chain of presented controllers.
  @MainActor
  enum TopViewController {
    static func current() -> UIViewController? {
      guard var top = rootViewController() else { return nil }
      while let presented = top.presentedViewController, !presented.isBeingDismissed {
        top = presented
      }
      return top
    }

    static func showsSDKPaywall() -> Bool {
      func contains(_ controller: UIViewController) -> Bool {
        controller is PLYPresentationViewController || controller.children.contains(where: contains)
      }
      var next = rootViewController()?.presentedViewController
      while let presented = next {
        if !presented.isBeingDismissed, contains(presented) { return true }
        next = presented.presentedViewController
      }
      return false
    }

    /// Waits while a presented controller is on its way out, at most one second.
    static func waitWhileDismissing() async {
      for _ in 0..<20 where isDismissing() {
        try? await Task.sleep(for: .milliseconds(50))
      }
    }

    /// Whether a presented controller is on its way out.
    static func isDismissing() -> Bool {
      var next = rootViewController()?.presentedViewController
      while let presented = next {
        if presented.isBeingDismissed { return true }
        next = presented.presentedViewController
      }
      return false
    }

    private static func rootViewController() -> UIViewController? {
      guard
        let scene = WindowScenes.foregroundActiveOrFirst(),
        let window = scene.keyWindow ?? scene.windows.first(where: { $0.isKeyWindow }) ?? scene.windows.first
      else { return nil }
      return window.rootViewController
    }
  }
#endif
