import APODTestSupport
import Foundation
import Networking
import TestSupport
import Testing

@testable import NASA

/// 23:59:59 in New York (EST) on 2026-11-30: the last second of the last APOD day with v1.
private let lastSecondBefore = utc("2026-12-01T04:59:59Z")
/// 00:00:00 in New York (EST) on 2026-12-01: the first second of the retirement day.
private let firstSecondOf = utc("2026-12-01T05:00:00Z")

/// apod-basic failing with a 5xx; v1 answering every day it is asked.
private func basicDownV1Up() -> FakeHTTPClient {
  FakeHTTPClient { request in
    if request.url.host == "science.nasa.gov" { return .failure(.server(statusCode: 500)) }
    let asked = query(request)["date"].flatMap { try? APODDay(iso: $0) } ?? day("2026-11-30")
    return .json(APODFixtures.sampleV1(for: asked))
  }
}

private func askedV1(_ client: FakeHTTPClient) async -> Bool {
  await client.requests.contains { $0.url.host == "api.nasa.gov" }
}

@Suite("The legacy service's retirement on 2026-12-01 (US Eastern)")
struct LegacyRetirementTests {
  @Test func onTheLastDayBeforeItAutoStillFallsBackToV1() async throws {
    let client = basicDownV1Up()
    let source = AutomaticAPODSource(client: client, apiKey: nil, clock: TestClock(lastSecondBefore))
    let apod = try await source.apod(for: day("2026-11-30"))
    #expect(apod.source == .v1)
    #expect(await askedV1(client))
  }

  @Test func fromTheRetirementDayAutoNeverAsksTheLegacyAddress() async throws {
    let client = basicDownV1Up()
    let source = AutomaticAPODSource(
      client: client, apiKey: "configured-key", clock: TestClock(firstSecondOf))
    await #expect(throws: APODError.network(.server(statusCode: 500))) {
      try await source.apod(for: day("2026-12-01"))
    }
    await #expect(throws: APODError.network(.server(statusCode: 500))) {
      try await source.recent(days: 7, endingOn: day("2026-12-01"))
    }
    #expect(!(await askedV1(client)))
  }

  @Test func aPastDayTheFeedLacksIsNotAskedOfV1AfterTheRetirement() async throws {
    let client = FakeHTTPClient { request in
      request.url.host == "science.nasa.gov"
        ? .failure(.notFound(message: nil)) : .json(APODFixtures.sampleV1(for: day("2020-06-10")))
    }
    let source = AutomaticAPODSource(client: client, apiKey: nil, clock: TestClock(firstSecondOf))
    await #expect(throws: APODError.noAPOD(day("2020-06-10"))) {
      try await source.apod(for: day("2020-06-10"))
    }
    #expect(!(await askedV1(client)))
  }

  @Test func aCooldownOnV1StartedBeforeMidnightEndsAtTheRetirement() async throws {
    let clock = TestClock(utc("2026-12-01T02:00:00Z"))  // 21:00 on 2026-11-30 in New York.
    let client = basicDownV1Up()
    let source = AutomaticAPODSource(client: client, apiKey: nil, clock: clock)
    // Two failures put the source on v1 for six hours, until 03:00 on 2026-12-01 in New York.
    _ = try await source.apod(for: day("2026-11-30"))
    _ = try await source.apod(for: day("2026-11-30"))
    #expect(await askedV1(client))
    clock.advance(by: 3 * 3600 + 1)  // 05:00:01Z: 00:00:01 on 2026-12-01 in New York, cooldown on.
    let before = await client.requests.count
    await #expect(throws: APODError.network(.server(statusCode: 500))) {
      try await source.apod(for: day("2026-11-30"))
    }
    let after = await client.requests.dropFirst(before)
    #expect(!after.isEmpty)
    #expect(after.allSatisfy { $0.url.host == "science.nasa.gov" })
  }

  @Test func anExplicitChoiceOfV1StillAsksV1AfterTheRetirement() async throws {
    let client = basicDownV1Up()
    let folder = try TemporaryDirectory()
    let configuration = APODServiceConfiguration(choice: .v1, apiKey: "k", cacheDirectory: folder.url)
    let apod = try await configuration.makeSource(client: client, clock: TestClock(firstSecondOf))
      .apod(for: day("2026-11-30"))
    #expect(apod.source == .v1)
    #expect(await askedV1(client))
  }

  @Test func theRetirementIsTheAPODDayOfDecemberFirstInNewYork() {
    #expect(APODDay.legacyServiceRetirement == day("2026-12-01"))
    #expect(APODDay.legacyServiceRetirement.start == firstSecondOf)
    #expect(APODDay.today(now: lastSecondBefore) < APODDay.legacyServiceRetirement)
  }
}
