import Foundation
import Monetization
import TestSupport
import Testing

/// Path 9: the App Store's promoted in-app purchases (`PurchaseIntent.intents`, iOS 16.4; the app
/// targets iOS 17). Observer mode: the SDK shows nothing for them (`showsPromotedInAppPurchasePaywall`
/// is off), so the app buys. Full mode: the SDK's own paywall for one holds the one-paywall slot.
@Suite("Promoted in-app purchases", .timeLimit(.minutes(5)))
@MainActor
struct PromotedPurchaseTests {
  @Test func observerModeBuysAPromotedPurchaseRecordsAndFinishesIt() async throws {
    let harness = Harness.started(mode: .observer)
    let bought = harness.purchaseWillSucceed(id: 71)
    // StoreKit lists it once bought (nothing reads StoreKit before; the re-check after does).
    harness.storeKit.entitlements = [.verified(bought)]
    harness.purchaser.sendPromoted(MonetizationFixtures.monthly)
    await harness.purchases.startListening()
    try await bounded("the promoted purchase") {
      await harness.logger.waitUntil(1, .promotedPurchaseHandled)
    }
    #expect(harness.purchaser.purchasedProductIDs == [MonetizationFixtures.monthly])
    #expect(harness.purchaser.finishedTransactionIDs == [71])
    // No interceptor answered the SDK, so the app tells it of this purchase (`syncPurchase`, rc.1:
    // "right after a purchase is made using StoreKit2"), before the finish.
    #expect(harness.backend.syncedPurchases == [71])
    #expect(harness.backend.synchronizeCount == 0)
    let synced = try #require(harness.calls.firstIndex(of: "backend.syncPurchase"))
    #expect(synced < (harness.calls.firstIndex(of: "purchaser.finish") ?? -1))
    #expect(harness.entitlements.entitlement.isPremium)
    #expect(harness.announcements.isEmpty)
    // No paywall was involved: the slot stays free.
    #expect(!harness.paywalls.isBusy)
  }

  @Test func aPromotedPurchaseWhoseSyncFailsIsSynchronizedInstead() async throws {
    let harness = Harness.started(mode: .observer)
    harness.purchaseWillSucceed(id: 72)
    harness.backend.syncPurchaseResult = .failure(.network)
    await harness.purchases.handlePromotedPurchase(PromotedPurchase(productID: MonetizationFixtures.monthly))
    #expect(harness.backend.syncedPurchases == [72])
    #expect(harness.backend.synchronizeCount == 1)
    #expect(harness.purchaser.finishedTransactionIDs == [72])
  }

  /// Issue 35, point 5: the App Store page's win-back offer (`PurchaseIntent.offer`, iOS 18) was
  /// dropped: the user was charged the standard price.
  @Test func aPromotedPurchasesWinBackOfferIsApplied() async throws {
    let harness = Harness.started(mode: .observer)
    harness.purchaseWillSucceed(id: 73)
    await harness.purchases.handlePromotedPurchase(
      PromotedPurchase(productID: MonetizationFixtures.monthly, offer: .winBack(id: "spacer.winback.3")))
    #expect(harness.purchaser.purchasedWinBackOffers == ["spacer.winback.3"])
    #expect(harness.entitlements.entitlement.isPremium)
  }

  @Test func aPromotedPurchaseWithAnOfferTheAppCannotApplyIsNotBoughtAtAnotherPrice() async throws {
    let harness = Harness.started(mode: .observer)
    harness.purchaseWillSucceed(id: 74)
    await harness.purchases.handlePromotedPurchase(
      PromotedPurchase(productID: MonetizationFixtures.monthly, offer: .notApplicable(detail: "promotional")))
    #expect(harness.purchaser.purchasedProductIDs.isEmpty)
    #expect(harness.announcements.count == 1)
    #expect(harness.announcements.first?.contains("you were not charged") == true)
  }

  @Test func observerModeSaysWhyAPromotedPurchaseFailed() async throws {
    let harness = Harness.started(mode: .observer)
    harness.purchaser.purchaseResults = [.failed(.purchaseNotAllowed)]
    await harness.purchases.handlePromotedPurchase(PromotedPurchase(productID: MonetizationFixtures.monthly))
    #expect(harness.announcements == [PurchaseFailure.purchaseNotAllowed.userMessage])
    #expect(!harness.entitlements.entitlement.isPremium)
  }

