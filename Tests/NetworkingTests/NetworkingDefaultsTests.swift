import Foundation
import TestSupport
import Testing

@testable import Networking

/// The defaults the app runs with are product rules (how long to wait, how much quota to spend,
/// when to stop asking a broken service): each is pinned here by what it does, so a change is a
/// decision, not an accident.
@Suite struct NetworkingDefaultsTests {
  let apod = URL(string: "https://api.nasa.gov/planetary/apod")!
  let clock = TestClock(ErrorFixture.now)

  @Test func aRequestsDeadlineIsFifteenSeconds() {
    #expect(HTTPRequest(url: apod).timeout == .seconds(15))
  }

  @Test func theSharedKeysLocalBudgetIsAHundredRequestsAnHour() throws {
    let start = clock.now
    var limiter = RateLimiter()
    for _ in 1...100 { try limiter.acquire(for: apod, now: clock.now) }
    #expect(throws: HTTPError.rateLimited(retryAt: start.addingTimeInterval(3600))) {
      try limiter.acquire(for: apod, now: clock.now)
    }
    clock.advance(by: 3600)
    try limiter.acquire(for: apod, now: clock.now)
  }

  @Test func theCircuitOpensAfterFiveFailuresInARowForThirtySeconds() throws {
    var breaker = CircuitBreaker()
    for _ in 1...4 {
      try breaker.acquire(for: apod, now: clock.now)
      breaker.record(.failure, for: apod, now: clock.now)
    }
    #expect(breaker.state(for: apod, now: clock.now) == .closed(consecutiveFailures: 4))
    try breaker.acquire(for: apod, now: clock.now)
    breaker.record(.failure, for: apod, now: clock.now)
    #expect(breaker.state(for: apod, now: clock.now) == .open(until: clock.now.addingTimeInterval(30)))
    clock.advance(by: 30)
    #expect(breaker.state(for: apod, now: clock.now) == .halfOpen)
  }

  @Test func aFailedRequestIsTriedThreeTimesWithBackoffsCappedAtHalfASecondDoublingToEight() {
    let top = RetryPolicy(random: { 0.999_999 })
    #expect(top.maxAttempts == 3)
    let caps = (1...6).map { top.delay(beforeRetry: $0) }
    let expected: [Duration] = [
      .milliseconds(500), .seconds(1), .seconds(2), .seconds(4), .seconds(8), .seconds(8),
    ]
    for (delay, cap) in zip(caps, expected) {
      #expect(delay <= cap && delay > cap * 0.99, "\(delay) against the cap \(cap)")
    }
  }
}
