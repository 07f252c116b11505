import AppCore
import Favorites
import Foundation
import Monetization
import NASA
import TestSupport
import Testing

/// Constructor injection on the app's side: the SDK adapter and `AppMonetization` are given one
/// `PaywallEventsRelay` at construction, and `AppMonetization` answers it as it is built; the
/// content's favorites observers are given to `ContentDependencies` at construction.
@Suite("App wiring at construction", .timeLimit(.minutes(5)))
@MainActor
struct PaywallEventsWiringTests {
  @Test func observerModesButtonsReachThePurchaseCoordinatorThroughTheRelayOnceBuilt() async throws {
    let fakes = MonetizationFakeSet()
    let relay = PaywallEventsRelay()
    // The adapter exists first: before Core is built nothing answers its buttons.
    #expect(relay.interceptor == nil)
    let monetization = fakes.appMonetization(mode: .observer, paywallEvents: relay)
    #expect(relay.isAnswered)
    monetization.entitlements.backendDidStart(.success(()))
    let bought = MonetizationFixtures.transaction(
      id: 41, purchased: fakes.now, expires: fakes.now.addingTimeInterval(20 * MonetizationFixtures.day))
    fakes.purchaser.purchaseResults = [.purchased(.verified(bought))]
    let interceptor = try #require(relay.interceptor)
    let response = try await bounded {
      await interceptor.purchase(MonetizationFixtures.monthlyPlan, nil, nil)
    }
    #expect(response.result == .success)
    #expect(fakes.purchaser.purchasedProductIDs == [MonetizationFixtures.monthly])
    #expect(monetization.entitlements.entitlement.isPremium)
  }

  @Test func fullModeAnswersWithNoInterceptor() {
    let relay = PaywallEventsRelay()
    _ = MonetizationFakeSet().appMonetization(mode: .full, paywallEvents: relay)
    #expect(relay.isAnswered)
    #expect(relay.interceptor == nil)
  }

  @Test func anSDKOpenedPaywallsDismissalReportedBeforeCoreWasBuiltReachesItsOutcomePath() async throws {
    let fakes = MonetizationFakeSet()
    let relay = PaywallEventsRelay()
    let outcome = MonetizationFixtures.outcome(
      .purchased, plan: MonetizationFixtures.annualPlan, close: .programmatic)
    relay.paywallDismissed(outcome)
    let monetization = fakes.appMonetization(mode: .full, paywallEvents: relay)
    try await bounded("the dismissal through the relay") {
      await fakes.logger.waitUntil(1, .paywallDismissed)
    }
    #expect(
      fakes.logger.events.contains(
        .paywallDismissed(PaywallDismissal(placement: .openedBySDK, outcome: outcome))))
    // The SDK's own paywall (a promoted purchase in Full mode) held the slot: it is free again.
    monetization.paywalls.paywallOpenedBySDK()
    #expect(monetization.paywalls.isBusy)
    relay.paywallDismissed(outcome)
    try await bounded("the second dismissal") { await fakes.logger.waitUntil(2, .paywallDismissed) }
    #expect(!monetization.paywalls.isBusy)
  }

  @Test func favoritesObserversGivenAtConstructionAreToldWhatIsStored() async throws {
    let clock = TestClock()
    let content = TestContent(clock: clock)
    let observer = RecordingFavoritesObserver()
    let base = content.dependencies()
    let dependencies = ContentDependencies(
      apodRepository: base.apodRepository, imagePipeline: base.imagePipeline,
      favoritesRepository: base.favoritesRepository, notificationCenter: base.notificationCenter,
      reminderSettingsStore: base.reminderSettingsStore, links: base.links, versionText: base.versionText,
      favoritesObservers: [observer])
    let fakes = MonetizationFakeSet(clock: clock)
    let model = AppModel(
      monetization: fakes.appMonetization(mode: .full, paywallEvents: PaywallEventsRelay()),
      content: dependencies)
    await model.favorites.load()
    #expect(await observer.calls == [RecordingFavoritesObserver.Call(days: [], isUnlocked: false)])
  }
}
