import AppCore
import Favorites
import Foundation
import Monetization
import NASA
import TestSupport
import Testing

/// An `AppModel` over fakes; a second `AppModelFixture` on the same `store` is a relaunch. The
/// fakes (`calls`, `backend`, `storeKit`, …) are read through to `fakes`.
@MainActor
@dynamicMemberLookup
final class AppModelFixture {
  let fakes: MonetizationFakeSet
  let subscriptionManagement = FakeSubscriptionManagement()
  let content: TestContent
  let model: AppModel

  init(
    store: InMemoryKeyValueStore = InMemoryKeyValueStore(), clock: TestClock = TestClock(),
    content: TestContent? = nil, defaultMode: RunningMode = .full, releaseWithoutProducts: Bool = false,
    prepare: (AppModelFixture.Fakes) -> Void = { _ in }
  ) {
    let fakes = MonetizationFakeSet(store: store, clock: clock)
    self.fakes = fakes
    let content = content ?? TestContent(clock: clock)
    self.content = content
    prepare(Fakes(backend: fakes.backend, storeKit: fakes.storeKit, purchaser: fakes.purchaser))
    let dependencies = Dependencies(
      monetization: fakes.dependencies(
        mode: defaultMode, subscriptionManagement: subscriptionManagement,
        releaseWithoutProducts: releaseWithoutProducts),
      content: content.dependencies())
    model = AppModel(dependencies: dependencies)
  }

  struct Fakes {
    let backend: FakeSubscriptionBackend
    let storeKit: FakeStoreEntitlements
    let purchaser: FakePurchaser
  }

  subscript<Member>(dynamicMember member: KeyPath<MonetizationFakeSet, Member>) -> Member {
    fakes[keyPath: member]
  }

  /// A free user's app after launch (in `defaultMode` when nothing is stored), the onboarding
  /// paywall closed.
  static func launchedFree(defaultMode: RunningMode = .full) async throws -> AppModelFixture {
    let app = AppModelFixture(defaultMode: defaultMode)
    app.presenter.outcomes = [MonetizationFixtures.outcome(.cancelled)]  // onboarding
    try await bounded { await app.model.launch() }
    return app
  }

  func subscriberSnapshot() -> EntitlementSnapshot {
    EntitlementSnapshot(
      isPremium: true, reason: .subscribed, source: .purchasely, productID: MonetizationFixtures.monthly,
      expirationDate: fakes.now.addingTimeInterval(20 * MonetizationFixtures.day),
      computedAt: fakes.now.addingTimeInterval(-MonetizationFixtures.day))
  }

  func activeTransaction(id: UInt64) -> TransactionSnapshot {
    MonetizationFixtures.transaction(
      id: id, purchased: fakes.now.addingTimeInterval(-MonetizationFixtures.day),
      expires: fakes.now.addingTimeInterval(20 * MonetizationFixtures.day))
  }
}

@Suite("App model: launch", .timeLimit(.minutes(5)))
@MainActor
struct AppModelLaunchTests {
  @Test func storedSubscriberIsPremiumFromTheFirstFrameBeforeLaunch() {
    let store = InMemoryKeyValueStore()
    let seed = AppModelFixture(store: store)
    EntitlementSnapshotStore(store: store).save(seed.subscriberSnapshot())
    let app = AppModelFixture(store: store)
    #expect(app.model.heart.isUnlocked)
    #expect(app.model.launchState == .notLaunched)
    #expect(app.calls.entries.isEmpty)
  }

  @Test func launchStartsTheBackendWithThePersistedModeBeforeAnyCheck() async throws {
    let store = InMemoryKeyValueStore()
    store.setString(RunningMode.observer.rawValue, forKey: StoredRunningMode.key)
    let app = AppModelFixture(store: store)
    app.presenter.outcomes = [MonetizationFixtures.outcome(.cancelled)]
    try await bounded { await app.model.launch() }
    #expect(app.backend.startedModes == [.observer])
    #expect(app.calls.entries.first == "backend.start")
    #expect(app.model.launchState == .launched)
  }

  @Test func onboardingIsShownAfterADefinitiveFree() async throws {
    let app = try await AppModelFixture.launchedFree()
    #expect(app.presenter.displayedPlacements == [Placement.onboarding])
    #expect(app.model.onboardingResult == .dismissed(MonetizationFixtures.outcome(.cancelled)))
  }

