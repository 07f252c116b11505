import Foundation
import Monetization
import TestSupport
import Testing

@Suite("Observer-mode purchase interceptor", .timeLimit(.minutes(5)))
@MainActor
struct ObserverPurchaseInterceptorTests {
  @Test func verifiedPurchaseIsRecordedThenFinishedOnceBeforeTheAnswer() async throws {
    let harness = Harness.started(mode: .observer)
    let transaction = harness.purchaseWillSucceed(id: 11)
    let response = try await bounded {
      await harness.purchases.handlePurchase(plan: MonetizationFixtures.monthlyPlan)
    }
    #expect(response == InterceptorResponse(result: .success, closesPaywall: true))
    #expect(harness.entitlements.entitlement.isPremium)
    #expect(harness.entitlements.entitlement.productID == transaction.productID)
    #expect(harness.entitlements.entitlement.expirationDate == transaction.expirationDate)
    // The SDK synchronizes after `.success` (InterceptorAnswerTests).
    #expect(harness.calls.count("backend.synchronize") == 0)
    #expect(harness.purchaser.finishedTransactionIDs == [transaction.id])
    #expect(harness.purchaser.purchasedProductIDs == [MonetizationFixtures.monthly])
  }

  @Test func purchaseAnswersOnceFinishedWithoutWaitingForTheNetworkRecheck() async throws {
    // The paywall must not spin after payment while a slow check runs.
    let harness = Harness.started(mode: .observer)
    let transaction = harness.purchaseWillSucceed(id: 14)
    harness.backend.hangsChecks = true
    let response = try await bounded("the purchase interceptor") {
      await harness.purchases.handlePurchase(plan: MonetizationFixtures.monthlyPlan)
    }
    #expect(response == InterceptorResponse(result: .success, closesPaywall: true))
    #expect(harness.purchaser.finishedTransactionIDs == [transaction.id])
    #expect(harness.entitlements.entitlement.access == .premium)
    #expect(harness.entitlements.entitlement.expirationDate == transaction.expirationDate)
    // The re-check runs afterwards and, when the SDK never answers, ends at its time limit (each
    // check ends with one `entitlementUpdated`).
    let updatesBefore = harness.logger.count(of: .entitlementUpdated)
    try await bounded { await harness.clock.waitUntilSleeping() }
    harness.clock.advance(by: 15)
    try await bounded("the re-check after the purchase") {
      await harness.logger.waitUntil(updatesBefore + 1, .entitlementUpdated)
    }
    #expect(harness.entitlements.entitlement.access == .premium)
  }

  static let offer = PromotionalOfferSignature(
    offerID: "spacer.winback.50", keyID: "KEY1",
    nonce: UUID(uuidString: "6F1A1B2C-3D4E-4F50-8A9B-0C1D2E3F4A5B")!,
    signature: "c2lnbmF0dXJl", timestamp: 1_772_355_600_000,
    signedForUserID: "9D0E3B5A-21C4-4F0B-8E55-6A7B8C9D0E1F")

  @Test func offerShownWithThePlanIsAppliedToThePurchase() async {
    // The user must be charged the price the paywall showed, not the standard one.
    let harness = Harness.started(mode: .observer)
    harness.purchaseWillSucceed(id: 16)
    let response = await harness.purchases.handlePurchase(
      plan: MonetizationFixtures.monthlyPlan, offer: .signed(Self.offer))
    #expect(response.result == .success)
    #expect(harness.purchaser.purchasedOffers == [Self.offer])
  }

