import APODTestSupport
import Foundation
import Networking
import TestSupport
import Testing

@testable import NASA

private let start = utc("2026-11-21T19:00:00Z")
private let today = day("2026-11-21")

private func basicSource(_ result: Result<Void, APODError> = .success(())) -> FakeAPODSource {
  FakeAPODSource { day in result.map { sampleAPOD(day, source: .apodBasic) } }
}

private func v1Source() -> FakeAPODSource {
  FakeAPODSource { day in .success(sampleAPOD(day, source: .v1)) }
}

@Suite("Automatic source: prefers apod-basic, fails over to v1 and back")
struct AutomaticAPODSourceTests {
  @Test func apodBasicAnswersWhileItWorks() async throws {
    let basic = basicSource()
    let v1 = v1Source()
    let source = AutomaticAPODSource(preferred: basic, fallback: v1, clock: TestClock(start))
    let apod = try await source.apod(for: today)
    #expect(apod.source == .apodBasic)
    #expect(await v1.callCount == 0)
  }

  @Test func aServiceFailureIsAnsweredByV1AtOnce() async throws {
    let basic = basicSource(.failure(.network(.server(statusCode: 502))))
    let v1 = v1Source()
    let source = AutomaticAPODSource(preferred: basic, fallback: v1, clock: TestClock(start))
    let apod = try await source.apod(for: today)
    #expect(apod.source == .v1)
    #expect(await source.route == .preferred(failures: 1))
  }

  @Test func afterConsecutiveFailuresV1IsUsedDirectlyUntilTheCooldownEnds() async throws {
    let clock = TestClock(start)
    let basic = basicSource(.failure(.unreadable(.notJSON)))
    let v1 = v1Source()
    let source = AutomaticAPODSource(
      preferred: basic, fallback: v1, failureThreshold: 2, cooldown: 3600, clock: clock)
    _ = try await source.apod(for: today)
    _ = try await source.apod(for: today)
    #expect(await source.route == .fallback(probeAt: start + 3600))
    clock.advance(by: 1800)
    _ = try await source.apod(for: today)
    _ = try await source.recent(days: 3, endingOn: today)
    #expect(await basic.callCount == 2)
    #expect(await v1.callCount == 4)
  }

  @Test func afterTheCooldownApodBasicIsProbedAndWinsBackOnSuccess() async throws {
    let clock = TestClock(start)
    let basic = basicSource(.failure(.network(.server(statusCode: 500))))
    let v1 = v1Source()
    let source = AutomaticAPODSource(
      preferred: basic, fallback: v1, failureThreshold: 1, cooldown: 3600, clock: clock)
    _ = try await source.apod(for: today)
    #expect(await source.route == .fallback(probeAt: start + 3600))
    await basic.answer { day in .success(sampleAPOD(day, source: .apodBasic)) }
    clock.advance(by: 3600)
    let apod = try await source.apod(for: today)
    #expect(apod.source == .apodBasic)
    #expect(await source.route == .preferred(failures: 0))
  }

  @Test func aFailedProbeStartsAnotherCooldown() async throws {
    let clock = TestClock(start)
    let basic = basicSource(.failure(.network(.timedOut)))
    let v1 = v1Source()
    let source = AutomaticAPODSource(
      preferred: basic, fallback: v1, failureThreshold: 3, cooldown: 3600, clock: clock)
    for _ in 0..<3 { _ = try await source.apod(for: today) }
    clock.advance(by: 4000)
    let apod = try await source.apod(for: today)
    #expect(apod.source == .v1)
    #expect(await source.route == .fallback(probeAt: start + 4000 + 3600))
    #expect(await basic.callCount == 4)
  }

  @Test func successResetsTheFailureCount() async throws {
    let basic = basicSource(.failure(.network(.server(statusCode: 500))))
    let source = AutomaticAPODSource(
      preferred: basic, fallback: v1Source(), failureThreshold: 2, clock: TestClock(start))
    _ = try await source.apod(for: today)
    await basic.answer { day in .success(sampleAPOD(day, source: .apodBasic)) }
    _ = try await source.apod(for: today)
    #expect(await source.route == .preferred(failures: 0))
  }

  @Test func beingOfflineIsNotAReasonToSwitch() async {
    let basic = basicSource(.failure(.network(.offline)))
    let v1 = v1Source()
    let source = AutomaticAPODSource(preferred: basic, fallback: v1, clock: TestClock(start))
    await #expect(throws: APODError.network(.offline)) { try await source.apod(for: today) }
    #expect(await v1.callCount == 0)
    #expect(await source.route == .preferred(failures: 0))
  }

  @Test func notPublishedYetIsAnAnswerNotAFailure() async {
    let basic = basicSource(.failure(.notPublishedYet(today)))
    let v1 = v1Source()
    let source = AutomaticAPODSource(preferred: basic, fallback: v1, clock: TestClock(start))
    await #expect(throws: APODError.notPublishedYet(today)) { try await source.apod(for: today) }
    #expect(await v1.callCount == 0)
  }

  @Test func pastDayMissingFromBothIsAGenuineGap() async {
    let gap = day("2020-06-10")
    let basic = basicSource(.failure(.noAPOD(gap)))
    let v1 = FakeAPODSource { day in .failure(.noAPOD(day)) }
    let source = AutomaticAPODSource(
      preferred: basic, fallback: v1, failureThreshold: 1, clock: TestClock(start))
    await #expect(throws: APODError.noAPOD(gap)) { try await source.apod(for: gap) }
    #expect(await source.route == .preferred(failures: 0))
  }

  @Test func pastDayThatOnlyV1HasCountsAsAnApodBasicFailure() async throws {
    let missing = day("2026-11-10")
    let basic = basicSource(.failure(.noAPOD(missing)))
    let source = AutomaticAPODSource(
      preferred: basic, fallback: v1Source(), failureThreshold: 1, cooldown: 60, clock: TestClock(start))
    let apod = try await source.apod(for: missing)
    #expect(apod.source == .v1)
    #expect(await source.route == .fallback(probeAt: start + 60))
  }

  @Test func whenBothFailTheFallbackErrorIsReported() async {
    let basic = basicSource(.failure(.network(.server(statusCode: 500))))
    let v1 = FakeAPODSource { _ in .failure(.network(.apiKeyInvalid(code: "API_KEY_INVALID"))) }
    let source = AutomaticAPODSource(preferred: basic, fallback: v1, clock: TestClock(start))
    await #expect(throws: APODError.network(.apiKeyInvalid(code: "API_KEY_INVALID"))) {
      try await source.apod(for: today)
    }
  }

  @Test func standardPairingAsksApodBasicThenV1WithTheKey() async throws {
    let client = FakeHTTPClient { request in
      request.url.host == "science.nasa.gov"
        ? .failure(.server(statusCode: 500)) : .json(APODFixtures.sampleV1(for: today))
    }
    let source = AutomaticAPODSource(client: client, apiKey: "k", clock: TestClock(start))
    let apod = try await source.apod(for: today)
    #expect(apod.source == .v1)
    let urls = await client.requests.map(\.url.absoluteString)
    #expect(
      urls == [
        "https://science.nasa.gov/wp-json/wp/v2/apod-basic/261121",
        "https://api.nasa.gov/planetary/apod?api_key=k&date=2026-11-21",
      ])
  }
}
