import APODTestSupport
import Foundation
import Networking
import TestServer
import TestSupport
import Testing

@testable import NASA

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// 14:00 in New York (EST) on 2026-11-21.
private let afternoon = utc("2026-11-21T19:00:00Z")
private let today = day("2026-11-21")
private let v1Path = LoopbackAPOD.v1Path
private let basicPath = LoopbackAPOD.basicPath

@Suite("v1 over a real loopback server")
struct V1LoopbackTests {
  @Test func dayRequestCarriesKeyDateAndAcceptJSONAndDecodes() async throws {
    try await LoopbackAPOD.run(now: afternoon) { loopback in
      await loopback.server.route(v1Path) { _ in .json(APODFixtures.v1Image) }
      let apod = try await loopback.v1.apod(for: day("2026-11-02"))
      #expect(apod.title == "A Shell Around a Dying Star")
      #expect(apod.copyright == "Rosa Delgado")
      let request = try #require(await loopback.server.requests(to: v1Path).first)
      #expect(request.query == ["api_key": "loopback-key", "date": "2026-11-02"])
      #expect(request.headers["accept"] == "application/json")
    }
  }

  @Test func rangeIsChunkedAndABadElementIsDroppedAndCounted() async throws {
    try await LoopbackAPOD.run(now: afternoon) { loopback in
      await loopback.serveV1(through: today)
      let list = try await loopback.v1.recent(days: 10, endingOn: today)
      #expect(list.items.map(\.date) == APODDay.lastDays(10, endingOn: today))
      #expect(await loopback.server.requestCount(to: v1Path) == 1)
      await loopback.server.route(v1Path) { _ in .json(APODFixtures.v1RangeWithBadElement) }
      let withBad = try await loopback.v1.apods(from: day("2026-11-01"), through: day("2026-11-03"))
      #expect(withBad.items.count == 2)
      #expect(withBad.droppedCount == 1)
    }
  }

  @Test func notFoundForTodayIsNotPublishedYet() async throws {
    try await LoopbackAPOD.run(now: afternoon) { loopback in
      await loopback.server.route(v1Path) { _ in .json(APODFixtures.v1ErrorNoData, status: 404) }
      await #expect(throws: APODError.notPublishedYet(today)) { try await loopback.v1.apod(for: today) }
      await #expect(throws: APODError.noAPOD(day("1995-06-18"))) {
        try await loopback.v1.apod(for: day("1995-06-18"))
      }
    }
  }

  @Test func overRateLimitCarriesTheRetryTime() async throws {
    try await LoopbackAPOD.run(now: afternoon) { loopback in
      await loopback.server.route(v1Path) { _ in
        .json(APODFixtures.gatewayOverRateLimit, status: 429, headers: ["Retry-After": "2870"])
      }
      await #expect(throws: APODError.network(.rateLimited(retryAt: afternoon + 2870))) {
        try await loopback.v1.apod(for: today)
      }
      // The limiter now answers without touching the network.
      await #expect(throws: APODError.network(.rateLimited(retryAt: afternoon + 2870))) {
        try await loopback.v1.apod(for: today)
      }
      #expect(await loopback.server.requestCount(to: v1Path) == 1)
    }
  }

  @Test func keyErrorsAreDistinct() async throws {
    try await LoopbackAPOD.run(now: afternoon) { loopback in
      await loopback.server.route(v1Path) { request in
        request.query["api_key"] == "loopback-key"
          ? .json(APODFixtures.gatewayKeyInvalid, status: 403)
          : .json(APODFixtures.gatewayKeyMissing, status: 403)
      }
      await #expect(throws: APODError.network(.apiKeyInvalid(code: "API_KEY_INVALID"))) {
        try await loopback.v1.apod(for: today)
      }
    }
  }

  @Test func htmlErrorPageIsAServerProblemNotAParseCrash() async throws {
    try await LoopbackAPOD.run(now: afternoon) { loopback in
      await loopback.server.route(v1Path) { _ in .html(APODFixtures.infrastructure503, status: 503) }
      await #expect(throws: APODError.network(.nonJSONBody(statusCode: 503, contentType: "text/html"))) {
        try await loopback.v1.apod(for: today)
      }
    }
  }

  @Test func truncatedBodyIsATransportFailure() async throws {
    try await LoopbackAPOD.run(now: afternoon) { loopback in
      await loopback.server.route(v1Path) { _ in
        var stub = StubResponse.json(APODFixtures.v1Image)
        stub.truncatedTo = 40
        return stub
      }
      await #expect {
        try await loopback.v1.apod(for: today)
      } throws: { error in
        guard case .network(.transport) = error as? APODError else { return false }
        return true
      }
    }
  }
}