  /// Money path 1: Apple's offer signature covers the app account token; the purchase must carry
  /// the token of the user Purchasely signed for, or StoreKit refuses every offer purchase.
  @Test func anOfferPurchaseCarriesTheTokenOfTheUserItWasSignedFor() async {
    let harness = Harness.started(mode: .observer)
    harness.purchaseWillSucceed(id: 17)
    let response = await harness.purchases.handlePurchase(
      plan: MonetizationFixtures.monthlyPlan, offer: .signed(Self.offer))
    #expect(response.result == .success)
    #expect(response.message == nil)
    #expect(
      harness.purchaser.purchasedAppAccountTokens == [
        UUID(uuidString: "9d0e3b5a-21c4-4f0b-8e55-6a7b8c9d0e1f")
      ])
  }

  @Test func theAppAccountTokenIsTheLowercasedUserIDReadAsAUUID() {
    #expect(
      AppAccountToken.forUser("9D0E3B5A-21C4-4F0B-8E55-6A7B8C9D0E1F")?.uuidString.lowercased()
        == "9d0e3b5a-21c4-4f0b-8e55-6a7b8c9d0e1f")
    #expect(AppAccountToken.forUser("user-42") == nil)
    #expect(AppAccountToken.forUser("") == nil)
  }

  @Test func anOfferSignedForAUserIDThatIsNoUUIDIsNotBoughtAtTheStandardPrice() async {
    let harness = Harness.started(mode: .observer)
    var offer = Self.offer
    offer.signedForUserID = "user-42"
    let response = await harness.purchases.handlePurchase(
      plan: MonetizationFixtures.monthlyPlan, offer: .signed(offer))
    #expect(response.result == .failed)
    #expect(response.message?.contains("you were not charged") == true)
    #expect(harness.purchaser.purchasedProductIDs.isEmpty)
  }

  /// Issue 35, point 7: every Observer purchase carries the SDK user's token (Purchasely's own
  /// StoreKit 2 sample sets it), not only an offer purchase.
  @Test func aPlainPurchaseCarriesTheSDKUsersToken() async {
    let harness = Harness.started(mode: .observer)
    harness.purchaseWillSucceed(id: 18)
    _ = await harness.purchases.handlePurchase(plan: MonetizationFixtures.monthlyPlan)
    #expect(
      harness.purchaser.purchasedAppAccountTokens == [
        UUID(uuidString: "9d0e3b5a-21c4-4f0b-8e55-6a7b8c9d0e1f")
      ])
  }

  @Test func beforeTheSDKStartedAPurchaseCarriesNoTokenItCannotKnow() async {
    let harness = Harness(mode: .observer)
    harness.purchaseWillSucceed(id: 19)
    _ = await harness.purchases.handlePurchase(plan: MonetizationFixtures.monthlyPlan)
    #expect(harness.purchaser.purchasedAppAccountTokens == [nil])
    #expect(harness.entitlements.entitlement.isPremium)
  }

  /// Issue 35, point 5: StoreKit cannot be told a billing plan in the iPhoneOS 26.2 SDK, so a plan
  /// the paywall shows as a monthly commitment is refused, never bought as the default plan.
  @Test func aPlanBilledMonthlyOverACommitmentIsRefusedWithASentence() async {
    let harness = Harness.started(mode: .observer)
    harness.purchaseWillSucceed(id: 20)
    var plan = MonetizationFixtures.monthlyPlan
    plan.billingPlanType = .monthly
    let response = await harness.purchases.handlePurchase(plan: plan)
    #expect(
      response
        == InterceptorResponse(
          result: .failed, closesPaywall: false,
          message: PurchaseFailure.billingPlanNotSupported.userMessage))
    #expect(response.message?.contains("you were not charged") == true)
    #expect(harness.purchaser.purchasedProductIDs.isEmpty)
    #expect(
      harness.logger.events.contains(
        .purchaseFailed(productID: MonetizationFixtures.monthly, .billingPlanNotSupported)))
  }

  @Test(arguments: [BillingPlanType.unspecified, .upFront])
  func aPlanBilledUpFrontIsBoughtPlainly(type: BillingPlanType) async {
    let harness = Harness.started(mode: .observer)
    harness.purchaseWillSucceed(id: 21)
    var plan = MonetizationFixtures.monthlyPlan
    plan.billingPlanType = type
    #expect(await harness.purchases.handlePurchase(plan: plan).result == .success)
  }

  @Test func offerThatCouldNotBeSignedIsNotBoughtAtTheStandardPrice() async {
    let harness = Harness.started(mode: .observer)
    let response = await harness.purchases.handlePurchase(
      plan: MonetizationFixtures.monthlyPlan, offer: .signingFailed(detail: "network"))
    #expect(response.result == .failed)
    #expect(response.message?.contains("you were not charged") == true)
    #expect(harness.purchaser.purchasedProductIDs.isEmpty)
  }

  /// Issue 35, point 2: `Product.products(for:)` goes to the network; a lookup that never answers
  /// must not keep the paywall spinning.
  @Test func aProductLookupThatNeverAnswersFailsAtTheTimeLimit() async throws {
    let harness = Harness.started(mode: .observer)
    harness.purchaser.hangsProductLoads = true
    let purchase = Task { await harness.purchases.handlePurchase(plan: MonetizationFixtures.monthlyPlan) }
    try await bounded { while harness.purchaser.lostProductLoads.count == 0 { await Task.yield() } }
    try await bounded { await harness.clock.waitUntilSleeping() }
    harness.clock.advance(by: harness.entitlements.backendCallTimeout)
    let response = try await bounded("the purchase after the lookup's time limit") { await purchase.value }
    #expect(
      response
        == InterceptorResponse(
          result: .failed, closesPaywall: false, message: PurchaseFailure.networkError.userMessage))
    #expect(harness.purchaser.purchasedProductIDs.isEmpty)
    #expect(harness.purchases.activity == .idle)
  }

  /// The adapter buys only a product its bounded lookup kept (it never looks one up unbounded): when
  /// another purchase took it, Core looks it up again under the same bound.
  @Test func aPurchaseWhoseKeptProductWasTakenLooksItUpAgainAndBuys() async throws {
    let (harness, purchaser) = keptProductTakenOnce(purchaseID: 31, thenLookupsHang: false)
    let response = try await bounded {
      await harness.purchases.handlePurchase(plan: MonetizationFixtures.monthlyPlan)
    }
    #expect(response.result == .success)
    #expect(harness.calls.count("purchaser.loadProduct") == 2)
    #expect(purchaser.purchasedProductIDs == [MonetizationFixtures.monthlyPlan.appleProductID])
  }

  @Test func aKeptProductTakenAndALookupThatNeverAnswersEndAtTheTimeLimit() async throws {
    let (harness, purchaser) = keptProductTakenOnce(purchaseID: 32, thenLookupsHang: true)
    let purchase = Task { await harness.purchases.handlePurchase(plan: MonetizationFixtures.monthlyPlan) }
    try await bounded { while purchaser.lostProductLoads.count == 0 { await Task.yield() } }
    try await bounded { await harness.clock.waitUntilSleeping() }
    harness.clock.advance(by: harness.entitlements.backendCallTimeout)
    let response = try await bounded("the purchase after the second lookup's time limit") {
      await purchase.value
    }
    #expect(response.message == PurchaseFailure.networkError.userMessage)
    #expect(purchaser.purchasedProductIDs.isEmpty)
    #expect(harness.purchases.activity == .idle)
  }

  @Test func planWithoutAnOfferIsBoughtPlainly() async throws {
    let harness = Harness.started(mode: .observer)
    harness.purchaser.purchaseResults = [.cancelled]
    _ = try await bounded { await harness.purchases.handlePurchase(plan: MonetizationFixtures.monthlyPlan) }
    #expect(harness.purchaser.purchasedOffers == [nil])
  }

  @Test func purchaseMadeInTheAppGrantsWithoutWaitingForTheUpdatesStream() async throws {
    // Same-device purchases do not come back through `Transaction.updates`.
    let harness = Harness.started(mode: .observer)
    harness.purchaseWillSucceed(id: 12)
    harness.storeKitHas(harness.activeTransaction(id: 12))
    _ = try await bounded { await harness.purchases.handlePurchase(plan: MonetizationFixtures.monthlyPlan) }
    #expect(harness.entitlements.entitlement.access == .premium)
    #expect(harness.purchaser.updatesRequestCount == 0)
  }

  @Test func unverifiedPurchaseIsReportedToTheBackendButNeverGrantedOrFinished() async throws {
    // The user may have been charged: the backend validates with Apple itself, so it is told.
    let harness = Harness.started(mode: .observer)
    harness.purchaser.purchaseResults = [
      .purchased(.unverified(harness.activeTransaction(id: 13), .invalidSignature))
    ]
    let response = try await bounded {
      await harness.purchases.handlePurchase(plan: MonetizationFixtures.monthlyPlan)
    }
    #expect(
      response
        == InterceptorResponse(
          result: .failed, closesPaywall: false, message: "We couldn't verify this purchase."))
    #expect(harness.entitlements.entitlement.access != .premium)
    #expect(harness.purchaser.finishedTransactionIDs.isEmpty)
    #expect(harness.backend.synchronizeCount == 1)
    #expect(harness.calls.count("storeKit.currentEntitlements") == 0)
  }

  /// The paywall that asked is where StoreKit confirms: the adapter's site travels from the
  /// interceptor to the purchaser through Core, with no shared state between them.
  @Test func thePaywallsConfirmationSiteReachesThePurchaseItAskedFor() async throws {
    final class Site: PurchaseConfirmationSite {}
    let harness = Harness.started(mode: .observer)
    let interceptor = try #require(harness.graph.paywallInterceptor)
    let first = Site()
    let second = Site()
    _ = try await bounded { await interceptor.purchase(MonetizationFixtures.monthlyPlan, nil, first) }
    _ = try await bounded { await interceptor.purchase(MonetizationFixtures.monthlyPlan, nil, second) }
    _ = try await bounded { await interceptor.purchase(MonetizationFixtures.monthlyPlan, nil, nil) }
    let sites = harness.purchaser.confirmationSites
    #expect(sites.count == 3)
    #expect(sites.first.flatMap { $0 } === first)
    #expect(sites.dropFirst().first.flatMap { $0 } === second)
    #expect(sites.last.flatMap { $0 } == nil)
  }

  @Test func pendingPurchaseIsNotAnErrorAndClosesThePaywallWaitingForApproval() async throws {
    // Ask to Buy is neither an error nor a completion that never fires.
    let harness = Harness.started(mode: .observer)
    harness.purchaser.purchaseResults = [.pending]
    let response = try await bounded {
      await harness.purchases.handlePurchase(plan: MonetizationFixtures.monthlyPlan)
    }
    #expect(response.result == .failed)
    #expect(response.closesPaywall)
    // Said once by the app after the paywall is gone, never in a second alert over the paywall.
    #expect(response.message == nil)
    #expect(harness.purchases.activity == .awaitingApproval(productID: MonetizationFixtures.monthly))
    #expect(harness.purchaser.finishedTransactionIDs.isEmpty)
  }

  @Test func approvalAfterPendingGrantsPremiumClearsTheWaitAndFinishesOnce() async throws {
    let harness = Harness.started(mode: .observer)
    harness.purchaser.purchaseResults = [.pending]
    _ = try await bounded { await harness.purchases.handlePurchase(plan: MonetizationFixtures.monthlyPlan) }
    let approved = harness.activeTransaction(id: 14)
    harness.storeKitHas(approved)
    harness.purchaser.send(.verified(approved))
    await harness.purchases.startListening()
    try await bounded { await harness.logger.waitUntil(1, .transactionUpdateHandled) }
    #expect(harness.entitlements.entitlement.access == .premium)
    #expect(harness.purchases.activity == .idle)
    #expect(harness.purchaser.finishedTransactionIDs == [14])
  }

  @Test func cancelledPurchaseIsSilentAndChangesNothing() async throws {
    let harness = Harness.started(mode: .observer)
    harness.purchaser.purchaseResults = [.cancelled]
    let before = harness.entitlements.entitlement
    let response = try await bounded {
      await harness.purchases.handlePurchase(plan: MonetizationFixtures.monthlyPlan)
    }
    #expect(response == InterceptorResponse(result: .failed, closesPaywall: false, message: nil))
    #expect(harness.entitlements.entitlement == before)
    #expect(harness.purchases.activity == .idle)
    #expect(harness.backend.synchronizeCount == 0)
  }

  @Test func storeKitUserCancelledErrorIsSilentToo() async throws {
    let harness = Harness.started(mode: .observer)
    harness.purchaser.purchaseResults = [.failed(.userCancelled)]
    let response = try await bounded {
      await harness.purchases.handlePurchase(plan: MonetizationFixtures.monthlyPlan)
    }
    #expect(response.message == nil)
    #expect(response.result == .failed)
  }

  @Test(arguments: [
    (PurchaseFailure.networkError, "You're offline. Check your connection and try again."),
    (
      .systemError,
      "The App Store couldn't complete the purchase. You may not have been charged; try again or restore."
    ),
    (
      .unknown,
      "The App Store couldn't complete the purchase. You may not have been charged; try again or restore."
    ),
    (
      .notEntitled,
      "The App Store couldn't complete the purchase. You may not have been charged; try again or restore."
    ),
    (.purchaseNotAllowed, "Purchases are disabled on this device (Screen Time)."),
    (.productUnavailable, "This plan isn't available in your region right now."),
    (.notAvailableInStorefront, "This plan isn't available in your region right now."),
    (
      .ineligibleForOffer,
      "This offer isn't available for your account. You can still subscribe at the standard price."
    ),
    (.invalidOfferSignature, "The purchase couldn't be completed. Try again later."),
    (.missingOfferParameters, "The purchase couldn't be completed. Try again later."),
  ])
  func failedPurchaseReportsTheMessageForItsError(failure: PurchaseFailure, message: String) async throws {
    let harness = Harness.started(mode: .observer)
    harness.purchaser.purchaseResults = [.failed(failure)]
    let response = try await bounded {
      await harness.purchases.handlePurchase(plan: MonetizationFixtures.monthlyPlan)
    }
    #expect(response == InterceptorResponse(result: .failed, closesPaywall: false, message: message))
  }

  @Test func planWithoutAnAppStoreProductFailsWithoutBuying() async {
    let harness = Harness.started(mode: .observer)
    let response = await harness.purchases.handlePurchase(
      plan: PaywallPlan(vendorID: "web_only", appleProductID: nil))
    #expect(response.result == .failed)
    #expect(harness.purchaser.purchasedProductIDs.isEmpty)
  }

  @Test func fullModeLeavesBuyingToTheSDKAndNeverFinishesOrRestores() async throws {
    let harness = Harness.started(mode: .full)
    harness.purchaseWillSucceed()
    let response = try await bounded {
      await harness.purchases.handlePurchase(plan: MonetizationFixtures.monthlyPlan)
    }
    _ = try await bounded { await harness.purchases.handleRestore() }
    #expect(response.result == .notHandled)
    #expect(harness.calls.count("purchaser.purchase") == 0)
    #expect(harness.calls.count("purchaser.finish") == 0)
    #expect(harness.calls.count("purchaser.restore") == 0)
  }

  /// Observer mode, a purchase that will succeed, and the first product the lookup keeps taken by
  /// another purchase; with `thenLookupsHang`, every lookup after that never answers.
  private func keptProductTakenOnce(
    purchaseID: UInt64, thenLookupsHang: Bool
  ) -> (Harness, FakePurchaser) {
    let harness = Harness.started(mode: .observer)
    harness.purchaseWillSucceed(id: purchaseID)
    let purchaser = harness.purchaser
    purchaser.onProductKept = { id in
      purchaser.takeKeptProduct(id)
      if thenLookupsHang { purchaser.hangsProductLoads = true }
      purchaser.onProductKept = nil
    }
    return (harness, purchaser)
  }
}

