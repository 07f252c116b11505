import AppNavigation
import Foundation
import NASA
import TestSupport
import Testing

/// Handoff offers the day on screen as its APOD page, never over a paywall; a page Spacer offered
/// opens that day in Spacer on the other device.
@Suite("Navigation: the day offered to the user's other devices")
@MainActor
struct HandoffTests {
  private let clock = TestClock(Date(timeIntervalSince1970: 1_795_453_200))  // 2026-11-23, noon in New York

  private func page(_ iso: String) throws -> URL { APOD.legacyPageURL(for: try APODDay(iso: iso)) }

  @Test func todayOffersTheDayItShowsAndNothingBeforeIt() throws {
    let nav = AppNavigation(clock: clock)
    #expect(nav.handoffPage(todayShows: nil) == nil)
    #expect(nav.handoffPage(todayShows: try APODDay(iso: "2026-11-22")) == (try page("2026-11-22")))
    #expect(
      nav.handoffPage(todayShows: try APODDay(iso: "2026-11-22"))?.absoluteString
        == "https://apod.nasa.gov/apod/ap261122.html")
  }

  @Test func aDetailOffersTheDayItShowsAfterSwipesItsRootNothing() throws {
    let nav = AppNavigation(clock: clock)
    let today = try APODDay(iso: "2026-11-23")
    nav.select(.explore)
    #expect(nav.handoffPage(todayShows: today) == nil)
    nav.openDay(try APODDay(iso: "2026-11-02"))
    #expect(nav.handoffPage(todayShows: today) == (try page("2026-11-02")))
    let entry = try #require(nav.onScreen.detail).id
    nav.detailSwiped(entry, to: try APODDay(iso: "2026-11-03"))
    #expect(nav.handoffPage(todayShows: today) == (try page("2026-11-03")))
    nav.select(.favorites)
    #expect(nav.handoffPage(todayShows: today) == nil)
    nav.openFavorite(try APODDay(iso: "1995-06-16"))
    #expect(nav.handoffPage(todayShows: today) == (try page("1995-06-16")))
    nav.select(.profile)
    #expect(nav.handoffPage(todayShows: today) == nil)
  }

  @Test func theViewerOffersTheDayItSwipedTo() throws {
    let nav = AppNavigation(clock: clock)
    let today = try APODDay(iso: "2026-11-23")
    nav.present(.viewer(today))
    nav.sheetSwiped(to: try APODDay(iso: "2026-11-20"))
    #expect(nav.handoffPage(todayShows: today) == (try page("2026-11-20")))
    nav.dismissSheet()
    #expect(nav.handoffPage(todayShows: today) == (try page("2026-11-23")))
  }

  @Test func nothingIsOfferedWhileAPaywallIsUp() throws {
    final class Flow { var showing = false }
    let flow = Flow()
    let nav = AppNavigation(clock: clock) { flow.showing }
    let today = try APODDay(iso: "2026-11-23")
    nav.paywallWillAppear()
    #expect(nav.handoffPage(todayShows: today) == nil)
    nav.paywallDidClose()
    #expect(nav.handoffPage(todayShows: today) == (try page("2026-11-23")))
    flow.showing = true
    #expect(nav.handoffPage(todayShows: today) == nil)
  }

  @Test func aPageSpacerOfferedOpensThatDayAnyOtherURLNothing() throws {
    let link = try #require(Handoff.link(continuing: try page("2026-11-02")))
    #expect(DeepLink(url: link, now: clock.now) == .day(try APODDay(iso: "2026-11-02")))
    #expect(
      DeepLink(url: try #require(Handoff.link(continuing: try page("1995-06-16"))), now: clock.now)
        == .day(.first))
    for other in [
      "https://apod.nasa.gov/apod/astropix.html", "https://apod.nasa.gov/apod/ap26110.html",
      "https://example.com/apod/ap261102.html", "https://apod.nasa.gov/ap261102.html",
      "https://apod.nasa.gov/apod/ap261102.jpg",
    ] {
      #expect(Handoff.link(continuing: URL(string: other)) == nil, "\(other)")
    }
    #expect(Handoff.link(continuing: nil) == nil)
  }

  @Test func aContinuedPageReachesTheInboxAsItsLink() throws {
    let inbox = LinkInbox()
    Handoff.continued(page: URL(string: "https://example.com/"), inbox: inbox)
    #expect(inbox.pending == nil)
    Handoff.continued(page: try page("2026-11-02"), inbox: inbox)
    #expect(inbox.pending == URL(string: "spacer://day/2026-11-02"))
  }
}
