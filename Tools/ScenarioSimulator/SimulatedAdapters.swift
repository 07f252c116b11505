import Foundation
import Monetization

// The world seen through the Monetization protocols, one set per launch. Calls from a launch
// that has quit do nothing and are not counted.

/// One launch's handle on the world: once that launch has quit, its calls do nothing.
@MainActor
class SimulatedAdapter {
  let world: ScenarioWorld
  let generation: Int

  init(world: ScenarioWorld, generation: Int) {
    self.world = world
    self.generation = generation
  }
}

@MainActor
final class SimulatedBackend: SimulatedAdapter, SubscriptionBackend {
  /// The live adapter's start (`PurchaselyBackend.start`): through the launch's start sequence
  /// (Core's `SDKStartGate`), which calls the SDK's own start (`sdk.start`) only when no attempt is
  /// under way and none succeeded.
  func start(options: SDKStartOptions) async throws(SubscriptionBackendError) {
    let mode = options.mode
    guard world.isCurrent(generation) else { throw .other(detail: "app quit") }
    world.count(.backendStart, argument: mode.rawValue)
    world.launchedMode = mode
    world.sdkShowsPromotedPurchasePaywall = options.showsPromotedPurchasePaywall
    let result = await world.startGate.start(
      prepare: {}, attempt: { [self] in await self.sdkStart(mode: mode) })
    if case .failure(let error) = result { throw error }
  }

  /// The SDK's own start.
  private func sdkStart(mode: RunningMode) async -> Result<Void, SubscriptionBackendError> {
    guard world.isCurrent(generation) else { return .failure(.other(detail: "app quit")) }
    world.count(.sdkStart)
    switch world.backendStart {
    case .ok:
      world.sdkStarted(mode: mode)
      return .success(())
    case .notConfigured: return .failure(.notConfigured)
    case .fail: return .failure(.network)
    case .hang:
      world.note("sdk: start never calls back")
      await world.loseCallback()
      return .failure(.other(detail: "cancelled"))
    case .held:
      return await world.holdStart(mode: mode)
    }
  }

  func activeSubscriptions(
    invalidateCache: Bool
  ) async throws(SubscriptionBackendError) -> [SubscriptionSnapshot] {
    guard world.isCurrent(generation) else { throw .other(detail: "app quit") }
    world.count(.backendActiveSubscriptions, argument: "invalidateCache: \(invalidateCache)")
    guard world.online else { throw .network }
    if world.backendCheck == .fail { throw .other(detail: "scripted failure") }
    if world.backendCheck == .hang {
      world.note("sdk: subscription check never calls back")
      await world.loseCallback()
      throw .other(detail: "cancelled")
    }
    return world.subscriptions.compactMap { subscription in
      guard subscription.knownToBackend, !subscription.isUpgraded else { return nil }
      let status: SubscriptionStatus
      switch world.effectiveState(subscription) {
      case .subscribed: status = subscription.willAutoRenew ? .autoRenewing : .autoRenewingCanceled
      case .grace: status = .inGracePeriod
      case .billingRetry: status = .onHold
      case .expired, .revoked: return nil
      }
      return SubscriptionSnapshot(
        planVendorID: subscription.product.plan.vendorID, appleProductID: subscription.product.id,
        status: world.backendCheck == .unknownStatus ? .unknown : status,
        isFamilyShared: subscription.familyShared,
        nextRenewalDate: subscription.expirationDate,
        environment: subscription.sandbox ? .sandbox : .production)
    }
  }

  func synchronize() async {
    guard world.isCurrent(generation) else { return }
    world.count(.backendSynchronize)
    // Like the live adapter: the SDK must not be used before its start, so the call is dropped.
    guard world.sdkIsStarted else { return world.note("sdk: synchronize before the start: dropped") }
    guard world.online else { return }
    // The backend validates each receipt with Apple: only verified transactions become known.
    for index in world.subscriptions.indices
    where world.subscriptions[index].onThisDevice && world.subscriptions[index].verified {
      world.subscriptions[index].knownToBackend = true
    }
  }

  /// The backend learns of this one purchase, once Apple validated it.
  func syncPurchase(transactionID: UInt64, productID: ProductID) async throws(SubscriptionBackendError) {
    guard world.isCurrent(generation) else { throw .other(detail: "app quit") }
    world.count(.backendSyncPurchase, argument: productID.rawValue)
    guard world.sdkIsStarted else { throw .other(detail: "the SDK has not started") }
    guard world.online else { throw .network }
    for index in world.subscriptions.indices
    where world.subscriptions[index].transactionID == transactionID && world.subscriptions[index].verified {
      world.subscriptions[index].knownToBackend = true
    }
  }