@Suite("Full-mode transaction updates: read-only", .timeLimit(.minutes(5)))
@MainActor
struct FullModeUpdatesTests {
  @Test func fullModeUpdateRechecksAtOnceButNeverRecordsSynchronizesOrFinishes() async throws {
    // Ask to Buy approvals, refunds and other-device purchases must not wait for a foreground.
    let harness = Harness.started(mode: .full)
    await harness.purchases.startListening()
    #expect(harness.purchases.isListening)
    let approved = harness.activeTransaction(id: 91)
    harness.storeKitHas(approved)
    harness.purchaser.send(.verified(approved))
    try await bounded { await harness.logger.waitUntil(1, .transactionUpdateHandled) }
    #expect(harness.entitlements.entitlement.access == .premium)
    #expect(harness.backend.checkInvalidations == [true])
    #expect(harness.calls.count("purchaser.finish") == 0)
    #expect(harness.calls.count("backend.synchronize") == 0)
    #expect(!harness.logger.names.contains("transactionRecorded"))
  }
}

@Suite("Observer-mode transaction updates listener", .timeLimit(.minutes(5)))
@MainActor
struct TransactionUpdatesListenerTests {
  /// An observer-mode harness listening for updates, with StoreKit reporting transaction `id` as a
  /// subscribed current entitlement; returns both.
  private func listening(withActive id: UInt64) async -> (Harness, TransactionSnapshot) {
    let harness = Harness.started(mode: .observer)
    let transaction = harness.activeTransaction(id: id)
    harness.storeKitHas(transaction)
    await harness.purchases.startListening()
    return (harness, transaction)
  }

