import Foundation
import Monetization
import TestSupport
import Testing

@Suite("Paywall flow: one at a time, timeouts, presentation types, outcome log", .timeLimit(.minutes(5)))
@MainActor
struct PaywallFlowTests {
  @Test func secondRequestWhileOneIsUpIsIgnored() async throws {
    // A paywall presented twice crashes the SDK ("already being presented").
    let harness = Harness.started()
    let first = Task { await harness.paywalls.present(placement: Placement.premium) }
    try await bounded { await harness.presenter.waitUntilDisplaying() }
    let second = try await bounded { await harness.paywalls.present(placement: Placement.premium) }
    harness.presenter.dismiss(with: MonetizationFixtures.outcome(.cancelled))
    #expect(second == .alreadyPresenting)
    #expect(try await bounded { await first.value } == .dismissed(MonetizationFixtures.outcome(.cancelled)))
    #expect(harness.presenter.loadedPlacements == [Placement.premium])
    #expect(harness.presenter.displayedPlacements == [Placement.premium])
  }

  @Test func loadThatNeverAnswersTimesOutInsteadOfHanging() async throws {
    let harness = Harness(configuration: MonetizationFixtures.configuration(timeout: .seconds(8)))
    harness.presenter.hangingPlacements = [Placement.premium]
    let attempt = Task { await harness.paywalls.present(placement: Placement.premium) }
    try await bounded { await harness.presenter.waitUntilLoadHangs() }
    try await bounded { await harness.clock.waitUntilSleeping() }
    harness.clock.advance(by: 7)
    #expect(harness.clock.pendingSleeperCount == 1)
    harness.clock.advance(by: 1)
    #expect(try await bounded { await attempt.value } == .unavailable(.timedOut))
    #expect(harness.presenter.displayedPlacements.isEmpty)
    #expect(!harness.paywalls.isBusy)
    // The load lost the race and is cancelled (it answers only then), so it does not stay behind.
    try await bounded("the timed-out load's cancellation") {
      while harness.presenter.cancelledLoads == 0 { await Task.yield() }
    }
  }

  @Test func loadedPaywallCancelsItsTimeout() async throws {
    let harness = Harness()
    harness.presenter.outcomes = [MonetizationFixtures.outcome(.cancelled)]
    _ = try await bounded { await harness.paywalls.present(placement: Placement.premium) }
    #expect(harness.clock.pendingSleeperCount == 0)
  }

  @Test(arguments: [
    (PaywallLoadResult.failed(.noNetwork), PaywallUnavailableReason.noNetwork),
    (.failed(.notConfigured), .notConfigured),
    (.failed(.error(detail: "presentationNotLoaded")), .loadFailed),
    (.loaded(FakePaywallPresenter.presentation(for: Placement.premium, type: .deactivated)), .deactivated),
    (.loaded(FakePaywallPresenter.presentation(for: Placement.premium, type: .client)), .clientPaywall),
  ])
  func paywallThatCannotBeShownResolvesWithAReason(
    load: PaywallLoadResult, reason: PaywallUnavailableReason
  )
    async throws
  {
    let harness = Harness()
    harness.presenter.loadResults[Placement.premium] = load
    let result = try await bounded { await harness.paywalls.present(placement: Placement.premium) }
    #expect(result == .unavailable(reason))
    #expect(harness.presenter.displayedPlacements.isEmpty)
    #expect(!reason.userMessage.isEmpty)
  }

