#if canImport(Purchasely) && canImport(os)
  import Basics
  import Foundation
  import Monetization
  @preconcurrency import Purchasely
  import StoreKit

  /// Every call into the Purchasely SDK that Core's protocols need, and the conversion of its types
  /// into Core values. Nothing here decides anything.
  ///
  /// Purchasely's interface is compiled in Swift 5 mode, so its plain `@escaping` callbacks are
  /// called on threads it does not document. Every callback handed to it is therefore a
  /// `@Sendable` closure made in `nonisolated` code, or written `@Sendable` (never inferred to be
  /// `@MainActor`, so no main-actor check traps at entry), reduces the SDK objects to `Sendable`
  /// Core values on the spot, and resumes a `ResumeOnce` continuation.
  ///
  /// The calls are made on the main actor (start, the interceptors' registration, the default
  /// dismissal handler, the account calls, closing the paywall), as Purchasely's samples make
  /// them; the enum itself is not `@MainActor`, because its conversions and the interceptors'
  /// bodies run on the SDK's threads. The interceptors (the SDK calls them on its own thread) sign
  /// an offer there (`signedOffer`): its `PLYPlan` and `PLYPromoOffer` are not `Sendable` and do
  /// not cross to the main actor.
  enum PurchaselyBridge {
    typealias SubscriptionsResult = Result<[SubscriptionSnapshot], SubscriptionBackendError>
    typealias RestoreResult = Result<BackendRestoreResult, SubscriptionBackendError>

    // MARK: Start

    /// `Purchasely.apiKey(_:)…runningMode(_:).allowCampaigns(_:)
    /// .showsPromotedInAppPurchasePaywall(_:).logLevel(_:).start()`, awaited. On the main actor:
    /// the SDK is UIKit-based and expects to start from the app's launch on the main thread;
    /// `PurchaselyBuilder` is `Sendable`, so awaiting its `start()` crosses no isolation with a
    /// non-`Sendable` value. The interceptors are registered separately (`registerInterceptors`),
    /// whatever the start's result: a failed start is retried later.
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

    /// `Purchasely.interceptAction(_:handler:)` (completion-handler form) for `.purchase` and
    /// `.restore`, before the first start. Only called when the running mode's strategy has the
    /// paywall's actions come to the app (`SDKStartOptions.interceptsPaywallActions`).
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

    /// `Purchasely.userSubscriptions(_:success:failure:)`: the active subscriptions, or the error.
    @MainActor
    static func activeSubscriptions(invalidateCache: Bool) async -> SubscriptionsResult {
      await withCheckedContinuation { (continuation: CheckedContinuation<SubscriptionsResult, Never>) in
        let once = ResumeOnce(continuation)
        Purchasely.userSubscriptions(
          invalidateCache, success: subscriptionsAnswered(once), failure: subscriptionsFailed(once))
      }
    }

    /// `Purchasely.synchronize(success:failure:)`. Its failure only means "nothing was synced",
    /// never "not entitled", so both callbacks simply end the wait.
    @MainActor
    static func synchronize() async {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let once = ResumeOnce(continuation)
        Purchasely.synchronize(success: synchronizeEnded(once), failure: synchronizeFailed(once))
      }
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

    /// `Purchasely.restoreAllProducts(success:failure:)`. "Nothing to restore" arrives through
    /// `failure` and becomes a value; only real failures stay errors.
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

    /// The SDK's completion for an interceptor. `@unchecked Sendable` is sound: the SDK hands a
    /// plain closure that it expects to be called once, from any thread; the object holds only
    /// that immutable closure, and each interceptor calls it exactly once (at once on the SDK's
    /// thread when no handlers are installed, otherwise from its main-actor task).
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

    /// The `.purchase` interceptor (completion-handler form): hands the plan to Core, answers the
    /// SDK with Core's result, and only then closes the paywall if Core said so.
    static func purchaseInterceptor(
      _ paywallEvents: PaywallEventsRelay, clock: any Clocking
    ) -> InterceptHandler {
      { info, parameters, completion in
        // The App Store product to buy is the plan's `appleProductId`; Core rejects a missing one.
        let plan = parameters?.plan.map(paywallPlan(of:))
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

    /// `Purchasely.signPromotionalOffer(plan:promoOffer:success:failure:)` for the offer the
    /// paywall showed, or `nil` when it showed none. The caller bounds the wait
    /// (`OfferSigning.wait`, on the injected clock).
    static func signedOffer(
      plan: PLYPlan?, promoOffer: PLYPromoOffer?
    ) -> OneShotRelay<PromotionalOfferRequest>? {
      guard let plan, let promoOffer else { return nil }
      let relay = OneShotRelay<PromotionalOfferRequest>()
      let storeOfferID = promoOffer.storeOfferId
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
                offerID: storeOfferID, keyID: signature.keyIdentifier, nonce: signature.nonce,
                signature: signature.signature, timestamp: timestamp, signedForUserID: userID)))
        },
        failure: { @Sendable error in
          relay.deliver(.signingFailed(detail: String(describing: type(of: error))))
        })
      return relay
    }

    /// The `.restore` interceptor (completion-handler form): Core restores and decides whether the
    /// paywall closes.
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

    /// Closes the paywall and shows Core's message after the SDK has been given the result:
    /// closing earlier races the SDK's own handling of it. With the
    /// completion-handler form the order is explicit: `completion(result)`, then
    /// `closeAllScreens()`. Without a `showMessage` of Core's, the message is shown in
    /// `PaywallMessageAlert`, over the paywall, so it is never dropped.
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
      PaywallPlan(vendorID: plan.vendorId, appleProductID: productID(plan.appleProductId))
    }

    /// An App Store product id the SDK gives as text (`PLYPlan.appleProductId`,
    /// `PLYPresentationPlan.storeProductId`), as Core's type.
    static func productID(_ text: String?) -> ProductID? {
      text.map { ProductID(rawValue: $0) }
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
