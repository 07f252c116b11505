import APODTestSupport
import ExploreCore
import Foundation
import Networking
import ScreenCore
import TestServer
import TestSupport
import Testing
import TodayCore

@testable import NASA

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// SwiftUI cancels a screen's `.task` on every tab switch and a `.refreshable` when the pull ends;
/// the HTTP client then answers `.network(.cancelled)`. That is the view going away, not a failure.
@MainActor
@Suite("Cancelled loads are not failures", .timeLimit(.minutes(5)))
struct CancelledLoadTests {
  private static let cancelled: FakeAPODSource.DayHandler = { _ in .failure(.network(.cancelled)) }

  @Test func aCancelledFirstLoadOfTodayGoesBackToIdleNotToAnError() async throws {
    let harness = try ModelHarness(answer: Self.cancelled)
    let model = await harness.loadedToday()

    #expect(model.state == .idle)
    #expect(model.statusMessage == nil)
  }

  @Test func aCancelledRefreshOfTodayKeepsThePictureExactlyAsItWas() async throws {
    let harness = try ModelHarness()
    let model = await harness.loadedToday()
    // The next APOD day, so the refresh has to ask the network.
    harness.clock.advance(by: 86_400)
    let before = model.state
    await harness.source.answer(day: Self.cancelled)

    await model.refresh()

    #expect(model.state == before)
    guard case .loaded(let content) = model.state else { return }
    #expect(!content.result.freshness.isStale)  // not "stale: the request was cancelled"
  }

  @Test func cancellingTheTaskThatLoadsTodayRestoresThePreviousState() async throws {
    let harness = try ModelHarness()
    let model = harness.today()
    let gate = AsyncGate()
    let task = try await harness.held(gate) { await model.load() }
    #expect(model.state == .loading)

    task.cancel()
    // What the real HTTP client answers once its task is cancelled.
    await harness.source.answer(day: Self.cancelled)
    await gate.open()
    try await bounded("the cancelled load") { await task.value }

    #expect(model.state == .idle)
  }

  @Test func aCancelledFirstLoadOfExploreGoesBackToIdle() async throws {
    let harness = try ModelHarness(answer: Self.cancelled)
    let model = await harness.loadedExplore()

    #expect(model.state == .idle)
  }

  @Test func aCancelledRefreshOfExploreKeepsTheListUnmarked() async throws {
    let harness = try ModelHarness()
    let model = await harness.loadedExplore()
    let before = model.state
    // Tomorrow, so the refresh has days to ask for.
    harness.clock.advance(by: 86_400)
    await harness.source.answer(day: Self.cancelled)

    await model.refresh()

    #expect(model.state == before)
  }

  @Test func aCancelledPickedDayShowsWhatThePickerShowedBefore() async throws {
    let harness = try ModelHarness()
    let model = await harness.loadedExplore()
    await harness.source.answer(day: Self.cancelled)

    await model.loadDay(day("2001-01-01"))

    guard case .loaded(let content) = model.state else {
      Issue.record("expected the list to stay, got \(model.state)")
      return
    }
    #expect(content.picked == nil)
  }
}

/// The same over the real stack: a loopback server that is slow to answer, the real `HTTPClient`
/// over `URLSession`, and the task that runs `load()` cancelled as SwiftUI cancels `.task`.
@MainActor
@Suite("Cancelled loads over real HTTP", .timeLimit(.minutes(5)))
struct CancelledLoadLoopbackTests {
  @Test func aTabSwitchDuringTheFirstRealRequestLeavesTodayIdleNotFailed() async throws {
    let server = LoopbackServer()
    let base = try await server.start()
    let path = "/planetary/apod"
    let clock = TestClock(utc("2026-11-21T19:00:00Z"))
    await server.route(path) { request in
      let requested = (try? APODDay(iso: request.query["date"] ?? "")) ?? day("2026-11-21")
      var response = StubResponse.json(APODFixtures.sampleV1(for: requested))
      response.delay = .seconds(20)  // long after the cancellation: the answer must not be waited for
      return response
    }
    let session = APODServiceConfiguration.makeSession()  // the app's own: no URLCache
    defer { session.invalidateAndCancel() }
    let client = HTTPClient(
      session: session, rateLimiter: nil, retryPolicy: nil, circuitBreaker: nil, clock: clock)
    let folder = try TemporaryDirectory()
    let repository = APODRepository(
      source: V1APODSource(
        client: client, baseURL: base.appending(path: path), apiKey: "k", clock: clock),
      cache: JSONDiskCache(directory: folder.url, clock: clock), clock: clock)
    let model = TodayModel(repository: repository, clock: clock)

    let task = Task { await model.load() }
    try await eventually { await server.requestCount(to: path) > 0 }
    task.cancel()
    try await bounded("the task task") { await task.value }

    #expect(model.state == .idle)
    await server.stop()
  }
}
