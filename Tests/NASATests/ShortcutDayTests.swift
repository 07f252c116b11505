import APODTestSupport
import Foundation
import NASA
import Testing

/// The Date parameter of the Shortcuts actions ("Get Astronomy Picture", "Open Day"): Shortcuts'
/// date picker and its "Current Date" give an instant in the device's time zone, not noon GMT
/// like the app's own pickers, and a device east of New York reaches tomorrow first.
@Suite("Shortcuts' date parameter: the day the person picked")
struct ShortcutDayTests {
  static func zone(_ identifier: String) throws -> TimeZone {
    try #require(TimeZone(identifier: identifier))
  }

  @Test func nothingPickedIsToday() throws {
    let now = utc("2026-11-21T08:00:00+09:00")
    #expect(try ShortcutDay(nil, timeZone: Self.zone("Asia/Tokyo"), now: now) == .today)
  }

  @Test func aPickedDateIsItsCalendarDayInTheDevicesTimeZone() throws {
    let now = utc("2026-11-25T17:00:00Z")
    // Midnight in Tokyo on November 20 is still November 19 in GMT and in New York.
    #expect(
      try ShortcutDay(utc("2026-11-20T00:00:00+09:00"), timeZone: Self.zone("Asia/Tokyo"), now: now)
        == .day(day("2026-11-20")))
    // 23:30 in Los Angeles on November 19 is already November 20 in GMT and in New York.
    #expect(
      try ShortcutDay(utc("2026-11-19T23:30:00-08:00"), timeZone: Self.zone("America/Los_Angeles"), now: now)
        == .day(day("2026-11-19")))
    #expect(
      try ShortcutDay(utc("1995-06-16T00:00:00+02:00"), timeZone: Self.zone("Europe/Paris"), now: now)
        == .day(.first))
  }

  @Test func theDevicesTodayAheadOfNewYorkIsTodaysAPOD() throws {
    // 08:00 in Tokyo on November 21 is 18:00 on November 20 in New York: the APOD day is the 20th.
    let tokyo = try Self.zone("Asia/Tokyo")
    let now = utc("2026-11-21T08:00:00+09:00")
    // An automation passing "Current Date", and the 21st picked by hand.
    #expect(try ShortcutDay(now, timeZone: tokyo, now: now) == .today)
    #expect(try ShortcutDay(utc("2026-11-21T00:00:00+09:00"), timeZone: tokyo, now: now) == .today)
    // The APOD day itself, picked at 00:10 in New York, before NASA publishes it: today, so the
    // newest published day answers (APODRepository.today), not "not published yet".
    let newYork = utc("2026-11-20T00:10:00-05:00")
    #expect(
      try ShortcutDay(newYork, timeZone: Self.zone("America/New_York"), now: newYork) == .today)
    // The day before is that day.
    #expect(
      try ShortcutDay(utc("2026-11-19T09:00:00+09:00"), timeZone: tokyo, now: now) == .day(day("2026-11-19")))
  }

  @Test func aDayAfterTheDevicesTodayOrBeforeTheFirstAPODSaysWhy() throws {
    let tokyo = try Self.zone("Asia/Tokyo")
    let now = utc("2026-11-21T08:00:00+09:00")
    #expect(throws: APODDayError.afterToday(day("2026-11-22"), today: day("2026-11-20"))) {
      try ShortcutDay(utc("2026-11-22T00:00:00+09:00"), timeZone: tokyo, now: now)
    }
    #expect(throws: APODDayError.beforeFirstDay(day("1995-06-15"))) {
      try ShortcutDay(utc("1995-06-15T23:00:00+09:00"), timeZone: tokyo, now: now)
    }
  }
}