  /// Issue 35, point 4: bought on the App Store page, an Ask to Buy purchase said nothing, while
  /// the same purchase made in a paywall says it waits for approval.
  @Test func observerModeAPromotedPurchaseWaitingForAParentSaysSo() async throws {
    let harness = Harness.started(mode: .observer)
    harness.purchaser.purchaseResults = [.pending]
    await harness.purchases.handlePromotedPurchase(PromotedPurchase(productID: MonetizationFixtures.monthly))
    #expect(harness.purchases.isAwaitingApproval)
    #expect(
      harness.announcements == [
        "Waiting for approval. This unlocks as soon as your request is approved."
      ])
    #expect(!harness.entitlements.entitlement.isPremium)
  }

  @Test func aPromotedPurchaseArrivingDuringAPaywallPurchaseWaitsForIt() async throws {
    let harness = Harness.started(mode: .observer)
    harness.purchaser.holdsPurchases = true
    let paywallPurchase = Task {
      await harness.purchases.handlePurchase(plan: MonetizationFixtures.monthlyPlan)
    }
    try await bounded { while harness.purchaser.purchasedProductIDs.isEmpty { await Task.yield() } }
    let promoted = Task {
      await harness.purchases.handlePromotedPurchase(PromotedPurchase(productID: MonetizationFixtures.annual))
    }
    for _ in 0..<50 { await Task.yield() }
    // Still one purchase at the App Store: the promoted one waits.
    #expect(harness.purchaser.purchasedProductIDs == [MonetizationFixtures.monthly])
    harness.purchaser.releaseHeldPurchases()
    _ = try await bounded { await paywallPurchase.value }
    try await bounded { await promoted.value }
    #expect(
      harness.purchaser.purchasedProductIDs == [MonetizationFixtures.monthly, MonetizationFixtures.annual])
  }

  @Test func fullModeTheSDKsPromotedPaywallHoldsTheSlotSoOnboardingDoesNotStackOnIt() async throws {
    let harness = Harness.started(mode: .full)
    harness.purchaser.sendPromoted(MonetizationFixtures.annual)
    await harness.purchases.startListening()
    try await bounded { await harness.logger.waitUntil(1, .promotedPurchaseArrived) }
    // The app never buys in Full mode.
    #expect(harness.purchaser.purchasedProductIDs.isEmpty)
    #expect(await harness.paywalls.present(placement: Placement.onboarding) == .alreadyPresenting)
    #expect(harness.presenter.loadedPlacements.isEmpty)
    // Its dismissal (the SDK's default result handler) frees the slot.
    harness.paywalls.paywallOpenedBySDKDidClose()
    harness.presenter.outcomes = [MonetizationFixtures.outcome(.cancelled)]
    let next = try await bounded { await harness.paywalls.present(placement: Placement.premium) }
    #expect(next == .dismissed(MonetizationFixtures.outcome(.cancelled)))
  }

  /// No document says the app hears of every paywall the SDK opens by itself: one found on screen
  /// gets the slot instead of having a paywall stacked on it.
  @Test func aPaywallTheSDKShowsWithoutTellingTheAppIsNotStackedOn() async throws {
    let harness = Harness.started(mode: .full)
    harness.presenter.sdkPaywallOnScreen = true
    let stacked = try await bounded { await harness.paywalls.present(placement: Placement.premium) }
    #expect(stacked == .alreadyPresenting)
    #expect(harness.presenter.loadedPlacements.isEmpty)
    #expect(harness.paywalls.isBusy)
    harness.presenter.sdkPaywallOnScreen = false
    harness.paywalls.paywallOpenedBySDKDidClose()
    harness.presenter.outcomes = [MonetizationFixtures.outcome(.cancelled)]
    let next = try await bounded { await harness.paywalls.present(placement: Placement.premium) }
    #expect(next == .dismissed(MonetizationFixtures.outcome(.cancelled)))
  }

  @Test func fullModeAPromotedPaywallWhoseDismissalNeverCameIsFreedOnTheNextForeground() async throws {
    let harness = Harness.started(mode: .full)
    harness.presenter.sdkPaywallOnScreen = true
    await harness.purchases.handlePromotedPurchase(PromotedPurchase(productID: MonetizationFixtures.annual))
    #expect(harness.paywalls.isBusy)
    // On screen when the watchdog ends: the slot stays held.
    try await bounded { await harness.clock.waitUntilSleeping() }
    harness.clock.advance(by: harness.configuration.paywallDisplayTimeout)
    try await eventually("the watchdog asking the presenter") {
      harness.calls.count("paywall.isPaywallOpenedBySDKOnScreen") == 1
    }
    #expect(harness.paywalls.isBusy)
    // Closed later without a dismissal: the next foreground frees it.
    harness.presenter.sdkPaywallOnScreen = false
    await harness.paywalls.releaseSlotIfPaywallGone()
    #expect(!harness.paywalls.isBusy)
    #expect(harness.logger.events.contains(.paywallLost(placement: .openedBySDK)))
  }

  /// Issue 35, point 3: the SDK may show nothing for a promoted purchase (not started, no
  /// placement, or it buys directly); no dismissal then comes, and every gated tap was refused.
  @Test func fullModeAPromotedPurchaseThatShowsNothingFreesTheSlotWhenTheWatchdogEnds() async throws {
    let harness = Harness.started(mode: .full)
    await harness.purchases.handlePromotedPurchase(PromotedPurchase(productID: MonetizationFixtures.annual))
    // Before the watchdog ends a tap does not stack a paywall on one that may still be coming.
    #expect(await harness.paywalls.present(placement: Placement.premium) == .alreadyPresenting)
    try await bounded { await harness.clock.waitUntilSleeping() }
    harness.clock.advance(by: harness.configuration.paywallDisplayTimeout)
    try await eventually("the slot freed") { !harness.paywalls.isBusy }
    #expect(harness.logger.events.contains(.paywallLost(placement: .openedBySDK)))
    harness.presenter.outcomes = [MonetizationFixtures.outcome(.cancelled)]
    let next = try await bounded { await harness.paywalls.present(placement: Placement.premium) }
    #expect(next == .dismissed(MonetizationFixtures.outcome(.cancelled)))
  }
}
