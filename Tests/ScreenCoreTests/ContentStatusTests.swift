import APODTestSupport
import ExploreCore
import Foundation
import Networking
import ScreenCore
import TestSupport
import Testing
import TodayCore

@testable import NASA

@Suite("Status line: which kind wins")
struct ContentStatusRuleTests {
  private let notice = APODNotice.notPublishedYet(today: today, showing: yesterday)
  private let stale = Freshness.stale(since: morning, reason: .offline)

  @Test func contentJustFetchedNeedsNoLine() {
    #expect(ContentStatus.describing(freshness: .fresh, cachedAt: nil, notice: nil, now: morning) == nil)
  }

  @Test func currentSavedCopySaysWhenItWasSaved() {
    let status = ContentStatus.describing(
      freshness: .fresh, cachedAt: morning, notice: nil, now: morning + 3 * 3_600)
    #expect(
      status
        == ContentStatus(
          kind: .savedCurrent, message: "Saved 3 hours ago. Nothing newer has been published yet."))
  }

  @Test func notPublishedNoticeWinsOverSavedCopy() {
    let status = ContentStatus.describing(freshness: .fresh, cachedAt: morning, notice: notice, now: morning)
    #expect(status == ContentStatus(kind: .notice, message: notice.message))
  }

  @Test func staleWinsOverTheNoticeAndTheSavedCopy() {
    let later = morning + 86_400
    let status = ContentStatus.describing(freshness: stale, cachedAt: morning, notice: notice, now: later)
    #expect(status?.kind == .stale)
    #expect(status?.message == stale.message(now: later))
    #expect(status?.message.hasPrefix("Showing a copy from 1 day ago.") == true)
  }
}

@MainActor
@Suite("Status line of the Today and Explore models")
struct ScreenStatusTests {
  @Test func todayFetchedNowHasNoStatus() async throws {
    let harness = try ModelHarness()
    let model = await harness.loadedToday()
    #expect(model.status == nil)
  }

  @Test func todayFromTheCacheSaysItIsSavedAndCurrent() async throws {
    let harness = try ModelHarness()
    await harness.today().load()
    harness.clock.advance(by: 2 * 3_600)
    let relaunched = harness.today()
    await relaunched.load()
    #expect(relaunched.status?.kind == .savedCurrent)
    #expect(relaunched.status?.message == "Saved 2 hours ago. Nothing newer has been published yet.")
    #expect(relaunched.statusMessage == relaunched.status?.message)
  }

  @Test func todayKeptAfterAFailedRefreshIsStale() async throws {
    let harness = try ModelHarness()
    let model = await harness.loadedToday()
    await harness.failEveryRequest(with: .network(.offline), after: 86_400)
    await model.refresh()
    #expect(model.status?.kind == .stale)
    #expect(model.status?.message.hasPrefix("Showing a copy from 1 day ago.") == true)
  }

  @Test func unpublishedTodayIsANoticeNotAWarning() async throws {
    let harness = try ModelHarness(answer: todayNotPublishedYet(today))
    let model = await harness.loadedToday()
    #expect(model.status?.kind == .notice)
    #expect(model.status?.message.contains("not published yet") == true)
  }

  @Test func unpublishedTodayThatThenFailsToRefreshIsStale() async throws {
    let harness = try ModelHarness(answer: todayNotPublishedYet(today))
    let model = await harness.loadedToday()
    await harness.failEveryRequest(with: .network(.offline), after: 3_600)
    await model.refresh()
    #expect(model.status?.kind == .stale)
  }

  @Test func exploreFetchedNowHasNoStatus() async throws {
    let harness = try ModelHarness()
    let model = await harness.loadedExplore(days: 3)
    #expect(model.status == nil)
  }

  @Test func exploreFromTheCacheSaysItIsSavedAndCurrent() async throws {
    let harness = try ModelHarness()
    await harness.explore(days: 3).load()
    harness.clock.advance(by: 5 * 60)
    let relaunched = harness.explore(days: 3)
    await relaunched.load()
    #expect(
      relaunched.status
        == ContentStatus(
          kind: .savedCurrent, message: "Saved 5 minutes ago. Nothing newer has been published yet."))
  }

  @Test func exploreKeptAfterAFailedRefreshIsStale() async throws {
    let harness = try ModelHarness()
    let model = await harness.loadedExplore(days: 3)
    await harness.failEveryRequest(with: .network(.rateLimited(retryAt: nil)), after: 86_400)
    await model.refresh()
    #expect(model.status?.kind == .stale)
    #expect(model.status?.message.contains("Too many requests") == true)
  }
}
