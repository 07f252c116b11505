import APODTestSupport
import Foundation
import Networking
import TestSupport
import Testing

@testable import NASA

private let start = utc("2026-11-21T19:00:00Z")
private let today = day("2026-11-21")

/// A source whose every call waits until the test answers it, in whatever order the test picks:
/// interleavings are chosen, never left to timing. Calls are numbered in the order they arrive.
private actor HeldSource: APODSource {
  enum Call: Equatable {
    case day(APODDay)
    case range(ClosedRange<APODDay>)
  }

  private(set) var calls: [Call] = []
  /// The calls whose caller has cancelled them, by number.
  private(set) var cancelled: Set<Int> = []
  private var waiting: [Int: AsyncStream<Result<APODList, APODError>>.Continuation] = [:]
  /// A cancelled call ends only once answered (then as cancelled), as a transfer does that
  /// reports its cancellation when the server's answer comes (URLSession on Linux, seen in the
  /// journeys); by default a cancelled call ends at once.
  private let cancelledCallsWaitForTheAnswer: Bool

  init(cancelledCallsWaitForTheAnswer: Bool = false) {
    self.cancelledCallsWaitForTheAnswer = cancelledCallsWaitForTheAnswer
  }

  func apod(for day: APODDay) async throws(APODError) -> APOD {
    let list = try await held(.day(day))
    guard let apod = list.items.first else { throw .noAPOD(day) }
    return apod
  }

  func apods(from start: APODDay, through end: APODDay) async throws(APODError) -> APODList {
    try await held(.range(start...end))
  }

  private func held(_ call: Call) async throws(APODError) -> APODList {
    let (answers, answer) = AsyncStream<Result<APODList, APODError>>.makeStream()
    let number = calls.count
    waiting[number] = answer
    calls.append(call)
    if cancelledCallsWaitForTheAnswer {
      let result = await withTaskCancellationHandler {
        await Self.firstAnswer(answers)
      } onCancel: {
        Task { await self.markCancelled(number) }
      }
      if Task.isCancelled { throw .network(.cancelled) }
      return try result.get()
    }
    for await result in answers { return try result.get() }
    throw .network(.cancelled)
  }

  private func markCancelled(_ number: Int) { cancelled.insert(number) }

  /// The first answer of `answers`, waited for whether or not the caller is cancelled (the
  /// stream is read from an unstructured task, which the caller's cancellation does not reach).
  private nonisolated static func firstAnswer(
    _ answers: AsyncStream<Result<APODList, APODError>>
  ) async -> Result<APODList, APODError> {
    await Task {
      for await result in answers { return result }
      return .failure(.network(.server(statusCode: 599)))
    }.value
  }

  /// Answers call number `index` (0 is the first call) with `result`.
  func answer(_ index: Int, _ result: Result<APODList, APODError>) {
    waiting.removeValue(forKey: index)?.yield(result)
  }

  /// Answers call `index` with the sample of every day it asked for.
  func answerWithSamples(_ index: Int, source kind: APODSourceKind = .apodBasic) {
    let days: [APODDay]
    switch calls[index] {
    case .day(let day): days = [day]
    case .range(let range): days = range.reversed()
    }
    answer(index, .success(APODList(items: days.map { sampleAPOD($0, source: kind) })))
  }

  /// Answers every call still waiting with a failure, so no task is left behind.
  func failEveryWaitingCall() {
    for (_, answer) in waiting { answer.yield(.failure(.network(.server(statusCode: 503)))) }
    waiting.removeAll()
  }
}

/// Waits (a hang guard, not a timing assumption) until `source` has received `count` calls.
private func calls(_ source: HeldSource, reach count: Int) async throws {
  try await eventually("call \(count) reaching the source") { await source.calls.count >= count }
}

@Suite("Automatic source: overlapping requests (issue 19, point 5)")
struct AutomaticSourceReentrancyTests {
  @Test func aLateFailureDoesNotUndoTheSuccessOfARequestStartedAfterIt() async throws {
    let preferred = HeldSource()
    let source = AutomaticAPODSource(
      preferred: preferred, fallback: FakeAPODSource { .success(sampleAPOD($0, source: .v1)) },
      failureThreshold: 1, clock: TestClock(start))
    let older = Task { try await source.apod(for: today) }
    try await calls(preferred, reach: 1)
    let newer = Task { try await source.apod(for: today.previous) }
    try await calls(preferred, reach: 2)
    await preferred.answerWithSamples(1)
    #expect(try await newer.value.source == .apodBasic)
    await preferred.answer(0, .failure(.network(.server(statusCode: 500))))
    // The older request still gets its picture from v1, but its failure is older news.
    #expect(try await older.value.source == .v1)
    #expect(await source.route == .preferred(failures: 0))
  }

