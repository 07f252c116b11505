import Basics
import Foundation
import Monetization
import TestSupport
import Testing

/// Waits, without a time bound of its own, until `condition` holds (the caller wraps it in
/// `bounded`, the hang guard).
private func until(_ condition: @escaping @Sendable () -> Bool) async {
  while !condition() { await Task.yield() }
}

/// The SDK's start as a test holds it: each call is one attempt that waits until the test answers.
private final class HeldStarts: Sendable {
  private let attempts = Locked<[OneShotRelay<Result<Void, SubscriptionBackendError>>]>([])
  private let events = Locked<[String]>([])

  var count: Int { attempts.withLock { $0.count } }
  var log: [String] { events.withLock { $0 } }

  func note(_ event: String) { events.withLock { $0.append(event) } }

  func attempt() async -> Result<Void, SubscriptionBackendError> {
    let relay = OneShotRelay<Result<Void, SubscriptionBackendError>>()
    let number = attempts.withLock {
      $0.append(relay)
      return $0.count
    }
    note("attempt \(number)")
    return await relay.value() ?? .failure(.other(detail: "cancelled"))
  }

  /// Answers attempt `number` (1-based).
  func answer(_ number: Int, _ result: Result<Void, SubscriptionBackendError>) {
    attempts.withLock { $0[number - 1] }.deliver(result)
  }
}

extension Result where Success == Void {
  /// The failure, or `nil` for a success (`Void` is not `Equatable`).
  fileprivate var error: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}

@Suite("SDK calls: resume once, one-shot relays, the start gate, the one time limit", .timeLimit(.minutes(5)))
@MainActor
struct SDKCallsTests {
  // MARK: ResumeOnce

  @Test func resumeOnceIgnoresEveryLaterCallback() async {
    let value = await withCheckedContinuation { (continuation: CheckedContinuation<Int, Never>) in
      let once = ResumeOnce(continuation)
      #expect(once.resume(returning: 1))
      // An SDK that calls `failure` after `success`, or `success` twice, must not crash the app.
      #expect(!once.resume(returning: 2))
      #expect(!once.resume(returning: 3))
    }
    #expect(value == 1)
  }

  // MARK: OneShotRelay

  @Test func relayDeliversAValueThatCameBeforeTheWait() async {
    let relay = OneShotRelay<String>()
    #expect(relay.deliver("early"))
    #expect(!relay.deliver("late"))
    #expect(await relay.value() == "early")
  }

  @Test func relayReleasesEveryWaiterOnceWithTheFirstValue() async throws {
    let relay = OneShotRelay<String>()
    let first = Task { await relay.value() }
    let second = Task { await relay.value() }
    try await bounded("both waiters registering") { await until { relay.waiterCount == 2 } }
    relay.deliver("dismissed")
    relay.deliver("a second dismissal callback")
    #expect(try await boundedValue(of: Task { await first.value }) == "dismissed")
    #expect(try await boundedValue(of: Task { await second.value }) == "dismissed")
    #expect(relay.waiterCount == 0)
  }

