import Foundation
import Networking
import TestSupport
import Testing

@testable import NASA

/// 10:00 in New York (EST) on 2026-11-21.
private let morning = utc("2026-11-21T15:00:00Z")
private let today = day("2026-11-21")
private let yesterday = day("2026-11-20")

/// Models over a stub source, a real disk cache and a hand-moved clock (starting at 10:00 EST on
/// 2026-11-21). Shared with the status, picker and prefetch tests.
@MainActor
struct ModelHarness {
  let folder: TemporaryDirectory
  let clock: TestClock
  let source: FakeAPODSource
  let repository: APODRepository

  init(answer: @escaping FakeAPODSource.DayHandler = { .success(sampleAPOD($0)) }) throws {
    folder = try TemporaryDirectory()
    clock = TestClock(morning)
    source = FakeAPODSource(day: answer)
    repository = APODRepository(
      source: source, cache: JSONDiskCache(directory: folder.url, now: clock.nowProvider),
      now: clock.nowProvider)
  }

  func today() -> TodayModel { TodayModel(repository: repository, now: clock.nowProvider) }
  func explore(days: Int = 5) -> ExploreModel {
    ExploreModel(repository: repository, days: days, now: clock.nowProvider)
  }

  /// Holds the source, runs `action`, waits until a request is held, and returns the task.
  func held(_ gate: AsyncGate, _ action: @escaping @MainActor () async -> Void) async -> Task<Void, Never> {
    await source.hold(with: gate)
    let task = Task { @MainActor in await action() }
    _ = await eventually { await gate.waiting > 0 }
    return task
  }
}

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

@MainActor
@Suite("Explore model states")
struct ExploreModelTests {
  @Test func firstLoadGoesFromIdleThroughLoadingToTheList() async throws {
    let harness = try ModelHarness()
    let model = harness.explore(days: 5)
    #expect(model.state == .idle)
    let gate = AsyncGate()
    let task = await harness.held(gate) { await model.load() }
    #expect(model.state == .loading)
    await gate.open()
    await task.value
    #expect(model.loadedContent?.items.map(\.date) == APODDay.lastDays(5, endingOn: today))
    #expect(model.loadedContent?.result.freshness == .fresh)
  }

  @Test func refreshKeepsTheListOnScreenWhileChecking() async throws {
    let harness = try ModelHarness()
    let model = harness.explore(days: 5)
    await model.load()
    let before = try #require(model.loadedContent)
    harness.clock.advance(by: 86_400)
    let gate = AsyncGate()
    let task = await harness.held(gate) { await model.refresh() }
    #expect(model.loadedContent?.isRefreshing == true)
    #expect(model.loadedContent?.items == before.items)
    await gate.open()
    await task.value
    #expect(model.loadedContent?.items.first?.date == day("2026-11-22"))
    #expect(model.loadedContent?.isRefreshing == false)
  }

  @Test func failedRefreshKeepsTheListMarkedStale() async throws {
    let harness = try ModelHarness()
    let model = harness.explore(days: 3)
    await model.load()
    harness.clock.advance(by: 86_400)
    await harness.source.answer { _ in .failure(.network(.rateLimited(retryAt: nil))) }
    await model.refresh()
    let content = try #require(model.loadedContent)
    #expect(content.items.map(\.date) == [today, yesterday])
    #expect(content.result.freshness == .stale(since: morning, reason: .rateLimited(retryAt: nil)))
    #expect(model.statusMessage?.contains("Too many requests") == true)
  }

  @Test func pickedDayLoadsBesideTheList() async throws {
    let harness = try ModelHarness()
    let model = harness.explore(days: 3)
    await model.load()
    let picked = day("2004-02-29")
    let gate = AsyncGate()
    let task = await harness.held(gate) { await model.loadDay(picked) }
    #expect(model.loadedContent?.picked == .loading(picked))
    #expect(model.loadedContent?.items.count == 3)
    await gate.open()
    await task.value
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

extension TodayModel {
  var loadedContent: TodayContent? {
    if case .loaded(let content) = state { return content }
    return nil
  }
}

extension ExploreModel {
  var loadedContent: ExploreContent? {
    if case .loaded(let content) = state { return content }
    return nil
  }
}