  @Test func unfinishedTransactionDeliveredAtStartIsRecordedAndFinished() async throws {
    // An unfinished transaction is re-delivered at every launch until finished.
    let harness = Harness.started(mode: .observer)
    let unfinished = harness.activeTransaction(id: 21)
    harness.purchaser.send(.verified(unfinished))
    harness.storeKitHas(unfinished)
    await harness.purchases.startListening()
    try await bounded { await harness.logger.waitUntil(1, .transactionUpdateHandled) }
    #expect(harness.purchaser.finishedTransactionIDs == [21])
    #expect(harness.entitlements.entitlement.access == .premium)
    #expect(harness.purchaser.updatesRequestCount == 1)
  }

  @Test func sameTransactionDeliveredTwiceIsFinishedOnce() async throws {
    // A re-delivered transaction must not be counted or finished twice.
    let (harness, transaction) = await listening(withActive: 22)
    // Delivered twice to the running listener (the fake keeps one unfinished copy, as StoreKit does).
    harness.purchaser.send(.verified(transaction))
    harness.purchaser.send(.verified(transaction))
    try await bounded { await harness.logger.waitUntil(2, .transactionUpdateHandled) }
    #expect(harness.purchaser.finishedTransactionIDs == [22])
    #expect(harness.entitlements.entitlement.access == .premium)
  }