  @Test func relayWaitCancelledBeforeItRegisteredEndsAtOnce() async throws {
    let relay = OneShotRelay<String>()
    let wait = Task {
      // Cancelled before `value()` registers: its cancellation handler runs first.
      withUnsafeCurrentTask { $0?.cancel() }
      return await relay.value()
    }
    #expect(
      try await boundedValue(of: Task { await wait.value }, "a wait cancelled before registering") == nil)
    #expect(relay.waiterCount == 0)
    relay.deliver("after")
    #expect(relay.delivered == "after")
  }

  @Test func relayWaitCancelledWhileWaitingEndsAndLeavesNoWaiter() async throws {
    let relay = OneShotRelay<String>()
    let wait = Task { await relay.value() }
    try await bounded("the waiter registering") { await until { relay.waiterCount == 1 } }
    wait.cancel()
    #expect(try await boundedValue(of: Task { await wait.value }, "a cancelled wait") == nil)
    #expect(relay.waiterCount == 0)
  }

  // MARK: SDKStartGate

  @Test func startPreparesBeforeTheFirstAttemptAndNeverRepeatsASuccess() async throws {
    let gate = SDKStartGate()
    let sdk = HeldStarts()
    let start = Task {
      await gate.start(prepare: { sdk.note("prepare") }, attempt: { await sdk.attempt() })
    }
    try await bounded("the first attempt") { await until { sdk.count == 1 } }
    sdk.answer(1, .success(()))
    #expect(try await boundedValue(of: Task { await start.value }).error == nil)
    #expect(gate.phase == .started)
    // A later call (a retry that came too late) neither starts the SDK again nor fails.
    let again = await gate.start(prepare: { sdk.note("prepare") }, attempt: { await sdk.attempt() })
    #expect(again.error == nil)
    #expect(sdk.count == 1)
    #expect(sdk.log.prefix(2) == ["prepare", "attempt 1"])
  }

  /// Money path 2: Core's time limit gave up on a start that the SDK is still running; the retry
  /// must wait for it instead of starting the SDK beside it, and both end with its result.
  @Test func aRetryWhileAStartIsUnderWayWaitsForItInsteadOfStartingAgain() async throws {
    let gate = SDKStartGate()
    let sdk = HeldStarts()
    let first = Task { await gate.start(prepare: {}, attempt: { await sdk.attempt() }) }
    try await bounded("the first attempt") { await until { sdk.count == 1 } }
    let retry = Task { await gate.start(prepare: {}, attempt: { await sdk.attempt() }) }
    try await bounded("the retry waiting") { await until { gate.waiterCount == 1 } }
    #expect(sdk.count == 1)
    sdk.answer(1, .success(()))
    #expect(try await boundedValue(of: Task { await retry.value }).error == nil)
    #expect(try await boundedValue(of: Task { await first.value }).error == nil)
    #expect(gate.phase == .started)
    #expect(sdk.count == 1)
  }

  @Test func aFailedStartIsTriedAgainAndTheLatestAttemptWins() async throws {
    let gate = SDKStartGate()
    let sdk = HeldStarts()
    let first = Task { await gate.start(prepare: {}, attempt: { await sdk.attempt() }) }
    try await bounded("the first attempt") { await until { sdk.count == 1 } }
    sdk.answer(1, .failure(.network))
    #expect(try await boundedValue(of: Task { await first.value }).error == .network)
    #expect(gate.phase == .failed(.network))
    let retry = Task { await gate.start(prepare: {}, attempt: { await sdk.attempt() }) }
    try await bounded("the second attempt") { await until { sdk.count == 2 } }
    // Back to pending: a paywall load waits for the new attempt.
    #expect(gate.phase == .pending)
    // The first attempt's SDK calls back again, late and the other way: ignored.
    gate.settle(attempt: 1, .success(()))
    #expect(gate.phase == .pending)
    sdk.answer(2, .success(()))
    #expect(try await boundedValue(of: Task { await retry.value }).error == nil)
    #expect(gate.phase == .started)
    // A late failure of the attempt that settled changes nothing either.
    gate.settle(attempt: 2, .failure(.network))
    #expect(gate.phase == .started)
  }

  @Test func aLoadWaitingForTheStartIsReleasedWhenItSettles() async throws {
    let gate = SDKStartGate()
    let sdk = HeldStarts()
    let load = Task { await gate.waitUntilSettled() }
    try await bounded("the load waiting") { await until { gate.waiterCount == 1 } }
    let start = Task { await gate.start(prepare: {}, attempt: { await sdk.attempt() }) }
    try await bounded("the attempt") { await until { sdk.count == 1 } }
    sdk.answer(1, .failure(.notConfigured))
    _ = try await boundedValue(of: Task { await start.value })
    #expect(try await boundedValue(of: Task { await load.value }) == .failed(.notConfigured))
  }

  @Test func aLoadCancelledBeforeItRegisteredDoesNotWaitForTheStart() async throws {
    let gate = SDKStartGate()
    let load = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return await gate.waitUntilSettled()
    }
    #expect(try await boundedValue(of: Task { await load.value }, "a cancelled load") == nil)
    #expect(gate.waiterCount == 0)
  }

  @Test func aLoadCancelledWhileWaitingLeavesNoWaiterBehind() async throws {
    let gate = SDKStartGate()
    let load = Task { await gate.waitUntilSettled() }
    try await bounded("the load waiting") { await until { gate.waiterCount == 1 } }
    load.cancel()
    #expect(try await boundedValue(of: Task { await load.value }, "a cancelled load") == nil)
    #expect(gate.waiterCount == 0)
  }

  @Test func aRetryThatGivesUpWaitingFailsWithoutStartingTheSDK() async throws {
    let gate = SDKStartGate()
    let sdk = HeldStarts()
    _ = Task { await gate.start(prepare: {}, attempt: { await sdk.attempt() }) }
    try await bounded("the first attempt") { await until { sdk.count == 1 } }
    let retry = Task { await gate.start(prepare: {}, attempt: { await sdk.attempt() }) }
    try await bounded("the retry waiting") { await until { gate.waiterCount == 1 } }
    retry.cancel()
    let result = try await boundedValue(of: Task { await retry.value })
    #expect(result.error == .other(detail: "gave up waiting for the start under way"))
    #expect(sdk.count == 1)
    sdk.answer(1, .success(()))
  }

  @Test(arguments: [
    (SDKStartGate.Phase?.some(.started), PaywallLoadFailure?.none),
    (.some(.failed(.notConfigured)), .some(.notConfigured)),
    (.some(.failed(.network)), .some(.noNetwork)),
    (
      .some(.failed(.tooManyRequests)),
      .some(.error(detail: "the subscription SDK did not start: tooManyRequests"))
    ),
    (.some(.pending), .some(.error(detail: "the subscription SDK has not started"))),
    (nil, .some(.error(detail: "cancelled while the subscription SDK was starting"))),
  ])
  func howTheStartEndedDecidesWhatAPaywallLoadDoes(settled: SDKStartGate.Phase?, failure: PaywallLoadFailure?)
  {
    #expect(SDKStartGate.loadFailure(after: settled) == failure)
  }

  // MARK: TimeLimit

  @Test func workThatNeverAnswersTimesOutOnTheInjectedClockAndIsCancelled() async throws {
    let clock = TestClock()
    let cancelled = Locked(false)
    let run = Task {
      await TimeLimit.run(.seconds(15), clock: clock) { _ in
        let relay = OneShotRelay<Int>()
        let value = await relay.value()
        cancelled.withLock { $0 = value == nil }
        return value ?? -1
      }
    }
    try await bounded("the timer sleeping") { await clock.waitUntilSleeping() }
    clock.advance(by: 14)
    #expect(clock.pendingSleeperCount == 1)
    clock.advance(by: 1)
    #expect(try await boundedValue(of: Task { await run.value }) == .timedOut)
    try await bounded("the work's cancellation") { await until { cancelled.withLock { $0 } } }
  }

  @Test func workThatAnswersCancelsTheTimersSleep() async throws {
    let clock = TestClock()
    let result = await TimeLimit.run(.seconds(15), clock: clock) { _ in 7 }
    #expect(result == .finished(7))
    try await bounded("the timer's sleep cancelled") { await until { clock.pendingSleeperCount == 0 } }
  }

  @Test func stoppingTheTimerLetsTheWorkTakeAsLongAsItNeeds() async throws {
    let clock = TestClock()
    let relay = OneShotRelay<Int>()
    let run = Task {
      await TimeLimit.run(.seconds(5), clock: clock, cancelsWork: false) { timer in
        timer.stopTimer()
        return await relay.value() ?? -1
      }
    }
    try await bounded("the work waiting") { await until { relay.waiterCount == 1 } }
    try await bounded("the timer's sleep cancelled") { await until { clock.pendingSleeperCount == 0 } }
    clock.advance(by: 60)
    relay.deliver(3)
    #expect(try await boundedValue(of: Task { await run.value }) == .finished(3))
  }

  @Test func aCancelledCallerGivesUpAtOnce() async throws {
    let clock = TestClock()
    let run = Task {
      await TimeLimit.run(.seconds(15), clock: clock) { _ in
        await OneShotRelay<Int>().value() ?? -1
      }
    }
    try await bounded("the timer sleeping") { await clock.waitUntilSleeping() }
    run.cancel()
    #expect(try await boundedValue(of: Task { await run.value }) == .timedOut)
    try await bounded("the timer's sleep cancelled") { await until { clock.pendingSleeperCount == 0 } }
  }

  // MARK: Offer signing

  private static let signature = PromotionalOfferSignature(
    offerID: "spacer.winback", keyID: "KEY", nonce: UUID(uuidString: "7A1D2C1E-6C1B-4A0E-9E39-3F3C9C4B1E01")!,
    signature: "c2ln", timestamp: 1_772_355_600_000, signedForUserID: "7a1d2c1e-6c1b-4a0e-9e39-3f3c9c4b1e01")

  @Test func theOfferSigningTimeoutIsTenSeconds() {
    #expect(OfferSigning.timeout == .seconds(10))
  }

  @Test func aSignatureThatArrivesIsUsedAndItsTimerIsCancelled() async throws {
    let clock = TestClock()
    let relay = OneShotRelay<PromotionalOfferRequest>()
    let wait = Task { await OfferSigning.wait(for: relay, clock: clock) }
    try await bounded("the timer sleeping") { await clock.waitUntilSleeping() }
    relay.deliver(.signed(Self.signature))
    #expect(try await boundedValue(of: Task { await wait.value }) == .signed(Self.signature))
    try await bounded("the signing timer's sleep cancelled") {
      await until { clock.pendingSleeperCount == 0 }
    }
  }

  @Test func aSignatureThatNeverComesFailsAfterTheTimeoutAndALateOneChangesNothing() async throws {
    let clock = TestClock()
    let relay = OneShotRelay<PromotionalOfferRequest>()
    let wait = Task { await OfferSigning.wait(for: relay, clock: clock) }
    try await bounded("the timer sleeping") { await clock.waitUntilSleeping() }
    clock.advance(by: 9)
    #expect(clock.pendingSleeperCount == 1)
    clock.advance(by: 1)
    #expect(try await boundedValue(of: Task { await wait.value }) == .signingFailed(detail: "timed out"))
    try await bounded("the abandoned wait leaving") { await until { relay.waiterCount == 0 } }
    relay.deliver(.signed(Self.signature))
  }

  @Test(arguments: [
    (1_772_355_600_000.0, Int?.some(1_772_355_600_000)),
    (1_772_355_600_000.4, .some(1_772_355_600_000)),
    (Double.nan, nil),
    (Double.infinity, nil),
    (-Double.infinity, nil),
    (1e300, nil),
  ])
  func anOfferTimestampThatIsNotANumberIsRefusedInsteadOfTrapping(milliseconds: Double, expected: Int?) {
    #expect(PromotionalOfferSignature.timestamp(milliseconds: milliseconds) == expected)
  }
}