  @Test func aLateSuccessDoesNotUndoTheFailureOfARequestStartedAfterIt() async throws {
    let preferred = HeldSource()
    let source = AutomaticAPODSource(
      preferred: preferred, fallback: FakeAPODSource { .success(sampleAPOD($0, source: .v1)) },
      failureThreshold: 1, cooldown: 600, clock: TestClock(start))
    let older = Task { try await source.apod(for: today) }
    try await calls(preferred, reach: 1)
    let newer = Task { try await source.apod(for: today.previous) }
    try await calls(preferred, reach: 2)
    await preferred.answer(1, .failure(.network(.server(statusCode: 500))))
    _ = try await newer.value
    await preferred.answerWithSamples(0)
    _ = try await older.value
    #expect(await source.route == .fallback(probeAt: start + 600))
  }

  @Test func oneProbeAtATimeOthersKeepToTheFallbackUntilItAnswers() async throws {
    let clock = TestClock(start)
    let preferred = HeldSource()
    let fallback = FakeAPODSource { .success(sampleAPOD($0, source: .v1)) }
    let source = AutomaticAPODSource(
      preferred: preferred, fallback: fallback, failureThreshold: 1, cooldown: 600,
      clock: clock)
    let first = Task { try await source.apod(for: today) }
    try await calls(preferred, reach: 1)
    await preferred.answer(0, .failure(.network(.server(statusCode: 500))))
    _ = try await first.value
    clock.advance(by: 601)

    let probe = Task { try await source.apod(for: today) }
    try await calls(preferred, reach: 2)
    let other = Task { try await source.apod(for: today.previous) }
    // Either the other request is answered by v1 (right) or it probes too (wrong).
    try await eventually("the other request answered by v1 or probing") {
      let probes = await preferred.calls.count
      let answeredByV1 = await fallback.dayCalls.contains(today.previous)
      return probes > 2 || answeredByV1
    }
    #expect(await preferred.calls.count == 2, "a second probe was sent while one was under way")
    await preferred.failEveryWaitingCall()
    await preferred.answerWithSamples(1)
    _ = try? await other.value
    _ = try? await probe.value
  }

  @Test func aProbeThatSucceedsMovesBackForEveryone() async throws {
    let clock = TestClock(start)
    let preferred = HeldSource()
    let source = AutomaticAPODSource(
      preferred: preferred, fallback: FakeAPODSource { .success(sampleAPOD($0, source: .v1)) },
      failureThreshold: 1, cooldown: 600, clock: clock)
    let first = Task { try await source.apod(for: today) }
    try await calls(preferred, reach: 1)
    await preferred.answer(0, .failure(.network(.timedOut)))
    _ = try await first.value
    clock.advance(by: 601)
    let probe = Task { try await source.apod(for: today) }
    try await calls(preferred, reach: 2)
    await preferred.answerWithSamples(1)
    #expect(try await probe.value.source == .apodBasic)
    #expect(await source.route == .preferred(failures: 0))
  }
}

@Suite("Repository: overlapping loads share one fetch (issue 19, point 5)")
struct RepositoryReentrancyTests {
  private func repository(over source: HeldSource, in folder: TemporaryDirectory) -> APODRepository {
    APODRepository(
      source: source, cache: JSONDiskCache(directory: folder.url, clock: TestClock(start)),
      clock: TestClock(start))
  }

  /// Explore over 30 days, then, once its fetch is under way, Explore over 31: the arrangement of
  /// every overlapping-Explore test. Returns when both fetches have reached the held source.
  private func overlappingExplores(
    _ repository: APODRepository, over source: HeldSource
  ) async throws -> (first: Task<ExploreResult, any Error>, second: Task<ExploreResult, any Error>) {
    let first = Task { try await repository.explore(days: 30) }
    try await calls(source, reach: 1)
    let second = Task { try await repository.explore(days: 31) }
    try await calls(source, reach: 2)
    return (first, second)
  }

  /// A second Explore over a window one day longer, started while the first is fetching: it asks
  /// only for the day the first does not cover, and waits for the first's answer for the rest.
  @Test func anOverlappingExploreAsksOnlyForTheDaysNotAlreadyBeingFetched() async throws {
    let folder = try TemporaryDirectory()
    let source = HeldSource()
    let repository = repository(over: source, in: folder)
    let (first, second) = try await overlappingExplores(repository, over: source)
    let window = APODDay.lastDays(31, endingOn: today)
    let extra = try #require(window.last)
    #expect(await source.calls == [.range(window[29]...today), .range(extra...extra)])
    await source.answerWithSamples(1)
    await source.answerWithSamples(0)
    let firstResult = try await first.value
    let secondResult = try await second.value
    #expect(firstResult.entries.count == 30)
    #expect(secondResult.entries.count == 31)
    // The second call got the shared days from the fetch, not from a cache it read before.
    #expect(secondResult.entries.allSatisfy { $0.cachedAt == nil })
    #expect(await source.calls.count == 2)
  }

