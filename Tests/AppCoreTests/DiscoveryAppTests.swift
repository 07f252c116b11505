import AppCore
import AppNavigation
import ExploreCore
import Foundation
import Monetization
import NASA
import TestSupport
import Testing
import TodayCore

@Suite("Discovery: a past year on Today and Explore's random day open through the navigation")
@MainActor
struct DiscoveryAppTests {
  @Test func aPastYearOnTodayOpensThatDayOnExplore() async throws {
    let app = AppModelFixture()
    let onThisDay = try #require(app.model.today.onThisDay)
    await onThisDay.load()
    let year = try #require(onThisDay.years.first)
    #expect(year.day == OnThisDay(today: APODDay.today(now: app.now)).days.first)
    await onThisDay.tap(year.day)
    #expect(app.model.navigation.tab == .explore)
    #expect(app.model.navigation.explore.path == [year.day])
  }

  @Test func theRandomDayOpensLikeALinkToThatDay() async throws {
    let app = AppModelFixture()
    let picker = try #require(app.model.explore.randomDay)
    app.model.navigation.select(.explore)
    let day = await picker.openRandomDay()
    let today = APODDay.today(now: app.now)
    #expect(day >= APODDay.first && day <= today)
    if day == today {
      #expect(app.model.navigation.tab == .today)
    } else {
      #expect(app.model.navigation.tab == .explore)
      #expect(app.model.navigation.explore.path == [day])
    }
  }

  /// The history is kept in the settings store, so a relaunch (a new app over the same store)
  /// still avoids the last 30 days drawn, and keeps only 30.
  @Test func neverADayOfTheLastThirtyTriesEvenAcrossARelaunch() async throws {
    let store = InMemoryKeyValueStore()
    var drawn: [APODDay] = []
    for _ in 0..<3 {
      let app = AppModelFixture(store: store)
      let picker = try #require(app.model.explore.randomDay)
      for _ in 0..<25 {
        let day = await picker.openRandomDay()
        #expect(!drawn.suffix(RandomDay.memory).contains(day), "\(day.iso) was drawn in the last 30 tries")
        drawn.append(day)
      }
    }
    #expect(StoredRandomDays(store: store).loadHistory().days == Array(drawn.suffix(RandomDay.memory)))
  }

  /// A remembered history leaves one allowed day in a 31-day archive: the draw must be it.
  @Test func theDrawAvoidsTheStoredHistory() async throws {
    let store = InMemoryKeyValueStore()
    let clock = TestClock(ISO8601DateFormatter().date(from: "1995-07-16T19:00:00Z")!)
    let archive = Array(APODDay.first...APODDay.today(now: clock.now))
    #expect(archive.count == 31)
    let allowed = archive[17]
    StoredRandomDays(store: store).saveHistory(RandomDayHistory(days: archive.filter { $0 != allowed }))
    let app = AppModelFixture(store: store, clock: clock)
    let picker = try #require(app.model.explore.randomDay)
    #expect(await picker.openRandomDay() == allowed)
    #expect(app.model.navigation.explore.path == [allowed])
  }

  @Test func aDamagedHistoryReadsEmptyAndIsReplacedAtTheNextDraw() async throws {
    let store = InMemoryKeyValueStore()
    store.setData(Data("not a history".utf8), forKey: StoredRandomDays.key)
    #expect(StoredRandomDays(store: store).loadHistory().days.isEmpty)
    store.setData(Data(#"{"version":2,"days":["2020-01-01"]}"#.utf8), forKey: StoredRandomDays.key)
    #expect(StoredRandomDays(store: store).loadHistory().days.isEmpty)
    let app = AppModelFixture(store: store)
    let day = try await #require(app.model.explore.randomDay).openRandomDay()
    #expect(StoredRandomDays(store: store).loadHistory().days == [day])
  }
}
