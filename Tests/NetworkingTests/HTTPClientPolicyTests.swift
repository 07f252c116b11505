import Foundation
import Networking
import TestServer
import TestSupport
import Testing

@Suite struct HTTPClientRateLimitTests {
  @Test func spentQuotaHeaderInOddCaseStopsFurtherRequestsWithoutTouchingTheNetwork() async throws {
    try await LoopbackHarness.run { harness in
      await harness.server.route("/apod") { _ in
        .json("{}", headers: ["X-Ratelimit-Limit": "1000", "X-Ratelimit-Remaining": "0"])
      }
      let client = harness.client(rateLimiter: RateLimiter(budget: nil))

      _ = try await client.send(HTTPRequest(url: harness.url("apod")))
      let error = await harness.failure(client, "apod")

      #expect(error == .rateLimited(retryAt: harness.clock.now.addingTimeInterval(3600)))
      #expect(await harness.server.requestCount(to: "/apod") == 1)
    }
  }

  @Test func tooManyRequestsWithRetryAfterSecondsWaitsExactlyThatLong() async throws {
    try await LoopbackHarness.run { harness in
      await harness.server.route("/apod") { _ in .overRateLimit(retryAfter: "2870") }
      let client = harness.client(rateLimiter: RateLimiter(budget: nil))
      let retryAt = harness.clock.now.addingTimeInterval(2870)

      #expect(await harness.failure(client, "apod") == .rateLimited(retryAt: retryAt))
      harness.clock.advance(by: 2869)
      #expect(await harness.failure(client, "apod") == .rateLimited(retryAt: retryAt))
      #expect(await harness.server.requestCount(to: "/apod") == 1)

      harness.clock.advance(by: 1)
      _ = await harness.failure(client, "apod")
      #expect(await harness.server.requestCount(to: "/apod") == 2)
    }
  }

  @Test func tooManyRequestsWithAnHTTPDateWaitsUntilThatDate() async throws {
    try await LoopbackHarness.run { harness in
      await harness.server.route("/apod") { _ in .overRateLimit(retryAfter: "Fri, 20 Nov 2026 12:47:00 GMT") }
      let client = harness.client(rateLimiter: RateLimiter(budget: nil))
      let retryAt = harness.clock.now.addingTimeInterval(47 * 60)

      #expect(await harness.failure(client, "apod") == .rateLimited(retryAt: retryAt))
      let second = await harness.failure(client, "apod")
      #expect(second == .rateLimited(retryAt: retryAt))
      #expect(second?.userMessage(now: harness.clock.now).hasSuffix("Try again in 47 minutes.") == true)
      #expect(await harness.server.requestCount(to: "/apod") == 1)
    }
  }

  @Test func tooManyRequestsWithoutRetryAfterWaitsAnHour() async throws {
    try await LoopbackHarness.run { harness in
      await harness.server.route("/apod") { _ in
        .json(ErrorFixture.gateway("OVER_RATE_LIMIT", "You have exceeded your rate limit."), status: 429)
      }
      let client = harness.client(rateLimiter: RateLimiter(budget: nil))
      let error = await harness.failure(client, "apod")
      #expect(error == .rateLimited(retryAt: harness.clock.now.addingTimeInterval(3600)))
    }
  }

  @Test func localBudgetStopsRequestsBeforeTheyReachTheServer() async throws {
    try await LoopbackHarness.run { harness in
      await harness.server.route("/apod") { _ in .json("{}", headers: ["X-RateLimit-Remaining": "900"]) }
      let limiter = RateLimiter(
        budget: .init(requests: 2, window: .seconds(3600)))
      let client = harness.client(rateLimiter: limiter)
      let start = harness.clock.now

      _ = try await client.send(HTTPRequest(url: harness.url("apod")))
      _ = try await client.send(HTTPRequest(url: harness.url("apod")))
      #expect(await harness.failure(client, "apod") == .rateLimited(retryAt: start.addingTimeInterval(3600)))
      #expect(await harness.server.requestCount(to: "/apod") == 2)

      harness.clock.advance(by: 3600)
      _ = try await client.send(HTTPRequest(url: harness.url("apod")))
      #expect(await harness.server.requestCount(to: "/apod") == 3)
    }
  }
}