  @Test func onboardingIsNotShownWhenTheCheckFails() async throws {
    let app = AppModelFixture()
    app.backend.fail(.network)
    // Bounded: if onboarding were shown, nobody would dismiss it and launch would never return.
    try await bounded("launch after an inconclusive check") { await app.model.launch() }
    #expect(app.presenter.loadedPlacements.isEmpty)
    #expect(app.logger.events.contains(.onboardingSkipped(reason: .subscriptionStateUnknown)))
  }

  @Test func onboardingIsNotShownWhenOnlyTheCacheSaysFree() async throws {
    let store = InMemoryKeyValueStore()
    let seed = AppModelFixture(store: store)
    EntitlementSnapshotStore(store: store).save(
      EntitlementSnapshot(isPremium: false, reason: .noSubscription, source: .none, computedAt: seed.now))
    let app = AppModelFixture(store: store)
    app.backend.fail(.network)
    try await bounded("launch with only a cached free") { await app.model.launch() }
    #expect(app.model.monetization.entitlements.entitlement.access == .free)
    #expect(app.presenter.loadedPlacements.isEmpty)
  }

  @Test func onboardingIsNotShownToASubscriber() async throws {
    let app = AppModelFixture()
    app.backend.answer([MonetizationFixtures.subscription(.autoRenewing)])
    try await bounded("launch as a subscriber") { await app.model.launch() }
    #expect(app.presenter.loadedPlacements.isEmpty)
  }

  @Test func onboardingIsShownAtMostOncePerLaunch() async throws {
    let app = AppModelFixture()
    app.presenter.outcomes = [
      MonetizationFixtures.outcome(.cancelled), MonetizationFixtures.outcome(.cancelled),
    ]
    try await bounded { await app.model.launch() }
    try await bounded { await app.model.launch() }
    #expect(app.presenter.displayedPlacements == [Placement.onboarding])
    #expect(app.calls.count("backend.start") == 1)
  }

  @Test func failedBackendStartSkipsBackendChecksAndOnboarding() async throws {
    let app = AppModelFixture()
    app.backend.startResult = .failure(.network)
    try await bounded("launch after a failed start") { await app.model.launch() }
    #expect(app.calls.count("backend.activeSubscriptions") == 0)
    #expect(app.presenter.loadedPlacements.isEmpty)
    #expect(app.logger.events.contains(.backendStartFailed(.network)))
  }

  @Test func launchCompletesWhenTheSDKStartNeverAnswers() async throws {
    let app = AppModelFixture()
    app.backend.hangsStart = true
    let launch = Task { await app.model.launch() }
    try await bounded { await app.clock.waitUntilSleeping() }
    app.clock.advance(by: 15)
    try await bounded("launch with a silent SDK start") { await launch.value }
    #expect(app.model.launchState == .launched)
    #expect(app.presenter.loadedPlacements.isEmpty)
    #expect(app.logger.events.contains(.backendStartFailed(.other(detail: "start timed out"))))
  }

  @Test func launchCompletesInconclusiveWhenTheCheckNeverAnswers() async throws {
    let app = AppModelFixture()
    app.backend.hangsChecks = true
    let launch = Task { await app.model.launch() }
    try await bounded { await app.clock.waitUntilSleeping() }
    app.clock.advance(by: 15)
    try await bounded("launch with a silent subscription check") { await launch.value }
    #expect(app.model.launchState == .launched)
    #expect(app.model.monetization.entitlements.lastDecision?.isDefinitive == false)
    #expect(app.presenter.loadedPlacements.isEmpty)
  }

  @Test func observerLaunchHandlesAnUnfinishedTransactionAfterTheBackendStarted() async throws {
    let app = AppModelFixture(defaultMode: .observer)
    let unfinished = app.activeTransaction(id: 51)
    app.storeKit.entitlements = [.verified(unfinished)]
    app.purchaser.send(.verified(unfinished))
    try await bounded { await app.model.launch() }
    try await bounded { await app.logger.waitUntil(1, .transactionUpdateHandled) }
    #expect(app.purchaser.finishedTransactionIDs == [51])
    let start = try #require(app.calls.firstIndex(of: "backend.start"))
    let synchronize = try #require(app.calls.firstIndex(of: "backend.synchronize"))
    #expect(start < synchronize)
  }

