import Foundation
import Monetization
import TestSupport
import Testing

@Suite("Entitlement provider: sync and persistence", .timeLimit(.minutes(5)))
@MainActor
struct EntitlementProviderTests {
  @Test func storedSubscriberIsPremiumBeforeAnyCheck() {
    let harness = Harness()
    harness.storeSnapshot(
      EntitlementSnapshot(
        isPremium: true, reason: .subscribed, source: .purchasely,
        expirationDate: harness.now.addingTimeInterval(10 * day),
        computedAt: harness.now.addingTimeInterval(-day)))
    #expect(harness.entitlements.entitlement.access == .premium)
    #expect(harness.entitlements.isUnlocked(.favorites))
    #expect(harness.calls.entries.isEmpty)
  }

  @Test func subscriberStaysPremiumWhenRefreshFails() async {
    let harness = Harness.started()
    harness.backend.answer([
      MonetizationFixtures.subscription(.autoRenewing, renews: harness.now.addingTimeInterval(20 * day))
    ])
    await harness.entitlements.refresh(.launch)
    harness.backend.fail(.network)
    harness.clock.advance(by: 10 * 60)
    let decision = await harness.entitlements.refresh(.foreground)
    #expect(!decision.isDefinitive)
    #expect(harness.entitlements.entitlement.access == .premium)
    #expect(harness.logger.events.contains(.backendCheckFailed(.network)))
  }

  @Test func statusesAreReadForTheGroupTheVerifiedTransactionCarries() async {
    // Production's configured group may be empty or the local .storekit one; the transaction
    // itself says which group it belongs to.
    let harness = Harness(
      configuration: MonetizationConfiguration(subscriptionGroupID: "LOCAL-STOREKIT-GROUP"))
    harness.startBackend()
    let transaction = harness.activeTransaction(id: 81)
    harness.storeKit.entitlements = [.verified(transaction)]
    await harness.entitlements.refresh(.launch)
    #expect(harness.storeKit.requestedGroupIDs == [MonetizationFixtures.groupID])
  }

  @Test func statusesFallBackToTheConfiguredGroupWithoutAVerifiedTransaction() async {
    let harness = Harness(
      configuration: MonetizationConfiguration(subscriptionGroupID: "CONFIGURED-GROUP"))
    harness.startBackend()
    await harness.entitlements.refresh(.launch)
    #expect(harness.storeKit.requestedGroupIDs == ["CONFIGURED-GROUP"])
  }

  @Test func definitiveResultIsPersistedWithItsComputationTime() async {
    let harness = Harness.started()
    harness.storeKitHas(harness.activeTransaction())
    await harness.entitlements.refresh(.launch)
    guard case .loaded(let snapshot) = EntitlementSnapshotStore(store: harness.store).load() else {
      Issue.record("no snapshot saved")
      return
    }
    #expect(snapshot.isPremium)
    #expect(snapshot.computedAt == harness.now)
    #expect(snapshot.schemaVersion == EntitlementSnapshot.currentSchemaVersion)
  }

  @Test func inconclusiveResultLeavesTheStoredSnapshotAlone() async {
    let harness = Harness()
    let stored = EntitlementSnapshot(
      isPremium: true, reason: .subscribed, source: .purchasely,
      expirationDate: harness.now.addingTimeInterval(10 * day),
      computedAt: harness.now.addingTimeInterval(-day))
    harness.storeSnapshot(stored)
    harness.startBackend()
    harness.backend.fail()
    await harness.entitlements.refresh(.launch)
    #expect(EntitlementSnapshotStore(store: harness.store).load() == .loaded(stored))
  }

  @Test func foregroundRereadsStoreKitButSkipsARecentBackendCheck() async {
    let harness = Harness.started()
    await harness.entitlements.refresh(.launch)
    harness.clock.advance(by: 60)
    await harness.entitlements.refresh(.foreground)
    #expect(harness.calls.count("backend.activeSubscriptions") == 1)
    #expect(harness.calls.count("storeKit.currentEntitlements") == 2)
    harness.clock.advance(by: 5 * 60)
    await harness.entitlements.refresh(.foreground)
    #expect(harness.calls.count("backend.activeSubscriptions") == 2)
  }

  @Test func throttledForegroundStillSeesANewStoreKitEntitlement() async {
    let harness = Harness.started()
    await harness.entitlements.refresh(.launch)
    harness.storeKitHas(harness.activeTransaction())
    harness.clock.advance(by: 60)
    await harness.entitlements.refresh(.foreground)
    #expect(harness.entitlements.entitlement.access == .premium)
  }