  @Test func fallbackPresentationIsDisplayed() async throws {
    let harness = Harness()
    harness.presenter.loadResults[Placement.premium] = .loaded(
      FakePaywallPresenter.presentation(for: Placement.premium, type: .fallback))
    harness.presenter.outcomes = [MonetizationFixtures.outcome(.cancelled)]
    #expect(
      try await bounded { await harness.paywalls.present(placement: Placement.premium) }
        == .dismissed(MonetizationFixtures.outcome(.cancelled)))
  }

  @Test func displayFailureResolvesAsUnavailable() async throws {
    let harness = Harness()
    harness.presenter.outcomes = [
      PaywallOutcome(purchaseResult: .none, closeReason: .none, error: "display failed")
    ]
    #expect(
      try await bounded { await harness.paywalls.present(placement: Placement.premium) }
        == .unavailable(.displayFailed))
  }

  @Test func everyDismissalIsLoggedWithResultPlanCloseReasonAndError() async throws {
    let harness = Harness()
    harness.presenter.outcomes = [
      MonetizationFixtures.outcome(.purchased, plan: MonetizationFixtures.annualPlan, close: .programmatic)
    ]
    _ = try await bounded { await harness.paywalls.present(placement: Placement.premium) }
    let expected = PaywallDismissal(
      placement: Placement.premium,
      outcome: MonetizationFixtures.outcome(
        .purchased, plan: MonetizationFixtures.annualPlan, close: .programmatic))
    #expect(harness.logger.events.contains(.paywallDismissed(expected)))
    #expect(expected.planVendorID == "premium_annual")
  }

  @Test func entitlementsAreRecheckedBypassingTheCacheAfterEveryDismissal() async throws {
    let harness = Harness.started()
    harness.presenter.outcomes = [
      MonetizationFixtures.outcome(.cancelled), MonetizationFixtures.outcome(.none),
    ]
    _ = try await bounded { await harness.paywalls.present(placement: Placement.premium) }
    _ = try await bounded { await harness.paywalls.present(placement: Placement.onboarding) }
    #expect(harness.backend.checkInvalidations == [true, true])
  }

  @Test func shownPaywallClosesWhenPremiumBecomesActiveFromAnUpdate() async throws {
    // The paywall must not stay open once Premium is active, from whatever source.
    let harness = Harness.started(mode: .observer)
    let shown = Task { await harness.paywalls.present(placement: Placement.premium) }
    try await bounded { await harness.presenter.waitUntilDisplaying() }
    let transaction = harness.activeTransaction(id: 31)
    harness.storeKitHas(transaction)
    await harness.purchases.handle(.verified(transaction))
    #expect(harness.presenter.closeAllCount == 1)
    #expect(
      try await bounded { await shown.value }
        == .dismissed(PaywallOutcome(purchaseResult: .none, closeReason: .programmatic)))
  }
}

@Suite("Feature gates: attempt(_:action:)", .timeLimit(.minutes(5)))
@MainActor
struct FeatureGateCoordinatorTests {
  @Test func unlockedFeatureRunsWithoutAPaywall() async throws {
    let harness = Harness.started()
    harness.storeKitHas(harness.activeTransaction())
    await harness.entitlements.refresh(.launch)
    var ran = 0
    let result = try await bounded { await harness.gates.attempt(.favorites) { ran += 1 } }
    #expect(result == .ran)
    #expect(ran == 1)
    #expect(harness.presenter.loadedPlacements.isEmpty)
  }

  @Test func lockedFeaturePresentsPremiumAndRunsOnceThePurchaseIsConfirmed() async throws {
    let harness = Harness.started()
    await harness.entitlements.refresh(.launch)
    harness.presenter.onDisplay = { _ in
      // The SDK bought (Full mode); the backend now reports the subscription.
      harness.backend.answer([MonetizationFixtures.subscription(.autoRenewing)])
      return MonetizationFixtures.outcome(
        .purchased, plan: MonetizationFixtures.monthlyPlan, close: .programmatic)
    }
    var ran = 0
    let result = try await bounded { await harness.gates.attempt(.favorites) { ran += 1 } }
    #expect(result == .ran)
    #expect(ran == 1)
    #expect(harness.presenter.displayedPlacements == [Placement.premium])
  }