  @Test func fullModeLaunchListensToTransactionsReadOnly() async throws {
    let app = try await AppModelFixture.launchedFree(defaultMode: .full)
    #expect(app.model.monetization.purchases.isListening)
    #expect(app.purchaser.updatesRequestCount == 1)
    let unfinished = app.activeTransaction(id: 52)
    app.purchaser.send(.verified(unfinished))
    try await bounded { await app.logger.waitUntil(1, .transactionUpdateHandled) }
    #expect(app.purchaser.finishedTransactionIDs.isEmpty)
    #expect(app.backend.synchronizeCount == 0)
  }
}

@Suite("App model: foreground, restore and mode", .timeLimit(.minutes(5)))
@MainActor
struct AppModelLifecycleTests {
  func launched(_ mode: RunningMode) async throws -> AppModelFixture {
    let app = AppModelFixture(defaultMode: mode)
    app.backend.answer([MonetizationFixtures.subscription(.autoRenewing)])
    try await bounded { await app.model.launch() }
    return app
  }

  @Test func observerForegroundSynchronizesBeforeTheCheck() async throws {
    let app = try await launched(.observer)
    app.clock.advance(by: 10 * 60)
    try await bounded { await app.model.enterForeground() }
    let synchronize = try #require(app.calls.firstIndex(of: "backend.synchronize"))
    let lastCheck = try #require(app.calls.entries.lastIndex(of: "backend.activeSubscriptions"))
    #expect(synchronize < lastCheck)
    #expect(app.backend.checkInvalidations == [false, false])
  }

  @Test func fullForegroundNeverSynchronizes() async throws {
    let app = try await launched(.full)
    app.clock.advance(by: 10 * 60)
    try await bounded { await app.model.enterForeground() }
    #expect(app.backend.synchronizeCount == 0)
    #expect(app.backend.checkInvalidations.count == 2)
  }

  @Test(arguments: [RunningMode.full, .observer])
  func restoreIsNeverCalledAutomatically(mode: RunningMode) async throws {
    let app = try await launched(mode)
    for _ in 0..<3 {
      app.clock.advance(by: 10 * 60)
      try await bounded { await app.model.enterForeground() }
    }
    #expect(app.purchaser.restoreCount == 0)
    #expect(app.backend.restoreCount == 0)
  }

  @Test func foregroundBeforeLaunchDoesNothing() async throws {
    let app = AppModelFixture()
    try await bounded { await app.model.enterForeground() }
    #expect(app.calls.entries.isEmpty)
  }

  @Test func modeChangeIsStoredAtOnceAndAppliesOnRelaunch() async throws {
    let store = InMemoryKeyValueStore()
    let first = AppModelFixture(store: store, defaultMode: .full)
    first.model.profile.selectRunningMode(.observer)
    #expect(first.model.monetization.settings.activeMode == .full)
    #expect(first.model.monetization.settings.modeChangeNotice != nil)
    first.model.shutdown()
    let second = AppModelFixture(store: store, defaultMode: .full)
    second.presenter.outcomes = [MonetizationFixtures.outcome(.cancelled)]
    try await bounded { await second.model.launch() }
    #expect(second.model.monetization.settings.activeMode == .observer)
    #expect(second.backend.startedModes == [.observer])
  }

  @Test func restoreFromProfileReportsRestored() async throws {
    let app = try await AppModelFixture.launchedFree(defaultMode: .observer)
    app.purchaser.onRestore = { app.storeKit.entitlements = [.verified(app.activeTransaction(id: 61))] }
    try await bounded { await app.model.profile.restore() }
    #expect(app.model.profile.restoreReport?.outcome == .restored)
    #expect(app.model.monetization.restores.lastOutcome == .restored)
    // Told in the app's one message queue, like every alert.
    #expect(app.model.navigation.message?.title == "Restore Purchases")
    #expect(app.model.navigation.message?.text == app.model.profile.restoreReport?.message)
  }

  @Test func onlyObserverModeInterceptsThePaywallsPurchaseAndRestoreButtons() {
    // The SDK buys and restores by itself in Full mode; the app answers only in Observer mode.
    #expect(AppModelFixture(defaultMode: .full).model.monetization.paywallInterceptor == nil)
    #expect(AppModelFixture(defaultMode: .observer).model.monetization.paywallInterceptor != nil)
  }

  @Test func approvalArrivingWhileThePaywallIsUpClosesItAndRunsTheAction() async throws {
    let app = try await AppModelFixture.launchedFree(defaultMode: .observer)
    var ran = 0
    let attempt = Task { await app.model.monetization.attempt(.favorites) { ran += 1 } }
    try await bounded { await app.presenter.waitUntilDisplaying() }
    let approved = app.activeTransaction(id: 71)
    app.storeKit.entitlements = [.verified(approved)]
    app.purchaser.send(.verified(approved))
    #expect(try await bounded { await attempt.value } == .ran)
    #expect(ran == 1)
    #expect(app.presenter.closeAllCount == 1)
  }

