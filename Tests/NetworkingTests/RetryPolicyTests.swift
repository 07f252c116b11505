import Foundation
import Testing

@testable import Networking

@Suite struct RetryPolicyTests {
  @Test(arguments: [
    HTTPError.server(statusCode: 500), .server(statusCode: 503), .timedOut, .transport("URLError -1005"),
    .nonJSONBody(statusCode: 502, contentType: "text/html"),
  ])
  func retriesServerAndTransportFailures(_ error: HTTPError) {
    #expect(RetryPolicy().shouldRetry(error))
  }

  @Test(arguments: [
    HTTPError.badRequest(message: nil), .apiKeyMissing, .apiKeyInvalid(code: "API_KEY_INVALID"),
    .notFound(message: nil), .rateLimited(retryAt: nil), .unexpectedStatus(418), .offline, .cancelled,
    .insecureURL("http://api.nasa.gov"), .circuitOpen(retryAt: Date(timeIntervalSince1970: 1_800_000_000)),
    .nonJSONBody(statusCode: 200, contentType: "text/html"),
    .nonJSONBody(statusCode: 403, contentType: "text/html"),
  ])
  func neverRetriesClientErrorsRateLimitsOrCancellation(_ error: HTTPError) {
    #expect(!RetryPolicy().shouldRetry(error))
  }

  @Test func delayWithoutJitterDoublesUpToTheCap() {
    // random() == 1 puts every delay at the top of its band: the exponential cap itself.
    let policy = RetryPolicy(baseDelay: .seconds(1), maxDelay: .seconds(5), random: { 1 })
    let delays = (1...5).map { policy.delay(beforeRetry: $0) }
    #expect(delays == [.seconds(1), .seconds(2), .seconds(4), .seconds(5), .seconds(5)])
  }

  @Test func jitterKeepsEveryDelayBetweenHalfTheCapAndTheCap() {
    let low = RetryPolicy(baseDelay: .seconds(2), maxDelay: .seconds(60), random: { 0 })
    let middle = RetryPolicy(baseDelay: .seconds(2), maxDelay: .seconds(60), random: { 0.5 })
    let high = RetryPolicy(baseDelay: .seconds(2), maxDelay: .seconds(60), random: { 0.999_999 })
    for retry in 1...4 {
      let cap = Duration.seconds(2 * (1 << (retry - 1)))
      #expect(low.delay(beforeRetry: retry) == cap / 2)
      #expect(middle.delay(beforeRetry: retry) == cap * 3 / 4)
      #expect(high.delay(beforeRetry: retry) < cap)
      #expect(high.delay(beforeRetry: retry) > cap * 99 / 100)
    }
  }

  @Test func randomValuesOutsideTheUnitRangeAreClamped() {
    let below = RetryPolicy(baseDelay: .seconds(4), random: { -3 })
    let above = RetryPolicy(baseDelay: .seconds(4), random: { 7 })
    #expect(below.delay(beforeRetry: 1) == .seconds(2))
    #expect(above.delay(beforeRetry: 1) == .seconds(4))
  }

  @Test func atLeastOneAttemptIsAlwaysMade() {
    #expect(RetryPolicy(maxAttempts: 0).maxAttempts == 1)
  }
}
