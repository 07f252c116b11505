import APODTestSupport
import Foundation
import Networking
import TestSupport
import Testing

@testable import NASA

/// Mid-afternoon in New York on 2026-11-21.
private let afternoon = utc("2026-11-21T19:00:00Z")
private let today = day("2026-11-21")

@Suite("v1 source requests")
struct V1APODSourceTests {
  @Test func sendsTheKeyAndTheDateNeverABareRequest() async throws {
    let client = FakeHTTPClient { _ in .json(APODFixtures.v1Image) }
    let source = V1APODSource(client: client, apiKey: "abc123", clock: TestClock(afternoon))
    let apod = try await source.apod(for: day("2026-11-02"))
    #expect(apod.source == .v1)
    let request = try #require(await client.requests.first)
    #expect(query(request) == ["api_key": "abc123", "date": "2026-11-02"])
    #expect(request.url.host == "api.nasa.gov")
    #expect(request.url.path == "/planetary/apod")
  }

  @Test func missingOrBlankKeyMeansDEMO_KEY() async throws {
    let client = FakeHTTPClient { _ in .json(APODFixtures.v1Image) }
    for key in [nil, "", "   "] as [String?] {
      let source = V1APODSource(client: client, apiKey: key, clock: TestClock(afternoon))
      #expect(source.apiKey == "DEMO_KEY")
      _ = try await source.apod(for: day("2026-11-02"))
    }
    #expect(await client.requests.allSatisfy { query($0)["api_key"] == "DEMO_KEY" })
  }

  @Test func configuredBaseURLIsUsed() async throws {
    let client = FakeHTTPClient { _ in .json(APODFixtures.v1Image) }
    let base = try #require(URL(string: "http://127.0.0.1:8080/planetary/apod"))
    let source = V1APODSource(client: client, baseURL: base, clock: TestClock(afternoon))
    _ = try await source.apod(for: day("2026-11-02"))
    let url = try #require(await client.requests.first?.url)
    #expect(url.absoluteString.hasPrefix("http://127.0.0.1:8080/planetary/apod?"))
  }

