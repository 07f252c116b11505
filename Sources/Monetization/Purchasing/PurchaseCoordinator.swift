import Foundation
import Localization
import Observation

/// Mirror of `PLYInterceptResult` (Purchasely 6.0.0-rc.1, `Purchasely-Swift.h`).
///
/// The Observer-mode purchase and restore interceptors answer `.success` when the purchase or
/// restore went through, and `.failed` for every other end (cancelled, Ask to Buy, refused,
/// nothing restored): `.notHandled` means "the SDK executes the action itself", which it does not
/// for purchase and restore in Observer mode, so it is never their answer. After `.success` the
/// SDK synchronizes by itself, so the interceptors never call `synchronize()` on that path.
public enum InterceptResult: String, Sendable, Equatable {
  /// The app handled the action successfully; the SDK continues the action chain.
  case success
  /// The app attempted the action and it did not go through; the SDK skips the rest of the chain.
  case failed
  /// Left to the SDK (Full mode: the SDK buys and restores itself).
  case notHandled
}

/// What an Observer-mode interceptor tells the adapter.
public struct InterceptorResponse: Sendable, Equatable {
  public var result: InterceptResult
  /// The adapter calls `Purchasely.closeAllScreens()` after the interceptor has returned
  /// (closing earlier races the SDK's own handling).
  public var closesPaywall: Bool
  /// What to show the user, or `nil` to stay silent.
  public var message: String?

  public init(result: InterceptResult, closesPaywall: Bool, message: String? = nil) {
    self.result = result
    self.closesPaywall = closesPaywall
    self.message = message
  }
}

/// What the purchase side is doing, for the paywall and Profile screens.
public enum PurchaseActivity: Sendable, Equatable {
  case idle
  case purchasing(productID: ProductID)
  /// Ask to Buy: waiting for a parent's approval, which arrives as a transaction update.
  case awaitingApproval(productID: ProductID)
}

/// Purchases, in both running modes: the paywall's purchase and restore buttons when the mode has
/// them come to the app (Observer), the Ask to Buy wait, and the one transaction-updates listener,
/// whose updates the running mode's strategy handles. Each handled update is logged
/// (`transactionUpdateHandled`), which is also how tests and the simulator know it was handled.
@MainActor
@Observable
public final class PurchaseCoordinator {
  public private(set) var activity: PurchaseActivity = .idle

  @ObservationIgnored private let strategy: any RunningModeStrategy
  @ObservationIgnored private let purchaser: any Purchaser
  @ObservationIgnored private let finisher: TransactionFinisher
  @ObservationIgnored private let entitlements: EntitlementProvider
  @ObservationIgnored private let restores: RestoreCoordinator
  @ObservationIgnored private let paywalls: PaywallFlow
  @ObservationIgnored private let logger: any MonetizationLogging
  @ObservationIgnored private var approvalRequestedAt: Date?
  @ObservationIgnored private var listener: Task<Void, Never>?
  @ObservationIgnored private var promotedListener: Task<Void, Never>?
  /// Promoted purchases waiting for a purchase under way to end (one purchase at a time).
  @ObservationIgnored private var purchaseEndWaiters: [CheckedContinuation<Void, Never>] = []
  /// Tells the user a sentence no paywall shows: why a promoted purchase did not go through. The
  /// app queues it as a message (never shown over a paywall).
  @ObservationIgnored private let announce: @MainActor (String) -> Void

  public init(
    strategy: any RunningModeStrategy, purchaser: any Purchaser, finisher: TransactionFinisher,
    entitlements: EntitlementProvider, restores: RestoreCoordinator, paywalls: PaywallFlow,
    logger: any MonetizationLogging, announce: @escaping @MainActor (String) -> Void
  ) {
    self.announce = announce
    self.strategy = strategy
    self.purchaser = purchaser
    self.finisher = finisher
    self.entitlements = entitlements
    self.restores = restores
    self.paywalls = paywalls
    self.logger = logger
  }

  /// How long an Ask to Buy request stays open: StoreKit reports nothing when a parent declines,
  /// and a request lapses after 24 hours (asking again restarts that time).
  public static let approvalRequestLifetime: TimeInterval = 24 * 60 * 60

