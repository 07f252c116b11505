import APODTestSupport
import Foundation
import NASA
import Testing

@Suite("Date picker: APOD days as instants")
struct APODDayPickerTests {
  @Test func pickerDateIsNoonGMTOnTheDay() {
    #expect(day("2026-11-21").pickerDate == utc("2026-11-21T12:00:00Z"))
    #expect(APODDay.first.pickerDate == utc("1995-06-16T12:00:00Z"))
  }

  @Test func pickerDateReadsBackAsTheSameDayAroundTheDaylightSavingChanges() {
    // US changes on 2026-03-08 and 2026-11-01, Europe on 2026-03-29 and 2026-10-25.
    for iso in ["2026-03-07", "2026-03-08", "2026-03-09", "2026-03-29", "2026-10-25", "2026-11-01"] {
      let picked = day(iso)
      #expect(APODDay(pickerDate: picked.pickerDate) == picked, "\(iso)")
    }
  }

  @Test func everyDayFromTheFirstToTheEndOfALeapYearRoundTrips() {
    let last = day("2028-12-31")
    for picked in APODDay.first...last {
      guard APODDay(pickerDate: picked.pickerDate) == picked else {
        Issue.record("\(picked) did not round-trip")
        return
      }
    }
  }

  @Test func anyTimeWithinTheGMTDayIsThatDay() {
    #expect(APODDay(pickerDate: utc("2026-11-21T00:00:00Z")) == day("2026-11-21"))
    #expect(APODDay(pickerDate: utc("2026-11-21T23:59:59Z")) == day("2026-11-21"))
    #expect(APODDay(pickerDate: utc("2026-11-22T00:00:00Z")) == day("2026-11-22"))
  }

  @Test func noonGMTIsTheSameCalendarDateFromMinusElevenToPlusElevenHours() {
    // Why noon: a picker that ignored its time zone would still show the right date in these zones.
    let picked = day("2026-03-08")
    for hours in -11...11 {
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = TimeZone(secondsFromGMT: hours * 3_600)!
      let parts = calendar.dateComponents([.year, .month, .day], from: picked.pickerDate)
      #expect(parts.day == 8 && parts.month == 3 && parts.year == 2026, "UTC\(hours)")
    }
  }

  @Test func pickerCalendarIsGregorianInGMT() {
    #expect(APODDay.pickerCalendar.identifier == .gregorian)
    #expect(APODDay.pickerCalendar.timeZone.secondsFromGMT() == 0)
  }

  @Test func rangeRunsFromTheFirstDayToTodayInNewYork() {
    let range = APODDay.pickerRange(now: utc("2026-11-21T15:00:00Z"))
    #expect(range.lowerBound == utc("1995-06-16T12:00:00Z"))
    #expect(range.upperBound == utc("2026-11-21T12:00:00Z"))
  }

  @Test func aDeviceClockBeforeTheFirstAPODGivesTheFirstDayAloneInsteadOfTrapping() {
    // `first...today` with today before the first day is an inverted range: a crash at runtime.
    let range = APODDay.pickerRange(now: utc("1990-01-01T12:00:00Z"))
    #expect(range.lowerBound == utc("1995-06-16T12:00:00Z"))
    #expect(range.upperBound == utc("1995-06-16T12:00:00Z"))
  }

  @Test func rangeEndsOnYesterdayWhileItIsStillYesterdayInNewYork() {
    // 03:30 UTC on 2026-03-08 is 22:30 EST on 2026-03-07; the switch to EDT happens later that night.
    #expect(APODDay.pickerRange(now: utc("2026-03-08T03:30:00Z")).upperBound == utc("2026-03-07T12:00:00Z"))
    // 04:30 UTC on 2026-11-01 is 00:30 EDT on 2026-11-01, before the fall back at 06:00 UTC.
    #expect(APODDay.pickerRange(now: utc("2026-11-01T04:30:00Z")).upperBound == utc("2026-11-01T12:00:00Z"))
    // 04:30 UTC on 2026-11-02 is 23:30 EST on 2026-11-01.
    #expect(APODDay.pickerRange(now: utc("2026-11-02T04:30:00Z")).upperBound == utc("2026-11-01T12:00:00Z"))
  }
}

@Suite("Dates in words")
struct APODDayDisplayTests {
  @Test func americanEnglishWritesMonthDayYear() {
    #expect(day("2026-11-21").displayText(locale: Locale(identifier: "en_US")) == "November 21, 2026")
  }

  @Test func britishEnglishWritesDayMonthYear() {
    #expect(day("2026-11-21").displayText(locale: Locale(identifier: "en_GB")) == "21 November 2026")
  }

  @Test func frenchAndGermanUseTheirOwnWords() {
    #expect(day("2026-11-21").displayText(locale: Locale(identifier: "fr_FR")) == "21 novembre 2026")
    #expect(day("2026-11-21").displayText(locale: Locale(identifier: "de_DE")) == "21. November 2026")
  }

  @Test func theFirstAndLastDaysOfAMonthStayOnTheirDay() {
    // Midnight-based instants would slip to the previous day in a zone west of GMT.
    let english = Locale(identifier: "en_US")
    #expect(day("1995-06-16").displayText(locale: english) == "June 16, 1995")
    #expect(day("2024-02-29").displayText(locale: english) == "February 29, 2024")
    #expect(day("2026-12-31").displayText(locale: english) == "December 31, 2026")
  }

  @Test func aLocaleWithItsOwnCalendarCountsItsOwnYears() {
    // The Thai Buddhist calendar is 543 years ahead; the day and month are the same day.
    let text = day("2026-11-21").displayText(locale: Locale(identifier: "th_TH"))
    #expect(text.contains("2569"))
    #expect(text.contains("21"))
  }
}