  @Test func dayAfterTodayInEasternTimeIsRefusedWithoutARequest() async {
    let client = FakeHTTPClient { _ in .json(APODFixtures.v1Image) }
    // 02:00 UTC on the 22nd is still the 21st in New York.
    let source = V1APODSource(client: client, clock: TestClock(utc("2026-11-22T02:00:00Z")))
    await #expect(throws: APODError.invalidDay(.afterToday(day("2026-11-22"), today: today))) {
      try await source.apod(for: day("2026-11-22"))
    }
    #expect(await client.requestCount == 0)
  }

  @Test func notFoundForTodayMeansNotPublishedYet() async {
    let client = FakeHTTPClient { _ in .failure(.notFound(message: "No data available for date: 2026-11-21"))
    }
    let source = V1APODSource(client: client, clock: TestClock(afternoon))
    await #expect(throws: APODError.notPublishedYet(today)) { try await source.apod(for: today) }
  }

  @Test func notFoundForAnEarlierDayMeansThatDayHasNoAPOD() async {
    let client = FakeHTTPClient { _ in .failure(.notFound(message: nil)) }
    let source = V1APODSource(client: client, clock: TestClock(afternoon))
    await #expect(throws: APODError.noAPOD(day("1995-06-17"))) {
      try await source.apod(for: day("1995-06-17"))
    }
  }

  @Test func otherFailuresKeepTheHTTPError() async {
    let client = FakeHTTPClient { _ in .failure(.rateLimited(retryAt: nil)) }
    let source = V1APODSource(client: client, clock: TestClock(afternoon))
    await #expect(throws: APODError.network(.rateLimited(retryAt: nil))) { try await source.apod(for: today) }
  }

  @Test func unreadableBodyIsReported() async {
    let client = FakeHTTPClient { _ in .json("[1,2]") }
    let source = V1APODSource(client: client, clock: TestClock(afternoon))
    await #expect(throws: APODError.unreadable(.unexpectedShape(expected: "one picture"))) {
      try await source.apod(for: today)
    }
  }

  @Test func rangesAreAskedAMonthAtATimeAndReturnedNewestFirst() async throws {
    let client = FakeHTTPClient { request in
      let parameters = query(request)
      guard let start = try? APODDay(iso: parameters["start_date"] ?? ""),
        let end = try? APODDay(iso: parameters["end_date"] ?? "")
      else { return .failure(.badRequest(message: "invalid field combination")) }
      return .json(APODFixtures.sampleV1Range(Array(start...end)))
    }
    let source = V1APODSource(client: client, clock: TestClock(afternoon))
    let list = try await source.recent(days: 30, endingOn: today)
    #expect(list.items.count == 30)
    #expect(list.items.first?.date == today)
    #expect(list.items.last?.date == day("2026-10-23"))
    #expect(list.items.map(\.date) == list.items.map(\.date).sorted(by: >))
    let ranges = await client.requests.map { query($0) }.map {
      "\($0["start_date"] ?? "")…\($0["end_date"] ?? "")"
    }
    #expect(ranges == ["2026-10-23…2026-11-21"])
    #expect(await client.requests.allSatisfy { query($0)["date"] == nil && query($0)["api_key"] != nil })
  }

  @Test func aChunkFailingWithServerErrorIsAskedDayByDaySoOnlyTheBadDayIsLost() async throws {
    let badDay = day("2026-11-18")
    let client = FakeHTTPClient { request in
      let parameters = query(request)
      if parameters["start_date"] != nil { return .failure(.server(statusCode: 500)) }
      guard let date = try? APODDay(iso: parameters["date"] ?? "") else {
        return .failure(.badRequest(message: nil))
      }
      return date == badDay ? .failure(.server(statusCode: 500)) : .json(APODFixtures.sampleV1(for: date))
    }
    let source = V1APODSource(client: client, clock: TestClock(afternoon))
    let list = try await source.apods(from: day("2026-11-15"), through: day("2026-11-21"))
    #expect(list.items.count == 6)
    #expect(!list.items.contains { $0.date == badDay })
    #expect(list.droppedCount == 1)
    #expect(await client.requestCount == 1 + 7)
  }

  @Test func aServiceThatIsDownFailsTheRange() async {
    let client = FakeHTTPClient { _ in .failure(.server(statusCode: 503)) }
    let source = V1APODSource(client: client, clock: TestClock(afternoon))
    await #expect(throws: APODError.network(.server(statusCode: 503))) {
      try await source.apods(from: day("2026-11-19"), through: today)
    }
  }

  @Test func rangeEndingAfterTodayIsRefused() async {
    let client = FakeHTTPClient { _ in .json("[]") }
    let source = V1APODSource(client: client, clock: TestClock(afternoon))
    await #expect(throws: APODError.invalidDay(.afterToday(day("2026-11-22"), today: today))) {
      try await source.apods(from: day("2026-11-20"), through: day("2026-11-22"))
    }
    #expect(await client.requestCount == 0)
  }
}

/// A fake apod-basic feed: `/YYMMDD` answers for days in `days`; the list answers either the
/// newest 25 of `days` whatever the parameters (as reported) or honours `date_from`/`date_to`.
/// apod-basic over `days`: `/YYMMDD` objects, and a newest-first list of 25 a page that honours
/// `page` (a 400 past the last page) or, like a broken feed, always answers its first page.
private func basicFeed(days: [APODDay], honoursPaging: Bool) -> FakeHTTPClient {
  let published = Set(days)
  return FakeHTTPClient { request in
    let last = request.url.lastPathComponent
    if let requested = try? APODDay(yymmdd: last) {
      return published.contains(requested)
        ? .json(APODFixtures.sampleAPODBasic(for: requested))
        : .failure(.notFound(message: "APOD not found."))
    }
    let listed = days.sorted(by: >)
    let page = honoursPaging ? Int(query(request)["page"] ?? "1") ?? 1 : 1
    let items = Array(listed.dropFirst((page - 1) * 25).prefix(25))
    if items.isEmpty { return .failure(.badRequest(message: "The page number requested is larger.")) }
    return .json(APODFixtures.sampleAPODBasicList(items))
  }
}

@Suite("apod-basic source requests")
struct APODBasicSourceTests {
  private let feedDays = Array(day("2026-09-01")...today)

  @Test func dayIsAskedAtItsYYMMDDPathWithoutAKey() async throws {
    let client = basicFeed(days: feedDays, honoursPaging: false)
    let source = APODBasicSource(client: client, clock: TestClock(afternoon))
    let apod = try await source.apod(for: day("2026-11-03"))
    #expect(apod.source == .apodBasic)
    #expect(apod.date == day("2026-11-03"))
    let request = try #require(await client.requests.first)
    #expect(request.url.absoluteString == "https://science.nasa.gov/wp-json/wp/v2/apod-basic/261103")
    #expect(query(request).isEmpty)
  }

