import Foundation
import Monetization
import Testing

/// The time limits the app runs with are product rules (how long a user waits before Spacer says
/// the store could not answer): pinned here so a change is a decision, not an accident. The rules
/// themselves (a late paywall resolves as timed out, an SDK call that never answers is
/// inconclusive) are tested on `TestClock` in their own suites.
@Suite struct ConfigurationDefaultsTests {
  @Test func aPaywallGetsTenSecondsToLoadFiveToAppearAndAnSDKCallFifteen() {
    let configuration = MonetizationConfiguration(subscriptionGroupID: "group")
    #expect(configuration.paywallLoadTimeout == .seconds(10))
    #expect(configuration.paywallDisplayTimeout == .seconds(5))
    #expect(configuration.backendCallTimeout == .seconds(15))
    #expect(configuration.defaultRunningMode == .full)
    #expect(configuration.grandfathering == nil)
  }

  /// The backend is asked again after 5 minutes in the foreground (a user who just bought on
  /// another device sees Premium within minutes, without a call on every app switch), 25 hours in
  /// the background (once a day, whatever the hour of the background wake) and 5 minutes in the
  /// sandbox (tests with accelerated renewals), after RevenueCat's cache windows.
  @Test func theBackendIsAskedAgainAfterFiveMinutesInFrontTwentyFiveHoursBehindFiveInTheSandbox() {
    let last = Date(timeIntervalSinceReferenceDate: 800_000_000)
    func checks(_ trigger: SyncTrigger, after seconds: TimeInterval, sandbox: Bool = false) -> Bool {
      SyncPolicy.plan(
        for: trigger, synchronizesBeforeForegroundCheck: false, lastBackendCheck: last, isSandbox: sandbox,
        now: last.addingTimeInterval(seconds)
      ).checkBackend
    }
    #expect(!checks(.foreground, after: 5 * 60 - 1))
    #expect(checks(.foreground, after: 5 * 60))
    #expect(!checks(.background, after: 25 * 3600 - 1))
    #expect(checks(.background, after: 25 * 3600))
    #expect(!checks(.background, after: 5 * 60 - 1, sandbox: true))
    #expect(checks(.background, after: 5 * 60, sandbox: true))
  }
}
