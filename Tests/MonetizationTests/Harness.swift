import Foundation
import Monetization
import TestSupport

/// The app's `MonetizationGraph` over fakes, for one test. The fakes (`calls`, `backend`,
/// `storeKit`, …) are read through to `fakes`.
@MainActor
@dynamicMemberLookup
final class Harness {
  let fakes: MonetizationFakeSet
  let mode: RunningMode
  let configuration: MonetizationConfiguration
  var appTransactions: FakeAppTransactionSource?
  /// The app's hook on entitlement changes, given to the graph when it is built.
  var onEntitlementChange: @MainActor (Entitlement, Entitlement) -> Void = { _, _ in }
  /// Every sentence the graph announced (`MonetizationGraph(announce:)`), in order.
  private(set) var announcements: [String] = []

  /// The app's own monetization graph over the fakes, built on first use (so a test may set
  /// `appTransactions` and `onEntitlementChange` first).
  private(set) lazy var graph = MonetizationGraph(
    services: MonetizationServices(
      store: fakes.store, backend: fakes.backend, storeKit: fakes.storeKit, appTransactions: appTransactions,
      paywalls: fakes.presenter, purchaser: fakes.purchaser, logger: fakes.logger, clock: fakes.clock),
    configuration: configuration, onEntitlementChange: onEntitlementChange,
    announce: { [weak self] sentence in self?.announcements.append(sentence) })
  var entitlements: EntitlementProvider { graph.entitlements }
  var paywalls: PaywallFlow { graph.paywalls }
  var restores: RestoreCoordinator { graph.restores }
  var purchases: PurchaseCoordinator { graph.purchases }
  var gates: FeatureGateCoordinator { graph.gates }

  init(
    mode: RunningMode = .full, store: InMemoryKeyValueStore = InMemoryKeyValueStore(),
    configuration: MonetizationConfiguration = MonetizationFixtures.configuration()
  ) {
    self.mode = mode
    fakes = MonetizationFakeSet(store: store)
    // The graph reads the running mode from settings: with none stored, the default is `mode`.
    var configuration = configuration
    configuration.defaultRunningMode = mode
    self.configuration = configuration
  }

  subscript<Member>(dynamicMember member: KeyPath<MonetizationFakeSet, Member>) -> Member {
    fakes[keyPath: member]
  }

  /// A harness in `mode` whose backend has started, as after launch.
  static func started(mode: RunningMode = .full) -> Harness {
    let harness = Harness(mode: mode)
    harness.startBackend()
    return harness
  }

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
      id: id, purchased: fakes.now.addingTimeInterval(-10 * MonetizationFixtures.day),
      expires: fakes.now.addingTimeInterval(days * MonetizationFixtures.day), ownership: ownership)
  }

  /// Makes the purchaser's next purchase succeed with `activeTransaction(id:)`, verified, and
  /// returns that transaction.
  @discardableResult
  func purchaseWillSucceed(id: UInt64 = 1) -> TransactionSnapshot {
    let transaction = activeTransaction(id: id)
    fakes.purchaser.purchaseResults = [.purchased(.verified(transaction))]
    return transaction
  }

  /// Makes StoreKit report `transaction` as a subscribed current entitlement.
  func storeKitHas(_ transaction: TransactionSnapshot) {
    fakes.storeKit.entitlements = [.verified(transaction)]
    fakes.storeKit.statusesResult = .success([
      MonetizationFixtures.status(.subscribed, transaction: transaction)
    ])
  }

  /// Persists a snapshot as a previous launch would have.
  func storeSnapshot(_ snapshot: EntitlementSnapshot) {
    EntitlementSnapshotStore(store: fakes.store).save(snapshot)
  }
}

let day = MonetizationFixtures.day
