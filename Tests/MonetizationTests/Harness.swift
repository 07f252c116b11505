import Foundation
import Monetization
import TestSupport

/// The app's `MonetizationGraph` over fakes, for one test.
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

  /// The app's own monetization graph over the fakes, built on first use (so a test may set
  /// `appTransactions` first).
  private(set) lazy var graph = MonetizationGraph(
    services: MonetizationServices(
      store: store, backend: backend, storeKit: storeKit, appTransactions: appTransactions,
      paywalls: presenter, purchaser: purchaser, logger: logger, clock: clock),
    configuration: configuration)
  var entitlements: EntitlementProvider { graph.entitlements }
  var paywalls: PaywallFlow { graph.paywalls }
  var restores: RestoreCoordinator { graph.restores }
  var purchases: ObserverPurchaseCoordinator { graph.purchases }
  var gates: FeatureGateCoordinator { graph.gates }

  init(
    mode: RunningMode = .full, store: InMemoryKeyValueStore = InMemoryKeyValueStore(),
    configuration: MonetizationConfiguration = MonetizationFixtures.configuration()
  ) {
    self.mode = mode
    self.store = store
    // The graph reads the running mode from settings: with none stored, the default is `mode`.
    var configuration = configuration
    configuration.defaultRunningMode = mode
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
