import APODTestSupport
import Foundation
import Testing

@testable import NASA

@Suite("APOD day in US Eastern time")
struct APODDayTodayTests {
  @Test func evenAtTwoUTCItIsStillThePreviousDayInNewYork() {
    // 02:00 UTC = 22:00 EDT the evening before.
    #expect(APODDay.today(now: utc("2026-07-15T02:00:00Z")) == day("2026-07-14"))
  }

  @Test func newDayStartsAtFourUTCInSummer() {
    #expect(APODDay.today(now: utc("2026-07-15T03:59:59Z")) == day("2026-07-14"))
    #expect(APODDay.today(now: utc("2026-07-15T04:00:00Z")) == day("2026-07-15"))
  }

  @Test func newDayStartsAtFiveUTCInWinter() {
    #expect(APODDay.today(now: utc("2026-01-15T04:59:59Z")) == day("2026-01-14"))
    #expect(APODDay.today(now: utc("2026-01-15T05:00:00Z")) == day("2026-01-15"))
  }

  @Test func springSwitchToEDTMovesMidnightToFourUTC() {
    // 2026-03-08 02:00 EST → 03:00 EDT. Midnight of the 9th is then 04:00 UTC.
    #expect(APODDay.today(now: utc("2026-03-08T04:30:00Z")) == day("2026-03-07"))
    #expect(APODDay.today(now: utc("2026-03-08T05:00:00Z")) == day("2026-03-08"))
    #expect(APODDay.today(now: utc("2026-03-09T03:59:00Z")) == day("2026-03-08"))
    #expect(APODDay.today(now: utc("2026-03-09T04:00:00Z")) == day("2026-03-09"))
  }

  @Test func autumnSwitchToESTMovesMidnightToFiveUTC() {
    // 2026-11-01 02:00 EDT → 01:00 EST. Midnight of the 1st was 04:00 UTC, of the 2nd is 05:00.
    #expect(APODDay.today(now: utc("2026-11-01T04:00:00Z")) == day("2026-11-01"))
    #expect(APODDay.today(now: utc("2026-11-02T04:30:00Z")) == day("2026-11-01"))
    #expect(APODDay.today(now: utc("2026-11-02T05:00:00Z")) == day("2026-11-02"))
  }

  @Test func builtInUSRuleAgreesWithTheTimeZoneDatabase() throws {
    let zone = try #require(TimeZone(identifier: "America/New_York"))
    let instants = [
      "2026-03-08T06:59:59Z", "2026-03-08T07:00:00Z", "2026-11-01T05:59:59Z", "2026-11-01T06:00:00Z",
      "2024-02-29T12:00:00Z", "2025-07-04T03:00:00Z", "2030-12-31T23:00:00Z",
    ].map(utc)
    for instant in instants {
      #expect(EasternTime.usRuleOffset(for: instant) == zone.secondsFromGMT(for: instant))
    }
  }
}

@Suite("APOD day text forms and parsing")
struct APODDayParsingTests {
  @Test func isoAndLegacyFormsRoundTrip() throws {
    let value = try APODDay(iso: "2026-09-29")
    #expect(value.iso == "2026-09-29")
    #expect(value.yymmdd == "260929")
    #expect(try APODDay(yymmdd: "260929") == value)
    #expect(try APODDay(yymmdd: "950616") == APODDay.first)
  }

  @Test func oneDigitMonthAndDayAreAccepted() throws {
    #expect(try APODDay(iso: "2006-5-9").iso == "2006-05-09")
  }

  @Test func malformedTextIsRefusedWithTheExpectedFormat() {
    #expect(throws: APODDayError.malformed("banana")) { try APODDay(iso: "banana") }
    #expect(APODDayError.malformed("banana").message.contains("YYYY-MM-DD"))
  }

  @Test func impossibleCalendarDatesAreRefused() {
    #expect(throws: APODDayError.notACalendarDate("2023-02-29")) { try APODDay(iso: "2023-02-29") }
    #expect(throws: Never.self) { try APODDay(iso: "2024-02-29") }
  }

