import Basics
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// JSON GETs over `HTTPTransport`, guarded by a rate limiter, a retry policy and a circuit breaker
/// (nil leaves one out).
public actor HTTPClient: HTTPClienting {
  /// Made on the first request, so a client that only stands by (a repository answering from
  /// its disk cache) never pays for a session.
  private lazy var transport = HTTPTransport(session: makeSession(), clock: deadlineClock)
  private let makeSession: @Sendable () -> URLSession
  private var rateLimiter: RateLimiter?
  private let retryPolicy: RetryPolicy?
  private var circuitBreaker: CircuitBreaker?
  private let clock: any Clocking
  private let deadlineClock: any Clocking

  /// `deadlineClock` measures deadlines instead of `clock`: tests whose `clock` answers every wait at
  /// once (to read the backoffs) give one that waits until moved.
  public init(
    session: URLSession,
    rateLimiter: RateLimiter? = RateLimiter(),
    retryPolicy: RetryPolicy? = RetryPolicy(),
    circuitBreaker: CircuitBreaker? = CircuitBreaker(),
    clock: any Clocking,
    deadlineClock: (any Clocking)? = nil
  ) {
    self.init(
      makingSession: { session }, rateLimiter: rateLimiter, retryPolicy: retryPolicy,
      circuitBreaker: circuitBreaker, clock: clock, deadlineClock: deadlineClock)
  }

  public init(
    makingSession makeSession: @escaping @Sendable () -> URLSession,
    rateLimiter: RateLimiter? = RateLimiter(),
    retryPolicy: RetryPolicy? = RetryPolicy(),
    circuitBreaker: CircuitBreaker? = CircuitBreaker(),
    clock: any Clocking,
    deadlineClock: (any Clocking)? = nil
  ) {
    self.makeSession = makeSession
    self.rateLimiter = rateLimiter
    self.retryPolicy = retryPolicy
    self.circuitBreaker = circuitBreaker
    self.clock = clock
    self.deadlineClock = deadlineClock ?? clock
  }

  public func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
    try HTTPTransport.requireSecure(request.url)
    var attempt = 1
    while true {
      if Task.isCancelled { throw .cancelled }
      do {
        return try await sendOnce(request)
      } catch {
        guard let retryPolicy, attempt < retryPolicy.maxAttempts, retryPolicy.shouldRetry(error) else {
          throw error
        }
        do {
          try await clock.sleep(for: retryPolicy.delay(beforeRetry: attempt))
        } catch {
          // The clock's sleep throws only when the task is cancelled during the backoff.
          throw .cancelled
        }
        attempt += 1
      }
    }
  }

  public func circuitState(for url: URL) -> CircuitBreaker.State? {
    circuitBreaker?.state(for: url, now: clock.now)
  }

  private func sendOnce(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
    let url = request.url
    let budgeted = request.spendsSharedQuota
    try rateLimiter?.acquire(for: url, budgeted: budgeted, now: clock.now)
    do {
      try circuitBreaker?.acquire(for: url, now: clock.now)
    } catch {
      // Nothing was sent, so the reservation goes back into the local budget.
      if budgeted { rateLimiter?.refund(for: url) }
      throw error
    }

    let response: HTTPResponse
    do {
      response = try await transport.exchange(request)
    } catch {
      circuitBreaker?.record(CircuitBreaker.Outcome(error), for: url, now: clock.now)
      throw error
    }

    let now = clock.now
    rateLimiter?.record(response, for: url, now: now)
    guard let error = HTTPError(response: response, accepting: request.accept, now: now) else {
      circuitBreaker?.record(.success, for: url, now: now)
      return response
    }
    circuitBreaker?.record(CircuitBreaker.Outcome(error), for: url, now: now)
    if case .rateLimited(nil) = error, let rateLimiter {
      // A 429 without Retry-After: say when the limiter will let requests through again.
      throw .rateLimited(retryAt: rateLimiter.blockedUntil(for: url, now: now))
    }
    throw error
  }
}
