import AppCore
import AppNavigation
import Foundation
import Monetization
import NASA
import Notifications
import TestSupport
import Testing

@Suite("Links: widget taps, spacer:// links, the reminder and the App Shortcut")
@MainActor
struct AppLinkTests {
  /// A widget tap on today's picture opens Today (it used to open Explore).
  @Test func aWidgetTapOnTodaysPictureOpensTodayAtItsRoot() async throws {
    let app = AppModelFixture()
    app.model.navigation.select(.favorites)
    let today = APODDay.today(now: app.now)
    #expect(await app.model.open(url: DeepLink.url(for: .day(today))))
    #expect(app.model.navigation.tab == .today)
    guard case .loaded(let content) = app.model.today.state else {
      Issue.record("expected Today to show a picture, got \(app.model.today.state)")
      return
    }
    #expect(content.apod.date == today)
  }

  /// Before NASA publishes, the widget shows yesterday's picture, as Today does: a tap at a cold
  /// launch opens Today, not a detail on Explore.
  @Test func aWidgetTapBeforePublicationOpensToday() async throws {
    let app = AppModelFixture()
    let current = APODDay.today(now: app.now)
    await app.content.source.answer { day in
      day == current ? .failure(.notPublishedYet(day)) : .success(sampleAPOD(day))
    }
    #expect(await app.model.open(url: DeepLink.url(for: .day(current.previous))))
    #expect(app.model.navigation.tab == .today)
    #expect(app.model.navigation.explore.path.isEmpty)
    guard case .loaded(let content) = app.model.today.state else {
      Issue.record("expected Today to show a picture, got \(app.model.today.state)")
      return
    }
    #expect(content.apod.date == current.previous)
  }

  @Test func theTodayLinkOpensTodayOnTheCurrentDay() async throws {
    let app = AppModelFixture()
    #expect(await app.model.open(url: DeepLink.url(for: .today)))
    #expect(app.model.navigation.tab == .today)
    guard case .loaded(let content) = app.model.today.state else {
      Issue.record("expected Today to show a picture, got \(app.model.today.state)")
      return
    }
    #expect(content.apod.date == APODDay.today(now: app.now))
  }

  /// Another day's link pushes that day's detail on Explore, above what was there (the search
  /// results here), and the day is loaded on the way.
  @Test func aDayLinkPushesThatDaysDetailOnExplore() async throws {
    let app = AppModelFixture()
    let day = APODDay.today(now: app.now).previous
    app.model.navigation.select(.explore)
    app.model.navigation.searchActive(true)
    #expect(await app.model.open(url: DeepLink.url(for: .day(day))))
    #expect(app.model.navigation.tab == .explore)
    #expect(app.model.navigation.explore.root == .searchResults)
    #expect(app.model.navigation.explore.path == [day])
    guard case .loaded(let content) = app.model.explore.state, case .loaded(let picked)? = content.picked
    else {
      Issue.record("expected Explore to have loaded the day, got \(app.model.explore.state)")
      return
    }
    #expect(picked.apod.date == day)
  }

  @Test func everyReminderRequestOpensTodayAndOtherNotificationsNothing() async throws {
    let app = AppModelFixture()
    app.model.navigation.select(.profile)
    await app.model.openNotification(NotificationTap(requestIdentifier: "someone-else", deliveredAt: app.now))
    #expect(app.model.navigation.tab == .profile)
    for identifier in ReminderPlan.identifiers {
      app.model.navigation.select(.profile)
      await app.model.openNotification(NotificationTap(requestIdentifier: identifier, deliveredAt: app.now))
      #expect(app.model.navigation.tab == .today, "\(identifier)")
    }
  }

  @Test func aReminderTappedAfterItsDayOpensTheDayItRangFor() async throws {
    let app = AppModelFixture()
    let rang = app.now
    app.clock.advance(by: 86_400)
    await app.model.openNotification(
      NotificationTap(requestIdentifier: ReminderScheduler.requestIdentifier, deliveredAt: rang))
    #expect(app.model.navigation.tab == .explore)
    #expect(app.model.navigation.explore.path == [APODDay.today(now: rang)])
    // Delivered "later" than now (the device's clock set back since): Today.
    await app.model.openNotification(
      NotificationTap(
        requestIdentifier: ReminderScheduler.requestIdentifier,
        deliveredAt: app.now.addingTimeInterval(3 * 86_400)))
    #expect(app.model.navigation.tab == .today)
  }

  @Test func anotherLinkGoesNowhere() async {
    let app = AppModelFixture()
    app.model.navigation.select(.favorites)
    #expect(await app.model.open(url: URL(string: "https://apod.nasa.gov/apod/")!) == false)
    #expect(app.model.navigation.tab == .favorites)
  }

