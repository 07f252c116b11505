import Foundation
import TestSupport
import Testing

@testable import Networking

@Suite struct CircuitBreakerTests {
  let apod = URL(string: "https://api.nasa.gov/planetary/apod")!
  let clock = TestClock(ErrorFixture.now)
  let basic = URL(string: "https://science.nasa.gov/wp-json/wp/v2/apod-basic")!

  /// Lets a request through and records `outcome` for it.
  func pass(_ breaker: inout CircuitBreaker, _ outcome: CircuitBreaker.Outcome, url: URL? = nil) throws {
    try breaker.acquire(for: url ?? apod, now: clock.now)
    breaker.record(outcome, for: url ?? apod, now: clock.now)
  }

  /// A breaker that opened on one failure, then waited out its 30-second cooldown (and `extra`).
  func cooledDownBreaker(extra: TimeInterval = 0) throws -> CircuitBreaker {
    var breaker = CircuitBreaker(failureThreshold: 1, cooldown: .seconds(30))
    try pass(&breaker, .failure)
    clock.advance(by: 30 + extra)
    return breaker
  }

  @Test func opensAfterTheThresholdOfConsecutiveFailures() throws {
    var breaker = CircuitBreaker(failureThreshold: 3, cooldown: .seconds(30))
    try pass(&breaker, .failure)
    try pass(&breaker, .failure)
    #expect(breaker.state(for: apod, now: clock.now) == .closed(consecutiveFailures: 2))
    try pass(&breaker, .failure)

    let reopen = clock.now.addingTimeInterval(30)
    #expect(breaker.state(for: apod, now: clock.now) == .open(until: reopen))
    #expect(throws: HTTPError.circuitOpen(retryAt: reopen)) { try breaker.acquire(for: apod, now: clock.now) }
  }

  @Test func successOrClientErrorResetsTheCount() throws {
    var breaker = CircuitBreaker(failureThreshold: 2)
    try pass(&breaker, .failure)
    try pass(&breaker, CircuitBreaker.Outcome(.notFound(message: nil)))
    try pass(&breaker, .failure)
    #expect(breaker.state(for: apod, now: clock.now) == .closed(consecutiveFailures: 1))
  }

  @Test func neutralOutcomesNeitherCountNorReset() throws {
    var breaker = CircuitBreaker(failureThreshold: 3)
    try pass(&breaker, .failure)
    try pass(&breaker, CircuitBreaker.Outcome(.offline))
    try pass(&breaker, CircuitBreaker.Outcome(.cancelled))
    #expect(breaker.state(for: apod, now: clock.now) == .closed(consecutiveFailures: 1))
  }

  @Test func halfOpensAfterTheCooldownAndLetsOneTrialThrough() throws {
    var breaker = try cooledDownBreaker()
    #expect(breaker.state(for: apod, now: clock.now) == .halfOpen)

    try breaker.acquire(for: apod, now: clock.now)
    #expect(throws: HTTPError.circuitOpen(retryAt: clock.now.addingTimeInterval(30))) {
      try breaker.acquire(for: apod, now: clock.now)
    }
  }

  @Test func successfulTrialClosesTheCircuit() throws {
    var breaker = try cooledDownBreaker()
    try pass(&breaker, .success)
    #expect(breaker.state(for: apod, now: clock.now) == .closed(consecutiveFailures: 0))
    try breaker.acquire(for: apod, now: clock.now)
  }

  @Test func failedTrialReopensForAnotherCooldown() throws {
    var breaker = try cooledDownBreaker(extra: 1)
    try pass(&breaker, .failure)
    #expect(breaker.state(for: apod, now: clock.now) == .open(until: clock.now.addingTimeInterval(30)))
  }

  @Test func trialThatSaysNothingLetsTheNextRequestBeTheTrial() throws {
    var breaker = try cooledDownBreaker()
    try pass(&breaker, .neutral)
    try breaker.acquire(for: apod, now: clock.now)
  }

  @Test func outageOfOneServiceDoesNotOpenAnother() throws {
    var breaker = CircuitBreaker(failureThreshold: 1)
    try pass(&breaker, .failure)
    try breaker.acquire(for: basic, now: clock.now)
  }

  @Test(arguments: [
    (HTTPError.server(statusCode: 500), CircuitBreaker.Outcome.failure),
    (.nonJSONBody(statusCode: 502, contentType: "text/html"), .failure),
    (.timedOut, .failure),
    (.transport("URLError -1005"), .failure),
    (.badRequest(message: nil), .success),
    (.apiKeyInvalid(code: "API_KEY_INVALID"), .success),
    (.notFound(message: nil), .success),
    (.rateLimited(retryAt: nil), .success),
    (.nonJSONBody(statusCode: 200, contentType: "text/html"), .neutral),
    (.offline, .neutral),
    (.cancelled, .neutral),
  ])
  func onlyServerAndTransportFailuresCount(_ error: HTTPError, _ outcome: CircuitBreaker.Outcome) {
    #expect(CircuitBreaker.Outcome(error) == outcome)
  }
}
