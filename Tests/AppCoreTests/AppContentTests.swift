import AppCore
import Favorites
import Foundation
import Monetization
import NASA
import Notifications
import TestSupport
import Testing

@Suite("App model: favorites behind the Premium gate", .timeLimit(.minutes(5)))
@MainActor
struct AppFavoritesTests {
  private func todaysAPOD(_ app: AppModelFixture) async throws -> APOD {
    await app.model.today.load()
    guard case .loaded(let content) = app.model.today.state else {
      throw TestFailure("Today did not load: \(app.model.today.state)")
    }
    return content.apod
  }

  @Test func freeUserBuyingFromTheFavoriteTapSavesAndPinsTheImage() async throws {
    let app = try await AppModelFixture.launchedFree()
    let apod = try await todaysAPOD(app)
    app.presenter.onDisplay = { [backend = app.backend] _ in
      backend.answer([MonetizationFixtures.subscription(.autoRenewing)])
      return MonetizationFixtures.outcome(.purchased, plan: MonetizationFixtures.monthlyPlan)
    }

    let saved = try await bounded { await app.model.heart.toggle(apod) }

    #expect(saved)
    #expect(app.model.heart.isFavorite(apod))
    #expect(await app.content.favorites.stored[apod.date] != nil)
    let image = try #require(apod.hdImageURL)
    #expect(await app.model.images.pipeline.isPinned(image))
    #expect(app.model.gateNotice == nil)
  }

  @Test func closingThePaywallSavesNothingAndSaysNothing() async throws {
    let app = try await AppModelFixture.launchedFree()
    let apod = try await todaysAPOD(app)
    app.presenter.outcomes = [MonetizationFixtures.outcome(.cancelled)]

    let saved = try await bounded { await app.model.heart.toggle(apod) }

    #expect(!saved)
    #expect(await app.content.favorites.stored.isEmpty)
    #expect(app.model.gateNotice == nil)
  }

  @Test func aPaywallThatCannotLoadResolvesTheTapWithAClearNotice() async throws {
    let app = try await AppModelFixture.launchedFree()
    let apod = try await todaysAPOD(app)
    app.presenter.loadResults[Placement.premium] = .failed(.noNetwork)

    let saved = try await bounded { await app.model.heart.toggle(apod) }

    #expect(!saved)
    #expect(app.model.gateNotice == PaywallUnavailableReason.noNetwork.userMessage)
    let message = try #require(app.model.navigation.message)
    #expect(message.text == PaywallUnavailableReason.noNetwork.userMessage)
    app.model.navigation.dismissMessage(message.id)
    #expect(app.model.gateNotice == nil)
  }

  @Test func aSaveTheStoreRefusesSaysWhyNextToThatDaysHeartOnly() async throws {
    let store = InMemoryKeyValueStore()
    let seed = AppModelFixture(store: store)
    EntitlementSnapshotStore(store: store).save(seed.subscriberSnapshot())
    let app = AppModelFixture(store: store)
    app.backend.answer([MonetizationFixtures.subscription(.autoRenewing)])
    try await bounded { await app.model.launch() }
    let apod = try await todaysAPOD(app)
    let otherDay = sampleAPOD(APODDay.today(now: app.now).previous)
    await app.content.favorites.setWriteFailure(.diskFull)

    let saved = await app.model.heart.toggle(apod)

    #expect(!saved)
    #expect(app.model.heart.failure(for: apod) == FavoritesRepositoryError.diskFull.message)
    #expect(app.model.heart.failure(for: otherDay) == nil)

    // The next tap that works clears it.
    await app.content.favorites.setWriteFailure(nil)
    #expect(await app.model.heart.toggle(apod))
    #expect(app.model.heart.failure(for: apod) == nil)
  }

  @Test func losingPremiumLocksFavoritesButKeepsThemAndPremiumReturningShowsThemAgain() async throws {
    let store = InMemoryKeyValueStore()
    let seed = AppModelFixture(store: store)
    EntitlementSnapshotStore(store: store).save(seed.subscriberSnapshot())
    let app = AppModelFixture(store: store)
    let favorite = Favorite(
      apod: sampleAPOD(APODDay.today(now: app.now)), dateAdded: app.now)
    try await app.content.favorites.save(favorite)

    app.backend.answer([MonetizationFixtures.subscription(.autoRenewing)])
    try await bounded { await app.model.launch() }
    #expect(app.model.favorites.state == .loaded([favorite]))

    // The subscription ends: a successful check finds nothing.
    app.backend.answer([])
    app.clock.advance(by: MonetizationFixtures.day)
    try await bounded { await app.model.enterForeground() }
    #expect(app.model.favorites.state == .locked)
    #expect(await app.content.favorites.stored[favorite.date] == favorite)

    // Premium comes back.
    app.backend.answer([MonetizationFixtures.subscription(.autoRenewing)])
    app.clock.advance(by: MonetizationFixtures.day)
    try await bounded { await app.model.enterForeground() }
    #expect(app.model.favorites.state == .loaded([favorite]))
  }
}

@Suite("App model: content lifecycle", .timeLimit(.minutes(5)))
@MainActor
struct AppContentLifecycleTests {
  @Test func foregroundAsksForTodayOnlyOnceTheAPODDayHasAdvanced() async throws {
    let app = try await AppModelFixture.launchedFree()
    await app.model.today.load()
    let afterFirstLoad = await app.content.source.callCount
    #expect(afterFirstLoad == 1)

    try await bounded { await app.model.enterForeground() }
    #expect(await app.content.source.callCount == afterFirstLoad)

    app.clock.advance(by: MonetizationFixtures.day)
    try await bounded { await app.model.enterForeground() }
    #expect(await app.content.source.callCount == afterFirstLoad + 1)
  }