  @Test func revocationOfAnAlreadySeenTransactionIsApplied() async throws {
    // Revocations for known ids must not be dropped by de-duplication.
    let (harness, transaction) = await listening(withActive: 23)
    harness.purchaser.send(.verified(transaction))
    try await bounded { await harness.logger.waitUntil(1, .transactionUpdateHandled) }
    var revoked = transaction
    revoked.revocationDate = harness.now
    harness.storeKit.entitlements = []
    harness.storeKit.statusesResult = .success([MonetizationFixtures.status(.revoked, transaction: revoked)])
    harness.purchaser.send(.verified(revoked))
    try await bounded { await harness.logger.waitUntil(2, .transactionUpdateHandled) }
    #expect(harness.entitlements.entitlement.access == .free)
    #expect(harness.entitlements.entitlement.reason == .revoked)
  }

  /// Issue 35, point 6: the SDK drops a `synchronize()` made before its start (`PurchaselyBackend`),
  /// so a transaction the listener finished then was never sent: it is, once the start succeeds.
  @Test func aTransactionFinishedBeforeTheSDKStartedIsSynchronizedOnceItStarts() async throws {
    let harness = Harness(mode: .observer)
    harness.purchaser.send(.verified(harness.activeTransaction(id: 81)))
    await harness.purchases.startListening()
    try await bounded { await harness.logger.waitUntil(1, .transactionUpdateHandled) }
    #expect(harness.purchaser.finishedTransactionIDs == [81])
    await harness.graph.backendStart.start()
    let started = try #require(harness.calls.firstIndex(of: "backend.start"))
    let synchronized = harness.calls.entries.indices.filter {
      harness.calls.entries[$0] == "backend.synchronize"
    }
    #expect(synchronized.count == 1)
    #expect(synchronized.allSatisfy { $0 > started }, "calls: \(harness.calls.entries)")
    // Owed once: a later start (none happens once started) or foreground owes nothing more.
    await harness.entitlements.synchronizeOwedSinceBeforeStart()
    #expect(harness.backend.synchronizeCount == 1)
  }