@Suite struct HTTPClientRetryTests {
  static let retried: [StubResponse] = [
    .json(ErrorFixture.service(500, "Internal Service Error"), status: 500),
    .html("<html><body>Service Unavailable</body></html>", status: 503),
    .html("<html><head><title>502 Bad Gateway</title></head></html>", status: 502),
    StubResponse(
      status: 504, headers: ["Content-Type": "text/plain"],
      body: Data("upstream connect error or disconnect/reset before headers".utf8)),
  ]

  static let notRetried: [StubResponse] = [
    .json(ErrorFixture.service(400, "Date must be between Jun 16, 1995 and Nov 20, 2026."), status: 400),
    .json(ErrorFixture.gateway("API_KEY_INVALID", "An invalid api_key was supplied."), status: 403),
    .json(ErrorFixture.service(404, "No data available for date: 2026-11-20"), status: 404),
    .overRateLimit(retryAfter: "60"),
  ]

  @Test(arguments: retried)
  func serverErrorsAreRetriedUpToTheAttemptLimitWithBackoff(_ stub: StubResponse) async throws {
    try await LoopbackHarness.run { harness in
      await harness.server.route("/apod") { _ in stub }
      let client = harness.client(
        retryPolicy: RetryPolicy(
          maxAttempts: 3, baseDelay: .seconds(1), random: { 0.5 }))

      let error = await harness.failure(client, "apod")

      #expect(error != nil)
      #expect(await harness.server.requestCount(to: "/apod") == 3)
      #expect(harness.clock.requestedSleeps == [.milliseconds(750), .milliseconds(1500)])
    }
  }

  @Test(arguments: notRetried)
  func clientErrorsAndRateLimitsAreNeverRetried(_ stub: StubResponse) async throws {
    try await LoopbackHarness.run { harness in
      await harness.server.route("/apod") { _ in stub }
      let client = harness.client(retryPolicy: RetryPolicy(maxAttempts: 5))

      let error = await harness.failure(client, "apod")

      #expect(error != nil)
      #expect(await harness.server.requestCount(to: "/apod") == 1)
      #expect(harness.clock.requestedSleeps.isEmpty)
    }
  }

  @Test func transientOutageIsRiddenOutByARetry() async throws {
    try await LoopbackHarness.run { harness in
      let calls = CallCounter()
      await harness.server.route("/apod") { _ in
        await calls.next() == 1
          ? .html("<html>Service Unavailable</html>", status: 503) : .json(#"{"date":"2026-11-20"}"#)
      }
      let client = harness.client(retryPolicy: RetryPolicy(random: { 0 }))

      let response = try await client.send(HTTPRequest(url: harness.url("apod")))

      #expect(response.statusCode == 200)
      #expect(await harness.server.requestCount(to: "/apod") == 2)
      #expect(harness.clock.requestedSleeps == [.milliseconds(250)])
    }
  }

  @Test func timeoutsAreRetried() async throws {
    try await LoopbackHarness.run { harness in
      await harness.holdAnswers(to: "/held")
      let client = harness.client(retryPolicy: RetryPolicy(maxAttempts: 2, random: { 0 }))
      let request = harness.failureTask(client, "held")

      try await harness.waitForExchange(1, to: "/held")
      harness.deadlines.advance(by: .seconds(15))
      try await harness.waitForExchange(2, to: "/held")
      harness.deadlines.advance(by: .seconds(15))

      #expect(try await bounded("the retried request") { await request.value } == .timedOut)
      #expect(harness.clock.requestedSleeps == [.milliseconds(250)])
      #expect(await harness.server.requestCount(to: "/held") == 2)
    }
  }

  @Test func cancellationDuringTheBackoffEndsTheRequest() async throws {
    try await LoopbackHarness.run { harness in
      await harness.server.route("/apod") { _ in .json(ErrorFixture.service(500, "x"), status: 500) }
      // A clock whose backoff waits until the test moves it, which it never does here.
      let clock = TestClock(ErrorFixture.now)
      let client = HTTPClient(
        session: harness.session, rateLimiter: nil, retryPolicy: RetryPolicy(maxAttempts: 3),
        circuitBreaker: nil, clock: clock, deadlineClock: harness.deadlines)
      let request = Task { await harness.failure(client, "apod") }

      try await bounded("the first backoff") { await clock.waitUntilSleeping() }
      request.cancel()

      #expect(try await bounded("the cancelled request") { await request.value } == .cancelled)
      #expect(await harness.server.requestCount(to: "/apod") == 1)
    }
  }
}

@Suite struct HTTPClientCircuitBreakerTests {
  @Test func circuitOpensAfterConsecutiveFailuresAndClosesAfterASuccessfulTrial() async throws {
    try await LoopbackHarness.run { harness in
      let calls = CallCounter()
      await harness.server.route("/apod") { _ in
        await calls.next() <= 2 ? .json(ErrorFixture.service(500, "x"), status: 500) : .json("{}")
      }
      let client = harness.client(circuitBreaker: CircuitBreaker(failureThreshold: 2, cooldown: .seconds(30)))
      let apod = harness.url("apod")

      #expect(await harness.failure(client, "apod") == .server(statusCode: 500))
      #expect(await harness.failure(client, "apod") == .server(statusCode: 500))
      let reopen = harness.clock.now.addingTimeInterval(30)
      #expect(await harness.failure(client, "apod") == .circuitOpen(retryAt: reopen))
      #expect(await harness.server.requestCount(to: "/apod") == 2)

      harness.clock.advance(by: 30)
      #expect(await client.circuitState(for: apod) == .halfOpen)
      _ = try await client.send(HTTPRequest(url: apod))
      #expect(await client.circuitState(for: apod) == .closed(consecutiveFailures: 0))
      _ = try await client.send(HTTPRequest(url: apod))
      #expect(await harness.server.requestCount(to: "/apod") == 4)
    }
  }