  /// Closing the paywall, and a "purchased" outcome that the entitlements never confirm (a
  /// purchase alone never unlocks).
  @Test(arguments: [
    (MonetizationFixtures.outcome(.cancelled), RollbackReason.paywallClosed),
    (MonetizationFixtures.outcome(.purchased, close: .programmatic), .purchaseNotConfirmed),
  ])
  func paywallEndingWithoutAConfirmedPurchaseRollsBackTheAction(
    outcome: PaywallOutcome, reason: RollbackReason
  ) async throws {
    let harness = Harness.started()
    harness.presenter.outcomes = [outcome]
    var ran = 0
    let result = try await bounded { await harness.gates.attempt(.favorites) { ran += 1 } }
    #expect(result == .rolledBack(reason))
    #expect(ran == 0)
  }

  @Test func doubleTapOpensOnePaywallAndRunsTheActionOnce() async throws {
    let harness = Harness.started()
    var ran = 0
    let first = Task { await harness.gates.attempt(.favorites) { ran += 1 } }
    try await bounded { await harness.presenter.waitUntilDisplaying() }
    let second = try await bounded { await harness.gates.attempt(.favorites) { ran += 1 } }
    harness.backend.answer([MonetizationFixtures.subscription(.autoRenewing)])
    harness.presenter.dismiss(with: MonetizationFixtures.outcome(.purchased, close: .programmatic))
    #expect(second == .alreadyPresenting)
    #expect(try await bounded { await first.value } == .ran)
    #expect(ran == 1)
    #expect(harness.presenter.displayedPlacements.count == 1)
  }

  @Test func unavailablePaywallResolvesTheTapWithItsReason() async throws {
    let harness = Harness()
    harness.presenter.loadResults[Placement.premium] = .failed(.noNetwork)
    var ran = 0
    let result = try await bounded { await harness.gates.attempt(.favorites) { ran += 1 } }
    #expect(result == .unavailable(.noNetwork))
    #expect(ran == 0)
  }

  @Test func unknownStateStillOpensThePaywallOnTap() async throws {
    let harness = Harness()
    harness.presenter.outcomes = [MonetizationFixtures.outcome(.cancelled)]
    #expect(harness.entitlements.entitlement.access == .unknown)
    _ = try await bounded { await harness.gates.attempt(.favorites) {} }
    #expect(harness.presenter.displayedPlacements == [Placement.premium])
  }

  @Test func paywallNeverShownNorDismissedIsGivenUpAndFreesTheFlow() async throws {
    // UIKit may refuse a presentation: then the SDK reports neither appearance nor dismissal.
    let harness = Harness(
      configuration: MonetizationConfiguration(
        subscriptionGroupID: MonetizationFixtures.groupID, paywallDisplayTimeout: .seconds(5)))
    harness.presenter.displayBehaviour = .neverReports
    let refused = Task { await harness.paywalls.present(placement: Placement.premium) }
    try await bounded { await harness.clock.waitUntilSleeping() }
    harness.clock.advance(by: 5)
    #expect(try await bounded { await refused.value } == .unavailable(.displayFailed))
    #expect(!harness.paywalls.isBusy)
    #expect(harness.presenter.closeAllCount == 1)
    // A display is never cancelled, even by the watchdog: when the lost presentation ends at
    // last, its task was left alone.
    harness.presenter.silentDisplays.releaseAll()
    try await bounded("the lost display's return") {
      while harness.presenter.finishedDisplays == 0 { await Task.yield() }
    }
    #expect(harness.presenter.cancelledDisplays == 0)
    harness.presenter.displayBehaviour = .shows
    harness.presenter.outcomes = [MonetizationFixtures.outcome(.cancelled)]
    let next = try await bounded { await harness.paywalls.present(placement: Placement.premium) }
    #expect(next == .dismissed(MonetizationFixtures.outcome(.cancelled)))
  }

