import AppNavigation
import Foundation
import NASA
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
