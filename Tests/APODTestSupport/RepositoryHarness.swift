import Foundation
import NASA
import Networking
import TestSupport

/// The harness clock's default start: 10:00 in New York (EST) on 2026-11-21.
public let morning = utc("2026-11-21T15:00:00Z")
/// The day the harness clock starts on, and the day before.
public let today = day("2026-11-21")
public let yesterday = day("2026-11-20")

/// What NASA answers before `today`'s picture is published: "not published yet" for `today`,
/// each other day's sample.
public func todayNotPublishedYet(_ today: APODDay) -> FakeAPODSource.DayHandler {
  { day in day == today ? .failure(.notPublishedYet(day)) : .success(sampleAPOD(day)) }
}

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
    at start: Date = morning,
    answer: @escaping FakeAPODSource.DayHandler = { .success(sampleAPOD($0)) }
  ) throws {
    folder = try TemporaryDirectory()
    clock = TestClock(start)
    source = FakeAPODSource(day: answer)
    let cache = JSONDiskCache(directory: folder.url, clock: clock)
    repository = APODRepository(source: source, cache: cache, clock: clock)
  }

  public func answer(_ handler: @escaping FakeAPODSource.DayHandler) async {
    await source.answer(day: handler)
  }

  /// Holds the source, runs `action`, waits until a request is held, and returns the task.
  /// Throws `HangGuardTimedOut` when no request ever reaches the source.
  @MainActor
  public func held(
    _ gate: AsyncGate, _ action: @escaping @MainActor () async -> Void
  ) async throws -> Task<Void, Never> {
    await source.hold(with: gate)
    let task = Task { @MainActor in await action() }
    try await eventually("a request held at the source") { await gate.waiting > 0 }
    return task
  }

  /// Moves the clock on by `seconds`, then makes every request fail with `error` (NASA cannot be
  /// reached from then on).
  public func failEveryRequest(with error: APODError, after seconds: TimeInterval) async {
    clock.advance(by: seconds)
    await source.answer { _ in .failure(error) }
  }

  /// Runs `action` with the source held; once a request waits, runs `whileHeld` (the checks on the
  /// state in between), then lets the source answer and waits for `action` to end. The wait is
  /// bounded: an action that never ends fails the test instead of hanging the run.
  @MainActor
  public func run(
    _ action: @escaping @MainActor () async -> Void, whileHeld: @MainActor () throws -> Void
  ) async throws {
    let gate = AsyncGate()
    let task = try await held(gate, action)
    do {
      try whileHeld()
    } catch {
      await gate.open()
      throw error
    }
    await gate.open()
    try await bounded("the held action") { await task.value }
  }
}
