import APODTestSupport
import Foundation
import Networking
import TestSupport
import Testing

@testable import NASA

@Suite("Repository: the saved days, for search and the widget")
struct SavedDaysTests {
  @Test func savedDaysAreReadOldestFirstWithoutAskingTheNetwork() async throws {
    let harness = try RepositoryHarness()
    let (repository, source) = (harness.repository, harness.source)
    for iso in ["2024-03-03", "1995-06-16", "2026-11-20"] {
      _ = try await repository.apod(for: day(iso))
    }
    let callsBefore = await source.callCount

    let saved = await repository.savedAPODs()

    #expect(saved.map(\.date.iso) == ["1995-06-16", "2024-03-03", "2026-11-20"])
    #expect(await source.callCount == callsBefore)
  }

  @Test func nothingSavedGivesAnEmptyList() async throws {
    let harness = try RepositoryHarness()
    let (repository, source) = (harness.repository, harness.source)
    #expect(await repository.savedAPODs().isEmpty)
    #expect(await source.callCount == 0)
  }
}

@Suite("Repository: a cancelled fallback is a cancellation, not a stale answer")
struct CancelledFallbackTests {
  @Test func cancellingWhileLookingForTheNewestEarlierDayThrowsCancelled() async throws {
    // Today is not published yet, and the view goes away while the previous day is being fetched.
    // Two days ago's picture is on screen from an earlier launch.
    let harness = try RepositoryHarness(at: utc("2026-11-19T15:00:00Z"))
    let (repository, source, clock) = (harness.repository, harness.source, harness.clock)
    _ = try await repository.today()
    clock.set(utc("2026-11-21T15:00:00Z"))
    let today = day("2026-11-21")
    await source.answer(day: { asked in
      asked == today ? .failure(.notPublishedYet(asked)) : .failure(.network(.cancelled))
    })
    do {
      let result = try await repository.today()
      Issue.record("expected the cancellation, got \(result.freshness) \(result.apod.date)")
    } catch {
      #expect(error == .network(.cancelled))
    }
  }
}

extension CancelledFallbackTests {
  @Test func aCancelledRefreshOfTodaysSavedPictureThrowsCancelledNotStale() async throws {
    let harness = try RepositoryHarness()
    let (repository, source) = (harness.repository, harness.source)
    _ = try await repository.today()
    await source.answer(day: { _ in .failure(.network(.cancelled)) })
    do {
      let result = try await repository.today(.refresh)
      Issue.record("expected the cancellation, got \(result.freshness)")
    } catch {
      #expect(error == .network(.cancelled))
    }
  }
}
