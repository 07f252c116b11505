import Foundation
import Monetization
import TestSupport
import Testing

@Suite("Last-known snapshot: trust window and schema")
@MainActor
struct EntitlementSnapshotTests {
  let now = TestClock.referenceDate

  func premium(computedDaysAgo: Double, expiresDaysAgo: Double) -> EntitlementSnapshot {
    EntitlementSnapshot(
      isPremium: true, reason: .subscribed, source: .storeKit, productID: MonetizationFixtures.monthly,
      expirationDate: now.addingTimeInterval(-expiresDaysAgo * day),
      computedAt: now.addingTimeInterval(-computedDaysAgo * day))
  }

  @Test func twoDayOldSnapshotMeasuresExpiryAgainstItsComputationTime() {
    // Expired one day ago, i.e. between `computedAt` and now.
    let entitlement = SnapshotTrust.entitlement(
      from: premium(computedDaysAgo: 2, expiresDaysAgo: 1), now: now)
    #expect(entitlement.access == .premium)
    #expect(entitlement.isFromCache)
  }

  @Test func fourDayOldSnapshotMeasuresExpiryAgainstNow() {
    let entitlement = SnapshotTrust.entitlement(
      from: premium(computedDaysAgo: 4, expiresDaysAgo: 1), now: now)
    #expect(entitlement.access == .free)
    #expect(entitlement.reason == .expired)
  }

  @Test func subscriberExpiryInTheSnapshotIsHonoured() {
    let entitlement = SnapshotTrust.entitlement(
      from: premium(computedDaysAgo: 1, expiresDaysAgo: 2), now: now)
    #expect(entitlement.access == .free)
  }

  @Test func staleFreeSnapshotNeverUpgrades() {
    let free = EntitlementSnapshot(
      isPremium: false, reason: .noSubscription, source: .none, computedAt: now.addingTimeInterval(-30 * day))
    #expect(SnapshotTrust.entitlement(from: free, now: now).access == .free)
  }

  @Test func graceSnapshotIsTrustedUntilTheGraceEnds() {
    var grace = premium(computedDaysAgo: 0.5, expiresDaysAgo: 3)
    grace.reason = .gracePeriod
    grace.graceExpirationDate = now.addingTimeInterval(day)
    #expect(SnapshotTrust.entitlement(from: grace, now: now).access == .premium)
    grace.graceExpirationDate = now.addingTimeInterval(-day)
    let ended = SnapshotTrust.entitlement(from: grace, now: now)
    #expect(ended.access == .free)
    #expect(ended.reason == .billingRetry)
  }

  @Test func snapshotWrittenBeforeTheFamilyFlagStillLoads() throws {
    // Stored by an earlier build: no `familyShared` key. It must load, not be discarded.
    let store = InMemoryKeyValueStore()
    let json =
      #"{"schemaVersion":1,"isPremium":true,"reason":"subscribed","source":"storeKit","isSandbox":false,"computedAt":794000000}"#
    store.setData(Data(json.utf8), forKey: EntitlementSnapshotStore.key)
    guard case .loaded(let snapshot) = EntitlementSnapshotStore(store: store).load() else {
      Issue.record("an older snapshot was not loaded")
      return
    }
    #expect(snapshot.isPremium)
    #expect(snapshot.familyShared == nil)
  }

