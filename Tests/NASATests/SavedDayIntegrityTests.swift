import APODTestSupport
import Foundation
import Networking
import TestSupport
import Testing

@testable import NASA

/// Puts the saved file of `from` in the place of `to`'s, as a copy by hand or a bad restore does.
private func copySavedFile(of from: APODDay, to: APODDay, in harness: RepositoryHarness) throws {
  let cache = JSONDiskCache(directory: harness.folder.url, clock: TestClock())
  let source = cache.fileURL(for: "apod-day-" + from.iso)
  let target = cache.fileURL(for: "apod-day-" + to.iso)
  try? FileManager.default.removeItem(at: target)
  try FileManager.default.copyItem(at: source, to: target)
}

@Suite("Repository: a saved day is only ever that day")
struct SavedDayIntegrityTests {
  @Test func aFileHoldingAnotherDayIsDamageNotThatDay() async throws {
    let harness = try RepositoryHarness()
    _ = try await harness.repository.apod(for: day("2024-01-05"))
    _ = try await harness.repository.apod(for: day("2024-03-26"))
    try copySavedFile(of: day("2024-01-05"), to: day("2024-03-26"), in: harness)
    let callsBefore = await harness.source.callCount

    let shown = try await harness.repository.apod(for: day("2024-03-26"))

    #expect(shown.apod.date == day("2024-03-26"))
    #expect(shown.cachedAt == nil, "fetched again, not the wrong copy")
    #expect(await harness.source.dayCalls.last == day("2024-03-26"))
    #expect(await harness.source.callCount == callsBefore + 1)
    #expect(
      await harness.repository.takeUnreadableSavedDays() == [
        UnreadableSavedDay(day: day("2024-03-26"), reason: .anotherDay(day("2024-01-05")))
      ])
    // The fetched copy replaced the wrong one.
    #expect(
      try await harness.repository.apod(for: day("2024-03-26"), policy: .cacheOnly).apod.date
        == day("2024-03-26"))
  }

  @Test func offlineAFileHoldingAnotherDayIsRemovedAndNotShown() async throws {
    let harness = try RepositoryHarness()
    _ = try await harness.repository.apod(for: day("2024-01-05"))
    _ = try await harness.repository.apod(for: day("2024-03-26"))
    try copySavedFile(of: day("2024-01-05"), to: day("2024-03-26"), in: harness)
    await #expect(throws: APODError.notCached) {
      try await harness.repository.apod(for: day("2024-03-26"), policy: .cacheOnly)
    }
    let path = JSONDiskCache(directory: harness.folder.url, clock: TestClock()).fileURL(
      for: "apod-day-2024-03-26"
    ).path
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test func todayNeverShowsAnotherDayAsTodays() async throws {
    let harness = try RepositoryHarness()
    _ = try await harness.repository.apod(for: yesterday)
    _ = try await harness.repository.today()
    try copySavedFile(of: yesterday, to: today, in: harness)

    let shown = try await harness.repository.today()

    #expect(shown.apod.date == today)
    #expect(shown.cachedAt == nil)
  }

  @Test func exploreListsEachDayOnceAndNoneTwice() async throws {
    let harness = try RepositoryHarness()
    _ = try await harness.repository.explore(days: 5)
    try copySavedFile(of: day("2026-11-18"), to: day("2026-11-19"), in: harness)

    let list = try await harness.repository.explore(days: 5, .cacheOnly)

    #expect(
      list.items.map(\.date) == [day("2026-11-21"), day("2026-11-20"), day("2026-11-18"), day("2026-11-17")])
    let again = try await harness.repository.explore(days: 5, .refresh)
    #expect(again.items.map(\.date) == APODDay.lastDays(5, endingOn: today))
  }

  @Test func searchReadsNoDayUnderAnotherDaysName() async throws {
    let harness = try RepositoryHarness()
    _ = try await harness.repository.apod(for: day("2024-01-05"))
    _ = try await harness.repository.apod(for: day("2024-03-26"))
    try copySavedFile(of: day("2024-01-05"), to: day("2024-03-26"), in: harness)
    #expect(await harness.repository.savedAPODs().map(\.date) == [day("2024-01-05")])
  }

  @Test func showRefreshAsksTheServiceForASavedDayAndSaysWhatItFound() async throws {
    let harness = try RepositoryHarness()
    _ = try await harness.repository.apod(for: day("2024-01-05"))
    let same = try await harness.repository.apod(for: day("2024-01-05"), policy: .refresh)
    #expect(await harness.source.dayCalls == [day("2024-01-05"), day("2024-01-05")])
    #expect(same.refresh == .sameAsSaved)

    await harness.answer { .success(sampleAPOD($0, title: "Corrected title")) }
    let replaced = try await harness.repository.apod(for: day("2024-01-05"), policy: .refresh)
    #expect(replaced.refresh == .replaced)
    #expect(replaced.apod.title == "Corrected title")
    let saved = try await harness.repository.apod(for: day("2024-01-05"), policy: .cacheOnly)
    #expect(saved.apod.title == "Corrected title")

    await harness.answer { _ in .failure(.network(.offline)) }
    let failed = try await harness.repository.apod(for: day("2024-01-05"), policy: .refresh)
    #expect(failed.freshness.isStale)
    #expect(failed.apod.title == "Corrected title")
  }

  @Test func aDayFileFromANewerVersionIsKeptAndSaidSo() async throws {
    let harness = try RepositoryHarness()
    let newer = JSONDiskCache(directory: harness.folder.url, schemaVersion: 2, clock: TestClock())
    try await newer.save(sampleAPOD(day("2024-01-05")), for: "apod-day-2024-01-05")

    await #expect(throws: APODError.notCached) {
      try await harness.repository.apod(for: day("2024-01-05"), policy: .cacheOnly)
    }
    #expect(await harness.repository.savedAPODs().isEmpty)
    #expect(
      await harness.repository.takeUnreadableSavedDays() == [
        UnreadableSavedDay(day: day("2024-01-05"), reason: .newerVersion)
      ])
    #expect(await newer.value(APOD.self, for: "apod-day-2024-01-05") != nil)
  }

  @Test func aFetchedDayNeverReplacesANewerVersionsFile() async throws {
    let harness = try RepositoryHarness()
    let newer = JSONDiskCache(directory: harness.folder.url, schemaVersion: 2, clock: TestClock())
    try await newer.save(sampleAPOD(day("2024-01-05"), title: "Newer"), for: "apod-day-2024-01-05")

    let shown = try await harness.repository.apod(for: day("2024-01-05"))
    #expect(shown.apod.title == "Sample 2024-01-05")
    #expect(await newer.value(APOD.self, for: "apod-day-2024-01-05")?.value.title == "Newer")
  }
}
