import Foundation

/// The cases keep what the server said, so the layer above can add context (which dates are valid).
public enum HTTPError: Error, Sendable, Hashable {
  /// 400. `message` is the service's own text, such as
  /// "Date must be between Jun 16, 1995 and Dec 13, 2021.".
  case badRequest(message: String?)
  /// 403 `API_KEY_MISSING`: no key reached the gateway.
  case apiKeyMissing
  /// 403 `API_KEY_INVALID` (and the other `API_KEY_*` refusals, whose gateway code is kept).
  case apiKeyInvalid(code: String)
  /// 404. For the current APOD day this means "not published yet"; `message` is the server's.
  case notFound(message: String?)
  /// 429 `OVER_RATE_LIMIT`, or a local refusal while the quota is known to be spent.
  /// `retryAt` comes from `Retry-After` (seconds or an HTTP date) when the server sent one, else
  /// from the `RateLimiter`'s block when one is installed; nil when nobody knows.
  case rateLimited(retryAt: Date?)
  /// 5xx with a JSON or empty body, or a 5xx the gateway reported.
  case server(statusCode: Int)
  /// A body that is not JSON where JSON was expected (HTML error pages from proxies).
  case nonJSONBody(statusCode: Int, contentType: String?)
  case unexpectedStatus(Int)
  case offline
  /// Low Data Mode is on, only a constrained network is up, and the request may not use it.
  case lowDataMode
  case timedOut
  case cancelled
  /// The URL was refused before sending (plain http beyond loopback, or not http(s) at all), or the
  /// gateway answered `HTTPS_REQUIRED`. Holds the refused URL or the gateway's sentence.
  case insecureURL(String)
  /// The circuit breaker is open after repeated failures; no request was sent.
  case circuitOpen(retryAt: Date)
  /// The connection failed in another way (reset, truncated body, TLS, DNS…).
  case transport(String)
}
