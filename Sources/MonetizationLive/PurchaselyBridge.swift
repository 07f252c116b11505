#if canImport(Purchasely) && canImport(os)
  import Foundation
  import Monetization
  @preconcurrency import Purchasely

  /// Every call into the Purchasely SDK that Core's protocols need, and the conversion of its types
  /// into Core values. Nothing here decides anything.
  ///
  /// Purchasely's interface is compiled in Swift 5 mode, so its plain `@escaping` callbacks are
  /// called on threads it does not document (Purchasely reference §14). Every callback handed to
  /// it is therefore made in a `nonisolated` function as a `@Sendable` closure (never inferred to
  /// be `@MainActor`, so no main-actor check traps at entry), reduces the SDK objects to `Sendable`
  /// Core values on the spot, and resumes a `ResumeOnce` continuation.
  enum PurchaselyBridge {
    typealias SubscriptionsResult = Result<[SubscriptionSnapshot], SubscriptionBackendError>
    typealias RestoreResult = Result<BackendRestoreResult, SubscriptionBackendError>

    // MARK: Start

    /// `Purchasely.apiKey(_:)…runningMode(_:).logLevel(_:).start()`, awaited, then the Observer-mode
    /// interceptors. On the main actor: the SDK is UIKit-based and expects to start from the app's
    /// launch on the main thread; `PurchaselyBuilder` is `Sendable`, so awaiting its `start()`
    /// crosses no isolation with a non-`Sendable` value.
    @MainActor
    static func start(
      apiKey: String, mode: RunningMode, actionRouter: ObserverActionRouter
    ) async -> Result<Void, SubscriptionBackendError> {
      do {
        // The mode is always explicit: v6 changed the SDK's default from Full to Observer.
        try await Purchasely.apiKey(apiKey)
          .runningMode(runningMode(for: mode))
          .logLevel(sdkLogLevel)
          .start()
      } catch {
        return .failure(backendError(from: error))
      }
      // Observer mode needs both interceptors, registered right after start; without them a
      // purchase tap does nothing. Full mode lets the SDK buy and restore itself.
      if mode == .observer {
        Purchasely.interceptAction(.purchase, handler: purchaseInterceptor(actionRouter))
        Purchasely.interceptAction(.restore, handler: restoreInterceptor(actionRouter))
      }
      return .success(())
    }

    /// Core's mode mapped case by case, never by raw value (`PLYRunningMode` is `observer = 2,
    /// full = 3`).
    static func runningMode(for mode: RunningMode) -> PLYRunningMode {
      switch mode {
      case .full: .full
      case .observer: .observer
      }
    }

    /// The SDK's own logging: everything while developing, errors only in Release builds.
    static var sdkLogLevel: PLYLogger.PLYLogLevel {
      #if DEBUG
        .debug
      #else
        .error
      #endif
    }

    // MARK: Subscriptions, synchronize, restore

    /// `Purchasely.userSubscriptions(_:success:failure:)`: the active subscriptions, or the error.
    static func activeSubscriptions(invalidateCache: Bool) async -> SubscriptionsResult {
      await withCheckedContinuation { (continuation: CheckedContinuation<SubscriptionsResult, Never>) in
        let once = ResumeOnce(continuation)
        Purchasely.userSubscriptions(
          invalidateCache,
          success: { @Sendable subscriptions in
            // `nil` and `[]` both mean "no active subscription" from a successful call.
            once.resume(returning: .success((subscriptions ?? []).map(snapshot(of:))))
          },
          failure: { @Sendable error in
            once.resume(returning: .failure(backendError(from: error)))
          })
      }
    }

    /// `Purchasely.synchronize(success:failure:)`. Its failure only means "nothing was synced",
    /// never "not entitled", so both callbacks simply end the wait.
    static func synchronize() async {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let once = ResumeOnce(continuation)
        Purchasely.synchronize(
          success: { @Sendable in once.resume(returning: ()) },
          failure: { @Sendable _ in once.resume(returning: ()) })
      }
    }

    /// `Purchasely.restoreAllProducts(success:failure:)`. "Nothing to restore" arrives through
    /// `failure` and becomes a value; only real failures stay errors.
    static func restoreAllProducts() async -> RestoreResult {
      await withCheckedContinuation { (continuation: CheckedContinuation<RestoreResult, Never>) in
        let once = ResumeOnce(continuation)
        Purchasely.restoreAllProducts(
          success: { @Sendable in once.resume(returning: .success(.restored)) },
          failure: { @Sendable error in once.resume(returning: restoreResult(forFailure: error)) })
      }
    }

    /// What a restore `failure` callback means to Core.
    static func restoreResult(forFailure error: any Error) -> RestoreResult {
      if let purchaselyError = error as? PLYError {
        switch purchaselyError {
        case .noProductsToRestore, .absentReceipt:
          // The store answered and holds nothing for this Apple Account.
          return .success(.nothingToRestore)
        case .restorationPartial:
          // Some items were restored; Core re-checks entitlements to see what is active.
          return .success(.restored)
        default:
          break
        }
      }
      return .failure(backendError(from: error))
    }

    // MARK: Observer-mode interceptors

    /// The `.purchase` interceptor: hands the plan to Core and returns Core's answer.
    static func purchaseInterceptor(
      _ router: ObserverActionRouter
    ) -> @Sendable (PLYInterceptorInfo, PLYPresentationActionParameters?) async -> PLYInterceptResult {
      { _, parameters in
        // The App Store product to buy is the plan's `appleProductId`; Core rejects a missing one.
        let plan = parameters?.plan.map(paywallPlan(of:))
        guard let handlers = router.current else { return .failed }
        let response = await handlers.purchase(plan)
        afterInterceptorReturns(response, showMessage: handlers.showMessage)
        return interceptResult(for: response.result)
      }
    }

    /// The `.restore` interceptor: Core restores and decides whether the paywall closes.
    static func restoreInterceptor(
      _ router: ObserverActionRouter
    ) -> @Sendable (PLYInterceptorInfo, PLYPresentationActionParameters?) async -> PLYInterceptResult {
      { _, _ in
        guard let handlers = router.current else { return .failed }
        let response = await handlers.restore()
        afterInterceptorReturns(response, showMessage: handlers.showMessage)
        return interceptResult(for: response.result)
      }
    }

    /// Closes the paywall and shows Core's message once the interceptor has returned: closing
    /// earlier races the SDK's own handling of the result (Purchasely reference §5 step 6). The
    /// task is queued before the return and then yields once, so the SDK's continuation, queued by
    /// the return, runs first. No SDK API reports when the result has been consumed (§15 #6).
    static func afterInterceptorReturns(
      _ response: InterceptorResponse, showMessage: (@MainActor @Sendable (String) -> Void)?
    ) {
      let closesPaywall = response.closesPaywall
      let message = response.message
      guard closesPaywall || message != nil else { return }
      Task { @MainActor in
        await Task.yield()
        if closesPaywall { Purchasely.closeAllScreens() }
        if let message { showMessage?(message) }
      }
    }

    /// Core's result mapped case by case to the SDK's.
    static func interceptResult(for result: InterceptResult) -> PLYInterceptResult {
      switch result {
      case .success: .success
      case .failed: .failed
      case .notHandled: .notHandled
      }
    }

    // MARK: Conversions

    /// One `PLYSubscription` as Core's snapshot.
    static func snapshot(of subscription: PLYSubscription) -> SubscriptionSnapshot {
      SubscriptionSnapshot(
        planVendorID: subscription.plan.vendorId,
        appleProductID: subscription.plan.appleProductId,
        status: status(subscription.status),
        isFamilyShared: subscription.isFamilyShared,
        nextRenewalDate: subscription.nextRenewalDate,
        cancelledDate: subscription.cancelledDate,
        environment: environment(subscription.environment))
    }

    /// `PLYSubscriptionStatus` case by case; a case added by a later SDK is `unknown`, which never
    /// grants and never downgrades on its own.
    static func status(_ status: PLYSubscriptionStatus) -> Monetization.SubscriptionStatus {
      switch status {
      case .autoRenewing: .autoRenewing
      case .onHold: .onHold
      case .inGracePeriod: .inGracePeriod
      case .autoRenewingCanceled: .autoRenewingCanceled
      case .deactivated: .deactivated
      case .revoked: .revoked
      case .paused: .paused
      case .unpaid: .unpaid
      case .unknown: .unknown
      @unknown default: .unknown
      }
    }

    /// `PLYSubscriptionEnvironment` case by case.
    static func environment(_ environment: PLYSubscriptionEnvironment) -> SubscriptionEnvironment {
      switch environment {
      case .sandbox: .sandbox
      case .production: .production
      case .unknown: .unknown
      @unknown default: .unknown
      }
    }

    /// A `PLYPlan` as Core's plan.
    static func paywallPlan(of plan: PLYPlan) -> PaywallPlan {
      PaywallPlan(vendorID: plan.vendorId, appleProductID: plan.appleProductId)
    }

    /// A `PLYPresentationOutcome` as Core's outcome. `purchaseResult` and `closeReason` are mapped
    /// case by case: `PLYPurchaseResult` must never be converted by raw value.
    static func paywallOutcome(from outcome: PLYPresentationOutcome) -> PaywallOutcome {
      PaywallOutcome(
        purchaseResult: purchaseResult(outcome.purchaseResult),
        plan: outcome.plan.map(paywallPlan(of:)),
        closeReason: closeReason(outcome.closeReason),
        error: outcome.error.map { String(describing: $0) })
    }

    static func purchaseResult(_ result: PLYPurchaseResult) -> PaywallPurchaseResult {
      switch result {
      case .cancelled: .cancelled
      case .purchased: .purchased
      case .restored: .restored
      case .none: .none
      @unknown default: .none
      }
    }

    static func closeReason(_ reason: PLYCloseReason) -> PaywallCloseReason {
      switch reason {
      case .none: .none
      case .button: .button
      case .interactiveDismiss: .interactiveDismiss
      case .programmatic: .programmatic
      @unknown default: .none
      }
    }

    /// An SDK error as Spacer's error; the SDK's own text is never shown.
    static func backendError(from error: any Error) -> SubscriptionBackendError {
      if error is URLError { return .network }
      guard let purchaselyError = error as? PLYError else {
        return .other(detail: String(describing: type(of: error)))
      }
      switch purchaselyError {
      case .network: return .network
      case .tooManyRequests: return .tooManyRequests
      case .restorationAlreadyRunning, .purchaseAlreadyRunning: return .alreadyRunning
      default: return .other(detail: "PLYError.\(caseName(of: purchaselyError))")
      }
    }

    /// The case name of an SDK error, without its payload, for logs.
    static func caseName(of error: PLYError) -> String {
      Mirror(reflecting: error).children.first?.label ?? String(describing: error)
    }
  }
#endif