  @Test func paywallOnScreenIsNeverTimedOut() async throws {
    let harness = Harness()
    let shown = Task { await harness.paywalls.present(placement: Placement.premium) }
    try await bounded { await harness.presenter.waitUntilDisplaying() }
    harness.clock.advance(by: 3600)
    #expect(harness.paywalls.phase == .displaying(placement: Placement.premium))
    harness.presenter.dismiss(with: MonetizationFixtures.outcome(.cancelled))
    #expect(try await bounded { await shown.value } == .dismissed(MonetizationFixtures.outcome(.cancelled)))
    #expect(harness.presenter.closeAllCount == 0)
  }

  @Test func presentationRefusedWithAnErrorResolvesAsNotShown() async throws {
    let harness = Harness()
    harness.presenter.displayBehaviour = .failsToPresent
    let result = try await bounded { await harness.paywalls.present(placement: Placement.premium) }
    #expect(result == .unavailable(.displayFailed))
    #expect(harness.presenter.shownPlacements.isEmpty)
  }
}

@Suite("Paywall flow: the slot is free once the paywall is gone", .timeLimit(.minutes(5)))
@MainActor
struct PaywallSlotTests {
  /// Money path 3: the re-check after a dismissal can queue behind a StoreKit read that does not
  /// answer; the paywall is gone, so the slot must not stay busy meanwhile.
  @Test func theSlotIsFreedOnDismissalNotAfterTheReCheck() async throws {
    let harness = Harness.started()
    harness.storeKit.hangsStatuses = true
    let presenting = Task { await harness.paywalls.present(placement: Placement.premium) }
    try await bounded { await harness.presenter.waitUntilDisplaying() }
    harness.presenter.dismiss(with: MonetizationFixtures.outcome(.cancelled))
    try await bounded("the re-check reaching the hung StoreKit read") {
      while harness.storeKit.lostReads.count == 0 { await Task.yield() }
    }
    #expect(!harness.paywalls.isBusy)
    // The read is bounded: after the SDK calls' time limit the re-check ends, inconclusive.
    try await bounded { await harness.clock.waitUntilSleeping() }
    harness.clock.advance(by: harness.entitlements.backendCallTimeout)
    #expect(
      try await bounded { await presenting.value } == .dismissed(MonetizationFixtures.outcome(.cancelled)))
    #expect(harness.logger.events.contains(.subscriptionStatusesUnavailable(.other(detail: "timed out"))))
  }

  @Test func anAppTransactionReadThatNeverAnswersEndsAtTheTimeLimit() async throws {
    let harness = Harness(
      configuration: MonetizationFixtures.configuration(
        grandfathering: GrandfatheringPolicy(cutoffBuild: "13")))
    let source = FakeAppTransactionSource(result: .failure(.network))
    source.hangs = true
    harness.appTransactions = source
    harness.startBackend()
    let check = Task { await harness.entitlements.refresh(.launch) }
    try await bounded("the AppTransaction read") { while source.lostReads.count == 0 { await Task.yield() } }
    try await bounded { await harness.clock.waitUntilSleeping() }
    harness.clock.advance(by: harness.entitlements.backendCallTimeout)
    let decision = try await bounded { await check.value }
    #expect(!decision.isDefinitive)
  }

  /// Issue 35, point 2: `AppTransaction.refresh()` goes to the App Store like the other reads.
  @Test func anAppTransactionRefreshThatNeverAnswersEndsAtTheTimeLimit() async throws {
    let harness = Harness(
      configuration: MonetizationFixtures.configuration(
        grandfathering: GrandfatheringPolicy(cutoffBuild: "13")))
    let source = FakeAppTransactionSource(
      result: .success(
        .unverified(
          AppTransactionSnapshot(
            originalAppVersion: "12", originalPurchaseDate: harness.now, environment: .production),
          .invalidSignature)))
    source.hangsRefresh = true
    harness.appTransactions = source
    harness.startBackend()
    let check = Task { await harness.entitlements.refresh(.restore) }
    try await bounded("the AppTransaction refresh") {
      while source.lostReads.count == 0 { await Task.yield() }
    }
    try await bounded { await harness.clock.waitUntilSleeping() }
    harness.clock.advance(by: harness.entitlements.backendCallTimeout)
    let decision = try await bounded("the check after the refresh's time limit") { await check.value }
    #expect(!decision.isDefinitive)
    #expect(harness.logger.events.contains(.appTransactionUnavailable(.other(detail: "timed out"))))
  }
}

