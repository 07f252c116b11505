import Foundation
import Monetization
import TestSupport
import Testing

private let now = TestClock.referenceDate

private func tx(
  id: UInt64 = 1, product: ProductID = MonetizationFixtures.monthly, expiresIn: TimeInterval? = 20 * day,
  revoked: Bool = false, upgraded: Bool = false, ownership: OwnershipType = .purchased
) -> TransactionSnapshot {
  MonetizationFixtures.transaction(
    id: id, product: product, purchased: now.addingTimeInterval(-10 * day),
    expires: expiresIn.map { now.addingTimeInterval($0) },
    revoked: revoked ? now.addingTimeInterval(-60) : nil,
    upgraded: upgraded, ownership: ownership)
}

private func decide(
  entitlements: [VerificationResultSnapshot<TransactionSnapshot>] = [],
  statuses: [SubscriptionStatusSnapshot]? = [],
  purchasely: SourceReading<[SubscriptionSnapshot]> = .answered([]),
  storeKitFailed: Bool = false, lastKnown: EntitlementSnapshot? = nil,
  grandfathering: GrandfatheringStatus = .notApplicable
) -> EntitlementDecision {
  EntitlementEngine.decide(
    EntitlementInputs(
      purchasely: purchasely,
      storeKit: storeKitFailed
        ? .failed : .answered(StoreKitReading(currentEntitlements: entitlements, statuses: statuses)),
      grandfathering: grandfathering, lastKnown: lastKnown, now: now))
}

private func cachedPremium(expiresIn: TimeInterval = 10 * day) -> EntitlementSnapshot {
  EntitlementSnapshot(
    isPremium: true, reason: .subscribed, source: .storeKit, productID: MonetizationFixtures.monthly,
    expirationDate: now.addingTimeInterval(expiresIn), computedAt: now.addingTimeInterval(-3600))
}

@Suite("Entitlement engine: StoreKit transactions")
struct StoreKitTransactionRuleTests {
  @Test func verifiedActiveMonthlySubscriptionGrantsPremium() {
    let decision = decide(entitlements: [.verified(tx())])
    #expect(decision.entitlement.access == .premium)
    #expect(decision.entitlement.reason == .subscribed)
    #expect(decision.entitlement.productID == MonetizationFixtures.monthly)
    #expect(decision.isDefinitive)
  }

  @Test func unverifiedTransactionGrantsNothingIsReportedAndNeverCachedAsPremium() {
    let decision = decide(entitlements: [.unverified(tx(id: 7), .invalidSignature)])
    #expect(decision.entitlement.access == .free)
    #expect(decision.entitlement.reason == .unverified)
    #expect(decision.findings == [.unverifiedTransactionIgnored(transactionID: 7, .invalidSignature)])
    #expect(decision.snapshotToPersist?.isPremium == false)
  }

  @Test func refundedTransactionIsFree() {
    let decision = decide(entitlements: [.verified(tx(revoked: true))])
    #expect(decision.entitlement.access == .free)
    #expect(decision.entitlement.reason == .revoked)
  }

  @Test func familySharingRevocationOfASharedTransactionIsFree() {
    let decision = decide(entitlements: [.verified(tx(revoked: true, ownership: .familyShared))])
    #expect(decision.entitlement.access == .free)
    #expect(decision.entitlement.reason == .revoked)
  }

  @Test func upgradedTransactionIsIgnoredAndItsReplacementGrants() {
    let old = tx(id: 1, product: MonetizationFixtures.monthly, upgraded: true)
    let replacement = tx(id: 2, product: MonetizationFixtures.annual, expiresIn: 300 * day)
    let onlyOld = decide(entitlements: [.verified(old)])
    let both = decide(entitlements: [.verified(old), .verified(replacement)])
    #expect(onlyOld.entitlement.access == .free)
    #expect(both.entitlement.access == .premium)
    #expect(both.entitlement.productID == MonetizationFixtures.annual)
  }

  @Test func highestLevelOfServiceWinsAmongSeveralStatuses() {
    let lower = tx(id: 1, product: "spacer.basic.monthly", expiresIn: 200 * day)
    let higher = tx(id: 2, product: MonetizationFixtures.annual, expiresIn: 20 * day)
    let decision = decide(statuses: [
      MonetizationFixtures.status(.subscribed, transaction: lower, level: 2),
      MonetizationFixtures.status(.subscribed, transaction: higher, level: 1),
    ])
    #expect(decision.entitlement.productID == MonetizationFixtures.annual)
  }

  @Test func familySharedTransactionGrantsWithTheSharedLabel() {
    let decision = decide(entitlements: [.verified(tx(ownership: .familyShared))])
    #expect(decision.entitlement.access == .premium)
    #expect(decision.entitlement.reason == .familyShared)
    #expect(decision.entitlement.reason.profileMessage == "Shared by your family.")
  }

