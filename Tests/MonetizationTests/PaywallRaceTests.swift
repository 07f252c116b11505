import Foundation
import Monetization
import TestSupport
import Testing

/// The two races inside the paywall flow: a load against its timeout (the loser is cancelled, so
/// a preload that never answers does not stay behind) and a display against its watchdog (the
/// display is never cancelled: a paywall ends only when the user or `closeAll()` dismisses it).
@Suite("Paywall races: what the loser of each race is left with", .timeLimit(.minutes(1)))
@MainActor
struct PaywallRaceTests {
  @Test func loadThatLosesToTheTimeoutIsCancelled() async throws {
    let harness = Harness(configuration: MonetizationFixtures.configuration(timeout: .seconds(8)))
    harness.presenter.hangingPlacements = [Placement.premium]
    let attempt = Task { await harness.paywalls.present(placement: Placement.premium) }
    try await bounded { await harness.presenter.waitUntilLoadHangs() }
    try await bounded { await harness.clock.waitUntilSleeping() }
    harness.clock.advance(by: 8)
    #expect(try await bounded { await attempt.value } == .unavailable(.timedOut))
    // The hanging load answers only once cancelled; it counts itself when it does.
    try await bounded("the timed-out load's cancellation") {
      while harness.presenter.cancelledLoads == 0 { await Task.yield() }
    }
    #expect(harness.presenter.cancelledLoads == 1)
  }

  @Test func displayThatLosesToTheWatchdogIsNotCancelled() async throws {
    let harness = Harness(
      configuration: MonetizationConfiguration(
        subscriptionGroupID: MonetizationFixtures.groupID, paywallDisplayTimeout: .seconds(5)))
    harness.presenter.displayBehaviour = .neverReports
    let refused = Task { await harness.paywalls.present(placement: Placement.premium) }
    try await bounded { await harness.clock.waitUntilSleeping() }
    harness.clock.advance(by: 5)
    #expect(try await bounded { await refused.value } == .unavailable(.displayFailed))
    // The lost presentation ends later (its process goes away); its task was left alone.
    harness.presenter.silentDisplays.releaseAll()
    try await bounded("the lost display's return") {
      while harness.presenter.finishedDisplays == 0 { await Task.yield() }
    }
    #expect(harness.presenter.cancelledDisplays == 0)
  }
}
