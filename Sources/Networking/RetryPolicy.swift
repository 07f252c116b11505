import Foundation

/// When and how long to wait before sending a failed request again.
///
/// Only failures that a second try can plausibly fix are retried: transport errors, timeouts and
/// 5xx answers (including proxies' HTML error pages). Never a 4xx (the same request gets the same
/// answer), never a 429 (retrying burns the shared key's quota; the rate limiter decides when),
/// never a cancellation, and not `.offline` (waiting a second does not bring the network back; the
/// repository serves the cache instead). Delays grow exponentially with "equal jitter" so that many
/// clients failing together do not retry in lockstep. `HTTPClient` waits with its clock.
public struct RetryPolicy: Sendable {
  /// Total attempts, the first one included (1 means never retry).
  public var maxAttempts: Int
  /// The delay cap before the first retry; it doubles for each further retry.
  public var baseDelay: Duration
  /// No delay is ever longer than this.
  public var maxDelay: Duration
  /// A number in `0..<1`. Injected so jitter is deterministic in tests.
  public var random: @Sendable () -> Double

  /// - Parameters:
  ///   - maxAttempts: total attempts including the first (at least 1).
  ///   - baseDelay: the cap of the first backoff interval.
  ///   - maxDelay: the largest delay ever used.
  ///   - random: a source of numbers in `0..<1`; defaults to the system generator.
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

  /// Whether `error` is worth another attempt (see the type's rules).
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

  /// The wait before retry number `retry` (1 for the first retry): the exponential cap
  /// `min(maxDelay, baseDelay × 2^(retry−1))`, of which the upper half is jittered, so the result
  /// lies between `cap/2` and `cap`.
  public func delay(beforeRetry retry: Int) -> Duration {
    let exponent = Double(max(0, retry - 1))
    let cap = min(maxDelay.timeInterval, baseDelay.timeInterval * pow(2, exponent))
    let unit = min(max(random(), 0), 1)
    let seconds = cap / 2 + unit * cap / 2
    return .nanoseconds(Int64((seconds * 1e9).rounded()))
  }
}