  @Test func snapshotWithAProductKeepsItsProductAsPlainText() throws {
    // Stored by a build that kept product ids as strings: the same text reads as a ProductID,
    // and is written back as the same text.
    let store = InMemoryKeyValueStore()
    let json =
      #"{"schemaVersion":1,"isPremium":true,"reason":"subscribed","source":"storeKit","productID":"spacer.premium.annual","isSandbox":false,"computedAt":794000000}"#
    store.setData(Data(json.utf8), forKey: EntitlementSnapshotStore.key)
    guard case .loaded(let snapshot) = EntitlementSnapshotStore(store: store).load() else {
      Issue.record("a snapshot with a product was not loaded")
      return
    }
    #expect(snapshot.productID == ProductCatalog.annual)
    EntitlementSnapshotStore(store: store).save(snapshot)
    let written = String(
      decoding: try #require(store.data(forKey: EntitlementSnapshotStore.key)), as: UTF8.self)
    #expect(written.contains(#""productID":"spacer.premium.annual""#))
  }

  @Test func savedSnapshotLoadsBackUnchanged() {
    let store = InMemoryKeyValueStore()
    let snapshots = EntitlementSnapshotStore(store: store)
    let snapshot = premium(computedDaysAgo: 1, expiresDaysAgo: -20)
    snapshots.save(snapshot)
    #expect(snapshots.load() == .loaded(snapshot))
  }

  @Test func snapshotWithAnotherSchemaVersionIsDiscarded() throws {
    let store = InMemoryKeyValueStore()
    var future = premium(computedDaysAgo: 1, expiresDaysAgo: -20)
    future.schemaVersion = EntitlementSnapshot.currentSchemaVersion + 1
    store.setData(try JSONEncoder().encode(future), forKey: EntitlementSnapshotStore.key)
    let result = EntitlementSnapshotStore(store: store).load()
    #expect(result == .discarded(.schemaMismatch(found: EntitlementSnapshot.currentSchemaVersion + 1)))
  }

  @Test func unreadableSnapshotIsDiscarded() {
    let store = InMemoryKeyValueStore()
    store.setData(
      Data("{\"schemaVersion\": 1, \"isPremium\": \"yes\"}".utf8), forKey: EntitlementSnapshotStore.key)
    #expect(EntitlementSnapshotStore(store: store).load() == .discarded(.unreadable))
    store.setData(Data("not json".utf8), forKey: EntitlementSnapshotStore.key)
    #expect(EntitlementSnapshotStore(store: store).load() == .discarded(.unreadable))
  }

  @Test func missingSnapshotIsReportedAsMissing() {
    #expect(EntitlementSnapshotStore(store: InMemoryKeyValueStore()).load() == .missing)
  }
}

@Suite("Sync policy: when to call the network and the SDK")
struct SyncPolicyTests {
  let now = TestClock.referenceDate

  func plan(
    _ trigger: SyncTrigger, mode: RunningMode = .full, lastCheckAgo: TimeInterval?, sandbox: Bool = false
  ) -> SyncPlan {
    SyncPolicy.plan(
      for: trigger,
      synchronizesBeforeForegroundCheck: mode == .observer
        ? ObserverModeStrategy.synchronizesBeforeForegroundCheck
        : FullModeStrategy.synchronizesBeforeForegroundCheck,
      lastBackendCheck: lastCheckAgo.map { now.addingTimeInterval(-$0) },
      isSandbox: sandbox, now: now)
  }

  @Test func foregroundSkipsTheNetworkCheckWithinFiveMinutesOfTheLastOne() {
    #expect(!plan(.foreground, lastCheckAgo: 4 * 60).checkBackend)
    #expect(plan(.foreground, lastCheckAgo: 5 * 60).checkBackend)
    #expect(plan(.foreground, lastCheckAgo: nil).checkBackend)
  }

  @Test func backgroundStalenessIsTwentyFiveHours() {
    #expect(!plan(.background, lastCheckAgo: 24 * 3600).checkBackend)
    #expect(plan(.background, lastCheckAgo: 25 * 3600).checkBackend)
  }

  @Test func sandboxUsesFiveMinutesInTheBackgroundToo() {
    #expect(plan(.background, lastCheckAgo: 6 * 60, sandbox: true).checkBackend)
    #expect(!plan(.background, lastCheckAgo: 4 * 60, sandbox: true).checkBackend)
  }

  @Test func observerForegroundSynchronizesBeforeTheCheck() {
    let observer = plan(.foreground, mode: .observer, lastCheckAgo: 10 * 60)
    #expect(observer.synchronizeFirst)
    #expect(observer.checkBackend)
  }