  @Test func daysBeforeTheFirstAPODAreRefused() {
    let now = utc("2026-11-21T15:00:00Z")
    #expect(throws: APODDayError.beforeFirstDay(day("1995-06-15"))) {
      try APODDay.parse("1995-06-15", now: now)
    }
    #expect(APODDayError.beforeFirstDay(day("1995-06-15")).message.contains("1995-06-16"))
  }

  @Test func daysAfterTodayInEasternTimeAreRefusedNamingTheRange() throws {
    // 03:00 UTC on the 21st is still the 20th in New York.
    let now = utc("2026-11-21T03:00:00Z")
    #expect(throws: APODDayError.afterToday(day("2026-11-21"), today: day("2026-11-20"))) {
      try APODDay.parse("2026-11-21", now: now)
    }
    let message = APODDayError.afterToday(day("2026-11-21"), today: day("2026-11-20")).message
    #expect(message.contains("2026-11-20"))
    #expect(try APODDay.parse("2026-11-20", now: now) == day("2026-11-20"))
  }

  @Test func codableFormIsTheISOString() throws {
    let data = try JSONEncoder().encode([day("2001-02-03")])
    #expect(String(decoding: data, as: UTF8.self) == #"["2001-02-03"]"#)
    #expect(try JSONDecoder().decode([APODDay].self, from: data) == [day("2001-02-03")])
  }
}

@Suite("APOD day stored form")
struct APODDayStoredFormTests {
  @Test func storedFormIsThePaddedISOTextAndReadsBack() throws {
    let stored = try #require(APODDay(rawValue: "1995-06-16"))
    #expect(stored == APODDay.first)
    #expect(stored.rawValue == "1995-06-16")
    #expect(try APODDay(year: 987, month: 3, day: 4).rawValue == "0987-03-04")
  }

  @Test func storedFormAcceptsLeapDayOnlyInLeapYears() {
    #expect(APODDay(rawValue: "2024-02-29") != nil)
    #expect(APODDay(rawValue: "2000-02-29") != nil)
    #expect(APODDay(rawValue: "2023-02-29") == nil)
    #expect(APODDay(rawValue: "2100-02-29") == nil)
  }

  @Test(arguments: [
    "2024-1-05", "20240105", "2024-01-05T00:00", "2024/01/05", "2024-13-01", "2024-04-31",
    "2024-00-10", "2024-01-00", "abcd-ef-gh", "", "２０２４-01-05", " 2024-01-05",
  ])
  func storedFormRefusesAnythingButAValidPaddedDate(_ text: String) {
    #expect(APODDay(rawValue: text) == nil)
  }

  @Test func storedTextOrderIsDateOrder() {
    let days = ["2024-01-05", "1999-12-31", "2024-01-04", "2023-11-30"].map(day)
    #expect(days.sorted().map(\.rawValue) == days.map(\.rawValue).sorted())
  }

  @Test func decodingAnImpossibleDateFails() {
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode([APODDay].self, from: Data(#"["2024-02-30"]"#.utf8))
    }
  }
}

@Suite("APOD day arithmetic")
struct APODDayArithmeticTests {
  @Test func previousAndNextCrossMonthYearAndLeapDay() {
    #expect(day("2024-03-01").previous == day("2024-02-29"))
    #expect(day("2023-03-01").previous == day("2023-02-28"))
    #expect(day("2025-12-31").next == day("2026-01-01"))
    #expect(day("2000-02-28").next == day("2000-02-29"))
    #expect(day("1900-02-28").next == day("1900-03-01"))
  }

  @Test func distanceCountsCalendarDays() {
    #expect(APODDay.first.distance(to: day("1996-06-16")) == 366)
    #expect(day("2026-11-21").distance(to: day("2026-10-22")) == -30)
  }

  @Test func lastDaysAreNewestFirstAndIncludeTheEndDay() {
    let days = APODDay.lastDays(3, endingOn: day("2026-03-01"))
    #expect(days == [day("2026-03-01"), day("2026-02-28"), day("2026-02-27")])
  }

  @Test func lastDaysNeverGoBeforeTheFirstAPOD() {
    let days = APODDay.lastDays(30, endingOn: day("1995-06-18"))
    #expect(days == [day("1995-06-18"), day("1995-06-17"), day("1995-06-16")])
    #expect(APODDay.lastDays(0, endingOn: day("2020-01-01")).isEmpty)
  }

  @Test func dayNumbersRoundTripOverFourCenturies() {
    var value = day("1900-01-01")
    var steps = 0
    var brokenSteps: [APODDay] = []
    while value < day("2300-01-01") {
      let next = value.next
      if value.distance(to: next) != 1 || next.previous != value { brokenSteps.append(value) }
      value = next
      steps += 1
    }
    #expect(brokenSteps.isEmpty)
    #expect(steps == 146_097)
  }
}
