import AppCore
import AppNavigation
import Foundation
import NASA
import TestSupport
import Testing
import ViewerCore

/// A pushed detail's day swipes reach its tab's stack through the swiping model the app makes for
/// that entry (`DayDetails.swiper(from:in:)`), as the detail views and the journeys use it.
@Suite("Detail swipes reach the tab's stack")
@MainActor
struct DetailSwipeAppTests {
  @Test func aSwipeInExploresDetailMovesTheDayShownNotThePath() async throws {
    let app = AppModelFixture()
    let opened = APODDay.today(now: app.now).previous
    let navigation = app.model.navigation
    navigation.select(.explore)
    navigation.openDay(opened)
    let entry = try #require(navigation.detail(on: .explore, openedOn: opened))
    let swiper = app.model.details.swiper(from: sampleAPOD(opened), in: entry.id)

    #expect(await swiper.swipe(.older))

    #expect(navigation.explore.top == opened.previous)
    #expect(navigation.explore.path == [opened])
    #expect(swiper.page.day == opened.previous)
  }

  /// The full-screen viewer's model reports nothing to a stack (its view reports to the sheet).
  @Test func theViewersSwipesLeaveTheStacksAlone() async throws {
    let app = AppModelFixture()
    let opened = APODDay.today(now: app.now).previous
    let navigation = app.model.navigation
    navigation.openFavorite(opened)
    let swiper = app.model.details.swiper(from: sampleAPOD(opened))
    #expect(await swiper.swipe(.older))
    #expect(navigation.favorites.top == opened)
  }

  /// A detail a link replaced (even on the same day) keeps swiping on screen for a moment: its
  /// report reaches nothing.
  @Test func aDetailReplacedByALinkReportsToNothing() async throws {
    let app = AppModelFixture()
    let opened = APODDay.today(now: app.now).previous.previous
    let navigation = app.model.navigation
    navigation.openDay(opened)
    let entry = try #require(navigation.detail(on: .explore, openedOn: opened))
    let swiper = app.model.details.swiper(from: sampleAPOD(opened), in: entry.id)
    _ = await app.model.open(url: DeepLink.url(for: .day(opened)))

    #expect(await swiper.swipe(.newer))

    #expect(navigation.explore.top == opened)
  }
}
