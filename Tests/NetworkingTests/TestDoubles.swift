import Foundation
import Networking
import TestServer
import TestSupport

/// Counts calls across concurrent handlers, so a stub can change its answer over time.
actor CallCounter {
  private(set) var count = 0

  /// Increments and returns the new count (1 for the first call).
  func next() -> Int {
    count += 1
    return count
  }
}

extension StubResponse {
  /// The gateway's 429 with `Retry-After` as given (seconds or an HTTP date).
  static func overRateLimit(retryAfter: String) -> Self {
    .json(
      ErrorFixture.gateway("OVER_RATE_LIMIT", "You have exceeded your rate limit."), status: 429,
      headers: ["Retry-After": retryAfter])
  }
}