  @Test func cancelledSubscriptionStaysPremiumUntilItsExpiry() {
    let transaction = tx(expiresIn: 2 * day)
    let status = MonetizationFixtures.status(.subscribed, transaction: transaction, willAutoRenew: false)
    let decision = decide(entitlements: [.verified(transaction)], statuses: [status])
    #expect(decision.entitlement.access == .premium)
    #expect(decision.entitlement.reason == .cancelledBeforeExpiry)
  }

  @Test func expirationEqualToNowCountsAsActive() {
    // Sandbox renewals report `expiration == request date`; reading that as inactive got an app
    // rejected.
    let decision = decide(entitlements: [.verified(tx(expiresIn: 0))])
    #expect(decision.entitlement.access == .premium)
  }

  @Test func expirationOneSecondBeforeNowIsFree() {
    let transaction = tx(expiresIn: -1)
    let decision = decide(
      entitlements: [.verified(transaction)],
      statuses: [MonetizationFixtures.status(.expired, transaction: transaction)])
    #expect(decision.entitlement.access == .free)
    #expect(decision.entitlement.reason == .expired)
  }

  @Test func pastExpiryEntitlementWithoutReadableStatusesNeitherGrantsNorDowngrades() {
    let decision = decide(
      entitlements: [.verified(tx(id: 4, expiresIn: -day))], statuses: nil, lastKnown: cachedPremium())
    #expect(!decision.isDefinitive)
    #expect(decision.entitlement.access == .premium)
    #expect(decision.entitlement.isFromCache)
    #expect(decision.findings == [.expiredEntitlementWithoutStatus(transactionID: 4)])
  }

  @Test func pastExpiryEntitlementThatNoStatusMentionsIsInconclusiveNotFree() {
    // A grace subscriber whose status lookup used the wrong group gets no statuses: that says
    // nothing about the listed entitlement, so it must not become a definitive "free".
    let decision = decide(
      entitlements: [.verified(tx(id: 5, expiresIn: -day))], statuses: [], lastKnown: cachedPremium())
    #expect(!decision.isDefinitive)
    #expect(decision.entitlement.access == .premium)
    #expect(decision.findings == [.expiredEntitlementWithoutStatus(transactionID: 5)])
  }

  @Test func recomputeDropsAnEntitlementThatASuccessfulReadNoLongerLists() {
    // Nothing is patched into a stored set; an absent entitlement is gone.
    let before = decide(entitlements: [.verified(tx())])
    let after = decide(entitlements: [], lastKnown: before.snapshotToPersist)
    #expect(before.entitlement.access == .premium)
    #expect(after.entitlement.access == .free)
    #expect(after.isDefinitive)
  }
}

@Suite("Entitlement engine: StoreKit renewal states")
struct RenewalStateRuleTests {
  @Test func gracePeriodBeforeItsEndGrantsPremiumWithAPaymentMessage() {
    let transaction = tx(expiresIn: -day)
    let status = MonetizationFixtures.status(
      .inGracePeriod, transaction: transaction, graceEnds: now.addingTimeInterval(5 * day))
    let decision = decide(entitlements: [.verified(transaction)], statuses: [status])
    #expect(decision.entitlement.access == .premium)
    #expect(decision.entitlement.reason == .gracePeriod)
    #expect(decision.entitlement.graceExpirationDate == now.addingTimeInterval(5 * day))
    #expect(decision.entitlement.reason.profileMessage?.contains("update it to keep Premium") == true)
  }

