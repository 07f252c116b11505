import Foundation

/// Retries only what a second try can fix: transport errors, timeouts, 5xx. Never a 4xx (same
/// answer), a 429 (burns the shared key's quota), a cancellation or `.offline` (the repository serves
/// the cache). Equal jitter, so that clients failing together do not retry in lockstep.
public struct RetryPolicy: Sendable {
  /// The first attempt included.
  public var maxAttempts: Int
  /// The delay cap before the first retry; it doubles for each further retry.
  public var baseDelay: Duration
  public var maxDelay: Duration
  /// In `0..<1`; injected so that jitter is deterministic in tests.
  public var random: @Sendable () -> Double

  public init(
    maxAttempts: Int = 3,
    baseDelay: Duration = .milliseconds(500),
    maxDelay: Duration = .seconds(8),
    random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
  ) {
    self.maxAttempts = max(1, maxAttempts)
    self.baseDelay = baseDelay
    self.maxDelay = maxDelay
    self.random = random
  }

  public func shouldRetry(_ error: HTTPError) -> Bool {
    switch error {
    case .server, .timedOut, .transport:
      true
    case .nonJSONBody(let statusCode, _):
      // 502/503/504 pages from the gateway's proxies during outages.
      (500..<600).contains(statusCode)
    case .badRequest, .apiKeyMissing, .apiKeyInvalid, .notFound, .rateLimited, .unexpectedStatus,
      .offline, .lowDataMode, .cancelled, .insecureURL, .circuitOpen:
      false
    }
  }

  public func delay(beforeRetry retry: Int) -> Duration {
    let exponent = Double(max(0, retry - 1))
    let cap = min(maxDelay.timeInterval, baseDelay.timeInterval * pow(2, exponent))
    let unit = min(max(random(), 0), 1)
    let seconds = cap / 2 + unit * cap / 2
    return .nanoseconds(Int64((seconds * 1e9).rounded()))
  }
}
