import APODTestSupport
import Foundation
import Networking
import TestSupport
import Testing

@testable import NASA

private typealias Harness = RepositoryHarness

@Suite("Repository: Today refresh rules")
struct RepositoryTodayTests {
  @Test func firstLoadFetchesTodayFresh() async throws {
    let harness = try Harness()
    let result = try await harness.repository.today()
    #expect(result.apod.date == today)
    #expect(result.freshness == .fresh)
    #expect(result.cachedAt == nil)
    #expect(result.notice == nil)
    #expect(await harness.source.dayCalls == [today])
  }

  @Test func sameAPODDayIsServedFromTheCacheWithoutARequest() async throws {
    let harness = try Harness()
    _ = try await harness.repository.today()
    harness.clock.advance(by: 6 * 3600)
    let again = try await harness.repository.today()
    #expect(again.apod.date == today)
    #expect(again.freshness == .fresh)
    #expect(again.cachedAt == morning)
    #expect(again.servedFromCache)
    #expect(await harness.source.callCount == 1)
  }

  @Test func advancedAPODDayIsFetched() async throws {
    let harness = try Harness()
    _ = try await harness.repository.today()
    // 05:00 UTC on the 22nd is midnight EST: a new APOD day.
    harness.clock.set(utc("2026-11-22T05:00:00Z"))
    let next = try await harness.repository.today()
    #expect(next.apod.date == day("2026-11-22"))
    #expect(await harness.source.dayCalls == [today, day("2026-11-22")])
  }

  @Test func eveningInNewYorkIsStillTheSameAPODDay() async throws {
    let harness = try Harness()
    _ = try await harness.repository.today()
    // 02:00 UTC on the 22nd is 21:00 EST on the 21st.
    harness.clock.set(utc("2026-11-22T02:00:00Z"))
    _ = try await harness.repository.today()
    #expect(await harness.source.callCount == 1)
  }

  @Test func explicitRefreshAsksAgainEvenWhenTodayIsSaved() async throws {
    let harness = try Harness()
    _ = try await harness.repository.today()
    await harness.answer { .success(sampleAPOD($0, title: "Corrected")) }
    let refreshed = try await harness.repository.today(.refresh)
    #expect(refreshed.apod.date == today)
    #expect(refreshed.apod.title == "Corrected")
    #expect(refreshed.cachedAt == nil)
    #expect(await harness.source.callCount == 2)
  }

  @Test func anIncompleteRefreshAnswerNeverReplacesASavedDay() async throws {
    let harness = try Harness()
    let saved = try await harness.repository.today()
    await harness.answer { .success(sampleAPOD($0, title: "")) }
    let refreshed = try await harness.repository.today(.refresh)
    #expect(refreshed.apod == saved.apod)
    let again = try await harness.repository.today(.cacheOnly)
    #expect(again.apod == saved.apod)
  }

  @Test func notPublishedYetShowsThePreviousDayAndSaysSo() async throws {
    let harness = try Harness(answer: todayNotPublishedYet(today))
    let result = try await harness.repository.today()
    #expect(result.apod.date == yesterday)
    #expect(result.notice == .notPublishedYet(today: today, showing: yesterday))
    #expect(result.freshness == .fresh)
    #expect(result.notice?.message.contains("not published yet") == true)
  }

  @Test func previousDayMeansTheNewestDayThatHasAPicture() async throws {
    let harness = try Harness { day in
      switch day {
      case today: .failure(.notPublishedYet(day))
      case yesterday: .failure(.noAPOD(day))
      default: .success(sampleAPOD(day))
      }
    }
    let result = try await harness.repository.today()
    #expect(result.apod.date == day("2026-11-19"))
    #expect(result.notice == .notPublishedYet(today: today, showing: day("2026-11-19")))
  }

  @Test func savedPreviousDayIsUsedWithoutFetchingIt() async throws {
    let harness = try Harness()
    _ = try await harness.repository.apod(for: yesterday)
    await harness.answer(todayNotPublishedYet(today))
    let result = try await harness.repository.today()
    #expect(result.apod.date == yesterday)
    #expect(result.servedFromCache)
    #expect(await harness.source.dayCalls == [yesterday, today])
  }