  @Test func graceWithUnverifiedRenewalInfoStillEndsWithinTheLongestGrace() {
    // Without an end date a grace grant persisted offline would stay Premium forever.
    let transaction = tx(expiresIn: -day)
    let renewal = RenewalInfoSnapshot(
      originalTransactionID: transaction.originalID, currentProductID: transaction.productID,
      willAutoRenew: true, isInBillingRetry: true, gracePeriodExpirationDate: nil)
    let status = SubscriptionStatusSnapshot(
      state: .inGracePeriod, transaction: .verified(transaction),
      renewalInfo: .unverified(renewal, .invalidSignature), groupLevel: 1)
    let decision = decide(entitlements: [.verified(transaction)], statuses: [status])
    #expect(decision.entitlement.access == .premium)
    #expect(
      decision.entitlement.graceExpirationDate == transaction.expirationDate?.addingTimeInterval(28 * day))
    #expect(decision.snapshotToPersist?.graceExpirationDate != nil)
  }

  /// Money path 10: a verified renewal info without `gracePeriodExpirationDate` must not make a
  /// grace grant that never ends.
  @Test func graceWhoseVerifiedRenewalInfoLacksItsEndStillEndsWithinTheLongestGrace() {
    let transaction = tx(expiresIn: -day)
    let status = MonetizationFixtures.status(.inGracePeriod, transaction: transaction, graceEnds: nil)
    let decision = decide(entitlements: [.verified(transaction)], statuses: [status])
    #expect(decision.entitlement.access == .premium)
    #expect(
      decision.entitlement.graceExpirationDate == transaction.expirationDate?.addingTimeInterval(28 * day))
    #expect(decision.snapshotToPersist?.graceExpirationDate != nil)
  }

  @Test func familyMemberWhoseOrganiserTurnedAutoRenewOffIsStillLabelledShared() {
    let transaction = tx(ownership: .familyShared)
    let status = MonetizationFixtures.status(.subscribed, transaction: transaction, willAutoRenew: false)
    let decision = decide(entitlements: [.verified(transaction)], statuses: [status])
    #expect(decision.entitlement.access == .premium)
    #expect(decision.entitlement.reason == .familyShared)
  }

  @Test func familyMemberInGraceIsMarkedSharedSoTheyAreNotAskedToPay() {
    let transaction = tx(expiresIn: -day, ownership: .familyShared)
    let status = MonetizationFixtures.status(
      .inGracePeriod, transaction: transaction, graceEnds: now.addingTimeInterval(5 * day))
    let decision = decide(entitlements: [.verified(transaction)], statuses: [status])
    #expect(decision.entitlement.reason == .gracePeriod)
    #expect(decision.entitlement.isFamilyShared)
    #expect(decision.snapshotToPersist?.familyShared == true)
  }

  @Test func gracePeriodAfterItsEndIsFree() {
    let transaction = tx(expiresIn: -10 * day)
    let status = MonetizationFixtures.status(
      .inGracePeriod, transaction: transaction, graceEnds: now.addingTimeInterval(-1))
    let decision = decide(statuses: [status])
    #expect(decision.entitlement.access == .free)
    #expect(decision.entitlement.reason == .billingRetry)
  }

  @Test func billingRetryIsFreeWithAnUpdatePaymentMessage() {
    let status = MonetizationFixtures.status(.inBillingRetryPeriod, transaction: tx(expiresIn: -day))
    let decision = decide(statuses: [status])
    #expect(decision.entitlement.access == .free)
    #expect(decision.entitlement.reason == .billingRetry)
    #expect(decision.entitlement.reason.profileMessage == "Update your payment method to restore Premium.")
  }

  @Test func aFamilyMembersBillingRetryIsFreeAndMarkedShared() {
    let shared = MonetizationFixtures.status(
      .inBillingRetryPeriod, transaction: tx(expiresIn: -day, ownership: .familyShared))
    let decision = decide(statuses: [shared])
    #expect(decision.entitlement.reason == .billingRetry)
    #expect(decision.entitlement.isFamilyShared)
    // The user's own billing retry beside it is theirs to fix: not marked shared.
    let own = MonetizationFixtures.status(.inBillingRetryPeriod, transaction: tx(id: 2, expiresIn: -day))
    #expect(!decide(statuses: [shared, own]).entitlement.isFamilyShared)
  }

  @Test func aFamilyMembersSubscriptionOnHoldAtPurchaselyIsMarkedShared() {
    var onHold = MonetizationFixtures.subscription(.onHold)
    onHold.isFamilyShared = true
    let decision = EntitlementEngine.decide(
      EntitlementInputs(purchasely: .answered([onHold]), storeKit: .notConsulted, now: now))
    #expect(decision.entitlement.reason == .billingRetry)
    #expect(decision.entitlement.isFamilyShared)
  }

  @Test(arguments: [RenewalState.expired, RenewalState.revoked])
  func expiredAndRevokedStatesAreFree(state: RenewalState) {
    let decision = decide(statuses: [MonetizationFixtures.status(state, transaction: tx(expiresIn: -day))])
    #expect(decision.entitlement.access == .free)
    #expect(decision.isDefinitive)
  }

  @Test func unknownRenewalStateIsFreeAndReported() {
    let status = MonetizationFixtures.status(RenewalState(rawValue: 42), transaction: tx())
    let decision = decide(statuses: [status])
    #expect(decision.entitlement.access == .free)
    #expect(decision.findings == [.unknownRenewalState(rawValue: 42)])
  }

  @Test func revocationInAStatusOverridesItsSubscribedState() {
    let status = MonetizationFixtures.status(.subscribed, transaction: tx(revoked: true))
    let decision = decide(statuses: [status])
    #expect(decision.entitlement.access == .free)
    #expect(decision.entitlement.reason == .revoked)
  }
}

