import AppCore
import AppNavigation
import Foundation
import Monetization
import NASA
import Sharing
import TestSupport
import Testing

/// What the app tells the review rule: the days it was opened, a favorite saved, a share sent, and
/// which of its messages are setbacks.
@Suite("App model: what the review rule is told", .timeLimit(.minutes(5)))
@MainActor
struct ReviewWiringTests {
  private let clock = TestClock()
  private static let day: TimeInterval = 24 * 60 * 60

  private func openedOnFiveDays(_ app: AppModelFixture) {
    for _ in 0..<5 {
      app.model.reviews.opened()
      clock.advance(by: Self.day)
    }
  }

  private func subscriber() -> AppModelFixture {
    let store = InMemoryKeyValueStore()
    let seed = AppModelFixture(store: store, clock: clock)
    EntitlementSnapshotStore(store: store).save(seed.subscriberSnapshot())
    return AppModelFixture(store: store, clock: clock)
  }

  private var picture: APOD { sampleAPOD(APODDay.today(now: clock.now).previous) }

  @Test func aFavoriteSavedFromTheHeartIsRealUse() async throws {
    let app = subscriber()
    openedOnFiveDays(app)
    let apod = picture
    #expect(!app.model.reviews.isDue)
    #expect(try await bounded { await app.model.heart.toggle(apod) })
    #expect(app.model.reviews.isDue)
  }

  @Test func aSentShareIsRealUse() {
    let app = AppModelFixture(clock: clock)
    openedOnFiveDays(app)
    #expect(!app.model.reviews.isDue)
    app.model.details.pictureShared()
    #expect(app.model.reviews.isDue)
  }

  @Test func savedToPhotosIsNoSetbackACouldNotSaveIs() async throws {
    let app = AppModelFixture(clock: clock)
    openedOnFiveDays(app)
    app.model.details.pictureShared()
    let library = PictureSaver(
      requestAccess: { .granted }, download: { _ in Data("jpeg".utf8) }, addToLibrary: { _ in })
    #expect(await app.model.details.saveToPhotos(picture, using: library) == .saved)
    #expect(!app.model.reviews.isDue)
    app.model.navigation.dismissMessage(try #require(app.model.navigation.message).id)
    #expect(app.model.reviews.isDue)

    let refused = PictureSaver(
      requestAccess: { .denied }, download: { _ in Data() }, addToLibrary: { _ in })
    #expect(await app.model.details.saveToPhotos(picture, using: refused) == .accessDenied)
    app.model.navigation.dismissMessage(try #require(app.model.navigation.message).id)
    #expect(!app.model.reviews.isDue)
    clock.advance(by: Self.day)
    #expect(app.model.reviews.isDue)
  }

  @Test func theLaunchAndEachReturnToTheAppCountTheDay() async throws {
    let app = AppModelFixture(clock: clock)
    app.presenter.outcomes = [MonetizationFixtures.outcome(.cancelled)]
    try await bounded { await app.model.launch() }
    #expect(app.model.reviews.rule.daysOpened.count == 1)
    await app.model.scenePhaseDidChange(to: .background)
    await app.model.scenePhaseDidChange(to: .active)
    #expect(app.model.reviews.rule.daysOpened.count == 1)
    clock.advance(by: Self.day)
    await app.model.scenePhaseDidChange(to: .inactive)
    await app.model.scenePhaseDidChange(to: .active)
    #expect(app.model.reviews.rule.daysOpened.count == 2)
  }

  @Test func aRestoreThatRestoredIsNoSetbackOneThatFailedIs() async throws {
    let store = InMemoryKeyValueStore()
    store.setString(RunningMode.observer.rawValue, forKey: StoredRunningMode.key)
    let app = AppModelFixture(store: store, clock: clock)
    app.purchaser.onRestore = { app.storeKit.entitlements = [.verified(app.activeTransaction(id: 71))] }
    try await bounded { await app.model.profile.restore() }
    #expect(app.model.profile.restoreReport?.outcome == .restored)
    #expect(app.model.navigation.message != nil)
    #expect(app.model.navigation.lastSetback == nil)

    let freshStore = InMemoryKeyValueStore()
    freshStore.setString(RunningMode.observer.rawValue, forKey: StoredRunningMode.key)
    let failing = AppModelFixture(store: freshStore, clock: clock)
    failing.purchaser.restoreResult = .failure(.networkError)
    try await bounded { await failing.model.profile.restore() }
    let outcome = try #require(failing.model.profile.restoreReport?.outcome)
    #expect(outcome != .restored)
    #expect(failing.model.navigation.lastSetback == clock.now)
  }
}