  @Test func unpublishedTodayIsAskedAgainOnlyAfterTheRecheckInterval() async throws {
    let harness = try Harness(answer: todayNotPublishedYet(today))
    _ = try await harness.repository.today()
    harness.clock.advance(by: 5 * 60)
    let quiet = try await harness.repository.today()
    #expect(quiet.notice == .notPublishedYet(today: today, showing: yesterday))
    #expect(await harness.source.dayCalls == [today, yesterday])
    harness.clock.advance(by: 11 * 60)
    await harness.answer { .success(sampleAPOD($0)) }
    let published = try await harness.repository.today()
    #expect(published.apod.date == today)
    #expect(published.notice == nil)
    #expect(await harness.source.dayCalls == [today, yesterday, today])
  }

  @Test func explicitRefreshAsksForAnUnpublishedTodayAtOnce() async throws {
    let harness = try Harness(answer: todayNotPublishedYet(today))
    _ = try await harness.repository.today()
    harness.clock.advance(by: 60)
    _ = try await harness.repository.today(.refresh)
    #expect(await harness.source.dayCalls == [today, yesterday, today])
  }
}

@Suite("Repository: offline, rate-limited and failing")
struct RepositoryDegradationTests {
  /// Yesterday's picture saved at `morning - 1 day`, then today's request fails with `error`.
  private func staleHarness(failingWith error: APODError) async throws -> Harness {
    let harness = try Harness(at: morning - 86_400)
    _ = try await harness.repository.today()
    harness.clock.set(morning)
    await harness.answer { _ in .failure(error) }
    return harness
  }

  @Test func offlineServesTheCacheWithItsAgeAndTheReason() async throws {
    let harness = try await staleHarness(failingWith: .network(.offline))
    let result = try await harness.repository.today()
    #expect(result.apod.date == yesterday)
    #expect(result.freshness == .stale(since: morning - 86_400, reason: .offline))
    #expect(result.cachedAt == morning - 86_400)
    let message = try #require(result.freshness.message(now: morning))
    #expect(message.contains("1 day ago"))
    #expect(message.contains("offline"))
  }

  @Test func rateLimitedServesTheCacheSayingWhenToRetry() async throws {
    let retryAt = morning + 47 * 60
    let harness = try await staleHarness(failingWith: .network(.rateLimited(retryAt: retryAt)))
    let result = try await harness.repository.today()
    #expect(result.freshness == .stale(since: morning - 86_400, reason: .rateLimited(retryAt: retryAt)))
    #expect(result.freshness.message(now: morning)?.contains("47 minutes") == true)
  }

  @Test func failingServiceServesTheCacheWithTheFailure() async throws {
    let failure = APODError.network(.server(statusCode: 503))
    let harness = try await staleHarness(failingWith: failure)
    let result = try await harness.repository.today()
    #expect(result.freshness == .stale(since: morning - 86_400, reason: .failing(failure)))
    #expect(result.freshness.message(now: morning)?.contains("503") == true)
  }

  @Test func nothingSavedAndOfflineIsAnError() async throws {
    let harness = try Harness { _ in .failure(.network(.offline)) }
    await #expect(throws: APODError.network(.offline)) { try await harness.repository.today() }
  }

  @Test func offlineModeNeverTouchesTheNetwork() async throws {
    let harness = try Harness()
    await #expect(throws: APODError.notCached) { try await harness.repository.today(.cacheOnly) }
    await #expect(throws: APODError.notCached) { try await harness.repository.explore(days: 3, .cacheOnly) }
    #expect(await harness.source.callCount == 0)
  }

  @Test func offlineModeServesYesterdaysPictureAsStale() async throws {
    let harness = try Harness(at: morning - 86_400)
    _ = try await harness.repository.today()
    harness.clock.set(morning)
    let result = try await harness.repository.today(.cacheOnly)
    #expect(result.apod.date == yesterday)
    #expect(result.freshness == .stale(since: morning - 86_400, reason: .networkDisabled))
    #expect(await harness.source.callCount == 1)
  }

