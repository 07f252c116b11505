import APODTestSupport
import Foundation
import Networking
import ScreenCore
import TestSupport
import Testing
import TodayCore

@testable import NASA

@MainActor
@Suite("Today model states")
struct TodayModelTests {
  @Test func firstLoadGoesFromIdleThroughLoadingToLoaded() async throws {
    let harness = try ModelHarness()
    let model = harness.today()
    #expect(model.state == .idle)
    try await harness.run {
      await model.load()
    } whileHeld: {
      #expect(model.state == .loading)
    }
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
    let model = await harness.loadedToday()
    guard case .failed(let message) = model.state else {
      Issue.record("expected failed, got \(model.state)")
      return
    }
    #expect(message.contains("offline"))
  }

  @Test func refreshKeepsThePictureOnScreenWhileChecking() async throws {
    let harness = try ModelHarness()
    let model = await harness.loadedToday()
    let shown = try #require(model.loadedContent)
    harness.clock.advance(by: 86_400)
    try await harness.run {
      await model.refresh()
    } whileHeld: {
      #expect(
        model.state
          == .loaded(TodayContent(result: shown.result, checkedAt: shown.checkedAt, isRefreshing: true)))
    }
    #expect(model.loadedContent?.apod.date == day("2026-11-22"))
    #expect(model.loadedContent?.isRefreshing == false)
  }

  @Test func refreshThatCannotReachNASAKeepsThePictureMarkedStale() async throws {
    let harness = try ModelHarness()
    let model = await harness.loadedToday()
    await harness.failEveryRequest(with: .network(.offline), after: 86_400)
    await model.refresh()
    let content = try #require(model.loadedContent)
    #expect(content.apod.date == today)
    #expect(content.result.freshness == .stale(since: morning, reason: .offline))
    #expect(model.statusMessage?.contains("1 day ago") == true)
  }

  @Test func refreshFailingWithNothingSavedStillKeepsThePicture() async throws {
    let harness = try ModelHarness()
    let model = await harness.loadedToday()
    try FileManager.default.removeItem(at: harness.folder.url)
    await harness.failEveryRequest(with: .network(.server(statusCode: 502)), after: 86_400)
    await model.refresh()
    let content = try #require(model.loadedContent)
    #expect(content.apod.date == today)
    #expect(
      content.result.freshness == .stale(since: morning, reason: .failing(.network(.server(statusCode: 502))))
    )
  }

  @Test func unpublishedTodaySaysSoInTheStatusLine() async throws {
    let harness = try ModelHarness(answer: todayNotPublishedYet(today))
    let model = await harness.loadedToday()
    #expect(model.loadedContent?.apod.date == yesterday)
    #expect(model.statusMessage?.contains("not published yet") == true)
  }

  @Test func aSecondLoadDuringLoadingIsIgnored() async throws {
    let harness = try ModelHarness()
    let model = harness.today()
    let gate = AsyncGate()
    let first = try await harness.held(gate) { await model.load() }
    await model.load()
    await gate.open()
    try await bounded("the first load") { await first.value }
    #expect(await harness.source.callCount == 1)
  }
}

extension TodayModel {
  var loadedContent: TodayContent? {
    if case .loaded(let content) = state { return content }
    return nil
  }
}