  /// The sentence that explains an Ask to Buy wait, wherever the purchase was made.
  public static let approvalNotice = GateAttemptResult.rolledBack(.awaitingApproval).userNotice ?? ""

  /// `true` while an Ask to Buy purchase waits for approval and its request has not lapsed.
  public var isAwaitingApproval: Bool {
    guard case .awaitingApproval = activity else { return false }
    guard let approvalRequestedAt else { return true }
    return entitlements.clock.now.timeIntervalSince(approvalRequestedAt) < Self.approvalRequestLifetime
  }

  /// Ends a wait whose request has lapsed (declined, or never answered). Called on foreground.
  public func expireLapsedApproval() {
    guard case .awaitingApproval = activity, !isAwaitingApproval else { return }
    activity = .idle
    approvalRequestedAt = nil
  }

  /// `true` once the transaction-updates listener runs.
  public var isListening: Bool { listener != nil }

  // MARK: Purchase interceptor

  /// The `.purchase` interceptor: buys the plan's App Store product and decides what the paywall
  /// does next.
  ///
  /// - Parameter offer: the promotional offer the paywall showed with the plan, if any. A signed
  ///   offer is applied; one that could not be signed is not bought at the standard price behind
  ///   the user's back: the purchase fails with a message instead.
  /// - Parameter site: where the App Store confirms the purchase, from the adapter.
  public func handlePurchase(
    plan: PaywallPlan?, offer: PromotionalOfferRequest? = nil,
    confirmIn site: (any PurchaseConfirmationSite)? = nil
  ) async -> InterceptorResponse {
    guard strategy.interceptsPaywallActions else {
      logger.log(.purchaseNotHandledInFullMode)
      return InterceptorResponse(result: .notHandled, closesPaywall: false)
    }
    let response = await paywalls.whileIntercepting {
      await self.purchase(plan: plan, offer: offer, site: site, tellsBackend: false)
    }
    purchaseEnded()
    return response
  }

  // MARK: Promoted purchases

  /// An App Store promoted purchase, the running mode's way (`RunningModeStrategy.promotedPurchase`):
  /// in Full mode the SDK's own paywall for it holds the one-paywall slot; in Observer mode the app
  /// buys it through the purchase path (record, finish, re-check), after any purchase under way.
  public func handlePromotedPurchase(_ promoted: PromotedPurchase) async {
    let productID = promoted.productID
    let handling = strategy.promotedPurchase
    logger.log(.promotedPurchaseArrived(productID: productID, handling: handling))
    defer { logger.log(.promotedPurchaseHandled(productID: productID)) }
    switch handling {
    case .sdkPaywallHoldsTheSlot:
      paywalls.paywallOpenedBySDK()
    case .appBuys:
      while case .purchasing = activity {
        await withCheckedContinuation { purchaseEndWaiters.append($0) }
      }
      let plan = PaywallPlan(vendorID: productID.rawValue, appleProductID: productID)
      // No interceptor answers the SDK for this purchase, so the SDK does not synchronize after
      // it: the app tells the backend itself, before the finish (`tellsBackend`).
      let response: InterceptorResponse
      switch promoted.offer {
      case .winBack(let id):
        response = await purchase(plan: plan, offer: nil, winBackOfferID: id, site: nil, tellsBackend: true)
      case .introductory, nil:
        response = await purchase(plan: plan, offer: nil, site: nil, tellsBackend: true)
      case .notApplicable:
        // The App Store page showed a price the app cannot apply: not bought at another one.
        response = offerNotApplicable(productID)
      }
      purchaseEnded()
      // No paywall is up to say why it did not go through, or that it waits for a parent: the
      // app's message queue says it, with the same sentence a paywall purchase leaves.
      if let message = response.message ?? (isAwaitingApproval ? Self.approvalNotice : nil) {
        announce(message)
      }
    }
  }

  private func purchaseEnded() {
    let waiters = purchaseEndWaiters
    purchaseEndWaiters.removeAll()
    for waiter in waiters { waiter.resume() }
  }