  @Test func notFoundForTodayMeansNotPublishedYet() async {
    let client = basicFeed(days: Array(day("2026-11-01")...day("2026-11-20")), honoursPaging: false)
    let source = APODBasicSource(client: client, clock: TestClock(afternoon))
    await #expect(throws: APODError.notPublishedYet(today)) { try await source.apod(for: today) }
  }

  @Test func listIsPagedFromTheNewestAndFilteredToTheAskedRange() async throws {
    let client = basicFeed(days: feedDays, honoursPaging: false)
    let source = APODBasicSource(client: client, clock: TestClock(afternoon))
    let list = try await source.apods(from: day("2026-11-10"), through: day("2026-11-12"))
    #expect(list.items.map(\.date) == [day("2026-11-12"), day("2026-11-11"), day("2026-11-10")])
    #expect(await client.requestCount == 1)
    let parameters = try #require(await client.requests.first.map(query))
    #expect(parameters == ["per_page": "25", "page": "1"])
  }

  @Test func daysOlderThanAnIgnoringFeedCoversAreAskedOneByOne() async throws {
    let client = basicFeed(days: feedDays, honoursPaging: false)
    let source = APODBasicSource(client: client, clock: TestClock(afternoon))
    let list = try await source.recent(days: 30, endingOn: today)
    #expect(list.items.count == 30)
    #expect(list.items.map(\.date) == APODDay.lastDays(30, endingOn: today))
    // One list request, one that shows the feed ignores the dates, then the 5 older days.
    let paths = await client.paths
    #expect(paths.filter { $0.hasSuffix("/apod-basic") }.count == 2)
    #expect(paths.filter { !$0.hasSuffix("/apod-basic") }.count == 5)
  }

  @Test func feedHonouringPagesIsWalkedWithoutDayRequests() async throws {
    let client = basicFeed(days: feedDays, honoursPaging: true)
    let source = APODBasicSource(client: client, clock: TestClock(afternoon))
    let list = try await source.recent(days: 30, endingOn: today)
    #expect(list.items.count == 30)
    #expect(await client.paths.allSatisfy { $0.hasSuffix("/apod-basic") })
    #expect(await client.requestCount == 2)
  }

  @Test func daysMissingBetweenListedDaysAreGapsNotRequests() async throws {
    let withGap = feedDays.filter { $0 != day("2026-11-15") }
    let client = basicFeed(days: withGap, honoursPaging: false)
    let source = APODBasicSource(client: client, clock: TestClock(afternoon))
    let list = try await source.apods(from: day("2026-11-14"), through: day("2026-11-16"))
    #expect(list.items.map(\.date) == [day("2026-11-16"), day("2026-11-14")])
    #expect(await client.requestCount == 1)
  }

  @Test func unpublishedTodayInARangeIsSimplyAbsent() async throws {
    let client = basicFeed(days: Array(day("2026-11-01")...day("2026-11-20")), honoursPaging: false)
    let source = APODBasicSource(client: client, clock: TestClock(afternoon))
    let list = try await source.apods(from: day("2026-11-19"), through: today)
    #expect(list.items.map(\.date) == [day("2026-11-20"), day("2026-11-19")])
  }

  @Test func listRouteRefusedFallsBackToDayRequests() async throws {
    let client = FakeHTTPClient { request in
      guard let requested = try? APODDay(yymmdd: request.url.lastPathComponent) else {
        return .failure(.badRequest(message: "rest_invalid_param"))
      }
      return .json(APODFixtures.sampleAPODBasic(for: requested))
    }
    let source = APODBasicSource(client: client, clock: TestClock(afternoon))
    let list = try await source.apods(from: day("2026-11-19"), through: today)
    #expect(list.items.count == 3)
    #expect(await client.requestCount == 4)
  }

  @Test func badListElementIsDroppedAndCounted() async throws {
    let client = FakeHTTPClient { _ in .json(APODFixtures.apodBasicListWithBadElement) }
    let source = APODBasicSource(client: client, clock: TestClock(afternoon))
    let list = try await source.apods(from: day("2026-11-01"), through: day("2026-11-03"))
    #expect(list.items.map(\.title) == ["Newest", "Oldest"])
    #expect(list.droppedCount == 1)
  }
}
