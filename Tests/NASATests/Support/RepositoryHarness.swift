import Foundation
import NASA
import Networking
import TestSupport

/// A repository over a scripted source (which may answer anything: another day, a failure, a
/// cancellation) and a real disk cache in a fresh folder, removed when the harness goes.
struct RepositoryHarness {
  let folder: TemporaryDirectory
  let clock: TestClock
  let source: FakeAPODSource
  let repository: APODRepository

  /// - Parameters:
  ///   - start: the clock's start; by default 10:00 in New York (EST) on 2026-11-21.
  ///   - answer: what the source answers for a day; by default that day's sample.
  init(
    at start: Date = utc("2026-11-21T15:00:00Z"),
    answer: @escaping FakeAPODSource.DayHandler = { .success(sampleAPOD($0)) }
  ) throws {
    folder = try TemporaryDirectory()
    clock = TestClock(start)
    source = FakeAPODSource(day: answer)
    let cache = JSONDiskCache(directory: folder.url, now: clock.nowProvider)
    repository = APODRepository(source: source, cache: cache, now: clock.nowProvider)
  }

  func answer(_ handler: @escaping FakeAPODSource.DayHandler) async { await source.answer(day: handler) }
}