  @Test func unverifiedUpdateIsIgnoredAndNotFinished() async throws {
    let harness = Harness.started(mode: .observer)
    await harness.purchases.startListening()
    harness.purchaser.send(.unverified(harness.activeTransaction(id: 24), .invalidDeviceVerification))
    try await bounded { await harness.logger.waitUntil(1, .transactionUpdateHandled) }
    #expect(harness.purchaser.finishedTransactionIDs.isEmpty)
    #expect(harness.entitlements.entitlement.access != .premium)
    #expect(
      harness.logger.events.contains(.transactionUpdateIgnored(transactionID: 24, .invalidDeviceVerification))
    )
  }

  @Test func verifiedUpdateIsSentToTheBackendAndTriggersARecheck() async throws {
    let harness = Harness.started(mode: .observer)
    await harness.purchases.startListening()
    harness.purchaser.send(.verified(harness.activeTransaction(id: 25)))
    try await bounded { await harness.logger.waitUntil(1, .transactionUpdateHandled) }
    #expect(harness.backend.synchronizeCount == 1)
    #expect(harness.backend.checkInvalidations == [true])
  }

  @Test func listenerStartsOnlyOnceEvenWhenStartedTwiceAtOnce() async {
    let harness = Harness.started(mode: .observer)
    async let first: Void = harness.purchases.startListening()
    async let second: Void = harness.purchases.startListening()
    _ = await (first, second)
    await harness.purchases.startListening()
    #expect(harness.purchaser.updatesRequestCount == 1)
    #expect(harness.purchases.isListening)
  }
}

