import APODSearch
import APODTestSupport
import Foundation
import Networking
import TestSupport
import Testing
import WidgetCore

@testable import NASA

/// 1990-03-01, noon in New York: a device clock reset after a flat battery, five years before the
/// first APOD (1995-06-16).
private let resetClock = utc("1990-03-01T17:00:00Z")

/// Every public entry point that reads "today", with the device clock before the first APOD:
/// none traps (ranges built from today are clamped), none asks NASA for a day that cannot exist.
@Suite("A device clock before 1995-06-16 traps nowhere")
struct ClockBeforeFirstDayTests {
  /// A repository with days saved while the clock was right, then the clock reset.
  private func harnessWithSavedDays() async throws -> RepositoryHarness {
    let harness = try RepositoryHarness()
    _ = try await harness.repository.explore(days: 3)
    harness.clock.set(resetClock)
    return harness
  }

  @Test func searchFindsTheDaysSavedBeforeTheClockWasReset() async throws {
    let harness = try await harnessWithSavedDays()
    let library = APODSearchLibrary(repository: harness.repository)
    let hits = await library.search("sample")
    #expect(Set(hits.map(\.day)) == Set(APODDay.lastDays(3, endingOn: today)))
    #expect(await harness.repository.savedAPODs().count == 3)
  }

  @Test func exploreListsTheNewestSavedDaysWithoutARequest() async throws {
    let harness = try await harnessWithSavedDays()
    let callsBefore = await harness.source.callCount
    for policy in [FetchPolicy.automatic, .refresh, .cacheOnly] {
      let result = try await harness.repository.explore(days: 2, policy)
      #expect(result.items.map(\.date) == [today, today.previous])
      #expect(result.notice == .savedDaysOnClockBeforeFirstDay(day("1990-03-01")))
      #expect(result.freshness == .fresh)
    }
    #expect(await harness.source.callCount == callsBefore)
  }

  @Test func exploreWithNothingSavedSaysTheClockIsBeforeTheFirstDay() async throws {
    let harness = try RepositoryHarness(at: resetClock)
    for policy in [FetchPolicy.automatic, .refresh, .cacheOnly] {
      await #expect(throws: APODError.clockBeforeFirstDay(day("1990-03-01"))) {
        try await harness.repository.explore(days: 30, policy)
      }
    }
    #expect(await harness.source.callCount == 0)
  }

  @Test func todayIsTheNewestSavedDayWithoutARequest() async throws {
    let harness = try await harnessWithSavedDays()
    let callsBefore = await harness.source.callCount
    for policy in [FetchPolicy.automatic, .refresh, .cacheOnly] {
      let result = try await harness.repository.today(policy)
      #expect(result.apod.date == today)
      #expect(result.notice == .clockBeforeFirstDay(day("1990-03-01")))
    }
    #expect(await harness.repository.lastUnansweredTodayCheck() == nil)
    #expect(await harness.source.callCount == callsBefore)
  }

  @Test func todayWithNothingSavedSaysTheClockIsBeforeTheFirstDay() async throws {
    let harness = try RepositoryHarness(at: resetClock)
    for policy in [FetchPolicy.automatic, .refresh, .cacheOnly] {
      await #expect(throws: APODError.clockBeforeFirstDay(day("1990-03-01"))) {
        try await harness.repository.today(policy)
      }
    }
    #expect(await harness.source.callCount == 0)
  }

  @Test func aSavedDayIsShownAndAnotherRefusedWithoutARequest() async throws {
    let harness = try await harnessWithSavedDays()
    for policy in [FetchPolicy.automatic, .refresh, .cacheOnly] {
      #expect(
        try await harness.repository.apod(for: today.previous, policy: policy).apod.date == today.previous)
      await #expect(throws: APODError.clockBeforeFirstDay(day("1990-03-01"))) {
        try await harness.repository.apod(for: day("2000-01-01"), policy: policy)
      }
    }
    await #expect(throws: APODError.invalidDay(.beforeFirstDay(day("1995-06-15")))) {
      try await harness.repository.apod(for: day("1995-06-15"))
    }
    #expect(await harness.source.callCount == 1)
  }

  @Test func theWidgetTimelineLoadsAndAsksForNoImpossibleDay() async throws {
    let harness = try await harnessWithSavedDays()
    let loader = WidgetTimelineLoader(
      repository: harness.repository,
      attempts: JSONDiskCache(directory: harness.folder.url, clock: harness.clock),
      clock: harness.clock)
    let outcome = await loader.load()
    #expect(outcome.reloadAt > resetClock)
    #expect(await harness.source.dayCalls.allSatisfy { $0 >= APODDay.first })
    let plan = WidgetTimelinePolicy().plan(
      newest: sampleAPOD(today), now: resetClock, nextDayBegins: APODDay.startOfNextDay(after: resetClock),
      lastAttempt: nil)
    #expect(plan.reloadAt > resetClock)
  }

  @Test func dayNavigationStaysInsideTheArchive() {
    let clockDay = APODDay.today(now: resetClock)
    for shown in [APODDay.first, day("2026-11-21")] {
      let navigation = DayNavigation(day: shown, today: clockDay)
      #expect(navigation.newer == nil)
      #expect(navigation.older.map { $0 >= APODDay.first } ?? true)
      #expect(navigation.prefetch().allSatisfy { $0 >= APODDay.first })
    }
  }

  @Test func theDatePickerRangeHoldsTheFirstDay() {
    let range = APODDay.pickerRange(now: resetClock)
    #expect(range.contains(APODDay.first.pickerDate))
  }
}
