import Foundation
import Testing

@testable import Networking

@Suite struct CircuitBreakerTests {
  let apod = URL(string: "https://api.nasa.gov/planetary/apod")!
  let basic = URL(string: "https://science.nasa.gov/wp-json/wp/v2/apod-basic")!

  /// Lets a request through and records `outcome` for it.
  func pass(_ breaker: CircuitBreaker, _ outcome: CircuitBreaker.Outcome, url: URL? = nil) async throws {
    try await breaker.acquire(for: url ?? apod)
    await breaker.record(outcome, for: url ?? apod)
  }

  @Test func opensAfterTheThresholdOfConsecutiveFailures() async throws {
    let clock = TestClock()
    let breaker = CircuitBreaker(failureThreshold: 3, cooldown: .seconds(30), now: clock.closure)
    try await pass(breaker, .failure)
    try await pass(breaker, .failure)
    #expect(await breaker.state(for: apod) == .closed(consecutiveFailures: 2))
    try await pass(breaker, .failure)

    let reopen = clock.now.addingTimeInterval(30)
    #expect(await breaker.state(for: apod) == .open(until: reopen))
    await #expect(throws: HTTPError.circuitOpen(retryAt: reopen)) { try await breaker.acquire(for: apod) }
  }

  @Test func successOrClientErrorResetsTheCount() async throws {
    let breaker = CircuitBreaker(failureThreshold: 2, now: TestClock().closure)
    try await pass(breaker, .failure)
    try await pass(breaker, CircuitBreaker.Outcome(.notFound(message: nil)))
    try await pass(breaker, .failure)
    #expect(await breaker.state(for: apod) == .closed(consecutiveFailures: 1))
  }

  @Test func neutralOutcomesNeitherCountNorReset() async throws {
    let breaker = CircuitBreaker(failureThreshold: 3, now: TestClock().closure)
    try await pass(breaker, .failure)
    try await pass(breaker, CircuitBreaker.Outcome(.offline))
    try await pass(breaker, CircuitBreaker.Outcome(.cancelled))
    #expect(await breaker.state(for: apod) == .closed(consecutiveFailures: 1))
  }

  @Test func halfOpensAfterTheCooldownAndLetsOneTrialThrough() async throws {
    let clock = TestClock()
    let breaker = CircuitBreaker(failureThreshold: 1, cooldown: .seconds(30), now: clock.closure)
    try await pass(breaker, .failure)
    clock.advance(by: 30)
    #expect(await breaker.state(for: apod) == .halfOpen)

    try await breaker.acquire(for: apod)
    await #expect(throws: HTTPError.circuitOpen(retryAt: clock.now.addingTimeInterval(30))) {
      try await breaker.acquire(for: apod)
    }
  }

  @Test func successfulTrialClosesTheCircuit() async throws {
    let clock = TestClock()
    let breaker = CircuitBreaker(failureThreshold: 1, cooldown: .seconds(30), now: clock.closure)
    try await pass(breaker, .failure)
    clock.advance(by: 30)
    try await pass(breaker, .success)
    #expect(await breaker.state(for: apod) == .closed(consecutiveFailures: 0))
    try await breaker.acquire(for: apod)
  }

  @Test func failedTrialReopensForAnotherCooldown() async throws {
    let clock = TestClock()
    let breaker = CircuitBreaker(failureThreshold: 1, cooldown: .seconds(30), now: clock.closure)
    try await pass(breaker, .failure)
    clock.advance(by: 31)
    try await pass(breaker, .failure)
    #expect(await breaker.state(for: apod) == .open(until: clock.now.addingTimeInterval(30)))
  }

  @Test func trialThatSaysNothingLetsTheNextRequestBeTheTrial() async throws {
    let clock = TestClock()
    let breaker = CircuitBreaker(failureThreshold: 1, cooldown: .seconds(30), now: clock.closure)
    try await pass(breaker, .failure)
    clock.advance(by: 30)
    try await pass(breaker, .neutral)
    try await breaker.acquire(for: apod)
  }

  @Test func outageOfOneServiceDoesNotOpenAnother() async throws {
    let breaker = CircuitBreaker(failureThreshold: 1, now: TestClock().closure)
    try await pass(breaker, .failure)
    try await breaker.acquire(for: basic)
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