  @Test func fullForegroundNeverSynchronizes() {
    #expect(!plan(.foreground, mode: .full, lastCheckAgo: 10 * 60).synchronizeFirst)
  }

  @Test func throttledObserverForegroundDoesNotSynchronize() {
    #expect(!plan(.foreground, mode: .observer, lastCheckAgo: 60).synchronizeFirst)
  }

  @Test(arguments: [SyncTrigger.purchase, .restore, .paywallClosed, .transactionUpdate, .subscriptionManaged])
  func knownChangesAlwaysRecheckBypassingTheCache(trigger: SyncTrigger) {
    let result = plan(trigger, mode: .observer, lastCheckAgo: 1)
    #expect(result.checkBackend)
    #expect(result.invalidateCache)
    #expect(!result.synchronizeFirst)
  }

  @Test func launchChecksWithTheCacheAndWithoutSynchronizing() {
    let result = plan(.launch, mode: .observer, lastCheckAgo: 1)
    #expect(result == SyncPlan(synchronizeFirst: false, checkBackend: true, invalidateCache: false))
  }
}

@Suite("Grandfathering of paid-app buyers")
struct GrandfatheringTests {
  let policy = GrandfatheringPolicy(cutoffBuild: "13")

  func appTransaction(
    _ version: String, _ environment: StoreEnvironment = .production
  )
    -> Result<VerificationResultSnapshot<AppTransactionSnapshot>, StoreReadError>
  {
    .success(
      .verified(
        AppTransactionSnapshot(
          originalAppVersion: version, originalPurchaseDate: TestClock.referenceDate,
          environment: environment)))
  }

  @Test func productionBuyerOfBuildTwelveBeforeCutoffThirteenIsGrandfathered() {
    #expect(policy.status(for: appTransaction("12")) == .grandfathered)
    #expect(policy.status(for: appTransaction("13")) == .notGrandfathered)
  }

  @Test func sandboxAlwaysReportsOnePointZeroAndIsNeverGrandfathered() {
    #expect(policy.status(for: appTransaction("1.0", .sandbox)) == .notGrandfathered)
  }

  @Test func debugOverrideForcesTheResult() {
    let forced = GrandfatheringPolicy(cutoffBuild: "13", debugOverride: true)
    #expect(forced.status(for: appTransaction("1.0", .sandbox)) == .grandfathered)
  }

  @Test func buildNumbersCompareNumerically() throws {
    #expect(try #require(BuildNumber("2")) < #require(BuildNumber("13")))
    #expect(try #require(BuildNumber("1.10")) > #require(BuildNumber("1.9")))
    #expect(try #require(BuildNumber("1.0")) == #require(BuildNumber("1")))
    #expect(BuildNumber("12a") == nil)
    #expect(policy.status(for: appTransaction("2")) == .grandfathered)
  }

  @Test func unreadableAppTransactionIsUnknownNotFree() {
    #expect(policy.status(for: .failure(.network)) == .unknown)
  }

  @Test func unverifiedAppTransactionIsUnknownNeverNotGrandfathered() {
    // A signature that does not verify proves nothing either way: inconclusive, like a failed read.
    let unverified: Result<VerificationResultSnapshot<AppTransactionSnapshot>, StoreReadError> = .success(
      .unverified(
        AppTransactionSnapshot(
          originalAppVersion: "5", originalPurchaseDate: TestClock.referenceDate, environment: .production),
        .invalidSignature))
    #expect(policy.status(for: unverified) == .unknown)
  }
}

@Suite("App settings: running mode")
@MainActor
struct AppSettingsTests {
  @Test func freshInstallUsesTheDefaultMode() {
    let settings = AppSettings(store: InMemoryKeyValueStore(), whenNoneStored: .observer)
    #expect(settings.activeMode == .observer)
    #expect(!settings.isRelaunchRequired)
    #expect(settings.modeChangeNotice == nil)
  }