  @Test func paywallClosedOutsideCoreIsLoggedAndRechecked() async throws {
    let app = try await launched(.full)
    let outcome = MonetizationFixtures.outcome(
      .purchased, plan: MonetizationFixtures.annualPlan, close: .programmatic)
    try await bounded {
      await app.model.monetization.paywallDidClose(placement: "deeplink", outcome: outcome)
    }
    #expect(
      app.logger.events.contains(.paywallDismissed(PaywallDismissal(placement: "deeplink", outcome: outcome)))
    )
    #expect(app.backend.checkInvalidations.last == true)
  }
}

@Suite("App model: a failed SDK start is retried", .timeLimit(.minutes(5)))
@MainActor
struct BackendStartRetryTests {
  func launchedOffline() async throws -> AppModelFixture {
    let app = AppModelFixture()
    app.backend.startResult = .failure(.network)
    try await bounded("launch with a failed start") { await app.model.launch() }
    app.backend.startResult = .success(())
    return app
  }

  @Test func failedStartIsRetriedOnForegroundOnceItsBackoffHasPassed() async throws {
    let app = try await launchedOffline()
    app.clock.advance(by: 10)
    try await bounded { await app.model.enterForeground() }
    #expect(app.backend.startedModes.count == 1)
    app.clock.advance(by: 30)
    try await bounded { await app.model.enterForeground() }
    #expect(app.backend.startedModes.count == 2)
    #expect(app.logger.events.contains(.backendStarted(mode: .full)))
    // Started: the foreground check now asks the backend.
    #expect(app.calls.count("backend.activeSubscriptions") == 1)
  }

  @Test func failedStartIsRetriedBeforeAGatedPaywallLoads() async throws {
    let app = try await launchedOffline()
    app.clock.advance(by: 60)
    let attempt = Task { await app.model.monetization.attempt(.favorites) {} }
    try await bounded { await app.presenter.waitUntilDisplaying() }
    let start = try #require(app.calls.entries.lastIndex(of: "backend.start"))
    let load = try #require(app.calls.firstIndex(of: "paywall.load"))
    #expect(app.backend.startedModes.count == 2)
    #expect(start < load)
    app.presenter.dismiss(with: MonetizationFixtures.outcome(.cancelled))
    _ = try await bounded { await attempt.value }
  }

  @Test func retriesBackOffAfterEachFailure() async throws {
    let app = try await launchedOffline()
    app.backend.startResult = .failure(.network)
    app.clock.advance(by: 30)
    try await bounded { await app.model.enterForeground() }
    #expect(app.backend.startedModes.count == 2)
    app.clock.advance(by: 30)
    try await bounded { await app.model.enterForeground() }
    #expect(app.backend.startedModes.count == 2)
    app.clock.advance(by: 30)
    try await bounded { await app.model.enterForeground() }
    #expect(app.backend.startedModes.count == 3)
  }

  @Test func missingAPIKeyIsNeverRetried() async throws {
    let app = AppModelFixture()
    app.backend.startResult = .failure(.notConfigured)
    app.presenter.outcomes = [MonetizationFixtures.outcome(.cancelled)]
    try await bounded { await app.model.launch() }
    app.clock.advance(by: 3600)
    try await bounded { await app.model.enterForeground() }
    #expect(app.backend.startedModes.count == 1)
  }
}

@Suite("App model: Ask to Buy is said once", .timeLimit(.minutes(5)))
@MainActor
struct AskToBuyNoticeTests {
  static let approval = "Waiting for approval. This unlocks as soon as your request is approved."