  @Test func pictureSavedByExploreCoversAnOfflineToday() async throws {
    let harness = try Harness(at: morning - 86_400)
    _ = try await harness.repository.explore(days: 3)
    harness.clock.set(morning)
    await harness.answer { _ in .failure(.network(.offline)) }
    let result = try await harness.repository.today()
    #expect(result.apod.date == yesterday)
    #expect(result.freshness.isStale)
  }
}

@Suite("Repository: Explore refresh rules")
struct RepositoryExploreTests {
  @Test func firstExploreFetchesTheWindowNewestFirst() async throws {
    let harness = try Harness()
    let result = try await harness.repository.explore(days: 30)
    #expect(result.items.count == 30)
    #expect(result.items.first?.date == today)
    #expect(result.items.last?.date == day("2026-10-23"))
    #expect(result.freshness == .fresh)
    #expect(result.cachedAt == nil)
    #expect(await harness.source.rangeCalls == [day("2026-10-23")...today])
  }

  @Test func exploreRefreshesAtMostOncePerAPODDay() async throws {
    let harness = try Harness(answer: todayNotPublishedYet(today))
    _ = try await harness.repository.explore(days: 5)
    harness.clock.advance(by: 8 * 3600)
    let again = try await harness.repository.explore(days: 5)
    #expect(again.items.count == 4)
    #expect(again.servedFromCache)
    #expect(again.cachedAt == morning)
    #expect(await harness.source.callCount == 1)
  }

  @Test func nextAPODDayAsksOnlyForTheDaysNotSaved() async throws {
    let harness = try Harness()
    _ = try await harness.repository.explore(days: 5)
    harness.clock.advance(by: 86_400)
    let next = try await harness.repository.explore(days: 5)
    #expect(next.items.map(\.date) == APODDay.lastDays(5, endingOn: day("2026-11-22")))
    #expect(
      await harness.source.rangeCalls == [day("2026-11-17")...today, day("2026-11-22")...day("2026-11-22")])
  }

  @Test func explicitRefreshAsksOnlyForMissingDays() async throws {
    let gap = day("2026-11-19")
    let harness = try Harness { day in day == gap ? .failure(.noAPOD(day)) : .success(sampleAPOD(day)) }
    _ = try await harness.repository.explore(days: 5)
    _ = try await harness.repository.explore(days: 5, .refresh)
    #expect(await harness.source.rangeCalls == [day("2026-11-17")...today, gap...gap])
  }

  @Test func explicitRefreshWithEverythingSavedAsksForTheWindowAndSaysWhatItFound() async throws {
    let harness = try Harness()
    _ = try await harness.repository.explore(days: 5)
    let corrected = day("2026-11-19")
    await harness.answer { .success(sampleAPOD($0, title: $0 == corrected ? "Corrected" : nil)) }
    let refreshed = try await harness.repository.explore(days: 5, .refresh)
    #expect(await harness.source.rangeCalls == [day("2026-11-17")...today, day("2026-11-17")...today])
    #expect(refreshed.refreshed?[corrected] == .replaced)
    #expect(refreshed.refreshed?.values.filter { $0 == .sameAsSaved }.count == 4)
    #expect(refreshed.items.first { $0.date == corrected }?.title == "Corrected")
    let saved = try await harness.repository.apod(for: corrected, policy: .cacheOnly)
    #expect(saved.apod.title == "Corrected")
  }

  @Test func daysSavedByTodayAreNotFetchedAgain() async throws {
    let harness = try Harness()
    _ = try await harness.repository.today()
    harness.clock.advance(by: 60)
    let result = try await harness.repository.explore(days: 3)
    #expect(await harness.source.rangeCalls == [day("2026-11-19")...yesterday])
    // Each entry says where it came from: today's from the cache, the others fetched now.
    #expect(result.entries.map(\.cachedAt) == [morning, nil, nil])
    #expect(result.cachedAt == nil)
  }

  @Test func missingDaysCloseTogetherAreAskedAsOneRangeAndTheSavedDayIsKept() async throws {
    let harness = try Harness()
    let saved = try await harness.repository.apod(for: day("2026-11-19"))
    harness.clock.advance(by: 60)
    let result = try await harness.repository.explore(days: 5)
    #expect(await harness.source.rangeCalls == [day("2026-11-17")...today])
    let kept = try #require(result.entries.first { $0.apod.date == day("2026-11-19") })
    #expect(kept.cachedAt == morning)
    #expect(kept.apod == saved.apod)
  }

  @Test func missingDaysFarApartAreAskedAsSeparateRuns() async throws {
    let harness = try Harness()
    _ = try await harness.repository.explore(days: 40)
    // A new APOD day two days later, with one old day lost from the cache meanwhile: asked apart.
    harness.clock.advance(by: 2 * 86_400)
    let folder = harness.folder.url
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    let old = try #require(names.first { $0.contains("apod-day-2026-10-20") })
    try FileManager.default.removeItem(at: folder.appending(path: old))
    _ = try await harness.repository.explore(days: 40)
    #expect(
      await harness.source.rangeCalls.dropFirst() == [
        day("2026-11-22")...day("2026-11-23"), day("2026-10-20")...day("2026-10-20"),
      ])
  }

  @Test func failingRefreshServesSavedDaysAsStale() async throws {
    let harness = try Harness()
    _ = try await harness.repository.explore(days: 3)
    harness.clock.advance(by: 86_400)
    await harness.answer { _ in .failure(.network(.offline)) }
    let result = try await harness.repository.explore(days: 3)
    #expect(result.items.map(\.date) == [today, yesterday])
    #expect(result.freshness == .stale(since: morning, reason: .offline))
    #expect(result.cachedAt == morning)
  }

  @Test func failingFirstExploreWithNothingSavedIsAnError() async throws {
    let harness = try Harness { _ in .failure(.network(.server(statusCode: 500))) }
    await #expect(throws: APODError.network(.server(statusCode: 500))) {
      try await harness.repository.explore(days: 3)
    }
  }

  @Test func droppedElementsAreReported() async throws {
    let folder = try TemporaryDirectory()
    let source = FakeAPODSource(
      day: { .success(sampleAPOD($0)) },
      range: { start, end in .success(APODList(items: [sampleAPOD(end)], droppedCount: 2)) })
    let repository = APODRepository(
      source: source, cache: JSONDiskCache(directory: folder.url, clock: TestClock(morning)),
      clock: TestClock(morning))
    let result = try await repository.explore(days: 3)
    #expect(result.droppedCount == 2)
    #expect(result.items.map(\.date) == [today])
  }

  @Test func runsGroupConsecutiveDaysNewestFirst() {
    let days = [
      day("2026-11-21"), day("2026-11-20"), day("2026-11-18"), day("2026-11-16"), day("2026-11-15"),
    ]
    #expect(
      APODRepository.runs(of: days) == [
        day("2026-11-20")...day("2026-11-21"), day("2026-11-18")...day("2026-11-18"),
        day("2026-11-15")...day("2026-11-16"),
      ])
  }
}

