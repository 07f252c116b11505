import Foundation
import Monetization
import TestSupport
import Testing

/// The graph the app and these tests build: the running mode is read once, and every
/// entitlement change reaches the purchase coordinator, the app's hook, then the paywall.
@Suite("Monetization graph: built once, wired once", .timeLimit(.minutes(5)))
@MainActor
struct MonetizationGraphTests {
  @Test func theStoredRunningModeWinsOverTheBuildDefaultAndAChangeWaitsForTheNextLaunch() {
    let store = InMemoryKeyValueStore()
    AppSettings(store: store).setRunningMode(.observer)
    let harness = Harness(mode: .full, store: store)
    #expect(harness.graph.mode == .observer)
    harness.graph.scheduleRunningMode(.full)
    #expect(harness.graph.mode == .observer)
    #expect(harness.graph.settings.pendingMode == .full)
    #expect(harness.logger.events.contains(.runningModeScheduled(active: .observer, next: .full)))
  }

  @Test func theAppHookHearsEveryChangeAfterThePurchaseCoordinator() async {
    let harness = Harness()
    var heard: [(old: Bool, new: Bool)] = []
    harness.graph.onEntitlementChange = { old, new in heard.append((old.isPremium, new.isPremium)) }
    harness.startBackend()
    harness.backend.answer([
      MonetizationFixtures.subscription(.autoRenewing, renews: harness.now.addingTimeInterval(20 * day))
    ])
    await harness.entitlements.refresh(.launch)
    #expect(heard.count == 1)
    #expect(heard.first?.old == false)
    #expect(heard.first?.new == true)
  }
}