  @Test func purchaseRestoreAndDismissalChecksBypassTheBackendCache() async {
    let harness = Harness.started()
    await harness.entitlements.refresh(.launch)
    await harness.entitlements.refresh(.purchase)
    await harness.entitlements.refresh(.restore)
    await harness.entitlements.refresh(.paywallClosed)
    #expect(harness.backend.checkInvalidations == [false, true, true, true])
  }

  @Test func backendIsNeverCalledBeforeItStarted() async {
    let harness = Harness()
    let decision = await harness.entitlements.refresh(.launch)
    #expect(harness.calls.count("backend.activeSubscriptions") == 0)
    #expect(!decision.isDefinitive)
  }

  @Test func unconfiguredBackendLeavesStoreKitAsTheOnlySource() async {
    let harness = Harness()
    harness.entitlements.backendDidStart(.failure(.notConfigured))
    let decision = await harness.entitlements.refresh(.launch)
    #expect(decision.isDefinitive)
    #expect(decision.entitlement.access == .free)
    #expect(harness.calls.count("backend.activeSubscriptions") == 0)
  }

  @Test func grandfatheredBuyerIsPremiumAndTheAppTransactionIsReadOnce() async {
    let harness = Harness(
      configuration: MonetizationFixtures.configuration(
        grandfathering: GrandfatheringPolicy(cutoffBuild: "13")))
    let source = FakeAppTransactionSource(
      result: .success(
        .verified(
          AppTransactionSnapshot(
            originalAppVersion: "12", originalPurchaseDate: TestClock.referenceDate, environment: .production
          ))))
    harness.appTransactions = source
    harness.startBackend()
    await harness.entitlements.refresh(.launch)
    await harness.entitlements.refresh(.purchase)
    #expect(harness.entitlements.entitlement.reason == .grandfathered)
    #expect(source.readCount == 1)
  }

  static func appTransaction(build: String) -> AppTransactionSnapshot {
    AppTransactionSnapshot(
      originalAppVersion: build, originalPurchaseDate: TestClock.referenceDate, environment: .production)
  }

  @Test func unverifiedAppTransactionIsInconclusiveAndRefreshedOnlyOnRestore() async {
    // AppTransaction.refresh() shows an App Store sign-in: only on an explicit user action.
    let harness = Harness(
      configuration: MonetizationFixtures.configuration(
        grandfathering: GrandfatheringPolicy(cutoffBuild: "13")))
    let source = FakeAppTransactionSource(
      result: .success(.unverified(Self.appTransaction(build: "12"), .invalidSignature)))
    source.refreshResult = .success(.verified(Self.appTransaction(build: "12")))
    harness.appTransactions = source
    harness.startBackend()
    let launch = await harness.entitlements.refresh(.launch)
    #expect(!launch.isDefinitive)
    #expect(source.refreshCount == 0)
    let restore = await harness.entitlements.refresh(.restore)
    #expect(source.refreshCount == 1)
    #expect(restore.isDefinitive)
    #expect(harness.entitlements.entitlement.reason == .grandfathered)
    _ = await harness.entitlements.refresh(.restore)
    #expect(source.refreshCount == 1)
  }

  @Test func recordedTransactionGrantsAtOnceAndIsPersisted() async {
    let harness = Harness(mode: .observer)
    let granted = await harness.entitlements.record(harness.activeTransaction(id: 9))
    #expect(granted)
    #expect(harness.entitlements.entitlement.access == .premium)
    guard case .loaded(let snapshot) = EntitlementSnapshotStore(store: harness.store).load() else {
      Issue.record("no snapshot saved")
      return
    }
    #expect(snapshot.isPremium)
  }

  @Test func recordingARevokedTransactionGrantsNothing() async {
    let harness = Harness(mode: .observer)
    var revoked = harness.activeTransaction()
    revoked.revocationDate = harness.now.addingTimeInterval(-60)
    #expect(await harness.entitlements.record(revoked) == false)
    #expect(harness.entitlements.entitlement.access == .unknown)
  }

  @Test func discardedSnapshotIsLoggedAndIgnored() throws {
    let store = InMemoryKeyValueStore()
    store.setData(Data("garbage".utf8), forKey: EntitlementSnapshotStore.key)
    let harness = Harness(store: store)
    #expect(harness.entitlements.entitlement == .unknown)
    #expect(harness.logger.events.contains(.snapshotDiscarded(.unreadable)))
  }
}
