import Foundation
import Monetization

/// The monetization fakes one test wires in, all writing to one call log: the subscription
/// backend, StoreKit's reads, the paywall presenter and the purchaser, plus a recording logger, a
/// key-value store (hand a second fixture the same store for a relaunch) and a hand-moved clock.
/// The app-level and the monetization-level test fixtures both hold one (and reach its members
/// through `@dynamicMember` lookup).
@MainActor
public final class MonetizationFakeSet {
  public let calls = CallLog()
  public let clock: TestClock
  public let store: InMemoryKeyValueStore
  public let logger = RecordingMonetizationLogger()
  public let backend: FakeSubscriptionBackend
  public let storeKit: FakeStoreEntitlements
  public let presenter: FakePaywallPresenter
  public let purchaser: FakePurchaser

  public init(store: InMemoryKeyValueStore = InMemoryKeyValueStore(), clock: TestClock = TestClock()) {
    self.store = store
    self.clock = clock
    backend = FakeSubscriptionBackend(calls: calls)
    storeKit = FakeStoreEntitlements(calls: calls)
    presenter = FakePaywallPresenter(calls: calls)
    purchaser = FakePurchaser(calls: calls)
  }

  public var now: Date { clock.now }
}
