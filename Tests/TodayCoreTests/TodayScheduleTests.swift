import APODTestSupport
import Basics
import Foundation
import NASA
import Networking
import TestSupport
import Testing
import TodayCore

/// The model's clock for these tests: reads the harness's test clock, sleeps by moving it, and
/// stops the loop (as a cancelled task would) after `limit` sleeps.
actor ScheduledSleeps: Clocking {
  private(set) var requested: [Duration] = []
  private let clock: TestClock
  private let limit: Int

  init(clock: TestClock, limit: Int) {
    self.clock = clock
    self.limit = limit
  }

  nonisolated var now: Date { clock.now }

  func sleep(for duration: Duration) throws {
    guard requested.count < limit else { throw CancellationError() }
    requested.append(duration)
    clock.advance(by: duration)
  }
}

@MainActor
@Suite("Today stays current while the screen is open", .timeLimit(.minutes(5)))
struct TodayStaysCurrentTests {
  @Test func todayMovesToTheNewAPODDayAtMidnightInNewYork() async throws {
    let harness = try ModelHarness()
    let sleeps = ScheduledSleeps(clock: harness.clock, limit: 1)
    let model = await harness.loadedToday(clock: sleeps)
    #expect(model.nextCheck == utc("2026-11-22T05:00:00Z"))

    await model.stayCurrent()

    #expect(await sleeps.requested == [.seconds(14 * 3_600)])  // 10:00 EST → midnight
    guard case .loaded(let content) = model.state else {
      Issue.record("expected a picture, got \(model.state)")
      return
    }
    #expect(content.apod.date == day("2026-11-22"))
  }

  @Test func whileTodayIsNotPublishedItChecksAgainAfterTheRecheckInterval() async throws {
    let harness = try ModelHarness { requested in
      requested == day("2026-11-21") ? .failure(.notPublishedYet(requested)) : .success(sampleAPOD(requested))
    }
    let sleeps = ScheduledSleeps(clock: harness.clock, limit: 1)
    let model = await harness.loadedToday(clock: sleeps)
    #expect(model.nextCheck == utc("2026-11-21T15:00:00Z").addingTimeInterval(15 * 60))
    await harness.source.answer { .success(sampleAPOD($0)) }  // published meanwhile

    await model.stayCurrent()

    #expect(await sleeps.requested == [.seconds(15 * 60)])
    guard case .loaded(let content) = model.state else {
      Issue.record("expected a picture, got \(model.state)")
      return
    }
    #expect(content.apod.date == day("2026-11-21"))
  }

  @Test func aCheckThatFailsIsRetriedNoSoonerThanTheRecheckInterval() async throws {
    let harness = try ModelHarness()
    let sleeps = ScheduledSleeps(clock: harness.clock, limit: 3)
    let model = await harness.loadedToday(clock: sleeps)
    await harness.source.answer { _ in .failure(.network(.offline)) }

    await model.stayCurrent()

    let requested = await sleeps.requested
    #expect(requested.count == 3)
    #expect(requested.dropFirst().allSatisfy { $0 >= .seconds(15 * 60) })
  }

  @Test func nothingOnScreenMeansNothingScheduled() async throws {
    let harness = try ModelHarness()
    let sleeps = ScheduledSleeps(clock: harness.clock, limit: 5)
    let model = harness.today(clock: sleeps)
    #expect(model.nextCheck == nil)
    await model.stayCurrent()
    #expect(await sleeps.requested.isEmpty)
  }
}

/// A clock whose sleeps record whether the model said it was only waiting, then stop the loop.
actor WaitWatchingSleeps: Clocking {
  private(set) var waitingWhileAsleep: [Bool] = []
  private let clock: TestClock
  private let isWaiting: @MainActor () -> Bool

  init(clock: TestClock, isWaiting: @escaping @MainActor () -> Bool) {
    self.clock = clock
    self.isWaiting = isWaiting
  }

  nonisolated var now: Date { clock.now }

  func sleep(for duration: Duration) async throws {
    waitingWhileAsleep.append(await isWaiting())
    throw CancellationError()
  }
}

@MainActor
@Suite("Today's screen appearing", .timeLimit(.minutes(5)))
struct TodayScreenAppearedTests {
  @Test func itLoadsThenOnlyWaitsForTheNextCheck() async throws {
    let harness = try ModelHarness()
    var model: TodayModel?
    let sleeps = WaitWatchingSleeps(clock: harness.clock) { model?.isWaitingForNextCheck ?? false }
    model = harness.today(clock: sleeps)
    let today = try #require(model)
    #expect(!today.isWaitingForNextCheck)

    await today.screenAppeared()

    guard case .loaded = today.state else {
      Issue.record("expected a picture, got \(today.state)")
      return
    }
    #expect(await sleeps.waitingWhileAsleep == [true])
    #expect(!today.isWaitingForNextCheck)
  }
}
