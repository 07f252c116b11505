import Foundation
import Testing

@testable import Networking

@Suite struct RateLimiterTests {
  let apod = URL(string: "https://api.nasa.gov/planetary/apod")!
  let basic = URL(string: "https://science.nasa.gov/wp-json/wp/v2/apod-basic")!

  func response(_ status: Int, _ headers: [String: String]) -> HTTPResponse {
    HTTPResponse(statusCode: status, headers: headers, body: Data("{}".utf8))
  }

  @Test func spentQuotaBlocksForAnHourWhenTheServerSaysNothingMore() async throws {
    let clock = TestClock()
    let limiter = RateLimiter(budget: nil, now: clock.closure)
    try await limiter.acquire(for: apod)
    await limiter.record(response(200, ["X-RateLimit-Remaining": "0"]), for: apod)

    await #expect(throws: HTTPError.rateLimited(retryAt: clock.now.addingTimeInterval(3600))) {
      try await limiter.acquire(for: apod)
    }
  }

  @Test func remainingHeaderIsReadWhateverItsCase() async throws {
    let clock = TestClock()
    let limiter = RateLimiter(budget: nil, now: clock.closure)
    await limiter.record(response(200, ["x-ratelimit-remaining": "41"]), for: apod)
    #expect(await limiter.remainingQuota(for: apod) == 41)
    await limiter.record(response(200, ["X-Ratelimit-Remaining": "0"]), for: apod)
    #expect(await limiter.remainingQuota(for: apod) == 0)
    #expect(await limiter.blockedUntil(for: apod) == clock.now.addingTimeInterval(3600))
  }

  @Test func tooManyRequestsBlocksUntilRetryAfter() async throws {
    let clock = TestClock()
    let limiter = RateLimiter(budget: nil, now: clock.closure)
    await limiter.record(response(429, ["Retry-After": "2870"]), for: apod)

    clock.advance(by: 2869)
    await #expect(throws: HTTPError.self) { try await limiter.acquire(for: apod) }
    clock.advance(by: 1)
    try await limiter.acquire(for: apod)
  }

  @Test func tooManyRequestsWithAnHTTPDateBlocksUntilThatDate() async throws {
    let clock = TestClock()
    let limiter = RateLimiter(budget: nil, now: clock.closure)
    await limiter.record(response(429, ["Retry-After": "Fri, 20 Nov 2026 12:30:00 GMT"]), for: apod)
    #expect(await limiter.blockedUntil(for: apod) == clock.now.addingTimeInterval(1800))
  }

  @Test func spentQuotaOfOneServiceDoesNotBlockAnother() async throws {
    let limiter = RateLimiter(budget: nil, now: TestClock().closure)
    await limiter.record(response(429, [:]), for: apod)
    try await limiter.acquire(for: basic)
    #expect(await limiter.blockedUntil(for: basic) == nil)
  }

  @Test func freshRemainingCountLiftsAnEarlierBlock() async throws {
    let limiter = RateLimiter(budget: nil, now: TestClock().closure)
    await limiter.record(response(200, ["X-RateLimit-Remaining": "0"]), for: apod)
    await limiter.record(response(200, ["X-RateLimit-Remaining": "12"]), for: apod)
    try await limiter.acquire(for: apod)
  }

  @Test func localBudgetRefusesOnceSpentAndFreesTheOldestSlotAfterTheWindow() async throws {
    let clock = TestClock()
    let start = clock.now
    let limiter = RateLimiter(
      budget: .init(requests: 2, window: .seconds(3600)), now: clock.closure)
    try await limiter.acquire(for: apod)
    clock.advance(by: 600)
    try await limiter.acquire(for: apod)

    await #expect(throws: HTTPError.rateLimited(retryAt: start.addingTimeInterval(3600))) {
      try await limiter.acquire(for: apod)
    }
    clock.advance(by: 3000)
    try await limiter.acquire(for: apod)
    await #expect(throws: HTTPError.rateLimited(retryAt: start.addingTimeInterval(4200))) {
      try await limiter.acquire(for: apod)
    }
  }

  @Test func refundedReservationGoesBackIntoTheBudget() async throws {
    let limiter = RateLimiter(budget: .init(requests: 1, window: .seconds(3600)), now: TestClock().closure)
    try await limiter.acquire(for: apod)
    await limiter.refund(for: apod)
    try await limiter.acquire(for: apod)
  }

  @Test func requestsThatSpendNoSharedQuotaPassAFullBudgetAndLeaveItAlone() async throws {
    let limiter = RateLimiter(budget: .init(requests: 1, window: .seconds(3600)), now: TestClock().closure)
    for _ in 0..<5 { try await limiter.acquire(for: basic, budgeted: false) }
    try await limiter.acquire(for: apod)
    // The budget is spent for the shared key, yet the keyless feed still goes through.
    try await limiter.acquire(for: apod, budgeted: false)
    await #expect(throws: HTTPError.self) { try await limiter.acquire(for: apod) }
  }

  @Test func aSpentServerQuotaStillStopsUnbudgetedRequests() async throws {
    let limiter = RateLimiter(budget: nil, now: TestClock().closure)
    await limiter.record(response(429, ["Retry-After": "60"]), for: basic)
    await #expect(throws: HTTPError.self) { try await limiter.acquire(for: basic, budgeted: false) }
  }
}
