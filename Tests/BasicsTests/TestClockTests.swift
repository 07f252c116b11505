import Basics
import Foundation
import TestSupport
import Testing

/// The one test clock is itself a rule every timed test relies on: time moves only when told.
@Suite("The test clock moves only when the test says so")
struct TestClockTests {
  @Test func aSleepEndsOnlyOnceTheClockPassesItsDeadline() async throws {
    let clock = TestClock()
    let sleeper = Task { try await clock.sleep(for: .seconds(10)) }
    try await bounded("the sleep to start") { await clock.waitUntilSleeping() }

    clock.advance(by: 9)
    #expect(clock.pendingSleeperCount == 1)
    clock.advance(by: .seconds(1))
    try await bounded("the sleep to end") { try? await sleeper.value }
    #expect(clock.pendingSleeperCount == 0)
    #expect(clock.now == TestClock.referenceDate.addingTimeInterval(10))
  }

  @Test func cancellingASleeperThrowsCancellation() async throws {
    let clock = TestClock()
    let sleeper = Task { try await clock.sleep(for: .seconds(60)) }
    try await bounded("the sleep to start") { await clock.waitUntilSleeping() }

    sleeper.cancel()
    let outcome = try await bounded("the cancelled sleep") { await sleeper.result }
    #expect(throws: CancellationError.self) { try outcome.get() }
    #expect(clock.pendingSleeperCount == 0)
  }

  @Test func settingTheClockBackLeavesSleepersWaiting() async throws {
    let clock = TestClock()
    let sleeper = Task { try await clock.sleep(for: .seconds(5)) }
    try await bounded("the sleep to start") { await clock.waitUntilSleeping() }

    clock.set(TestClock.referenceDate.addingTimeInterval(-3600))
    #expect(clock.pendingSleeperCount == 1)
    clock.set(TestClock.referenceDate.addingTimeInterval(5))
    try await bounded("the sleep to end") { try? await sleeper.value }
  }

  @Test func advancingAtOnceMovesTheClockAndRecordsEveryWait() async throws {
    let clock = TestClock(sleeping: .advancingAtOnce)
    try await clock.sleep(for: .milliseconds(750))
    try await clock.sleep(for: .seconds(2))

    #expect(clock.requestedSleeps == [.milliseconds(750), .seconds(2)])
    #expect(clock.now == TestClock.referenceDate.addingTimeInterval(2.75))
  }

  @Test func theSystemClockReadsTheDevicesTime() {
    let before = Date()
    let now = SystemClock().now
    #expect(now >= before && now <= Date())
  }
}
