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
}
