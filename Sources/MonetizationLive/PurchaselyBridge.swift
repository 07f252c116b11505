#if canImport(Purchasely) && canImport(os)
  import Basics
  import Foundation
  import Monetization
  @preconcurrency import Purchasely
  import StoreKit

  /// Purchasely's interface is compiled in Swift 5 mode, so its plain `@escaping` callbacks are called
  /// on threads it does not document: every callback handed to it is `@Sendable` (never inferred
  /// `@MainActor`, so no main-actor check traps at entry) and reduces SDK objects to `Sendable` Core
  /// values on the spot. Calls are made on the main actor, as Purchasely's samples make them; offers
  /// are signed on the SDK's thread (`PLYPlan` and `PLYPromoOffer` are not `Sendable`).
  enum PurchaselyBridge {
    typealias SubscriptionsResult = Result<[SubscriptionSnapshot], SubscriptionBackendError>
    typealias RestoreResult = Result<BackendRestoreResult, SubscriptionBackendError>

    // MARK: Start

    /// On the main actor: the SDK is UIKit-based and expects to start on the main thread
    /// (`PurchaselyBuilder` is `Sendable`). A failed start is retried later, so the interceptors are
    /// registered separately.
    @MainActor
    static func start(
      apiKey: String, options: SDKStartOptions
    ) async -> Result<Void, SubscriptionBackendError> {
      do {
        // The mode is always explicit: v6 changed the SDK's default from Full to Observer.
        try await Purchasely.apiKey(apiKey)
          .runningMode(runningMode(for: options.mode))
          .allowCampaigns(options.allowCampaigns)
          .showsPromotedInAppPurchasePaywall(options.showsPromotedPurchasePaywall)
          .logLevel(sdkLogLevel)
          .start()
      } catch {
        return .failure(backendError(from: error))
      }
      return .success(())
    }

    /// Before the first start, and only when the running mode has the paywall's actions come to the app.
    @MainActor
    static func registerInterceptors(paywallEvents: PaywallEventsRelay, clock: any Clocking) {
      Purchasely.interceptAction(.purchase, handler: purchaseInterceptor(paywallEvents, clock: clock))
      Purchasely.interceptAction(.restore, handler: restoreInterceptor(paywallEvents))
    }

    /// Paywalls the SDK opens by itself (a promoted in-app purchase, a deeplink) report their
    /// result here; Core logs it and re-checks, as for its own paywalls.
    @MainActor
    static func reportUntrackedPaywalls(to report: @escaping @Sendable (PaywallOutcome) -> Void) {
      Purchasely.setDefaultPresentationResultHandler { @Sendable result, plan in
        report(
          PaywallOutcome(
            purchaseResult: purchaseResult(result), plan: plan.map(paywallPlan(of:)), closeReason: .none))
      }
    }

    /// `PLYProductViewControllerResult` case by case (its raw values differ from
    /// `PLYPurchaseResult`'s, so never by raw value).
    static func purchaseResult(_ result: PLYProductViewControllerResult) -> PaywallPurchaseResult {
      switch result {
      case .purchased: .purchased
      case .cancelled: .cancelled
      case .restored: .restored
      @unknown default: .none
      }
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

    // The account calls are made on the main actor, as Purchasely's samples make them; their
    // callbacks are built in the `nonisolated` functions below (as `PaywallBridge.preload` does), so
    // none is inferred to be main-actor isolated and the SDK may call them on any thread.

    @MainActor
    static func activeSubscriptions(invalidateCache: Bool) async -> SubscriptionsResult {
      await withCheckedContinuation { (continuation: CheckedContinuation<SubscriptionsResult, Never>) in
        let once = ResumeOnce(continuation)
        Purchasely.userSubscriptions(
          invalidateCache, success: subscriptionsAnswered(once), failure: subscriptionsFailed(once))
      }
    }

    /// Its failure only means "nothing was synced", never "not entitled".
    @MainActor
    static func synchronize() async {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let once = ResumeOnce(continuation)
        Purchasely.synchronize(success: synchronizeEnded(once), failure: synchronizeFailed(once))
      }
    }

    @MainActor
    static func anonymousUserID() -> String {
      Purchasely.anonymousUserId
    }

    @MainActor
    static func syncPurchase(
      _ result: Product.PurchaseResult?, productID: String
    ) async -> SubscriptionBackendError? {
      do {
        if let result {
          try await Purchasely.syncPurchase(with: result)
        } else {
          try await Purchasely.syncPurchase(for: productID)
        }
        return nil
      } catch {
        return backendError(from: error)
      }
    }

    /// "Nothing to restore" arrives through `failure` and becomes a value.
    @MainActor
    static func restoreAllProducts() async -> RestoreResult {
      await withCheckedContinuation { (continuation: CheckedContinuation<RestoreResult, Never>) in
        let once = ResumeOnce(continuation)
        Purchasely.restoreAllProducts(success: restoreSucceeded(once), failure: restoreFailed(once))
      }
    }

    // MARK: Account callbacks (nonisolated)

    static func subscriptionsAnswered(
      _ once: ResumeOnce<SubscriptionsResult>
    ) -> @Sendable ([PLYSubscription]?) -> Void {
      { subscriptions in
        // `nil` and `[]` both mean "no active subscription" from a successful call.
        once.resume(returning: .success((subscriptions ?? []).map(snapshot(of:))))
      }
    }

    static func subscriptionsFailed(
      _ once: ResumeOnce<SubscriptionsResult>
    ) -> @Sendable (any Error) -> Void {
      { error in once.resume(returning: .failure(backendError(from: error))) }
    }

    static func synchronizeEnded(_ once: ResumeOnce<Void>) -> @Sendable () -> Void {
      { once.resume(returning: ()) }
    }

    static func synchronizeFailed(_ once: ResumeOnce<Void>) -> @Sendable (any Error) -> Void {
      { _ in once.resume(returning: ()) }
    }

    static func restoreSucceeded(_ once: ResumeOnce<RestoreResult>) -> @Sendable () -> Void {
      { once.resume(returning: .success(.restored)) }
    }

    static func restoreFailed(_ once: ResumeOnce<RestoreResult>) -> @Sendable (any Error) -> Void {
      { error in once.resume(returning: restoreResult(forFailure: error)) }
    }

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

    /// `@unchecked Sendable`: it holds only the SDK's immutable closure, which each interceptor calls
    /// exactly once, from any thread, as the SDK expects.
    final class InterceptCompletion: @unchecked Sendable {
      private let completion: (PLYInterceptResult) -> Void

      init(_ completion: @escaping (PLYInterceptResult) -> Void) {
        self.completion = completion
      }

      func callAsFunction(_ result: PLYInterceptResult) { completion(result) }
    }

    typealias InterceptHandler =
      @Sendable (PLYInterceptorInfo, PLYPresentationActionParameters?, @escaping (PLYInterceptResult) -> Void)
      -> Void

    /// Answers the SDK with Core's result, and only then closes the paywall if Core said so.
    static func purchaseInterceptor(
      _ paywallEvents: PaywallEventsRelay, clock: any Clocking
    ) -> InterceptHandler {
      { info, parameters, completion in
        // The App Store product to buy is the plan's `appleProductId`; Core rejects a missing one.
        var plan = parameters?.plan.map(paywallPlan(of:))
        // rc.1 `@objc public var billingPlanType: PLYBillingPlanType`: Core refuses what a plain
        // StoreKit purchase would bill differently.
        if let type = parameters?.billingPlanType { plan?.billingPlanType = billingPlanType(type) }
        let answer = InterceptCompletion(completion)
        // Core answers the relay when it is built, before the SDK starts; without an interceptor
        // nothing is bought behind Core's back.
        guard let handlers = paywallEvents.interceptor else {
          answer(.failed)
          return
        }
        // StoreKit confirms in the paywall's scene (a UIKit presentation needs one).
        let controller = info.controller
        // The offer the paywall showed must be applied, signed by Purchasely for this user.
        let offer = signedOffer(plan: parameters?.plan, promoOffer: parameters?.promoOffer)
        Task { @MainActor in
          let site = PaywallConfirmationSite(controller: controller)
          var request: PromotionalOfferRequest?
          if let offer { request = await OfferSigning.wait(for: offer, clock: clock) }
          let response = await handlers.purchase(plan, request, site)
          answer(interceptResult(for: response.result))
          afterAnswering(response, showMessage: handlers.showMessage)
        }
      }
    }

    /// The caller bounds the wait (`OfferSigning.wait`).
    static func signedOffer(
      plan: PLYPlan?, promoOffer: PLYPromoOffer?
    ) -> OneShotRelay<PromotionalOfferRequest>? {
      guard let plan, let promoOffer else { return nil }
      let relay = OneShotRelay<PromotionalOfferRequest>()
      // The server signs for this user; Core derives the purchase's app account token from it.
      let userID = Purchasely.anonymousUserId
      Purchasely.signPromotionalOffer(
        plan: plan, promoOffer: promoOffer,
        success: { @Sendable signature in
          // `PLYOfferSignature.timestamp` is a `Double`: NaN or infinity must not trap.
          guard let timestamp = PromotionalOfferSignature.timestamp(milliseconds: signature.timestamp) else {
            relay.deliver(.signingFailed(detail: "timestamp is not a whole number"))
            return
          }
          relay.deliver(
            .signed(
              PromotionalOfferSignature(
                offerID: signature.identifier, keyID: signature.keyIdentifier, nonce: signature.nonce,
                signature: signature.signature, timestamp: timestamp, signedForUserID: userID)))
        },
        failure: { @Sendable error in
          relay.deliver(.signingFailed(detail: String(describing: type(of: error))))
        })
      return relay
    }

    static func restoreInterceptor(_ paywallEvents: PaywallEventsRelay) -> InterceptHandler {
      { _, _, completion in
        let answer = InterceptCompletion(completion)
        guard let handlers = paywallEvents.interceptor else {
          answer(.failed)
          return
        }
        Task { @MainActor in
          let response = await handlers.restore()
          answer(interceptResult(for: response.result))
          afterAnswering(response, showMessage: handlers.showMessage)
        }
      }
    }

    /// After the SDK has been given the result: closing earlier races the SDK's own handling of it.
    /// Without Core's `showMessage` the message is shown over the paywall, so it is never dropped.
    @MainActor
    static func afterAnswering(
      _ response: InterceptorResponse, showMessage: (@MainActor @Sendable (String) -> Void)?
    ) {
      if response.closesPaywall { Purchasely.closeAllScreens() }
      guard let message = response.message else { return }
      if let showMessage {
        showMessage(message)
      } else {
        #if canImport(UIKit)
          PaywallMessageAlert.show(message)
        #endif
      }
    }

    static func interceptResult(for result: InterceptResult) -> PLYInterceptResult {
      switch result {
      case .success: .success
      case .failed: .failed
      case .notHandled: .notHandled
      }
    }

    // MARK: Conversions

    static func snapshot(of subscription: PLYSubscription) -> SubscriptionSnapshot {
      SubscriptionSnapshot(
        planVendorID: subscription.plan.vendorId,
        appleProductID: productID(subscription.plan.appleProductId),
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

    static func environment(_ environment: PLYSubscriptionEnvironment) -> SubscriptionEnvironment {
      switch environment {
      case .sandbox: .sandbox
      case .production: .production
      case .unknown: .unknown
      @unknown default: .unknown
      }
    }

    /// `PLYBillingPlanType` case by case (rc.1: `unspecified`, `upFront`, `monthly`).
    static func billingPlanType(_ type: PLYBillingPlanType) -> BillingPlanType {
      switch type {
      case .unspecified: .unspecified
      case .upFront: .upFront
      case .monthly: .monthly
      @unknown default: .unknown
      }
    }

    static func paywallPlan(of plan: PLYPlan) -> PaywallPlan {
      PaywallPlan(vendorID: plan.vendorId, appleProductID: productID(plan.appleProductId))
    }

    static func productID(_ text: String?) -> ProductID? {
      text.map { ProductID(rawValue: $0) }
    }

    /// `PLYPurchaseResult` must never be converted by raw value.
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

    /// The SDK's own text is never shown.
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

    static func caseName(of error: PLYError) -> String {
      Mirror(reflecting: error).children.first?.label ?? String(describing: error)
    }
  }
#endif
