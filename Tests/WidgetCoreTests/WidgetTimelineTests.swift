import Foundation
import NASA
import Testing
import WidgetCore

/// 2026-11-23 17:00 UTC, noon in New York: today is 2026-11-23 and the next day begins at
/// 2026-11-24 05:00 UTC.
private let now = Date(timeIntervalSince1970: 1_795_453_200)
private let nextDayBegins = Date(timeIntervalSince1970: 1_795_496_400)

private func saved(_ iso: String, media: APODMediaType = .image, thumbnail: String? = nil) throws -> APOD {
  let day = try APODDay(iso: iso)
  return APOD(
    date: day, title: "Day \(iso)", explanation: "", mediaType: media,
    url: media == .image ? URL(string: "https://apod.nasa.gov/apod/image/\(day.yymmdd).jpg") : nil,
    thumbnailURL: thumbnail.flatMap(URL.init(string:)), pageURL: APOD.legacyPageURL(for: day), source: .v1)
}

@Suite("Widget: what it shows and when it reloads")
struct WidgetTimelineTests {
  let policy = WidgetTimelinePolicy()

  @Test func todaysPictureIsShownAndTheNextReloadIsJustAfterTheNextDayBegins() throws {
    let plan = policy.plan(
      newest: try saved("2026-11-23"), now: now, nextDayBegins: nextDayBegins, lastAttempt: nil)
    #expect(plan.fetchesFirst == false)
    #expect(plan.reloadAt == nextDayBegins.addingTimeInterval(5 * 60))
    guard case .picture(let day, _, _) = plan.entry else {
      Issue.record("expected a picture, got \(plan.entry)")
      return
    }
    #expect(day.iso == "2026-11-23")
  }

  @Test func aCacheBehindShowsTheNewestDayAndFetchesOnce() throws {
    let plan = policy.plan(
      newest: try saved("2026-11-22"), now: now, nextDayBegins: nextDayBegins, lastAttempt: nil)
    #expect(plan.fetchesFirst)
    #expect(plan.reloadAt == now.addingTimeInterval(30 * 60))
  }

  @Test func aRecentAttemptIsNotRepeatedUntilTheRetryInterval() throws {
    let tenMinutesAgo = now.addingTimeInterval(-10 * 60)
    let plan = policy.plan(
      newest: try saved("2026-11-22"), now: now, nextDayBegins: nextDayBegins, lastAttempt: tenMinutesAgo)
    #expect(plan.fetchesFirst == false)
    #expect(plan.reloadAt == tenMinutesAgo.addingTimeInterval(30 * 60))
  }

  @Test func anAttemptOutsideTheIntervalOrInTheFutureDoesNotHoldTheFetchBack() throws {
    let old = policy.plan(
      newest: try saved("2026-11-22"), now: now, nextDayBegins: nextDayBegins,
      lastAttempt: now.addingTimeInterval(-31 * 60))
    #expect(old.fetchesFirst)
    // A clock turned back must not silence the widget.
    let future = policy.plan(
      newest: try saved("2026-11-22"), now: now, nextDayBegins: nextDayBegins,
      lastAttempt: now.addingTimeInterval(3_600))
    #expect(future.fetchesFirst)
  }

  @Test func theRetryNeverWaitsPastTheNextDayButRespectsTheMinimum() throws {
    let lateEvening = nextDayBegins.addingTimeInterval(-20 * 60)
    let plan = policy.plan(
      newest: try saved("2026-11-22"), now: lateEvening, nextDayBegins: nextDayBegins, lastAttempt: nil)
    #expect(plan.reloadAt == nextDayBegins.addingTimeInterval(5 * 60))
    let justBefore = nextDayBegins.addingTimeInterval(-60)
    let soon = policy.plan(
      newest: try saved("2026-11-23"), now: justBefore, nextDayBegins: nextDayBegins, lastAttempt: nil)
    #expect(soon.reloadAt == justBefore.addingTimeInterval(15 * 60))
  }

  @Test func aVideoShowsItsThumbnailOrAPlaceholderWithItsTitle() throws {
    let withThumbnail = try saved(
      "2026-11-23", media: .video, thumbnail: "https://img.youtube.com/vi/BX3vVBCcpN0/0.jpg")
    #expect(
      policy.plan(newest: withThumbnail, now: now, nextDayBegins: nextDayBegins, lastAttempt: nil).entry
        == .picture(
          withThumbnail.date, title: "Day 2026-11-23",
          imageURL: URL(string: "https://img.youtube.com/vi/BX3vVBCcpN0/0.jpg")!))
    let without = try saved("2026-11-23", media: .other)
    #expect(
      policy.plan(newest: without, now: now, nextDayBegins: nextDayBegins, lastAttempt: nil).entry
        == .placeholder(without.date, title: "Day 2026-11-23"))
  }

  @Test func nothingSavedInvitesTheUserToOpenTheAppAndFetches() {
    let plan = policy.plan(newest: nil, now: now, nextDayBegins: nextDayBegins, lastAttempt: nil)
    #expect(plan.entry == .openTheApp)
    #expect(plan.fetchesFirst)
  }
}