  /// Money path 5: the notice feeds a root alert that cannot appear above a UIKit-presented
  /// paywall, so it is written once the paywall is gone, never from inside the interceptor.
  @Test func pendingPurchaseIsAnnouncedThroughTheAppNoticeOnlyAndClearedByTheApproval() async throws {
    let app = try await AppModelFixture.launchedFree(defaultMode: .observer)
    app.purchaser.purchaseResults = [.pending]
    let interceptor = try #require(app.model.monetization.paywallInterceptor)
    let attempt = Task { await app.model.monetization.attempt(.favorites) {} }
    try await bounded { await app.presenter.waitUntilDisplaying() }
    let response = try await bounded {
      await interceptor.purchase(MonetizationFixtures.monthlyPlan, nil, nil)
    }
    #expect(response.message == nil)
    #expect(response.closesPaywall)
    // The paywall is still up: nothing is announced yet.
    #expect(app.model.gateNotice == nil)
    app.presenter.dismiss(with: MonetizationFixtures.outcome(.none, close: .programmatic))
    #expect(try await bounded { await attempt.value } == .rolledBack(.awaitingApproval))
    #expect(app.model.gateNotice == Self.approval)
    // The notice is a message in the one queue, withdrawn when the approval comes.
    #expect(app.model.navigation.message?.text == Self.approval)
    let approved = app.activeTransaction(id: 81)
    app.storeKit.entitlements = [.verified(approved)]
    app.purchaser.send(.verified(approved))
    try await bounded { await app.logger.waitUntil(1, .transactionUpdateHandled) }
    #expect(app.model.gateNotice == nil)
    #expect(app.model.navigation.waitingMessages.isEmpty)
    #expect(!app.model.monetization.purchases.isAwaitingApproval)
  }
}

extension AskToBuyNoticeTests {
  /// Issue 35 point 4: a promoted purchase waiting for a parent announces the gate's own notice,
  /// which AppMonetization routes to the gate notice (withdrawn on approval), not a plain message.
  @Test func aPromotedPurchaseWaitingForAParentIsTheGateNoticeAndTheApprovalWithdrawsIt() async throws {
    let app = try await AppModelFixture.launchedFree(defaultMode: .observer)
    app.purchaser.purchaseResults = [.pending]
    app.purchaser.sendPromoted(MonetizationFixtures.monthly)
    try await bounded { await app.logger.waitUntil(1, .promotedPurchaseHandled) }
    #expect(app.model.gateNotice == Self.approval)
    #expect(app.model.navigation.message?.text == Self.approval)
    let approved = app.activeTransaction(id: 82)
    app.storeKit.entitlements = [.verified(approved)]
    app.purchaser.send(.verified(approved))
    try await bounded { await app.logger.waitUntil(1, .transactionUpdateHandled) }
    #expect(app.model.gateNotice == nil)
    #expect(app.model.navigation.waitingMessages.isEmpty)
  }
}

@Suite("App model: Ask to Buy from the onboarding paywall", .timeLimit(.minutes(5)))
@MainActor
struct OnboardingAskToBuyTests {
  @Test func anAskToBuyStartedInOnboardingIsAnnouncedOnceThePaywallIsGone() async throws {
    let app = AppModelFixture(defaultMode: .observer)
    app.purchaser.purchaseResults = [.pending]
    let launch = Task { await app.model.launch() }
    try await bounded("the onboarding paywall") { await app.presenter.waitUntilDisplaying() }
    let interceptor = try #require(app.model.monetization.paywallInterceptor)
    _ = try await bounded { await interceptor.purchase(MonetizationFixtures.monthlyPlan, nil, nil) }
    #expect(app.model.gateNotice == nil)
    app.presenter.dismiss(with: MonetizationFixtures.outcome(.none, close: .programmatic))
    try await bounded { await launch.value }
    #expect(app.model.gateNotice == AskToBuyNoticeTests.approval)
  }
}

@Suite("App model: launch order", .timeLimit(.minutes(5)))
@MainActor
struct LaunchOrderTests {
  /// Money path 6: an update delivered at launch (a renewal, an approval) is handled while the
  /// SDK's start is still under way, not after its time limit.
  @Test func theTransactionListenerRunsBeforeTheSDKStartHasEnded() async throws {
    let app = AppModelFixture(defaultMode: .observer)
    app.backend.hangsStart = true
    let renewal = app.activeTransaction(id: 91)
    app.storeKit.entitlements = [.verified(renewal)]
    app.purchaser.send(.verified(renewal))
    let launch = Task { await app.model.launch() }
    try await bounded("the update handled while the SDK starts") {
      await app.logger.waitUntil(1, .transactionUpdateHandled)
    }
    #expect(app.backend.startedModes == [.observer])
    #expect(app.purchaser.finishedTransactionIDs == [91])
    #expect(app.model.monetization.entitlements.entitlement.isPremium)
    try await bounded { await app.clock.waitUntilSleeping() }
    app.clock.advance(by: 15)
    app.presenter.outcomes = [MonetizationFixtures.outcome(.cancelled)]
    try await bounded { await launch.value }
  }

