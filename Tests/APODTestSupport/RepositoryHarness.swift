import Foundation
import NASA
import Networking
import TestSupport

/// A repository over a scripted source (which may answer anything: another day, a failure, a
/// cancellation) and a real disk cache in a fresh folder, removed when the harness goes.
public struct RepositoryHarness: Sendable {
  public let folder: TemporaryDirectory
  public let clock: TestClock
  public let source: FakeAPODSource
  public let repository: APODRepository

  /// - Parameters:
  ///   - start: the clock's start; by default 10:00 in New York (EST) on 2026-11-21.
  ///   - answer: what the source answers for a day; by default that day's sample.
  public init(
    at start: Date = utc("2026-11-21T15:00:00Z"),
    answer: @escaping FakeAPODSource.DayHandler = { .success(sampleAPOD($0)) }
  ) throws {
    folder = try TemporaryDirectory()
    clock = TestClock(start)
    source = FakeAPODSource(day: answer)
    let cache = JSONDiskCache(directory: folder.url, now: clock.nowProvider)
    repository = APODRepository(source: source, cache: cache, now: clock.nowProvider)
  }

  public func answer(_ handler: @escaping FakeAPODSource.DayHandler) async {
    await source.answer(day: handler)
  }

  /// Holds the source, runs `action`, waits until a request is held, and returns the task.
  @MainActor
  public func held(
    _ gate: AsyncGate, _ action: @escaping @MainActor () async -> Void
  ) async -> Task<Void, Never> {
    await source.hold(with: gate)
    let task = Task { @MainActor in await action() }
    _ = await eventually { await gate.waiting > 0 }
    return task
  }
}
