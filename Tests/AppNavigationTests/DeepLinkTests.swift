import AppNavigation
import Foundation
import NASA
import TestSupport
import Testing
import WidgetCore

/// 2026-11-23 17:00 UTC: 12:00 in New York, so today is 2026-11-23.
private let now = Date(timeIntervalSince1970: 1_795_453_200)

@Suite("Links: what a widget tap or a notification opens")
struct DeepLinkTests {
  @Test func todayOpensToday() {
    #expect(DeepLink(url: URL(string: "spacer://today")!, now: now) == .today)
  }

  @Test func aDayLinkOpensThatDay() throws {
    #expect(
      DeepLink(url: URL(string: "spacer://day/2024-03-03")!, now: now) == .day(try APODDay(iso: "2024-03-03"))
    )
  }

  @Test func theSchemeAndHostAreReadWithoutCase() throws {
    #expect(DeepLink(url: URL(string: "SPACER://Day/1995-06-16")!, now: now) == .day(.first))
  }

  @Test func aDayOutsideTheArchiveOpensToday() {
    #expect(DeepLink(url: URL(string: "spacer://day/2026-11-24")!, now: now) == .today)
    #expect(DeepLink(url: URL(string: "spacer://day/1995-06-15")!, now: now) == .today)
  }

  /// On a clock before 1995-06-16 every day is "after today"; the day's screen shows it if saved.
  @Test func onAResetClockADayLinkStillOpensThatDay() throws {
    let reset = Date(timeIntervalSince1970: 636_310_800)  // 1990-03-01 17:00 UTC
    #expect(
      DeepLink(url: URL(string: "spacer://day/2024-03-03")!, now: reset)
        == .day(try APODDay(iso: "2024-03-03")))
    #expect(DeepLink(url: URL(string: "spacer://day/1995-06-15")!, now: reset) == .today)
  }

  @Test(arguments: [
    "https://apod.nasa.gov/apod/astropix.html", "spacer://", "spacer://day", "spacer://day/2024-02-30",
    "spacer://day/2024-03-03/extra", "spacer://favorites", "spacer://today/now",
  ])
  func anythingElseIsNotASpacerLink(text: String) {
    #expect(DeepLink(url: URL(string: text)!, now: now) == nil)
  }

  @Test func theLinksTheAppWritesAreTheLinksItReads() throws {
    let day = try APODDay(iso: "2020-02-29")
    #expect(DeepLink(url: DeepLink.url(for: .day(day)), now: now) == .day(day))
    #expect(DeepLink(url: DeepLink.url(for: .today), now: now) == .today)
  }

  /// The widget cannot see this routing: it writes its links with `SpacerLink`, and a tap must
  /// open the day it shows (or Today when it shows none).
  @Test func aWidgetTapOpensTheDayTheWidgetShows() throws {
    let day = try APODDay(iso: "2026-11-22")
    let picture = WidgetTimelinePolicy.Entry.picture(
      day, title: "Day", imageURL: URL(string: "https://apod.nasa.gov/apod/image/a.jpg")!)
    #expect(DeepLink(url: picture.link, now: now) == .day(day))
    #expect(
      DeepLink(url: WidgetTimelinePolicy.Entry.placeholder(day, title: "Day").link, now: now) == .day(day))
    #expect(DeepLink(url: WidgetTimelinePolicy.Entry.openTheApp.link, now: now) == .today)
  }
}

/// The "Open Day" action: its date (`ShortcutDay`) becomes a link, posted like any other, and the
/// navigation opens it.
@Suite("Open Day (Shortcuts): the day goes through the app's navigation")
@MainActor
struct OpenDayLinkTests {
  @Test func aPickedDayOpensOnExploreAndTodayOnToday() throws {
    let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
    let nav = AppNavigation(clock: TestClock(now))
    // Midnight in Tokyo on November 20 (the 19th in New York): the 20th, pushed on Explore.
    let picked = try ShortcutDay(utc("2026-11-20T00:00:00+09:00"), timeZone: tokyo, now: now)
    #expect(nav.open(url: DeepLink.url(for: DeepLink(picked))))
    #expect(nav.tab == .explore)
    #expect(nav.explore.path == [try APODDay(iso: "2026-11-20")])
    // The device's date, a day ahead of New York: Today at its root.
    let tomorrowInTokyo = try ShortcutDay(utc("2026-11-24T01:00:00+09:00"), timeZone: tokyo, now: now)
    #expect(nav.open(url: DeepLink.url(for: DeepLink(tomorrowInTokyo))))
    #expect(nav.tab == .today)
    #expect(nav.explore.path == [try APODDay(iso: "2026-11-20")])
  }

  private func utc(_ text: String) -> Date {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    return formatter.date(from: text) ?? Date(timeIntervalSince1970: 0)
  }
}
