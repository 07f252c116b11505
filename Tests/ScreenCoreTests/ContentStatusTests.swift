import APODTestSupport
import ExploreCore
import Foundation
import Networking
import ScreenCore
import TestSupport
import Testing
import TodayCore

@testable import NASA

private let morning = utc("2026-11-21T15:00:00Z")
private let today = day("2026-11-21")
private let yesterday = day("2026-11-20")

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
    #expect(status == ContentStatus(kind: .notPublishedYet, message: notice.message))
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
    let model = harness.today()
    await model.load()
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
    let model = harness.today()
    await model.load()
    harness.clock.advance(by: 86_400)
    await harness.source.answer { _ in .failure(.network(.offline)) }
    await model.refresh()
    #expect(model.status?.kind == .stale)
    #expect(model.status?.message.hasPrefix("Showing a copy from 1 day ago.") == true)
  }

  @Test func unpublishedTodayIsANoticeNotAWarning() async throws {
    let harness = try ModelHarness { day in
      day == today ? .failure(.notPublishedYet(day)) : .success(sampleAPOD(day))
    }
    let model = harness.today()
    await model.load()
    #expect(model.status?.kind == .notPublishedYet)
    #expect(model.status?.message.contains("not published yet") == true)
  }

  @Test func unpublishedTodayThatThenFailsToRefreshIsStale() async throws {
    let harness = try ModelHarness { day in
      day == today ? .failure(.notPublishedYet(day)) : .success(sampleAPOD(day))
    }
    let model = harness.today()
    await model.load()
    harness.clock.advance(by: 3_600)
    await harness.source.answer { _ in .failure(.network(.offline)) }
    await model.refresh()
    #expect(model.status?.kind == .stale)
  }

  @Test func exploreFetchedNowHasNoStatus() async throws {
    let harness = try ModelHarness()
    let model = harness.explore(days: 3)
    await model.load()
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
    let model = harness.explore(days: 3)
    await model.load()
    harness.clock.advance(by: 86_400)
    await harness.source.answer { _ in .failure(.network(.rateLimited(retryAt: nil))) }
    await model.refresh()
    #expect(model.status?.kind == .stale)
    #expect(model.status?.message.contains("Too many requests") == true)
  }
}
