import AppCore
import Foundation
import Monetization
import TestSupport
import Testing

/// Path 9's sentence: a promoted purchase (the App Store's product page) that did not go through is
/// told in the app's one message queue, never over a paywall, even when it failed before the app
/// model existed.
@Suite("App model: a promoted purchase's notice", .timeLimit(.minutes(5)))
@MainActor
struct PromotedPurchaseNoticeTests {
  static let refused = PurchaseFailure.purchaseNotAllowed.userMessage

  @Test func aFailedPromotedPurchaseIsAMessageThatWaitsForThePaywallToClose() async throws {
    let app = try await AppModelFixture.launchedFree(defaultMode: .observer)
    let attempt = Task { await app.model.monetization.attempt(.favorites) {} }
    try await bounded("the paywall") { await app.presenter.waitUntilDisplaying() }
    app.purchaser.purchaseResults = [.failed(.purchaseNotAllowed)]
    app.purchaser.sendPromoted(MonetizationFixtures.annual)
    try await bounded("the promoted purchase") { await app.logger.waitUntil(1, .purchaseFailed) }
    // Queued, not shown: the paywall is up.
    #expect(app.model.navigation.waitingMessages.map(\.text) == [Self.refused])
    #expect(app.model.navigation.message == nil)
    app.presenter.dismiss(with: MonetizationFixtures.outcome(.cancelled))
    #expect(try await bounded { await attempt.value } == .rolledBack(.paywallClosed))
    let message = try #require(app.model.navigation.message)
    #expect(message.text == Self.refused)
    app.model.navigation.dismissMessage(message.id)
    #expect(app.model.navigation.waitingMessages.isEmpty)
  }

  @Test func aPromotedPurchaseThatFailedBeforeTheAppModelExistedIsToldOnceItDoes() async throws {
    let fakes = MonetizationFakeSet()
    let monetization = fakes.appMonetization(mode: .observer)
    fakes.purchaser.purchaseResults = [.failed(.purchaseNotAllowed)]
    // The App Store launched the app for a promoted purchase: it arrives with the listener.
    fakes.purchaser.sendPromoted(MonetizationFixtures.monthly)
    monetization.beginLaunch()
    try await bounded("the promoted purchase") { await fakes.logger.waitUntil(1, .purchaseFailed) }
    let content = TestContent(clock: fakes.clock)
    let model = AppModel(monetization: monetization, content: content.dependencies())
    #expect(model.navigation.message?.text == Self.refused)
    #expect(model.navigation.waitingMessages.count == 1)
  }
}
