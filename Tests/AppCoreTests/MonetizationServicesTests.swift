import AppCore
import Foundation
import Monetization
import TestSupport
import Testing

/// The app's dependencies hand the monetization graph their own services, unchanged.
@Suite("Dependencies → MonetizationGraph")
@MainActor
struct MonetizationServicesTests {
  @Test func theGraphRunsOnTheAppsOwnServicesAndStoredMode() {
    let clock = TestClock()
    let store = InMemoryKeyValueStore()
    AppSettings(store: store, whenNoneStored: .full).setRunningMode(.observer)
    let backend = FakeSubscriptionBackend()
    let purchaser = FakePurchaser()
    let logger = RecordingMonetizationLogger()
    let dependencies = MonetizationDependencies(
      keyValueStore: store, subscriptionBackend: backend, storeEntitlements: FakeStoreEntitlements(),
      paywallPresenter: FakePaywallPresenter(), purchaser: purchaser,
      subscriptionManagement: FakeSubscriptionManagement(), monetizationLogger: logger,
      configuration: MonetizationFixtures.configuration(), clock: clock)
    let services = dependencies.monetizationServices
    #expect((services.store as? InMemoryKeyValueStore) === store)
    #expect((services.backend as? FakeSubscriptionBackend) === backend)
    #expect((services.purchaser as? FakePurchaser) === purchaser)
    #expect((services.logger as? RecordingMonetizationLogger) === logger)
    #expect((services.clock as? TestClock) === clock)
    let graph = MonetizationGraph(services: services, configuration: dependencies.configuration)
    #expect(graph.mode == .observer)
  }
}