  /// - Parameter tellsBackend: the app sends the purchase to the backend itself (`syncPurchase`,
  ///   before the finish) because no interceptor's `.success` makes the SDK do it.
  private func purchase(
    plan: PaywallPlan?, offer: PromotionalOfferRequest?, winBackOfferID: String? = nil,
    site: (any PurchaseConfirmationSite)?, tellsBackend: Bool
  ) async -> InterceptorResponse {
    guard let plan, let productID = plan.appleProductID, !productID.rawValue.isEmpty else {
      logger.log(.purchaseFailed(productID: nil, .productNotFound))
      return InterceptorResponse(
        result: .failed, closesPaywall: false, message: Localized.text("This plan can't be bought right now.")
      )
    }
    guard plan.billingPlanType.isBoughtByAPlainPurchase else {
      logger.log(.purchaseFailed(productID: productID, .billingPlanNotSupported))
      return InterceptorResponse(
        result: .failed, closesPaywall: false, message: PurchaseFailure.billingPlanNotSupported.userMessage)
    }
    var signedOffer: PromotionalOfferSignature?
    var appAccountToken: UUID?
    switch offer {
    case .signed(let signature):
      // Apple's signature covers the app account token: without the one it was signed for,
      // StoreKit refuses the offer (`invalidOfferSignature`) on every tap.
      guard let token = AppAccountToken.forUser(signature.signedForUserID) else {
        return offerNotApplicable(productID)
      }
      signedOffer = signature
      appAccountToken = token
    case .signingFailed:
      return offerNotApplicable(productID)
    case nil:
      // Every purchase carries the SDK user's token, as Purchasely's StoreKit 2 sample does, so
      // the backend ties the transaction to its user.
      appAccountToken = await entitlements.backendUserID().flatMap(AppAccountToken.forUser)
    }
    logger.log(.purchaseStarted(productID: productID))
    let previous = activity
    activity = .purchasing(productID: productID)
    var result = PurchaseResult.failed(.productNotLoaded)
    var lookups = 0
    // The adapter buys only what a bounded lookup kept; another purchase of the same product may
    // have taken it, so it is looked up once more, under the same bound.
    while case .failed(.productNotLoaded) = result, lookups < 2 {
      lookups += 1
      if let failure = await loadProduct(productID) {
        activity = previous
        logger.log(.purchaseFailed(productID: productID, failure))
        return InterceptorResponse(result: .failed, closesPaywall: false, message: failure.userMessage)
      }
      result = await purchaser.purchase(
        productID: productID, promotionalOffer: signedOffer, winBackOfferID: winBackOfferID,
        appAccountToken: appAccountToken, confirmIn: site)
    }
    switch result {
    case .purchased(.verified(let transaction)):
      // Record → finish → report `.success`, after which the SDK synchronizes by itself (no
      // `synchronize()` here). The paywall must not spin on a network re-check once the purchase
      // is safe: the re-check runs after the answer.
      await entitlements.record(transaction)
      if tellsBackend { await entitlements.syncPurchase(transaction) }
      await finisher.finishOnce(transaction.id)
      activity = .idle
      logger.log(.purchaseSucceeded(productID: productID, transactionID: transaction.id))
      let entitlements = entitlements
      Task { @MainActor in await entitlements.refresh(.purchase) }
      return InterceptorResponse(result: .success, closesPaywall: true)
    case .purchased(.unverified(_, let failure)):
      // No grant, no finish. The user may have been charged, so the backend still hears
      // of it: it validates with Apple itself and lists the purchase only if Apple confirms it.
      activity = previous
      logger.log(.purchaseUnverified(productID: productID, failure))
      logger.log(.synchronizeRequested)
      await entitlements.synchronizeBackend()
      return InterceptorResponse(
        result: .failed, closesPaywall: false, message: Localized.text("We couldn't verify this purchase."))
    case .pending:
      // Waiting for approval (Ask to Buy) is not an error for the user, but nothing was bought:
      // `.failed` stops the SDK's action chain. The paywall closes and the approval arrives as an
      // update. No message over the paywall: the app says it once, after the paywall is gone.
      activity = .awaitingApproval(productID: productID)
      approvalRequestedAt = entitlements.clock.now
      logger.log(.purchasePending(productID: productID))
      return InterceptorResponse(result: .failed, closesPaywall: true)
    case .cancelled, .failed(.userCancelled):
      // Cancelling is silent; nothing was bought.
      activity = previous
      logger.log(.purchaseCancelled(productID: productID))
      return InterceptorResponse(result: .failed, closesPaywall: false)
    case .failed(let failure):
      activity = previous
      logger.log(.purchaseFailed(productID: productID, failure))
      return InterceptorResponse(result: .failed, closesPaywall: false, message: failure.userMessage)
    }
  }