  /// The app begins monetization's launch before the favorites store opens (path 6): the listener
  /// handles a renewal with no app model built yet, and the model's own launch starts nothing twice.
  @Test func aLaunchBegunBeforeTheLocalStoreOpensHandlesUpdatesAndIsNotRepeated() async throws {
    let fakes = MonetizationFakeSet()
    let monetization = fakes.appMonetization(mode: .observer)
    let renewal = MonetizationFixtures.transaction(
      id: 92, purchased: fakes.now.addingTimeInterval(-MonetizationFixtures.day),
      expires: fakes.now.addingTimeInterval(20 * MonetizationFixtures.day))
    fakes.storeKit.entitlements = [.verified(renewal)]
    fakes.purchaser.send(.verified(renewal))
    monetization.beginLaunch()
    monetization.beginLaunch()
    try await bounded("the update handled before any local store exists") {
      await fakes.logger.waitUntil(1, .transactionUpdateHandled)
    }
    #expect(fakes.purchaser.finishedTransactionIDs == [92])
    #expect(monetization.entitlements.entitlement.isPremium)
    try await bounded("the SDK start begun with the listener") {
      while fakes.backend.startedModes.isEmpty { await Task.yield() }
    }
    // The content opens later; the model takes the monetization already under way.
    let content = TestContent(clock: fakes.clock)
    let model = AppModel(monetization: monetization, content: content.dependencies())
    try await bounded { await model.launch() }
    #expect(model.launchState == .launched)
    #expect(fakes.backend.startedModes == [.observer])
    #expect(fakes.purchaser.updatesRequestCount == 1)
    #expect(fakes.logger.events.filter { if case .launchStarted = $0 { true } else { false } }.count == 1)
  }

  @Test func sdkStartRunsAlongsideTheLocalLoadsAndNeitherWaitsForTheOther() async throws {
    let app = AppModelFixture()
    let apod = sampleAPOD(APODDay.today(now: app.now))
    try await app.content.favorites.save(Favorite(apod: apod, dateAdded: app.now))
    app.backend.hangsStart = true
    let launch = Task { await app.model.launch() }
    // The start is in flight (its time limit is running)...
    try await bounded { await app.clock.waitUntilSleeping() }
    #expect(app.backend.startedModes == [.full])
    // ...and the saved favorites are read meanwhile, without waiting for it.
    try await bounded("favorites loaded while the SDK starts") {
      while !app.model.heart.isFavorite(apod) { await Task.yield() }
    }
    app.clock.advance(by: 15)
    try await bounded { await launch.value }
    #expect(app.model.launchState == .launched)
  }
}

@Suite("App model: an Ask to Buy that is never approved", .timeLimit(.minutes(5)))
@MainActor
struct AskToBuyExpiryTests {
  @Test func waitEndsWhenTheRequestExpiresBecauseADeclineIsNeverReported() async throws {
    // StoreKit reports nothing when a parent declines; a request lapses after 24 hours.
    let app = try await AppModelFixture.launchedFree(defaultMode: .observer)
    app.purchaser.purchaseResults = [.pending]
    let interceptor = try #require(app.model.monetization.paywallInterceptor)
    _ = try await bounded { await interceptor.purchase(MonetizationFixtures.monthlyPlan, nil, nil) }
    app.clock.advance(by: 23 * 3600)
    try await bounded { await app.model.enterForeground() }
    #expect(app.model.monetization.purchases.isAwaitingApproval)
    app.clock.advance(by: 2 * 3600)
    try await bounded { await app.model.enterForeground() }
    #expect(!app.model.monetization.purchases.isAwaitingApproval)
    #expect(app.model.gateNotice == nil)
    #expect(!app.model.profile.statusLine.contains("Waiting for approval"))
  }
}

@Suite("The app hands Profile the build's running-mode facts")
@MainActor
struct AppRunningModeRulesTests {
  @Test func aReleaseBuildWithoutProductsCannotBeSwitchedToObserver() {
    let app = AppModelFixture(releaseWithoutProducts: true)
    app.model.profile.selectRunningMode(.observer)
    #expect(app.model.profile.selectedRunningMode == .full)
    #expect(app.model.profile.runningModeRefusal != nil)
  }

  @Test func aDebugBuildStillSwitches() {
    let app = AppModelFixture()
    app.model.profile.selectRunningMode(.observer)
    #expect(app.model.profile.selectedRunningMode == .observer)
  }
}