  func appUserID() async -> String? {
    world.isCurrent(generation) && world.sdkIsStarted ? ScenarioWorld.backendUserID : nil
  }

  func restore() async throws(SubscriptionBackendError) -> BackendRestoreResult {
    guard world.isCurrent(generation) else { throw .other(detail: "app quit") }
    world.count(.backendRestore)
    guard world.online else { throw .network }
    var restored = false
    for index in world.subscriptions.indices {
      world.subscriptions[index].onThisDevice = true
      // Validated with Apple like any receipt: an invalid signature is never listed or restored.
      guard world.subscriptions[index].verified else { continue }
      world.subscriptions[index].knownToBackend = true
      let state = world.effectiveState(world.subscriptions[index])
      if state == .subscribed || state == .grace { restored = true }
    }
    return restored ? .restored : .nothingToRestore
  }
}

@MainActor
final class SimulatedStoreKit: SimulatedAdapter, StoreEntitlementsSource, AppTransactionSource {
  func currentEntitlements() async -> [VerificationResultSnapshot<TransactionSnapshot>] {
    guard world.isCurrent(generation) else { return [] }
    world.count(.storeKitCurrentEntitlements)
    // Works offline; lists subscribed and in-grace subscriptions, never expired or revoked ones.
    return world.subscriptions.filter { subscription in
      let state = world.effectiveState(subscription)
      return subscription.onThisDevice && (state == .subscribed || state == .grace)
    }.map(world.signed)
  }

  func subscriptionStatuses(groupID: String) async throws(StoreReadError) -> [SubscriptionStatusSnapshot] {
    guard world.isCurrent(generation) else { throw .other(detail: "app quit") }
    world.count(.storeKitStatuses, argument: groupID)
    guard world.online else { throw .network }
    // Like StoreKit: a group this account has nothing in answers with no statuses at all.
    guard groupID == ProductCatalog.localSubscriptionGroupID else { return [] }
    let statuses = currentStatuses()
    if world.holdsNextStatusRead {
      // A slow network read: what it read now arrives only after the next purchase.
      world.holdsNextStatusRead = false
      world.note("store: the status read is slow: it answers after the next purchase")
      guard await world.waitForNextPurchase() else { throw .other(detail: "cancelled") }
    }
    return statuses
  }

  private func currentStatuses() -> [SubscriptionStatusSnapshot] {
    world.subscriptions.filter(\.onThisDevice).map { subscription in
      var graceEnd: Date?
      let state: RenewalState
      switch world.effectiveState(subscription) {
      case .subscribed: state = .subscribed
      case .grace:
        state = .inGracePeriod
        if case .gracePeriod(let until) = subscription.state { graceEnd = until }
      case .billingRetry: state = .inBillingRetryPeriod
      case .expired: state = .expired
      case .revoked: state = .revoked
      }
      let renewal = RenewalInfoSnapshot(
        originalTransactionID: subscription.originalID, currentProductID: subscription.product.id,
        willAutoRenew: subscription.willAutoRenew,
        isInBillingRetry: state == .inGracePeriod || state == .inBillingRetryPeriod,
        gracePeriodExpirationDate: graceEnd)
      return SubscriptionStatusSnapshot(
        state: state, transaction: world.signed(subscription),
        renewalInfo: subscription.verified ? .verified(renewal) : .unverified(renewal, .invalidSignature),
        groupLevel: 1)
    }
  }

  func appTransaction() async throws(StoreReadError) -> VerificationResultSnapshot<AppTransactionSnapshot> {
    guard world.isCurrent(generation) else { throw .other(detail: "app quit") }
    world.count(.appTransactionRead)
    guard let transaction = world.appTransaction else { throw .other(detail: "no app transaction") }
    return world.appTransactionVerified ? .verified(transaction) : .unverified(transaction, .invalidSignature)
  }

  func refreshAppTransaction() async throws(StoreReadError) -> VerificationResultSnapshot<
    AppTransactionSnapshot
  > {
    guard world.isCurrent(generation) else { throw .other(detail: "app quit") }
    world.count(.appTransactionRefresh)
    guard world.online else { throw .network }
    guard let transaction = world.appTransaction else { throw .other(detail: "no app transaction") }
    world.note("store: the App Store signs the app transaction again (after a sign-in)")
    world.appTransactionVerified = true
    return .verified(transaction)
  }
}

