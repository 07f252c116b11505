import Foundation
import TestSupport
import Testing

@testable import Networking

@Suite struct RateLimiterTests {
  let apod = URL(string: "https://api.nasa.gov/planetary/apod")!
  let clock = TestClock(ErrorFixture.now)
  let basic = URL(string: "https://science.nasa.gov/wp-json/wp/v2/apod-basic")!

  func response(_ status: Int, _ headers: [String: String]) -> HTTPResponse {
    HTTPResponse(statusCode: status, headers: headers, body: Data("{}".utf8))
  }

  @Test func spentQuotaBlocksForAnHourWhenTheServerSaysNothingMore() throws {
    var limiter = RateLimiter(budget: nil)
    try limiter.acquire(for: apod, now: clock.now)
    limiter.record(response(200, ["X-RateLimit-Remaining": "0"]), for: apod, now: clock.now)

    #expect(throws: HTTPError.rateLimited(retryAt: clock.now.addingTimeInterval(3600))) {
      try limiter.acquire(for: apod, now: clock.now)
    }
  }

  @Test func remainingHeaderIsReadWhateverItsCase() throws {
    var limiter = RateLimiter(budget: nil)
    limiter.record(response(200, ["x-ratelimit-remaining": "41"]), for: apod, now: clock.now)
    #expect(limiter.remainingQuota(for: apod) == 41)
    limiter.record(response(200, ["X-Ratelimit-Remaining": "0"]), for: apod, now: clock.now)
    #expect(limiter.remainingQuota(for: apod) == 0)
    #expect(limiter.blockedUntil(for: apod, now: clock.now) == clock.now.addingTimeInterval(3600))
  }

  @Test func tooManyRequestsBlocksUntilRetryAfter() throws {
    var limiter = RateLimiter(budget: nil)
    limiter.record(response(429, ["Retry-After": "2870"]), for: apod, now: clock.now)

    clock.advance(by: 2869)
    #expect(throws: HTTPError.self) { try limiter.acquire(for: apod, now: clock.now) }
    clock.advance(by: 1)
    try limiter.acquire(for: apod, now: clock.now)
  }

  @Test func tooManyRequestsWithAnHTTPDateBlocksUntilThatDate() throws {
    var limiter = RateLimiter(budget: nil)
    limiter.record(response(429, ["Retry-After": "Fri, 20 Nov 2026 12:30:00 GMT"]), for: apod, now: clock.now)
    #expect(limiter.blockedUntil(for: apod, now: clock.now) == clock.now.addingTimeInterval(1800))
  }

  @Test func spentQuotaOfOneServiceDoesNotBlockAnother() throws {
    var limiter = RateLimiter(budget: nil)
    limiter.record(response(429, [:]), for: apod, now: clock.now)
    try limiter.acquire(for: basic, now: clock.now)
    #expect(limiter.blockedUntil(for: basic, now: clock.now) == nil)
  }

  @Test func freshRemainingCountLiftsAnEarlierBlock() throws {
    var limiter = RateLimiter(budget: nil)
    limiter.record(response(200, ["X-RateLimit-Remaining": "0"]), for: apod, now: clock.now)
    limiter.record(response(200, ["X-RateLimit-Remaining": "12"]), for: apod, now: clock.now)
    try limiter.acquire(for: apod, now: clock.now)
  }

  @Test func localBudgetRefusesOnceSpentAndFreesTheOldestSlotAfterTheWindow() throws {
    let start = clock.now
    var limiter = RateLimiter(
      budget: .init(requests: 2, window: .seconds(3600)))
    try limiter.acquire(for: apod, now: clock.now)
    clock.advance(by: 600)
    try limiter.acquire(for: apod, now: clock.now)

    #expect(throws: HTTPError.rateLimited(retryAt: start.addingTimeInterval(3600))) {
      try limiter.acquire(for: apod, now: clock.now)
    }
    clock.advance(by: 3000)
    try limiter.acquire(for: apod, now: clock.now)
    #expect(throws: HTTPError.rateLimited(retryAt: start.addingTimeInterval(4200))) {
      try limiter.acquire(for: apod, now: clock.now)
    }
  }

  @Test func refundedReservationGoesBackIntoTheBudget() throws {
    var limiter = RateLimiter(budget: .init(requests: 1, window: .seconds(3600)))
    try limiter.acquire(for: apod, now: clock.now)
    limiter.refund(for: apod)
    try limiter.acquire(for: apod, now: clock.now)
  }

  @Test func requestsThatSpendNoSharedQuotaPassAFullBudgetAndLeaveItAlone() throws {
    var limiter = RateLimiter(budget: .init(requests: 1, window: .seconds(3600)))
    for _ in 0..<5 { try limiter.acquire(for: basic, budgeted: false, now: clock.now) }
    try limiter.acquire(for: apod, now: clock.now)
    // The budget is spent for the shared key, yet the keyless feed still goes through.
    try limiter.acquire(for: apod, budgeted: false, now: clock.now)
    #expect(throws: HTTPError.self) { try limiter.acquire(for: apod, now: clock.now) }
  }

  @Test func aSpentServerQuotaStillStopsUnbudgetedRequests() throws {
    var limiter = RateLimiter(budget: nil)
    limiter.record(response(429, ["Retry-After": "60"]), for: basic, now: clock.now)
    #expect(throws: HTTPError.self) { try limiter.acquire(for: basic, budgeted: false, now: clock.now) }
  }
}
