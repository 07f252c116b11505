import Foundation
import Networking
import TestSupport
import Testing

@testable import NASA

/// SwiftUI cancels a screen's `.task` on every tab switch and a `.refreshable` when the pull ends;
/// the HTTP client then answers `.network(.cancelled)`. That is the view going away, not a failure.
@MainActor
@Suite("Cancelled loads are not failures", .timeLimit(.minutes(1)))
struct CancelledLoadTests {
  private static let cancelled: FakeAPODSource.DayHandler = { _ in .failure(.network(.cancelled)) }

  @Test func aCancelledFirstLoadOfTodayGoesBackToIdleNotToAnError() async throws {
    let harness = try ModelHarness(answer: Self.cancelled)
    let model = harness.today()

    await model.load()

    #expect(model.state == .idle)
    #expect(model.statusMessage == nil)
  }

  @Test func aCancelledRefreshOfTodayKeepsThePictureExactlyAsItWas() async throws {
    let harness = try ModelHarness()
    let model = harness.today()
    await model.load()
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
    let task = await harness.held(gate) { await model.load() }
    #expect(model.state == .loading)

    task.cancel()
    // What the real HTTP client answers once its task is cancelled.
    await harness.source.answer(day: Self.cancelled)
    await gate.open()
    await task.value

    #expect(model.state == .idle)
  }

  @Test func aCancelledFirstLoadOfExploreGoesBackToIdle() async throws {
    let harness = try ModelHarness(answer: Self.cancelled)
    let model = harness.explore()

    await model.load()

    #expect(model.state == .idle)
  }

  @Test func aCancelledRefreshOfExploreKeepsTheListUnmarked() async throws {
    let harness = try ModelHarness()
    let model = harness.explore()
    await model.load()
    let before = model.state
    // Tomorrow, so the refresh has days to ask for.
    harness.clock.advance(by: 86_400)
    await harness.source.answer(day: Self.cancelled)

    await model.refresh()

    #expect(model.state == before)
  }

  @Test func aCancelledPickedDayShowsWhatThePickerShowedBefore() async throws {
    let harness = try ModelHarness()
    let model = harness.explore()
    await model.load()
    await harness.source.answer(day: Self.cancelled)

    await model.loadDay(day("2001-01-01"))

    guard case .loaded(let content) = model.state else {
      Issue.record("expected the list to stay, got \(model.state)")
      return
    }
    #expect(content.picked == nil)
  }
}
