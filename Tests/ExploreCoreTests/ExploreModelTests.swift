import APODTestSupport
import ExploreCore
import Foundation
import Networking
import ScreenCore
import TestSupport
import Testing

@testable import NASA

@MainActor
@Suite("Explore model states")
struct ExploreModelTests {
  @Test func firstLoadGoesFromIdleThroughLoadingToTheList() async throws {
    let harness = try ModelHarness()
    let model = harness.explore(days: 5)
    #expect(model.state == .idle)
    try await harness.run {
      await model.load()
    } whileHeld: {
      #expect(model.state == .loading)
    }
    #expect(model.loadedContent?.items.map(\.date) == APODDay.lastDays(5, endingOn: today))
    #expect(model.loadedContent?.result.freshness == .fresh)
  }

  @Test func theStatusLineSaysHowManyDaysWereNotReceivedAndThatTheyWillBeAskedAgain() async throws {
    let clock = TestClock(morning)
    let folder = try TemporaryDirectory()
    // A list that ignored the dates asked: two of the five days never came.
    let source = FakeAPODSource(
      day: { .success(sampleAPOD($0)) },
      range: { start, end in
        let days = Array((start...end).reversed())
        return .success(
          APODList(items: days.dropFirst(2).map { sampleAPOD($0) }, notReceived: Array(days.prefix(2))))
      })
    let repository = APODRepository(
      source: source, cache: JSONDiskCache(directory: folder.url, clock: clock), clock: clock)
    let model = ExploreModel(repository: repository, days: 5, clock: clock)
    await model.load()
    #expect(model.loadedContent?.items.count == 3)
    #expect(
      model.statusMessage
        == "2 of the 5 days asked for were not received from NASA; they will be asked for again.")
    #expect(model.status?.kind == .stale)
  }

  @Test func refreshKeepsTheListOnScreenWhileChecking() async throws {
    let harness = try ModelHarness()
    let model = await harness.loadedExplore(days: 5)
    let before = try #require(model.loadedContent)
    harness.clock.advance(by: 86_400)
    try await harness.run {
      await model.refresh()
    } whileHeld: {
      #expect(model.loadedContent?.isRefreshing == true)
      #expect(model.loadedContent?.items == before.items)
    }
    #expect(model.loadedContent?.items.first?.date == day("2026-11-22"))
    #expect(model.loadedContent?.isRefreshing == false)
  }

  @Test func failedRefreshKeepsTheListMarkedStale() async throws {
    let harness = try ModelHarness()
    let model = await harness.loadedExplore(days: 3)
    await harness.failEveryRequest(with: .network(.rateLimited(retryAt: nil)), after: 86_400)
    await model.refresh()
    let content = try #require(model.loadedContent)
    #expect(content.items.map(\.date) == [today, yesterday])
    #expect(content.result.freshness == .stale(since: morning, reason: .rateLimited(retryAt: nil)))
    #expect(model.statusMessage?.contains("Too many requests") == true)
  }

  @Test func pickedDayLoadsBesideTheList() async throws {
    let harness = try ModelHarness()
    let model = await harness.loadedExplore(days: 3)
    let picked = day("2004-02-29")
    try await harness.run {
      await model.loadDay(picked)
    } whileHeld: {
      #expect(model.loadedContent?.picked == .loading(picked))
      #expect(model.loadedContent?.items.count == 3)
    }
    guard case .loaded(let result) = model.loadedContent?.picked else {
      Issue.record("picked day not loaded")
      return
    }
    #expect(result.apod.date == picked)
  }

  @Test func pickedDayWithoutAPictureSaysSo() async throws {
    let harness = try ModelHarness { day in
      day == self.gapDay ? .failure(.noAPOD(day)) : .success(sampleAPOD(day))
    }
    let model = harness.explore(days: 3)
    await model.loadDay(gapDay)
    #expect(model.loadedContent?.items.count == 3)
    #expect(
      model.loadedContent?.picked
        == .failed(gapDay, message: "There is no Astronomy Picture of the Day for 1995-06-17."))
  }

  @Test func pickedDayInTheFutureIsRefusedWithTheValidRange() async throws {
    let harness = try ModelHarness()
    let model = harness.explore(days: 3)
    await model.loadDay(day("2026-12-25"))
    guard case .failed(_, let message) = model.loadedContent?.picked else {
      Issue.record("future day was not refused")
      return
    }
    #expect(message.contains("2026-11-21"))
    #expect(await harness.source.dayCalls.isEmpty)
  }

  private let gapDay = day("1995-06-17")
}

extension ExploreModel {
  var loadedContent: ExploreContent? {
    if case .loaded(let content) = state { return content }
    return nil
  }
}
