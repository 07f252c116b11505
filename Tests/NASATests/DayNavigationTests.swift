import NASA
import Testing

@Suite("Swiping between days")
struct DayNavigationTests {
  let today = try! APODDay(iso: "2026-11-23")

  @Test func aDayInTheMiddleHasBothNeighbours() throws {
    let navigation = DayNavigation(day: try APODDay(iso: "2024-03-01"), today: today)
    #expect(navigation.older == (try APODDay(iso: "2024-02-29")))
    #expect(navigation.newer == (try APODDay(iso: "2024-03-02")))
  }

  @Test func theFirstAPODHasNoOlderDay() {
    let navigation = DayNavigation(day: .first, today: today)
    #expect(navigation.older == nil)
    #expect(navigation.newer == APODDay.first.next)
  }

  @Test func todayHasNoNewerDay() {
    let navigation = DayNavigation(day: today, today: today)
    #expect(navigation.newer == nil)
    #expect(navigation.older == today.previous)
  }

  @Test func aDayAfterTodayGoesBackToToday() throws {
    // The device clock was turned back after the day was opened.
    let navigation = DayNavigation(day: try APODDay(iso: "2026-11-25"), today: today)
    #expect(navigation.newer == nil)
    #expect(navigation.older == today)
  }

  @Test func prefetchesTheNeighboursInTheDirectionOfTravelFirst() throws {
    let navigation = DayNavigation(day: try APODDay(iso: "2024-03-01"), today: today)
    let older = try APODDay(iso: "2024-02-29")
    let newer = try APODDay(iso: "2024-03-02")
    #expect(navigation.prefetch() == [older, newer])
    #expect(navigation.prefetch(movingForward: true) == [newer, older])
    #expect(DayNavigation(day: today, today: today).prefetch() == [today.previous])
  }
}