@Suite("Entitlement engine: Purchasely statuses and combining sources")
struct PurchaselyAndCombinationRuleTests {
  @Test(arguments: [
    (SubscriptionStatus.autoRenewing, EntitlementReason.subscribed),
    (.autoRenewingCanceled, .cancelledBeforeExpiry),
    (.inGracePeriod, .gracePeriod),
  ])
  func entitledPurchaselyStatusesGrantPremium(status: SubscriptionStatus, reason: EntitlementReason) {
    let decision = decide(purchasely: .answered([MonetizationFixtures.subscription(status)]))
    #expect(decision.entitlement.access == .premium)
    #expect(decision.entitlement.reason == reason)
    #expect(decision.entitlement.source == .purchasely)
  }

  @Test(arguments: [
    (SubscriptionStatus.onHold, EntitlementReason.billingRetry), (.paused, .paused), (.unpaid, .unpaid),
    (.deactivated, .deactivated), (.revoked, .revoked),
  ])
  func otherPurchaselyStatusesAreADefinitiveFree(status: SubscriptionStatus, reason: EntitlementReason) {
    let decision = decide(purchasely: .answered([MonetizationFixtures.subscription(status)]))
    #expect(decision.entitlement.access == .free)
    #expect(decision.entitlement.reason == reason)
    #expect(decision.isDefinitive)
  }

  @Test func purchaselyFamilySharedSubscriptionIsLabelledShared() {
    let decision = decide(
      purchasely: .answered([MonetizationFixtures.subscription(.autoRenewing, familyShared: true)]))
    #expect(decision.entitlement.reason == .familyShared)
  }

  /// Money path 10: a family member whose organiser turned auto-renew off is still "shared".
  @Test func purchaselyFamilySharedCancelledSubscriptionIsLabelledShared() {
    let decision = decide(
      purchasely: .answered([MonetizationFixtures.subscription(.autoRenewingCanceled, familyShared: true)]))
    #expect(decision.entitlement.access == .premium)
    #expect(decision.entitlement.reason == .familyShared)
  }

  @Test func unknownPurchaselyStatusNeitherGrantsNorDowngradesACachedSubscriber() {
    let decision = decide(
      purchasely: .answered([MonetizationFixtures.subscription(.unknown)]), lastKnown: cachedPremium())
    #expect(!decision.isDefinitive)
    #expect(decision.entitlement.access == .premium)
    #expect(decision.findings == [.unknownSubscriptionStatus(planVendorID: "premium_monthly")])
  }

  @Test func emptyAnswersFromSuccessfulCallsAreADefinitiveFree() {
    let decision = decide()
    #expect(decision.entitlement.access == .free)
    #expect(decision.entitlement.reason == .noSubscription)
    #expect(decision.isDefinitive)
    #expect(decision.snapshotToPersist?.isPremium == false)
  }

  @Test func purchaselyEntitlementGrantsWhenStoreKitFindsNothing() {
    let decision = decide(purchasely: .answered([MonetizationFixtures.subscription(.autoRenewing)]))
    #expect(decision.entitlement.access == .premium)
  }

  @Test func storeKitEntitlementGrantsWhenPurchaselyFailed() {
    let decision = decide(entitlements: [.verified(tx())], purchasely: .failed)
    #expect(decision.entitlement.access == .premium)
    #expect(decision.isDefinitive)
  }

  @Test func failedReadKeepsACachedSubscriberPremium() {
    let decision = decide(purchasely: .failed, storeKitFailed: true, lastKnown: cachedPremium())
    #expect(decision.entitlement.access == .premium)
    #expect(decision.entitlement.isFromCache)
    #expect(!decision.isDefinitive)
    #expect(decision.snapshotToPersist == nil)
  }

  @Test func storeKitFreeAndPurchaselyFailedKeepsACachedSubscriberPremium() {
    let decision = decide(purchasely: .failed, lastKnown: cachedPremium())
    #expect(decision.entitlement.access == .premium)
    #expect(!decision.isDefinitive)
  }

  @Test func noSnapshotAndAFailedCheckIsUnknown() {
    let decision = decide(purchasely: .failed)
    #expect(decision.entitlement.access == .unknown)
    #expect(!decision.isDefinitive)
  }

  @Test func grandfatheredUserIsPremiumWithoutASubscription() {
    let decision = decide(grandfathering: .grandfathered)
    #expect(decision.entitlement.access == .premium)
    #expect(decision.entitlement.reason == .grandfathered)
  }

  @Test func unknownGrandfatheringPreventsADefinitiveFree() {
    let decision = decide(grandfathering: .unknown)
    #expect(decision.entitlement.access == .unknown)
    #expect(!decision.isDefinitive)
  }

  @Test func sandboxAnswersAreMarkedSandbox() {
    let decision = decide(
      purchasely: .answered([MonetizationFixtures.subscription(.autoRenewing, environment: .sandbox)]))
    #expect(decision.entitlement.isSandbox)
  }
}