  /// The product lookup, under the SDK calls' time limit: one that never answers is a network
  /// failure, not a paywall that spins.
  private func loadProduct(_ productID: ProductID) async -> PurchaseFailure? {
    let purchaser = purchaser
    let answer = await TimeLimit.run(entitlements.backendCallTimeout, clock: entitlements.clock) { _ in
      await purchaser.loadProduct(productID)
    }
    switch answer {
    case .finished(.success): return nil
    case .finished(.failure(let failure)): return failure
    case .timedOut: return .networkError
    }
  }

  /// The offer the paywall showed cannot be applied: the purchase is not made at the standard
  /// price behind the user's back.
  private func offerNotApplicable(_ productID: ProductID) -> InterceptorResponse {
    logger.log(.purchaseFailed(productID: productID, .invalidOfferSignature))
    return InterceptorResponse(
      result: .failed, closesPaywall: false,
      message: Localized.text(
        "This offer couldn't be applied right now. Try again later; you were not charged."))
  }

  // MARK: Restore interceptor

  /// The `.restore` interceptor: restore, then close the paywall only if Premium is now active;
  /// otherwise keep it up with the message.
  public func handleRestore() async -> InterceptorResponse {
    guard strategy.interceptsPaywallActions else {
      return InterceptorResponse(result: .notHandled, closesPaywall: false)
    }
    // The SDK synchronizes after a `.success` answer: the restore does not.
    let outcome = await paywalls.whileIntercepting { await self.restores.restore(from: .paywall) }
    switch outcome {
    case .restored: return InterceptorResponse(result: .success, closesPaywall: true)
    case .cancelled:
      // Like a cancelled purchase: the paywall stays up and nothing is said.
      return InterceptorResponse(result: .failed, closesPaywall: false)
    case .nothingToRestore, .failed:
      return InterceptorResponse(result: .failed, closesPaywall: false, message: outcome.userMessage)
    }
  }

  // MARK: Transaction updates

  /// Starts the one transaction-updates listener; each update is handled the running mode's way.
  public func startListening() async {
    guard listener == nil else { return }
    // Claim the slot before suspending so a second call cannot start another listener.
    let placeholder = Task<Void, Never> {}
    listener = placeholder
    let updates = await purchaser.transactionUpdates()
    guard listener == placeholder else { return }
    listener = Task { @MainActor [weak self] in
      for await update in updates {
        guard let self else { return }
        await self.handle(update)
      }
    }
    await startPromotedPurchases()
  }

  /// The App Store's promoted purchases, one at a time, from launch (Apple: iterate
  /// `PurchaseIntent.intents` as early as possible).
  private func startPromotedPurchases() async {
    guard promotedListener == nil else { return }
    let placeholder = Task<Void, Never> {}
    promotedListener = placeholder
    let intents = await purchaser.promotedPurchases()
    guard promotedListener == placeholder else { return }
    promotedListener = Task { @MainActor [weak self] in
      for await promoted in intents {
        guard let self else { return }
        await self.handlePromotedPurchase(promoted)
      }
    }
  }

  /// Stops the listener (the app is terminating, or the simulator relaunches).
  public func stopListening() {
    listener?.cancel()
    listener = nil
    promotedListener?.cancel()
    promotedListener = nil
    purchaseEnded()
  }

  /// Handles one update the running mode's way (`RunningModeStrategy.handle`), then ends an Ask
  /// to Buy wait that Premium answered.
  public func handle(_ update: VerificationResultSnapshot<TransactionSnapshot>) async {
    defer { logger.log(.transactionUpdateHandled(transactionID: update.unsafePayloadValue.id)) }
    await strategy.handle(update)
    if case .awaitingApproval = activity, entitlements.entitlement.isPremium {
      activity = .idle
    }
  }

  /// Clears a waiting Ask to Buy state once Premium is active from any source.
  public func entitlementDidChange(_ entitlement: Entitlement) {
    if entitlement.isPremium, case .awaitingApproval = activity { activity = .idle }
  }
}
