import Basics
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The live `HTTPClienting`: JSON GETs over `HTTPTransport`, guarded by a rate limiter, a retry
/// policy and a circuit breaker.
///
/// For each request it:
/// 1. asks the rate limiter, then the circuit breaker, for permission: a refusal costs no traffic;
/// 2. sends it through the transport (which refuses insecure URLs, asks for JSON, applies the
///    request's deadline on the injected clock and maps connection failures);
/// 3. reports the response's quota headers to the rate limiter and its health to the breaker;
/// 4. classifies it with `HTTPError(response:accepting:now:)`, returning only 2xx JSON;
/// 5. retries what the retry policy allows, after its backoff, waiting on the injected clock.
///
/// The limiter and the breaker are values in the client's own state, so a request's bookkeeping
/// happens inside this actor without hopping to others. Pass nil for a policy to leave it out
/// (tests of a single rule do).
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

  /// - Parameters:
  ///   - session: the session that carries the requests.
  ///   - rateLimiter: the quota guard; nil for none.
  ///   - retryPolicy: the backoff rules; nil to send each request once.
  ///   - circuitBreaker: the outage guard; nil for none.
  ///   - clock: anchors `Retry-After` delays and the policies' windows, waits between retries,
  ///     and measures each exchange's deadline (`HTTPRequest.timeout`).
  ///   - deadlineClock: measures the deadlines instead of `clock` when given. Tests whose `clock`
  ///     answers every wait at once (to read the backoffs) give one that waits until moved.
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

  /// As `init(session:…)`, with the session made by `makeSession` on the first request.
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

  /// Sends `request` through the steps above; throws only `HTTPError`.
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

  /// The circuit of `url`'s service now; nil without a circuit breaker.
  public func circuitState(for url: URL) -> CircuitBreaker.State? {
    circuitBreaker?.state(for: url, now: clock.now)
  }

  /// One attempt: permissions, the exchange, bookkeeping, classification.
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