  /// Explore started while Today is fetching today's picture waits for that fetch for today.
  @Test func anExploreDuringTodaysFetchDoesNotAskForTodayAgain() async throws {
    let folder = try TemporaryDirectory()
    let source = HeldSource()
    let repository = repository(over: source, in: folder)
    let todayLoad = Task { try await repository.today() }
    try await calls(source, reach: 1)
    let explore = Task { try await repository.explore(days: 3) }
    try await calls(source, reach: 2)
    #expect(await source.calls == [.day(today), .range(today.advanced(by: -2)...today.previous)])
    await source.answerWithSamples(1)
    await source.answerWithSamples(0)
    #expect(try await todayLoad.value.apod.date == today)
    let explored = try await explore.value
    #expect(explored.items.map(\.date) == APODDay.lastDays(3, endingOn: today))
    #expect(await source.calls.count == 2)
  }

  /// A failure of the shared fetch is the answer of every call that waited for it.
  @Test func aSharedFetchThatFailsFailsEveryCallWaitingForIt() async throws {
    let folder = try TemporaryDirectory()
    let source = HeldSource()
    let repository = repository(over: source, in: folder)
    let (first, second) = try await overlappingExplores(repository, over: source)
    await source.answerWithSamples(1)
    await source.answer(0, .failure(.network(.server(statusCode: 503))))
    await #expect(throws: APODError.network(.server(statusCode: 503))) { try await first.value }
    let partial = try await second.value
    #expect(partial.items.count == 1)
    #expect(partial.freshness.isStale)
    #expect(await source.calls.count == 2)
  }

  /// Defect 5 of issue 21 (a favorite's detail after a tab switch mid-load): the first load's view
  /// went away, and its fetch is cancelled but still waits for the server's answer before it can
  /// end. The next load of that day must not join that dying fetch (it would wait for the answer
  /// only to be told "cancelled" and then ask again): it asks at once and gets the day.
  @Test func aLoadAfterACancelledOneAsksAgainAtOnceInsteadOfJoiningTheDyingFetch() async throws {
    let folder = try TemporaryDirectory()
    let source = HeldSource(cancelledCallsWaitForTheAnswer: true)
    let repository = repository(over: source, in: folder)
    let day = today.advanced(by: -320)
    let first = Task { try await repository.apod(for: day) }
    try await calls(source, reach: 1)
    first.cancel()
    try await eventually("the first call seeing its cancellation") { await source.cancelled.contains(0) }
    let second = Task { try await repository.apod(for: day) }
    try await eventually("the second load asking the source itself (not waiting for the cancelled fetch)") {
      await source.calls.count >= 2
    }
    #expect(await source.calls == [.day(day), .day(day)])
    await source.answerWithSamples(1)
    #expect(try await second.value.apod.date == day)
    await source.answerWithSamples(0)
    await #expect(throws: APODError.network(.cancelled)) { try await first.value }
    // The day is saved: a third load reads it from the device.
    #expect(try await repository.apod(for: day).apod.date == day)
    #expect(await source.calls.count == 2)
  }

  /// The same for Explore's range: a range fetch already cancelled is not joined.
  @Test func anExploreAfterACancelledOneAsksAgainAtOnceInsteadOfJoiningTheDyingFetch() async throws {
    let folder = try TemporaryDirectory()
    let source = HeldSource(cancelledCallsWaitForTheAnswer: true)
    let repository = repository(over: source, in: folder)
    let first = Task { try await repository.explore(days: 5) }
    try await calls(source, reach: 1)
    first.cancel()
    try await eventually("the first call seeing its cancellation") { await source.cancelled.contains(0) }
    let second = Task { try await repository.explore(days: 5) }
    try await eventually("the second explore asking the source itself (not waiting for the cancelled fetch)")
    {
      await source.calls.count >= 2
    }
    await source.answerWithSamples(1)
    #expect(try await second.value.items.count == 5)
    await source.answerWithSamples(0)
    await #expect(throws: APODError.network(.cancelled)) { try await first.value }
  }

  @Test func aCancelledExploreStopsItsFetchAndSaysSo() async throws {
    let folder = try TemporaryDirectory()
    let source = HeldSource()
    let repository = repository(over: source, in: folder)
    let load = Task { try await repository.explore(days: 30) }
    try await calls(source, reach: 1)
    load.cancel()
    await #expect(throws: APODError.network(.cancelled)) { try await load.value }
  }

  /// The first caller goes away (its view closed) while a second waits for the same days: the
  /// second is not left with the first one's cancellation, it asks for those days itself.
  @Test func aCallerWhoseSharedFetchWasCancelledByAnotherAsksAgain() async throws {
    let folder = try TemporaryDirectory()
    let source = HeldSource()
    let repository = repository(over: source, in: folder)
    let (first, second) = try await overlappingExplores(repository, over: source)
    first.cancel()
    await #expect(throws: APODError.network(.cancelled)) { try await first.value }
    await source.answerWithSamples(1)
    try await calls(source, reach: 3)
    let window = APODDay.lastDays(31, endingOn: today)
    #expect(await source.calls.last == .range(window[29]...today))
    await source.answerWithSamples(2)
    #expect(try await second.value.entries.count == 31)
  }
}
