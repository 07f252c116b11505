import AppCore
import AppNavigation
import Foundation
import NASA
import TestSupport
import Testing

@Suite("Links: App Shortcut and widget")
@MainActor
struct AppLinkTests {
  @Test func theTodayLinkOpensTodayOnTheCurrentDay() async throws {
    let app = AppModelFixture()
    #expect(await app.model.router.open(url: DeepLink.url(for: .today)))
    #expect(app.model.router.destination == .today)
    guard case .loaded(let content) = app.model.today.state else {
      Issue.record("expected Today to show a picture, got \(app.model.today.state)")
      return
    }
    #expect(content.apod.date == APODDay.today(now: app.now))
  }

  @Test func aDayLinkOpensThatDayOnExplore() async throws {
    let app = AppModelFixture()
    let day = APODDay.today(now: app.now).previous
    #expect(await app.model.router.open(url: DeepLink.url(for: .day(day))))
    #expect(app.model.router.destination == .day(day))
    guard case .loaded(let content) = app.model.explore.state, case .loaded(let picked)? = content.picked
    else {
      Issue.record("expected Explore to show the day, got \(app.model.explore.state)")
      return
    }
    #expect(picked.apod.date == day)
  }

  @Test func anotherLinkGoesNowhere() async {
    let app = AppModelFixture()
    #expect(await app.model.router.open(url: URL(string: "https://apod.nasa.gov/apod/")!) == false)
    #expect(app.model.router.destination == nil)
  }
}