@Suite("Restore: three outcomes, explicit only", .timeLimit(.minutes(5)))
@MainActor
struct RestoreTests {
  @Test func observerRestoreWithAnActiveEntitlementReportsRestored() async throws {
    let harness = Harness.started(mode: .observer)
    harness.purchaser.onRestore = { harness.storeKitHas(harness.activeTransaction(id: 41)) }
    let outcome = try await bounded { await harness.restores.restore() }
    #expect(outcome == .restored)
    #expect(
      harness.calls.entries.firstIndex(of: "purchaser.restore")! < harness.calls.entries.firstIndex(
        of: "backend.synchronize")!)
    #expect(harness.backend.checkInvalidations.last == true)
  }

  @Test func restoreWithNothingActiveReportsNothingToRestoreNotSuccess() async throws {
    // The bug this guards: "restored" was reported with nothing active.
    let harness = Harness.started(mode: .observer)
    #expect(try await bounded { await harness.restores.restore() } == .nothingToRestore)
  }

  @Test func failingAppStoreSyncReportsFailureAndKeepsCachedPremium() async throws {
    let harness = Harness(mode: .observer)
    harness.storeSnapshot(
      EntitlementSnapshot(
        isPremium: true, reason: .subscribed, source: .purchasely,
        expirationDate: harness.now.addingTimeInterval(10 * day),
        computedAt: harness.now.addingTimeInterval(-day)))
    harness.startBackend()
    harness.backend.fail()
    harness.purchaser.restoreResult = .failure(.networkError)
    let outcome = try await bounded { await harness.restores.restore() }
    #expect(outcome == .failed(message: "You're offline. Check your connection and try again."))
    #expect(harness.entitlements.entitlement.access == .premium)
    #expect(harness.backend.synchronizeCount == 0)
  }

  @Test func cancellingTheAppStoreSignInIsSilentAndSkipsSynchronize() async throws {
    let harness = Harness.started(mode: .observer)
    harness.purchaser.restoreResult = .failure(.userCancelled)
    #expect(try await bounded { await harness.restores.restore() } == .cancelled)
    #expect(harness.backend.synchronizeCount == 0)
  }

  @Test func fullModeRestoresThroughTheBackend() async throws {
    let harness = Harness.started(mode: .full)
    harness.backend.restoreResult = .success(.restored)
    harness.backend.onRestore = { harness.backend.answer([MonetizationFixtures.subscription(.autoRenewing)]) }
    #expect(try await bounded { await harness.restores.restore() } == .restored)
    #expect(harness.calls.count("purchaser.restore") == 0)
    #expect(harness.calls.count("backend.synchronize") == 0)
  }

  /// Full mode's Restore is cut at the SDK call time limit while the App Store sign-in may still be
  /// up: a success after the cut re-checks, so Premium applies without another tap.
  @Test func fullModeRestoreThatSucceedsAfterTheCutStillUnlocks() async throws {
    let harness = Harness.started(mode: .full)
    harness.backend.holdsRestore = true
    harness.backend.restoreResult = .success(.restored)
    let restore = Task { await harness.restores.restore() }
    try await bounded { while !harness.backend.isHoldingRestore { await Task.yield() } }
    try await bounded { await harness.clock.waitUntilSleeping() }
    harness.clock.advance(by: harness.entitlements.backendCallTimeout)
    let outcome = try await bounded("the restore at its time limit") { await restore.value }
    #expect(outcome == .failed(message: SubscriptionBackendError.other(detail: "timed out").userMessage))
    #expect(harness.entitlements.entitlement.access == .free)
    harness.backend.answer([MonetizationFixtures.subscription(.autoRenewing)])
    harness.backend.releaseRestores()
    try await bounded("the re-check after the late restore") {
      while harness.entitlements.entitlement.access != .premium { await Task.yield() }
    }
    #expect(harness.backend.restoreCount == 1)
  }

  @Test func fullModeBackendSuccessWithoutAnActiveSubscriptionIsNothingToRestore() async throws {
    let harness = Harness.started(mode: .full)
    harness.backend.restoreResult = .success(.restored)
    #expect(try await bounded { await harness.restores.restore() } == .nothingToRestore)
  }

  @Test func fullModeBackendFailureIsReportedWithItsMessage() async throws {
    let harness = Harness.started(mode: .full)
    harness.backend.restoreResult = .failure(.tooManyRequests)
    #expect(
      try await bounded { await harness.restores.restore() }
        == .failed(message: SubscriptionBackendError.tooManyRequests.userMessage))
  }

  @Test func restoreInterceptorClosesThePaywallOnlyWhenPremiumIsActive() async throws {
    let harness = Harness.started(mode: .observer)
    let nothing = try await bounded { await harness.purchases.handleRestore() }
    #expect(
      nothing
        == InterceptorResponse(
          result: .failed, closesPaywall: false, message: RestoreOutcome.nothingToRestore.userMessage))
    harness.purchaser.onRestore = { harness.storeKitHas(harness.activeTransaction(id: 42)) }
    let restored = try await bounded { await harness.purchases.handleRestore() }
    #expect(restored == InterceptorResponse(result: .success, closesPaywall: true))
  }

  @Test func concurrentRestoreJoinsTheRunningOne() async {
    let harness = Harness.started(mode: .observer)
    async let first = harness.restores.restore()
    async let second = harness.restores.restore()
    let outcomes = await [first, second]
    #expect(outcomes == [.nothingToRestore, .nothingToRestore])
    #expect(harness.purchaser.restoreCount == 1)
  }
}