  @Test func failedTrialReopensTheCircuit() async throws {
    try await LoopbackHarness.run { harness in
      await harness.server.route("/apod") { _ in .html("<html>Bad Gateway</html>", status: 502) }
      let breaker = CircuitBreaker(
        failureThreshold: 1, cooldown: .seconds(30))
      let client = harness.client(circuitBreaker: breaker)

      _ = await harness.failure(client, "apod")
      harness.clock.advance(by: 30)
      #expect(
        await harness.failure(client, "apod") == .nonJSONBody(statusCode: 502, contentType: "text/html"))
      let reopen = harness.clock.now.addingTimeInterval(30)
      #expect(await harness.failure(client, "apod") == .circuitOpen(retryAt: reopen))
      #expect(await harness.server.requestCount(to: "/apod") == 2)
    }
  }

  @Test func clientErrorsNeverOpenTheCircuit() async throws {
    try await LoopbackHarness.run { harness in
      await harness.server.route("/apod") { _ in
        .json(ErrorFixture.service(404, "No data available for date: 2026-11-20"), status: 404)
      }
      let client = harness.client(
        circuitBreaker: CircuitBreaker(failureThreshold: 2))
      for _ in 1...5 {
        #expect(
          await harness.failure(client, "apod")
            == .notFound(message: "No data available for date: 2026-11-20"))
      }
      #expect(await harness.server.requestCount(to: "/apod") == 5)
    }
  }

  @Test func requestsRefusedByAnOpenCircuitDoNotSpendTheLocalBudget() async throws {
    try await LoopbackHarness.run { harness in
      let calls = CallCounter()
      await harness.server.route("/apod") { _ in
        await calls.next() == 1 ? .json(ErrorFixture.service(500, "x"), status: 500) : .json("{}")
      }
      let client = harness.client(
        rateLimiter: RateLimiter(
          budget: .init(requests: 2, window: .seconds(3600))),
        circuitBreaker: CircuitBreaker(
          failureThreshold: 1, cooldown: .seconds(30)))

      _ = await harness.failure(client, "apod")
      for _ in 1...3 {
        guard case .circuitOpen = await harness.failure(client, "apod") else {
          Issue.record("the circuit should be open")
          return
        }
      }
      harness.clock.advance(by: 30)
      _ = try await client.send(HTTPRequest(url: harness.url("apod")))
      #expect(await harness.server.requestCount(to: "/apod") == 2)
    }
  }
}