@Suite("apod-basic over a real loopback server")
struct APODBasicLoopbackTests {
  @Test func dayIsFetchedAtItsYYMMDDPathWithoutAKey() async throws {
    try await LoopbackAPOD.run(now: afternoon) { loopback in
      await loopback.serveBasicFeed(days: Array(day("2026-10-01")...today))
      let apod = try await loopback.basic.apod(for: day("2026-11-03"))
      #expect(apod.source == .apodBasic)
      #expect(apod.explanation.hasPrefix("Sample data for 2026-11-03"))
      let request = try #require(await loopback.server.requests().first)
      #expect(request.path == basicPath + "/261103")
      #expect(request.query["api_key"] == nil)
      #expect(request.headers["accept"] == "application/json")
    }
  }

  @Test func notFoundBodyForTodayIsNotPublishedYet() async throws {
    try await LoopbackAPOD.run(now: afternoon) { loopback in
      await loopback.serveBasicFeed(days: Array(day("2026-10-01")...today.previous))
      await #expect(throws: APODError.notPublishedYet(today)) { try await loopback.basic.apod(for: today) }
    }
  }

  @Test func ignoredPagingIsDetectedAndOlderDaysAskedOneByOne() async throws {
    try await LoopbackAPOD.run(now: afternoon) { loopback in
      await loopback.serveBasicFeed(days: Array(day("2026-09-01")...today))
      let list = try await loopback.basic.recent(days: 30, endingOn: today)
      #expect(list.items.map(\.date) == APODDay.lastDays(30, endingOn: today))
      #expect(await loopback.server.requestCount(to: basicPath) == 2)
      let first = try #require(await loopback.server.requests(to: basicPath).first)
      #expect(first.query == ["per_page": "25", "page": "1"])
      #expect(await loopback.server.requestCount() == 2 + 5)
    }
  }
}

@Suite("Whole path over a real loopback server")
struct RepositoryLoopbackTests {
  @Test func automaticSourceFallsBackToV1WhenApodBasicFailsAndReturnsLater() async throws {
    try await LoopbackAPOD.run(now: afternoon) { loopback in
      await loopback.serveV1(through: today)
      await loopback.server.route(prefix: basicPath) { _ in .json(#"{"code":500}"#, status: 500) }
      let source = AutomaticAPODSource(
        preferred: loopback.basic, fallback: loopback.v1, failureThreshold: 1, cooldown: 600,
        clock: loopback.clock)
      let first = try await source.apod(for: today)
      #expect(first.source == .v1)
      _ = try await source.apod(for: today.previous)
      // With the retry policy, apod-basic saw 2 attempts of the first request only.
      #expect(await loopback.server.requests().filter { $0.path.hasPrefix(basicPath) }.count == 2)
      await loopback.serveBasicFeed(days: Array(day("2026-10-01")...today))
      loopback.clock.advance(by: 601)
      let back = try await source.apod(for: today)
      #expect(back.source == .apodBasic)
    }
  }

  @Test func exploreTwiceOnTheSameDaySendsNoSecondRequest() async throws {
    try await LoopbackAPOD.run(now: afternoon) { loopback in
      await loopback.serveBasicFeed(days: Array(day("2026-09-01")...today))
      let folder = try TemporaryDirectory()
      let repository = APODRepository(
        source: loopback.basic, cache: JSONDiskCache(directory: folder.url, clock: loopback.clock),
        clock: loopback.clock)
      let first = try await repository.explore()
      #expect(first.items.count == 30)
      let sent = await loopback.server.requestCount()
      loopback.clock.advance(by: 3600)
      let second = try await repository.explore()
      #expect(second.items == first.items)
      #expect(second.servedFromCache)
      let today = try await repository.today()
      #expect(today.servedFromCache)
      #expect(await loopback.server.requestCount() == sent)
    }
  }

  @Test func serverGoneServesTodayFromTheCacheSayingWhy() async throws {
    try await LoopbackAPOD.run(now: afternoon) { loopback in
      await loopback.serveV1(through: today)
      let folder = try TemporaryDirectory()
      let repository = APODRepository(
        source: loopback.v1, cache: JSONDiskCache(directory: folder.url, clock: loopback.clock),
        clock: loopback.clock)
      _ = try await repository.today()
      await loopback.server.stop()
      loopback.clock.advance(by: 86_400)
      let result = try await repository.today()
      #expect(result.apod.date == today)
      #expect(result.freshness.isStale)
      #expect(result.cachedAt == afternoon)
    }
  }
}