  @Test func tappingTheReminderOpensTodayOnTheCurrentAPODDay() async throws {
    let app = try await AppModelFixture.launchedFree()
    await app.model.today.load()
    app.clock.advance(by: MonetizationFixtures.day)  // the reminder fires the next day

    app.model.navigation.select(.explore)
    await app.model.openNotification(
      NotificationTap(requestIdentifier: ReminderScheduler.requestIdentifier, deliveredAt: app.now))

    #expect(app.model.navigation.tab == .today)
    guard case .loaded(let content) = app.model.today.state else {
      Issue.record("expected Today to show a picture, got \(app.model.today.state)")
      return
    }
    #expect(content.apod.date == APODDay.today(now: app.now))
  }

  @Test func anotherNotificationOpensNothing() async {
    let app = AppModelFixture()
    app.model.navigation.select(.favorites)
    await app.model.openNotification(
      NotificationTap(requestIdentifier: "something.else", deliveredAt: app.now))
    #expect(app.model.navigation.tab == .favorites)
  }

  @Test func onlyActiveAfterBackgroundCountsAsReturningToTheForeground() async throws {
    let app = try await AppModelFixture.launchedFree()
    let checks = app.calls.count("backend.activeSubscriptions")
    app.clock.advance(by: MonetizationFixtures.day)

    // Control Center or an alert: inactive and back, not a foreground return.
    await app.model.scenePhaseDidChange(to: .inactive)
    await app.model.scenePhaseDidChange(to: .active)
    #expect(app.calls.count("backend.activeSubscriptions") == checks)

    await app.model.scenePhaseDidChange(to: .background)
    await app.model.scenePhaseDidChange(to: .inactive)
    await app.model.scenePhaseDidChange(to: .active)
    #expect(app.calls.count("backend.activeSubscriptions") == checks + 1)

    // Once only: a second .active without a new background does nothing.
    await app.model.scenePhaseDidChange(to: .active)
    #expect(app.calls.count("backend.activeSubscriptions") == checks + 1)
  }

  @Test func reminderBodyNamesTheLatestCachedPictureWithoutARequest() async throws {
    let app = try await AppModelFixture.launchedFree()
    await app.model.today.load()
    let calls = await app.content.source.callCount

    await app.model.profile.reminder.setEnabled(true)

    let request = try #require(await app.content.notificationCenter.pending.first)
    #expect(request.body.contains("Sample \(APODDay.today(now: app.now).iso)"))
    #expect(await app.content.source.callCount == calls)
  }

  @Test func aDayShownInExploreOpensAsAFavoritesDetailFromTheCacheWithoutARequest() async throws {
    let app = AppModelFixture()
    let shown = APODDay.today(now: app.now).advanced(by: -2)
    await app.model.explore.loadDay(shown)
    let calls = await app.content.source.callCount
    let detail = try #require(
      app.model.favorites.detail(for: Favorite(apod: sampleAPOD(shown), dateAdded: app.now)))

    await detail.load()

    guard case .full(let apod) = detail.state else {
      Issue.record("expected the full APOD, got \(detail.state)")
      return
    }
    #expect(apod.date == shown)
    #expect(await app.content.source.callCount == calls)
  }

  @Test func cancelledRestoreFromProfileShowsNoAlert() async throws {
    let store = InMemoryKeyValueStore()
    store.setString(RunningMode.observer.rawValue, forKey: StoredRunningMode.key)
    let app = AppModelFixture(store: store)
    app.purchaser.restoreResult = .failure(.userCancelled)
    try await bounded { await app.model.profile.restore() }
    #expect(app.model.profile.restoreReport == nil)
  }

  @Test func viewerImageStartsFromTheStandardImageAndUpgradesToHD() throws {
    let app = AppModelFixture()
    let apod = APOD(
      date: APODDay.first, title: "t", explanation: "", mediaType: .image,
      url: URL(string: "https://apod.nasa.gov/apod/image/9506/a.jpg"),
      hdurl: URL(string: "https://apod.nasa.gov/apod/image/9506/a_big.jpg"),
      pageURL: APOD.legacyPageURL(for: APODDay.first), source: .v1)
    let model = try #require(app.model.images.progressiveImage(for: apod))
    #expect(model.previewURL == apod.imageURL)
    #expect(model.hdURL == apod.hdImageURL)
  }

  @Test func contentWithoutAnImageHasNoViewerImage() {
    let app = AppModelFixture()
    let other = APOD(
      date: APODDay.first, title: "Interactive", explanation: "", mediaType: .other,
      pageURL: APOD.legacyPageURL(for: APODDay.first), source: .v1)
    #expect(app.model.images.progressiveImage(for: other) == nil)
  }

  @Test func viewerImageIsTheImageTheHeroShows() throws {
    let app = AppModelFixture()
    let samples: [(String, APODSourceKind)] = [
      (APODFixtures.v1Image, .v1), (APODFixtures.v1GIF, .v1), (APODFixtures.v1PermalinkURL, .v1),
      (APODFixtures.apodBasicImage, .apodBasic),
    ]
    for (payload, format) in samples {
      let apod: APOD = try APOD.decode(Data(payload.utf8))
      #expect(apod.source == format, "\(apod.date)")
      guard case .image(let preview, let hd) = apod.hero else {
        Issue.record("\(apod.date) has no image hero: \(apod.hero)")
        continue
      }
      let model = try #require(app.model.images.progressiveImage(for: apod))
      #expect(model.previewURL == preview, "\(apod.date)")
      #expect(model.hdURL == hd, "\(apod.date)")
    }
  }
}

struct TestFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