  @Test func changeIsStoredAtOnceButAppliesOnTheNextLaunch() {
    let store = InMemoryKeyValueStore()
    let settings = AppSettings(store: store, whenNoneStored: .full)
    settings.setRunningMode(.observer)
    #expect(store.string(forKey: StoredRunningMode.key) == "observer")
    #expect(settings.activeMode == .full)
    #expect(settings.pendingMode == .observer)
    #expect(settings.isRelaunchRequired)
    #expect(settings.modeChangeNotice?.contains("next time") == true)
    let relaunched = AppSettings(store: store, whenNoneStored: .full)
    #expect(relaunched.activeMode == .observer)
    #expect(!relaunched.isRelaunchRequired)
  }

  @Test func anUnrecognisedStoredModeRunsTheModeForNoneStoredAndIsReplacedByTheNextChoice() {
    let store = InMemoryKeyValueStore()
    store.setString("transactionOnly", forKey: StoredRunningMode.key)
    #expect(StoredRunningMode(store: store).read() == .unrecognised("transactionOnly"))
    // Observer as the fallback: a fallback that silently used `.full` would show here.
    let settings = AppSettings(store: store, whenNoneStored: .observer)
    #expect(settings.activeMode == .observer)
    #expect(settings.pendingMode == .observer)
    #expect(!settings.isRelaunchRequired)
    settings.setRunningMode(.full)
    #expect(StoredRunningMode(store: store).read() == .mode(.full))
  }

  @Test func aMissingStoredModeIsReadAsMissingAndRunsTheBuildDefault() {
    let store = InMemoryKeyValueStore()
    #expect(StoredRunningMode(store: store).read() == .missing)
    #expect(AppSettings(store: store, whenNoneStored: .observer).activeMode == .observer)
    #expect(AppSettings(store: store, whenNoneStored: .full).activeMode == .full)
    // Reading never writes: the choice stays missing until the user makes one.
    #expect(store.string(forKey: StoredRunningMode.key) == nil)
  }

  @Test func aFreshInstallRunsTheOneDefaultMode() {
    let fakes = MonetizationFakeSet()
    let graph = MonetizationGraph(
      services: MonetizationServices(
        store: fakes.store, backend: fakes.backend, storeKit: fakes.storeKit, paywalls: fakes.presenter,
        purchaser: fakes.purchaser, logger: fakes.logger, clock: fakes.clock),
      configuration: MonetizationConfiguration(subscriptionGroupID: MonetizationFixtures.groupID))
    #expect(graph.mode == RunningMode.whenNoneStored)
    #expect(RunningMode.whenNoneStored == .full)
  }
}

@Suite("UserDefaults as the key-value store")
@MainActor
struct UserDefaultsKeyValueStoreTests {
  @Test func settingsAndTheSnapshotSurviveARelaunchInUserDefaults() throws {
    let suite = "SpacerTests-\(UUID().uuidString)"
    let defaults = try #require(UserDefaults(suiteName: suite))
    defer { defaults.removePersistentDomain(forName: suite) }
    let store: any KeyValueStore = defaults

    AppSettings(store: store, whenNoneStored: .full).setRunningMode(.observer)
    let snapshot = EntitlementSnapshotStore(store: store)
    snapshot.save(
      EntitlementSnapshot(
        isPremium: true, reason: .subscribed, source: .storeKit, computedAt: TestClock.referenceDate))

    #expect(AppSettings(store: store, whenNoneStored: .full).activeMode == .observer)
    #expect(defaults.string(forKey: StoredRunningMode.key) == "observer")
    #expect(defaults.data(forKey: EntitlementSnapshotStore.key) != nil)
    // Text is not bytes and bytes are not text: each reader gets only its own kind back.
    #expect(store.data(forKey: StoredRunningMode.key) == nil)
    store.removeObject(forKey: StoredRunningMode.key)
    #expect(store.string(forKey: StoredRunningMode.key) == nil)
  }
}
