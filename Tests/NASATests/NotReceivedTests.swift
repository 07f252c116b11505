import APODTestSupport
import Foundation
import Networking
import TestSupport
import Testing

@testable import NASA

/// 14:00 in New York (EST) on 2026-11-03.
private let afternoon = utc("2026-11-03T19:00:00Z")
private let today = day("2026-11-03")

/// The feed's newest page: apod-basic records for the 25 days ending on `today`.
private let feedPage = APODFixtures.sampleAPODBasicList(APODDay.lastDays(25, endingOn: today))

@Suite("A list answer speaks only for the days it holds")
struct NotReceivedTests {
  @Test func aDayMissingFromAListAnswerIsNotReceivedNeverNoPicture() async {
    let client = FakeHTTPClient { _ in .json(feedPage) }
    let source = V1APODSource(client: client, clock: TestClock(afternoon))
    await #expect(throws: APODError.notReceived(day("2026-10-01"))) {
      try await source.apod(for: day("2026-10-01"))
    }
  }

  @Test func aDayInsideTheListIsTakenFromIt() async throws {
    let client = FakeHTTPClient { _ in .json(feedPage) }
    let apod = try await V1APODSource(client: client, clock: TestClock(afternoon)).apod(
      for: day("2026-10-20"))
    #expect(apod.date == day("2026-10-20"))
    #expect(apod.source == .apodBasic)
  }

  @Test func theFeedsPageAnsweringARangeSpeaksOnlyForItsSpan() async throws {
    let client = FakeHTTPClient { _ in .json(feedPage) }
    let source = V1APODSource(client: client, clock: TestClock(afternoon))
    let list = try await source.recent(days: 30, endingOn: today)
    #expect(list.items.count == 25)
    #expect(list.notReceived == APODDay.lastDays(5, endingOn: day("2026-10-09")))
  }

  @Test func aV1RangeAnswerStillMeansItsMissingDaysHaveNoPicture() async throws {
    let days = APODDay.lastDays(10, endingOn: today).filter { $0 != day("2026-10-30") }
    let client = FakeHTTPClient { _ in .json(APODFixtures.sampleV1Range(days)) }
    let list = try await V1APODSource(client: client, clock: TestClock(afternoon)).recent(
      days: 10, endingOn: today)
    #expect(list.items.count == 9)
    #expect(list.notReceived.isEmpty)
  }

  @Test func aV1ShapedListHoldingDaysOutsideTheRangeIgnoredTheRange() {
    let list = APODList(items: [
      sampleAPOD(day("2026-11-03"), source: .v1), sampleAPOD(day("2026-10-28"), source: .v1),
    ])
    let received = SourceSupport.received(list, for: day("2026-10-20")...day("2026-10-30"))
    #expect(received.items.map(\.date) == [day("2026-10-28")])
    #expect(received.notReceived == APODDay.lastDays(8, endingOn: day("2026-10-27")))
  }

  @Test func exploreReportsTheDaysNotReceivedAndAsksForThemAgainNextTime() async throws {
    let clock = TestClock(afternoon)
    let folder = try TemporaryDirectory()
    let received = APODDay.lastDays(25, endingOn: today)
    let source = FakeAPODSource(
      day: { .success(sampleAPOD($0)) },
      range: { start, end in
        let window = start...end
        return .success(
          APODList(
            items: received.filter(window.contains).map { sampleAPOD($0) },
            notReceived: Array(window).filter { !received.contains($0) }.sorted(by: >)))
      })
    let repository = APODRepository(
      source: source, cache: JSONDiskCache(directory: folder.url, clock: clock),
      clock: clock)
    let first = try await repository.explore()
    #expect(first.entries.count == 25)
    #expect(first.notReceived == APODDay.lastDays(5, endingOn: day("2026-10-09")))
    #expect(first.freshness == .fresh)

    // Same APOD day, an hour later: the window is not refreshed yet, so the five are asked again.
    clock.advance(by: 3600)
    let second = try await repository.explore()
    let asked = await source.rangeCalls
    #expect(asked.count == 2)
    #expect(asked.last == day("2026-10-05")...day("2026-10-09"))
    #expect(second.notReceived == first.notReceived)
  }
}
