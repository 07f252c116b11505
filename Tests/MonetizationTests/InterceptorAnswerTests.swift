import Foundation
import Monetization
import TestSupport
import Testing

/// Path 7: what the paywall's Observer-mode interceptors tell the SDK, and who tells the backend.
/// Purchasely 6.0.0-rc.1 (`Purchasely-Swift.h`, `PLYInterceptResult`): `.success` "the app handled
/// the action successfully", `.failed` "the app attempted to handle the action but failed",
/// `.notHandled` "the SDK executes the action itself (except purchase/restore in paywallObserver
/// mode)", so `.notHandled` does nothing for these two actions. Purchasely's v6 Observer docs: a
/// success result synchronizes by itself, so the app does not call `synchronize()` before it.
@Suite("Observer interceptors: the SDK's answer and who synchronizes", .timeLimit(.minutes(5)))
@MainActor
struct InterceptorAnswerTests {
  @Test func aVerifiedPurchaseAnswersSuccessAndLeavesTheSynchronizeToTheSDK() async throws {
    let harness = Harness.started(mode: .observer)
    harness.purchaseWillSucceed(id: 61)
    let response = try await bounded {
      await harness.purchases.handlePurchase(plan: MonetizationFixtures.monthlyPlan)
    }
    #expect(response == InterceptorResponse(result: .success, closesPaywall: true))
    #expect(harness.backend.synchronizeCount == 0)
    // Granted and finished all the same, before the answer.
    #expect(harness.entitlements.entitlement.isPremium)
    #expect(harness.purchaser.finishedTransactionIDs == [61])
  }

  @Test func aCancelledPurchaseAnswersFailedBecauseNotHandledDoesNothingForAPurchase() async throws {
    let harness = Harness.started(mode: .observer)
    harness.purchaser.purchaseResults = [.cancelled]
    let response = try await bounded {
      await harness.purchases.handlePurchase(plan: MonetizationFixtures.monthlyPlan)
    }
    #expect(response == InterceptorResponse(result: .failed, closesPaywall: false, message: nil))
    harness.purchaser.purchaseResults = [.failed(.userCancelled)]
    let cancelledByStoreKit = try await bounded {
      await harness.purchases.handlePurchase(plan: MonetizationFixtures.monthlyPlan)
    }
    #expect(cancelledByStoreKit == InterceptorResponse(result: .failed, closesPaywall: false, message: nil))
    #expect(harness.backend.synchronizeCount == 0)
  }

  @Test func anAskToBuyAnswersFailedAndStillClosesThePaywallSilently() async throws {
    let harness = Harness.started(mode: .observer)
    harness.purchaser.purchaseResults = [.pending]
    let response = try await bounded {
      await harness.purchases.handlePurchase(plan: MonetizationFixtures.monthlyPlan)
    }
    #expect(response == InterceptorResponse(result: .failed, closesPaywall: true, message: nil))
    #expect(harness.purchases.isAwaitingApproval)
  }

  @Test func aRestoreInThePaywallLeavesTheSynchronizeToTheSDKButProfilesRestoreSynchronizes() async throws {
    let harness = Harness.started(mode: .observer)
    harness.purchaser.onRestore = { harness.storeKitHas(harness.activeTransaction(id: 62)) }
    let inThePaywall = try await bounded { await harness.purchases.handleRestore() }
    #expect(inThePaywall == InterceptorResponse(result: .success, closesPaywall: true))
    #expect(harness.backend.synchronizeCount == 0)
    // Profile's Restore has no SDK answer to synchronize for it: the app does.
    #expect(try await bounded { await harness.restores.restore() } == .restored)
    #expect(harness.backend.synchronizeCount == 1)
  }

  @Test func aRestoreCancelledInThePaywallAnswersFailedSilently() async throws {
    let harness = Harness.started(mode: .observer)
    harness.purchaser.restoreResult = .failure(.userCancelled)
    let response = try await bounded { await harness.purchases.handleRestore() }
    #expect(response == InterceptorResponse(result: .failed, closesPaywall: false, message: nil))
  }

  @Test func anApprovalArrivingOutsideThePaywallIsStillSynchronizedByTheApp() async throws {
    let harness = Harness.started(mode: .observer)
    let approved = harness.activeTransaction(id: 63)
    harness.storeKitHas(approved)
    await harness.purchases.handle(.verified(approved))
    #expect(harness.backend.synchronizeCount == 1)
    #expect(harness.purchaser.finishedTransactionIDs == [63])
  }
}