  /// A cold launch: the link arrives before the app model exists and is applied once it attaches.
  @Test func aLinkBeforeTheModelIsAppliedOnceItExists() async throws {
    let inbox = LinkInbox()
    let day = try APODDay(iso: "2026-01-10")
    inbox.deliver(DeepLink.url(for: .day(day)))
    let app = AppModelFixture()
    var opened: [URL] = []
    inbox.attach { opened.append($0) }
    #expect(opened.count == 1)
    for url in opened { await app.model.open(url: url) }
    #expect(app.model.navigation.explore.path == [day])
  }
}

@Suite("Messages: one queue for every alert", .timeLimit(.minutes(5)))
@MainActor
struct AppMessageTests {
  @Test func theFavoritesStoreNoticeIsAMessage() {
    let app = AppModelFixture()
    app.model.announceFavoritesStore("Your favorites could not be opened.")
    #expect(app.model.navigation.message?.text == "Your favorites could not be opened.")
    #expect(app.model.navigation.message?.title == "Favorites")
  }

  /// No message over a paywall: one already waiting hides while the gate's paywall is up.
  @Test func aMessageWaitsWhileTheGatesPaywallIsUp() async throws {
    let app = try await AppModelFixture.launchedFree()
    app.model.announceFavoritesStore("Your favorites could not be opened.")
    #expect(app.model.navigation.message != nil)
    let attempt = Task { await app.model.monetization.attempt(.favorites) {} }
    try await bounded { await app.presenter.waitUntilDisplaying() }
    #expect(app.model.navigation.message == nil)
    app.presenter.dismiss(with: MonetizationFixtures.outcome(.none, close: .button))
    _ = try await bounded { await attempt.value }
    #expect(app.model.navigation.message?.text == "Your favorites could not be opened.")
  }

  @Test func dismissingAGateNoticeClearsIt() async throws {
    let app = try await AppModelFixture.launchedFree(defaultMode: .observer)
    app.purchaser.purchaseResults = [.pending]
    let interceptor = try #require(app.model.monetization.paywallInterceptor)
    let attempt = Task { await app.model.monetization.attempt(.favorites) {} }
    try await bounded { await app.presenter.waitUntilDisplaying() }
    _ = try await bounded { await interceptor.purchase(MonetizationFixtures.monthlyPlan, nil, nil) }
    app.presenter.dismiss(with: MonetizationFixtures.outcome(.none, close: .programmatic))
    _ = try await bounded { await attempt.value }
    let message = try #require(app.model.navigation.message)
    app.model.navigation.dismissMessage(message.id)
    #expect(app.model.gateNotice == nil)
    #expect(app.model.navigation.message == nil)
  }
}

@Suite("The app graph: once per process")
@MainActor
struct AppGraphOnceTests {
  @MainActor final class Builds {
    var fixtures: [AppModelFixture] = []
  }

  /// Two scenes' roots ask for the graph at the same time, then a reconnected scene asks again:
  /// one graph is built and all three get it.
  @Test func twoScenesSeeOneGraph() async throws {
    let graph = BuiltOnce<AppModel>()
    let builds = Builds()
    let build: @MainActor @Sendable () async -> AppModel = {
      let fixture = AppModelFixture()
      builds.fixtures.append(fixture)
      return fixture.model
    }
    async let first = graph.value(build)
    async let second = graph.value(build)
    let (a, b) = await (first, second)
    let third = await graph.value(build)
    #expect(a === b)
    #expect(a === third)
    #expect(builds.fixtures.count == 1)
    #expect(graph.builds == 1)
  }
}

@Suite("Handoff: the day on screen, and a page continued from another device")
@MainActor
struct AppHandoffTests {
  @Test func todayOffersThePictureItShowsBeforePublicationYesterdays() async throws {
    let app = AppModelFixture()
    let current = APODDay.today(now: app.now)
    await app.content.source.answer { day in
      day == current ? .failure(.notPublishedYet(day)) : .success(sampleAPOD(day))
    }
    #expect(app.model.navigation.handoffPage(todayShows: app.model.todayShows) == nil)
    await app.model.today.load()
    #expect(
      app.model.navigation.handoffPage(todayShows: app.model.todayShows)
        == APOD.legacyPageURL(for: current.previous))
  }

  @Test func aContinuedPageOpensThatDaysDetail() async throws {
    let app = AppModelFixture()
    let day = APODDay.today(now: app.now).advanced(by: -10)
    let link = try #require(Handoff.link(continuing: APOD.legacyPageURL(for: day)))
    #expect(await app.model.open(url: link))
    #expect(app.model.navigation.tab == .explore)
    #expect(
      app.model.navigation.handoffPage(todayShows: app.model.todayShows) == APOD.legacyPageURL(for: day))
  }
}