@MainActor
final class SimulatedPaywalls: SimulatedAdapter, PaywallPresenting {
  func load(placement: Placement) async -> PaywallLoadResult {
    guard world.isCurrent(generation) else { return .failed(.error(detail: "app quit")) }
    world.count(.paywallLoad, argument: placement.rawValue)
    return await world.load(placement: placement)
  }

  func display(
    _ presentation: PaywallPresentation, onShown: @escaping @MainActor @Sendable () -> Void
  ) async -> PaywallOutcome {
    guard world.isCurrent(generation) else {
      return PaywallOutcome(purchaseResult: .none, closeReason: .programmatic)
    }
    world.count(.paywallDisplay)
    return await world.display(presentation, onShown: onShown)
  }

  func closeAll() async {
    guard world.isCurrent(generation) else { return }
    world.count(.paywallCloseAll)
    world.closeAll()
  }

  func isOnScreen(_ presentation: PaywallPresentation) async -> Bool {
    world.isCurrent(generation) && world.isOnScreen(presentation.placement.rawValue)
  }

  /// The SDK's own paywall for a promoted purchase (`promotedPurchase` steps).
  func isPaywallOpenedBySDKOnScreen() async -> Bool { world.isCurrent(generation) && world.sdkPaywallUp }
}

@MainActor
final class SimulatedPurchaser: SimulatedAdapter, Purchaser {
  /// As the adapter: a lookup keeps the product and a purchase takes it.
  private var keptProducts: [ProductID: Int] = [:]

  func loadProduct(_ productID: ProductID) async -> Result<Void, PurchaseFailure> {
    guard world.isCurrent(generation) else { return .failure(.unknown) }
    keptProducts[productID, default: 0] += 1
    return .success(())
  }

  func purchase(
    productID: ProductID, promotionalOffer: PromotionalOfferSignature?, winBackOfferID: String?,
    appAccountToken: UUID?, confirmIn _: (any PurchaseConfirmationSite)?
  ) async -> PurchaseResult {
    guard world.isCurrent(generation) else { return .cancelled }
    guard let kept = keptProducts[productID], kept > 0 else { return .failed(.productNotLoaded) }
    keptProducts[productID] = kept - 1
    world.count(.purchaserPurchase, argument: productID.rawValue)
    world.purchaseTokens.append(appAccountToken)
    // Apple's offer signature covers the offer, the product, the nonce and the app account token
    // (the lowercased id of the user the backend signed for): any difference is refused.
    if let promotionalOffer,
      let mismatch = world.offerMismatch(promotionalOffer, productID: productID, token: appAccountToken)
    {
      world.note("app store: \(mismatch) (invalidOfferSignature)")
      return .failed(.invalidOfferSignature)
    }
    let script = world.nextPurchase ?? .purchased
    world.nextPurchase = nil
    guard world.online else { return .failed(.networkError) }
    switch script {
    case .purchased, .unverified:
      guard
        let subscription = world.buy(
          productID.rawValue, knownToBackend: false, verified: script == .purchased)
      else {
        return .failed(.productNotFound)
      }
      world.note("store: \(productID) bought (transaction \(subscription.transactionID))")
      world.releaseHeldReads(answered: true)
      let signed = world.signed(subscription)
      // Verified or not, a new transaction stays unfinished until the app finishes it.
      world.remember(unfinished: signed)
      return .purchased(signed)
    case .pending:
      world.askToBuy.append(productID.rawValue)
      world.note("store: \(productID) waits for a parent's approval")
      return .pending
    case .cancelled:
      return .cancelled
    case .failed(let failure):
      return .failed(failure)
    }
  }

  func restore() async throws(PurchaseFailure) {
    guard world.isCurrent(generation) else { throw .unknown }
    world.count(.purchaserRestore)
    guard world.online else { throw .networkError }
    for index in world.subscriptions.indices { world.subscriptions[index].onThisDevice = true }
  }

  /// The App Store's promoted purchases: what `promotedPurchase` steps buy on a product page.
  func promotedPurchases() async -> AsyncStream<PromotedPurchase> {
    world.promotedPurchaseStream(for: generation)
  }

  func transactionUpdates() async -> AsyncStream<VerificationResultSnapshot<TransactionSnapshot>> {
    if world.isCurrent(generation) { world.count(.purchaserTransactionUpdates) }
    return world.updatesStream(for: generation)
  }

  func finish(transactionID: UInt64) async {
    guard world.isCurrent(generation) else { return }
    // A process killed before the finish never made the call.
    if world.finish(transactionID) { world.count(.purchaserFinish, argument: "\(transactionID)") }
  }
}