@Suite("Repository: single days")
struct RepositoryDayTests {
  @Test func aDayIsFetchedOnceAndThenServedFromTheCache() async throws {
    let harness = try Harness()
    let first = try await harness.repository.apod(for: day("2001-09-11"))
    let second = try await harness.repository.apod(for: day("2001-09-11"))
    #expect(first.cachedAt == nil)
    #expect(second.cachedAt == morning)
    #expect(second.apod == first.apod)
    #expect(await harness.source.callCount == 1)
  }

  @Test func aDayWithoutAPictureIsReported() async throws {
    let harness = try Harness { .failure(.noAPOD($0)) }
    await #expect(throws: APODError.noAPOD(day("1995-06-17"))) {
      try await harness.repository.apod(for: day("1995-06-17"))
    }
  }

  @Test func aFutureDayIsRefusedWithoutARequest() async throws {
    let harness = try Harness()
    await #expect(throws: APODError.invalidDay(.afterToday(day("2026-11-22"), today: today))) {
      try await harness.repository.apod(for: day("2026-11-22"))
    }
    #expect(await harness.source.callCount == 0)
  }

  @Test func offlineModeServesOnlySavedDays() async throws {
    let harness = try Harness()
    await #expect(throws: APODError.notCached) {
      try await harness.repository.apod(for: day("2020-01-01"), policy: .cacheOnly)
    }
    #expect(await harness.source.callCount == 0)
  }
}
