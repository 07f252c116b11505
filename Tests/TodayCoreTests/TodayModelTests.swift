import APODTestSupport
import Foundation
import Networking
import ScreenCore
import TestSupport
import Testing
import TodayCore

@testable import NASA

/// 10:00 in New York (EST) on 2026-11-21.
private let morning = utc("2026-11-21T15:00:00Z")
private let today = day("2026-11-21")
private let yesterday = day("2026-11-20")

@MainActor
@Suite("Today model states")
struct TodayModelTests {
  @Test func firstLoadGoesFromIdleThroughLoadingToLoaded() async throws {
    let harness = try ModelHarness()
    let model = harness.today()
    #expect(model.state == .idle)
    let gate = AsyncGate()
    let task = await harness.held(gate) { await model.load() }
    #expect(model.state == .loading)
    await gate.open()
    await task.value
    guard case .loaded(let content) = model.state else {
      Issue.record("expected loaded, got \(model.state)")
      return
    }
    #expect(content.apod.date == today)
    #expect(content.result.freshness == .fresh)
    #expect(!content.isRefreshing)
    #expect(model.statusMessage == nil)
  }

  @Test func firstLoadWithNothingToShowFailsWithTheReason() async throws {
    let harness = try ModelHarness { _ in .failure(.network(.offline)) }
    let model = harness.today()
    await model.load()
    guard case .failed(let message) = model.state else {
      Issue.record("expected failed, got \(model.state)")
      return
    }
    #expect(message.contains("offline"))
  }

  @Test func refreshKeepsThePictureOnScreenWhileChecking() async throws {
    let harness = try ModelHarness()
    let model = harness.today()
    await model.load()
    let shown = try #require(model.loadedContent)
    harness.clock.advance(by: 86_400)
    let gate = AsyncGate()
    let task = await harness.held(gate) { await model.refresh() }
    #expect(
      model.state
        == .loaded(TodayContent(result: shown.result, checkedAt: shown.checkedAt, isRefreshing: true)))
    await gate.open()
    await task.value
    #expect(model.loadedContent?.apod.date == day("2026-11-22"))
    #expect(model.loadedContent?.isRefreshing == false)
  }

  @Test func refreshThatCannotReachNASAKeepsThePictureMarkedStale() async throws {
    let harness = try ModelHarness()
    let model = harness.today()
    await model.load()
    harness.clock.advance(by: 86_400)
    await harness.source.answer { _ in .failure(.network(.offline)) }
    await model.refresh()
    let content = try #require(model.loadedContent)
    #expect(content.apod.date == today)
    #expect(content.result.freshness == .stale(since: morning, reason: .offline))
    #expect(model.statusMessage?.contains("1 day ago") == true)
  }

  @Test func refreshFailingWithNothingSavedStillKeepsThePicture() async throws {
    let harness = try ModelHarness()
    let model = harness.today()
    await model.load()
    try FileManager.default.removeItem(at: harness.folder.url)
    harness.clock.advance(by: 86_400)
    await harness.source.answer { _ in .failure(.network(.server(statusCode: 502))) }
    await model.refresh()
    let content = try #require(model.loadedContent)
    #expect(content.apod.date == today)
    #expect(
      content.result.freshness == .stale(since: morning, reason: .failing(.network(.server(statusCode: 502))))
    )
  }

  @Test func unpublishedTodaySaysSoInTheStatusLine() async throws {
    let harness = try ModelHarness { day in
      day == today ? .failure(.notPublishedYet(day)) : .success(sampleAPOD(day))
    }
    let model = harness.today()
    await model.load()
    #expect(model.loadedContent?.apod.date == yesterday)
    #expect(model.statusMessage?.contains("not published yet") == true)
  }

  @Test func aSecondLoadDuringLoadingIsIgnored() async throws {
    let harness = try ModelHarness()
    let model = harness.today()
    let gate = AsyncGate()
    let first = await harness.held(gate) { await model.load() }
    await model.load()
    await gate.open()
    await first.value
    #expect(await harness.source.callCount == 1)
  }
}

extension TodayModel {
  var loadedContent: TodayContent? {
    if case .loaded(let content) = state { return content }
    return nil
  }
}
