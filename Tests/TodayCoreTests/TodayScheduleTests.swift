import APODTestSupport
import Foundation
import NASA
import Networking
import TestSupport
import Testing
import TodayCore

/// Sleeps by moving the test clock, and stops the loop (as a cancelled task would) after `limit`.
actor ScheduledSleeps {
  private(set) var requested: [Duration] = []
  private let clock: TestClock
  private let limit: Int

  init(clock: TestClock, limit: Int) {
    self.clock = clock
    self.limit = limit
  }

  func sleep(_ duration: Duration) throws {
    guard requested.count < limit else { throw CancellationError() }
    requested.append(duration)
    clock.advance(by: duration)
  }
}

@MainActor
@Suite("Today stays current while the screen is open", .timeLimit(.minutes(1)))
struct TodayStaysCurrentTests {
  @Test func todayMovesToTheNewAPODDayAtMidnightInNewYork() async throws {
    let harness = try ModelHarness()
    let model = await harness.loadedToday()
    #expect(model.nextCheck == utc("2026-11-22T05:00:00Z"))
    let sleeps = ScheduledSleeps(clock: harness.clock, limit: 1)

    await model.stayCurrent { try await sleeps.sleep($0) }

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
    let model = await harness.loadedToday()
    #expect(model.nextCheck == utc("2026-11-21T15:00:00Z").addingTimeInterval(15 * 60))
    await harness.source.answer { .success(sampleAPOD($0)) }  // published meanwhile
    let sleeps = ScheduledSleeps(clock: harness.clock, limit: 1)

    await model.stayCurrent { try await sleeps.sleep($0) }

    #expect(await sleeps.requested == [.seconds(15 * 60)])
    guard case .loaded(let content) = model.state else {
      Issue.record("expected a picture, got \(model.state)")
      return
    }
    #expect(content.apod.date == day("2026-11-21"))
  }

  @Test func aCheckThatFailsIsRetriedNoSoonerThanTheRecheckInterval() async throws {
    let harness = try ModelHarness()
    let model = await harness.loadedToday()
    await harness.source.answer { _ in .failure(.network(.offline)) }
    let sleeps = ScheduledSleeps(clock: harness.clock, limit: 3)

    await model.stayCurrent { try await sleeps.sleep($0) }

    let requested = await sleeps.requested
    #expect(requested.count == 3)
    #expect(requested.dropFirst().allSatisfy { $0 >= .seconds(15 * 60) })
  }

  @Test func nothingOnScreenMeansNothingScheduled() async throws {
    let harness = try ModelHarness()
    let model = harness.today()
    #expect(model.nextCheck == nil)
    let sleeps = ScheduledSleeps(clock: harness.clock, limit: 5)
    await model.stayCurrent { try await sleeps.sleep($0) }
    #expect(await sleeps.requested.isEmpty)
  }
}
