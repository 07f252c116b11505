import APODTestSupport
import Foundation
import Testing

@testable import NASA

@Suite("An APOD day starts at midnight in New York")
struct APODDayStartTests {
  @Test func startsAtMidnightEasternInWinterAndInSummer() {
    #expect(day("2026-11-22").start == utc("2026-11-22T05:00:00Z"))  // EST
    #expect(day("2026-07-04").start == utc("2026-07-04T04:00:00Z"))  // EDT
  }

  @Test func theDaysOfTheClockChangesStartAtTheOffsetInForceAtMidnight() {
    // 2026-03-08 (EST until 02:00) and 2026-11-01 (EDT until 02:00).
    #expect(day("2026-03-08").start == utc("2026-03-08T05:00:00Z"))
    #expect(day("2026-03-09").start == utc("2026-03-09T04:00:00Z"))
    #expect(day("2026-11-01").start == utc("2026-11-01T04:00:00Z"))
    #expect(day("2026-11-02").start == utc("2026-11-02T05:00:00Z"))
  }

  @Test func theNextDayStartsAtTheNextNewYorkMidnightNotTheLocalOne() {
    // 23:30 UTC on the 21st is 18:30 in New York: the next APOD day starts at 05:00 UTC on the 22nd.
    #expect(APODDay.startOfNextDay(after: utc("2026-11-21T23:30:00Z")) == utc("2026-11-22T05:00:00Z"))
    // 04:59:59 UTC on the 22nd is still the 21st in New York.
    #expect(APODDay.startOfNextDay(after: utc("2026-11-22T04:59:59Z")) == utc("2026-11-22T05:00:00Z"))
  }
}