/// A check that read StoreKit before a purchase must not save its older "free" after the grant
/// (Profile would flicker to Free), and the purchase must not wait for it (the paywall would spin
/// after "You're all set": a check can take four bounded reads).
@Suite("Observer purchase: the grant is ordered with the checks", .timeLimit(.minutes(5)))
@MainActor
struct PurchaseOrderingTests {
  @Test func aPurchaseAnswersAtOnceWhileACheckIsHeldAndTheCheckNeverDowngrades() async throws {
    let harness = Harness.started(mode: .observer)
    harness.storeKit.holdsStatuses = true
    // The check reads StoreKit before the purchase (nothing yet), then waits for the statuses.
    let check = Task { await harness.entitlements.refresh(.foreground) }
    try await bounded("the check reading StoreKit") {
      while harness.storeKit.heldReads.count == 0 { await Task.yield() }
    }
    let bought = harness.purchaseWillSucceed(id: 44)
    // The answer comes while the check is still held.
    let response = try await bounded("the purchase answering while a check is held") {
      await harness.purchases.handlePurchase(plan: MonetizationFixtures.monthlyPlan)
    }
    #expect(response == InterceptorResponse(result: .success, closesPaywall: true))
    #expect(harness.entitlements.entitlement.isPremium)
    #expect(harness.storeKit.heldReads.count == 1)
    // StoreKit knows the purchase from now on; the held check answers afterwards with its old read.
    harness.storeKit.holdsStatuses = false
    harness.storeKit.entitlements = [.verified(bought)]
    harness.storeKit.heldReads.releaseAll()
    let held = try await bounded { await check.value }
    #expect(held.entitlement.isPremium)
    #expect(harness.logger.events.contains(.checkDroppedAfterGrant(trigger: .foreground)))
    // The grant, then the re-check after the purchase; the held check applied nothing.
    try await bounded("the re-check after the purchase") {
      await harness.logger.waitUntil(2, .entitlementUpdated)
    }
    let accesses = harness.logger.events.compactMap { event -> AccessLevel? in
      if case .entitlementUpdated(let access, _, _) = event { return access }
      return nil
    }
    #expect(accesses == [.premium, .premium], "entitlement updates: \(accesses)")
    #expect(harness.entitlements.entitlement.isPremium)
  }

  @Test func aCheckThatBeganAfterTheGrantIsApplied() async throws {
    let harness = Harness.started(mode: .observer)
    let bought = harness.purchaseWillSucceed(id: 45)
    harness.storeKitHas(bought)
    _ = await harness.purchases.handlePurchase(plan: MonetizationFixtures.monthlyPlan)
    try await bounded { await harness.logger.waitUntil(2, .entitlementUpdated) }
    // A refund seen by a later check applies: only checks older than the grant are dropped.
    var refunded = bought
    refunded.revocationDate = harness.now
    harness.storeKitHas(refunded)
    let decision = await harness.entitlements.refresh(.foreground)
    #expect(!decision.entitlement.isPremium)
    #expect(!harness.entitlements.entitlement.isPremium)
  }
}
