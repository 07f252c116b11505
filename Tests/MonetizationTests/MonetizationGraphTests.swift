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
    AppSettings(store: store, whenNoneStored: .full).setRunningMode(.observer)
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
    harness.onEntitlementChange = { old, new in heard.append((old.isPremium, new.isPremium)) }
    harness.startBackend()
    harness.backend.answer([
      MonetizationFixtures.subscription(.autoRenewing, renews: harness.now.addingTimeInterval(20 * day))
    ])
    await harness.entitlements.refresh(.launch)
    #expect(heard.count == 1)
    #expect(heard.first?.old == false)
    #expect(heard.first?.new == true)
  }

  /// Everything the graph wires is given at construction: a change reaches the purchase
  /// coordinator (the Ask to Buy wait ends), then the app's hook (which sees the wait over and the
  /// paywall still up), then the paywall on screen closes.
  @Test func aChangeReachesThePurchasesThenTheAppThenThePaywallInThatOrder() async throws {
    let harness = Harness(mode: .observer)
    var seenByTheApp: [(awaitingApproval: Bool, paywallsClosed: Int)] = []
    harness.onEntitlementChange = { [unowned harness] _, new in
      guard new.isPremium else { return }
      seenByTheApp.append((harness.purchases.isAwaitingApproval, harness.presenter.closeAllCount))
    }
    harness.startBackend()
    harness.purchaser.purchaseResults = [.pending]
    _ = try await bounded { await harness.purchases.handlePurchase(plan: MonetizationFixtures.monthlyPlan) }
    #expect(harness.purchases.isAwaitingApproval)
    let shown = Task { await harness.paywalls.present(placement: Placement.premium) }
    try await bounded { await harness.presenter.waitUntilDisplaying() }
    let approved = harness.activeTransaction(id: 15)
    harness.storeKitHas(approved)
    await harness.purchases.handle(.verified(approved))
    #expect(seenByTheApp.count == 1)
    #expect(seenByTheApp.first?.awaitingApproval == false)
    #expect(seenByTheApp.first?.paywallsClosed == 0)
    #expect(harness.presenter.closeAllCount == 1)
    _ = try await bounded { await shown.value }
  }

  /// The backoff paces the automatic retries; a gated tap is the user asking now, and the network
  /// may be back: it tries a start before the paywall loads.
  @Test func aGatedTapDuringTheBackoffTriesAStart() async throws {
    let harness = Harness()
    harness.backend.startResult = .failure(.network)
    await harness.graph.backendStart.start()
    harness.backend.startResult = .success(())
    harness.graph.backendStart.launchDidEnd()
    harness.clock.advance(by: 5)
    await harness.graph.backendStart.retryIfDue()
    #expect(harness.backend.startedModes == [.full], "the foreground keeps to the backoff")
    harness.presenter.outcomes = [MonetizationFixtures.outcome(.cancelled)]
    _ = try await bounded { await harness.gates.attempt(.favorites) {} }
    #expect(harness.backend.startedModes == [.full, .full])
    let entries = harness.calls.entries
    let retried = try #require(entries.lastIndex(of: "backend.start"))
    let loaded = try #require(entries.firstIndex(of: "paywall.load"))
    #expect(retried < loaded)
    #expect(harness.logger.events.contains(.backendStarted(mode: .full)))
  }

  /// A failed SDK start is retried before a paywall loads, through the start the graph built (the
  /// paywall flow is given the retry at construction).
  @Test func aPaywallRequestRetriesAFailedStartThroughTheGraphsOwnStart() async throws {
    let harness = Harness()
    harness.backend.startResult = .failure(.network)
    await harness.graph.backendStart.start()
    #expect(harness.backend.startedModes == [.full])
    harness.backend.startResult = .success(())
    harness.graph.backendStart.launchDidEnd()
    harness.clock.advance(by: 3600)
    harness.presenter.outcomes = [MonetizationFixtures.outcome(.cancelled)]
    _ = try await bounded { await harness.paywalls.present(placement: Placement.premium) }
    #expect(harness.backend.startedModes == [.full, .full])
    let entries = harness.calls.entries
    let retried = try #require(entries.lastIndex(of: "backend.start"))
    let loaded = try #require(entries.firstIndex(of: "paywall.load"))
    #expect(retried < loaded)
  }
}
