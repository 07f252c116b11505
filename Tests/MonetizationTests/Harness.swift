import Foundation
import Monetization
import TestSupport

/// Builds the monetization object graph over fakes, as `AppModel` does, for one test.
@MainActor
final class Harness {
  let calls = CallLog()
  let clock = TestClock()
  let store: InMemoryKeyValueStore
  let logger = RecordingMonetizationLogger()
  let backend: FakeSubscriptionBackend
  let storeKit: FakeStoreEntitlements
  let presenter: FakePaywallPresenter
  let purchaser: FakePurchaser
  let mode: RunningMode
  let configuration: MonetizationConfiguration
  var appTransactions: FakeAppTransactionSource?

  private(set) lazy var entitlements: EntitlementProvider = {
    let provider = EntitlementProvider(
      mode: mode, backend: backend, storeKit: storeKit, appTransactions: appTransactions, store: store,
      configuration: configuration, clock: clock, logger: logger)
    // Weak: a re-check started after a purchase may finish after the test dropped the harness.
    provider.onChange = { [weak self] old, new in
      guard let self else { return }
      purchases.entitlementDidChange(new)
      if !old.isPremium && new.isPremium { await paywalls.closeBecauseUnlocked() }
    }
    return provider
  }()
  private(set) lazy var paywalls = PaywallFlow(
    presenter: presenter, entitlements: entitlements, loadTimeout: configuration.paywallLoadTimeout,
    displayTimeout: configuration.paywallDisplayTimeout,
    logger: logger)
  private(set) lazy var restores = RestoreCoordinator(
    mode: mode, backend: backend, purchaser: purchaser, entitlements: entitlements, logger: logger)
  private(set) lazy var purchases = ObserverPurchaseCoordinator(
    mode: mode, purchaser: purchaser, backend: backend, entitlements: entitlements, restores: restores,
    paywalls: paywalls, logger: logger)
  private(set) lazy var gates = FeatureGateCoordinator(
    entitlements: entitlements, paywalls: paywalls,
    isAwaitingApproval: { [unowned self] in purchases.isAwaitingApproval }, logger: logger)

  init(
    mode: RunningMode = .full, store: InMemoryKeyValueStore = InMemoryKeyValueStore(),
    configuration: MonetizationConfiguration = MonetizationFixtures.configuration()
  ) {
    self.mode = mode
    self.store = store
    self.configuration = configuration
    backend = FakeSubscriptionBackend(calls: calls)
    storeKit = FakeStoreEntitlements(calls: calls)
    presenter = FakePaywallPresenter(calls: calls)
    purchaser = FakePurchaser(calls: calls)
  }

  var now: Date { clock.now }

  /// Starts the fake backend as launch does.
  func startBackend() {
    entitlements.backendDidStart(.success(()))
  }

  /// A verified monthly transaction active for `days` more days.
  func activeTransaction(
    id: UInt64 = 1, days: Double = 20, ownership: OwnershipType = .purchased
  )
    -> TransactionSnapshot
  {
    MonetizationFixtures.transaction(
      id: id, purchased: now.addingTimeInterval(-10 * MonetizationFixtures.day),
      expires: now.addingTimeInterval(days * MonetizationFixtures.day), ownership: ownership)
  }

  /// Makes StoreKit report `transaction` as a subscribed current entitlement.
  func storeKitHas(_ transaction: TransactionSnapshot) {
    storeKit.entitlements = [.verified(transaction)]
    storeKit.statusesResult = .success([MonetizationFixtures.status(.subscribed, transaction: transaction)])
  }

  /// Persists a snapshot as a previous launch would have.
  func storeSnapshot(_ snapshot: EntitlementSnapshot) {
    EntitlementSnapshotStore(store: store).save(snapshot)
  }
}

let day = MonetizationFixtures.day