/// Money path 4: once shown, a paywall whose dismissal never comes must not keep the flow
/// "displaying" for the session; one that appears after the watchdog gave up is closed.
@Suite("Paywall flow: a lost dismissal and a late appearance", .timeLimit(.minutes(5)))
@MainActor
struct PaywallLostTrackTests {
  @Test func aPaywallGoneWithoutItsDismissalFreesTheSlotForTheNextTap() async throws {
    let harness = Harness.started()
    let first = Task { await harness.paywalls.present(placement: Placement.premium) }
    try await bounded { await harness.presenter.waitUntilDisplaying() }
    harness.presenter.loseDismissal()
    let second = Task { await harness.paywalls.present(placement: Placement.premium) }
    #expect(
      try await bounded("the first request, given up as dismissed") { await first.value }
        == .dismissed(PaywallOutcome(purchaseResult: .none, closeReason: .none)))
    try await bounded("the second paywall on screen") { await harness.presenter.waitUntilDisplaying() }
    #expect(harness.presenter.displayedPlacements == [Placement.premium, Placement.premium])
    #expect(harness.logger.events.contains(.paywallLost(placement: Placement.premium)))
    harness.presenter.dismiss(with: MonetizationFixtures.outcome(.cancelled))
    #expect(try await bounded { await second.value } == .dismissed(MonetizationFixtures.outcome(.cancelled)))
    #expect(!harness.paywalls.isBusy)
  }

  @Test func theForegroundCheckFreesTheSlotOfAPaywallThatIsGone() async throws {
    let harness = Harness.started()
    let first = Task { await harness.paywalls.present(placement: Placement.premium) }
    try await bounded { await harness.presenter.waitUntilDisplaying() }
    harness.presenter.loseDismissal()
    await harness.paywalls.releaseSlotIfPaywallGone()
    #expect(!harness.paywalls.isBusy)
    _ = try await bounded { await first.value }
  }

  @Test func aPaywallStillOnScreenKeepsTheSlot() async throws {
    let harness = Harness.started()
    let first = Task { await harness.paywalls.present(placement: Placement.premium) }
    try await bounded { await harness.presenter.waitUntilDisplaying() }
    await harness.paywalls.releaseSlotIfPaywallGone()
    #expect(harness.paywalls.isBusy)
    #expect(
      try await bounded { await harness.paywalls.present(placement: Placement.premium) } == .alreadyPresenting
    )
    harness.presenter.dismiss(with: MonetizationFixtures.outcome(.cancelled))
    _ = try await bounded { await first.value }
    #expect(!harness.logger.events.contains(.paywallLost(placement: Placement.premium)))
  }

  @Test func aPaywallThatAppearsAfterTheWatchdogGaveUpIsClosed() async throws {
    let harness = Harness(
      configuration: MonetizationConfiguration(
        subscriptionGroupID: MonetizationFixtures.groupID, paywallDisplayTimeout: .seconds(5)))
    harness.presenter.displayBehaviour = .appearsLate
    let attempt = Task { await harness.paywalls.present(placement: Placement.premium) }
    try await bounded("the display waiting to appear") {
      while !harness.presenter.isWaitingToAppear || harness.clock.pendingSleeperCount == 0 {
        await Task.yield()
      }
    }
    harness.clock.advance(by: 5)
    #expect(try await bounded { await attempt.value } == .unavailable(.displayFailed))
    #expect(harness.presenter.closeAllCount == 1)
    harness.presenter.appearLate()
    try await bounded("the late paywall being closed") {
      while harness.presenter.closeAllCount < 2 { await Task.yield() }
    }
    #expect(!harness.presenter.isDisplayWaiting)
  }
}
