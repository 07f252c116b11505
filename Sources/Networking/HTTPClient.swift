import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The live `HTTPClienting`: JSON GETs over an injected `URLSession`, guarded by a rate limiter,
/// a retry policy and a circuit breaker.
///
/// For each request it:
/// 1. refuses URLs that are not http(s), and plain http to anything but loopback, with
///    `.insecureURL`: NASA hosts (`*.nasa.gov`) are https only, and so is everything else that
///    leaves the device (App Transport Security would block it anyway); loopback stays open for
///    in-process test and demo servers;
/// 2. asks the rate limiter, then the circuit breaker, for permission: a refusal costs no traffic;
/// 3. sends `GET` with `Accept: application/json` (the gateway picks its error format from
///    `Accept`; a browser-like one gets HTML), with `request.timeout` as a deadline on each
///    attempt's whole exchange (and, in whole seconds, as the session's idle timeout);
/// 4. reports the response's quota headers to the rate limiter and its health to the breaker;
/// 5. classifies it with `HTTPError(response:now:)`, returning only 2xx JSON;
/// 6. retries what the retry policy allows, after its backoff.
///
/// Pass nil for a policy to leave it out (tests of a single rule do).
public actor HTTPClient: HTTPClienting {
  /// Made on the first request, so a client that only stands by (a repository answering from
  /// its disk cache) never pays for a session.
  private lazy var session: URLSession = makeSession()
  private let makeSession: @Sendable () -> URLSession
  private let rateLimiter: RateLimiter?
  private let retryPolicy: RetryPolicy?
  private let circuitBreaker: CircuitBreaker?
  private let now: @Sendable () -> Date

  /// - Parameters:
  ///   - session: the session that carries the requests.
  ///   - rateLimiter: the quota guard; nil for none.
  ///   - retryPolicy: the backoff rules; nil to send each request once.
  ///   - circuitBreaker: the outage guard; nil for none.
  ///   - now: the clock that anchors `Retry-After` delays.
  public init(
    session: URLSession,
    rateLimiter: RateLimiter? = RateLimiter(),
    retryPolicy: RetryPolicy? = RetryPolicy(),
    circuitBreaker: CircuitBreaker? = CircuitBreaker(),
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.makeSession = { session }
    self.rateLimiter = rateLimiter
    self.retryPolicy = retryPolicy
    self.circuitBreaker = circuitBreaker
    self.now = now
  }

  /// As `init(session:…)`, with the session made by `makeSession` on the first request.
  public init(
    makingSession makeSession: @escaping @Sendable () -> URLSession,
    rateLimiter: RateLimiter? = RateLimiter(),
    retryPolicy: RetryPolicy? = RetryPolicy(),
    circuitBreaker: CircuitBreaker? = CircuitBreaker(),
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.makeSession = makeSession
    self.rateLimiter = rateLimiter
    self.retryPolicy = retryPolicy
    self.circuitBreaker = circuitBreaker
    self.now = now
  }

  /// Sends `request` through the steps above; throws only `HTTPError`.
  public func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
    try Self.requireSecure(request.url)
    let urlRequest = Self.urlRequest(for: request)
    var attempt = 1
    while true {
      if Task.isCancelled { throw .cancelled }
      do {
        return try await sendOnce(
          urlRequest, url: request.url, timeout: request.timeout, budgeted: request.spendsSharedQuota)
      } catch {
        guard let retryPolicy, attempt < retryPolicy.maxAttempts, retryPolicy.shouldRetry(error) else {
          throw error
        }
        do {
          try await retryPolicy.sleep(retryPolicy.delay(beforeRetry: attempt))
        } catch {
          // The injected sleeper throws only when the task is cancelled during the backoff.
          throw .cancelled
        }
        attempt += 1
      }
    }
  }

  /// One attempt: permissions, the exchange, bookkeeping, classification.
  private func sendOnce(
    _ urlRequest: URLRequest, url: URL, timeout: Duration, budgeted: Bool
  ) async throws(HTTPError) -> HTTPResponse {
    try await rateLimiter?.acquire(for: url, budgeted: budgeted)
    if let circuitBreaker {
      do {
        try await circuitBreaker.acquire(for: url)
      } catch {
        // Nothing was sent, so the reservation goes back into the local budget.
        if budgeted { await rateLimiter?.refund(for: url) }
        throw error
      }
    }

    let response: HTTPResponse
    do {
      response = try await Self.exchange(urlRequest, session: session, timeout: timeout)
    } catch {
      await circuitBreaker?.record(CircuitBreaker.Outcome(error), for: url)
      throw error
    }

    await rateLimiter?.record(response, for: url)
    guard let error = HTTPError(response: response, now: now()) else {
      await circuitBreaker?.record(.success, for: url)
      return response
    }
    await circuitBreaker?.record(CircuitBreaker.Outcome(error), for: url)
    if case .rateLimited(nil) = error, let rateLimiter {
      // A 429 without Retry-After: say when the limiter will let requests through again.
      throw .rateLimited(retryAt: await rateLimiter.blockedUntil(for: url))
    }
    throw error
  }

  /// Plain http is allowed only to loopback; NASA hosts and everything else need https.
  static func requireSecure(_ url: URL) throws(HTTPError) {
    let scheme = url.scheme?.lowercased()
    guard scheme == "https" || scheme == "http", let host = url.host, !host.isEmpty else {
      throw .insecureURL(url.redactedForDisplay)
    }
    if scheme == "http" && !isLoopback(host) {
      throw .insecureURL(url.redactedForDisplay)
    }
  }

  /// Whether `host` names this machine, so plain http never leaves it.
  public static func isLoopback(_ host: String) -> Bool {
    let bare = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]."))
    if bare == "localhost" || bare.hasSuffix(".localhost") || bare == "::1" { return true }
    // 127.0.0.0/8 written as a dotted quad; "127.example.com" is a name, not an address.
    let octets = bare.split(separator: ".", omittingEmptySubsequences: false).map { UInt8($0) }
    return octets.count == 4 && octets.allSatisfy { $0 != nil } && octets.first == 127
  }

  static func urlRequest(for request: HTTPRequest) -> URLRequest {
    var urlRequest = URLRequest(url: request.url)
    urlRequest.httpMethod = "GET"
    // The JSON disk cache is the one cache of answers (it decides freshness per APOD day): always
    // ask the server. Apple's URLSession honours this per request; swift-corelibs-foundation does
    // not, so the sessions the app builds have no URLCache at all (`makeSession()` in NASA).
    urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
    // Whole seconds, rounded up: swift-corelibs-foundation truncates the interval to an integer,
    // so 0.2 s would time out at once. The exchange's own deadline keeps sub-second precision.
    urlRequest.timeoutInterval = max(1, request.timeout.timeInterval.rounded(.up))
    for (name, value) in request.headers where name.lowercased() != "accept" {
      urlRequest.setValue(value, forHTTPHeaderField: name)
    }
    // The gateway answers errors in the format `Accept` asks for; anything browser-like gets HTML.
    urlRequest.setValue("application/json", forHTTPHeaderField: "Accept")
    return urlRequest
  }

  /// Runs one exchange under a deadline: whichever ends first, the transfer or the timeout.
  private static func exchange(
    _ urlRequest: URLRequest, session: URLSession, timeout: Duration
  ) async throws(HTTPError) -> HTTPResponse {
    do {
      return try await withThrowingTaskGroup(of: HTTPResponse.self) { group in
        group.addTask { try await load(urlRequest, session: session) }
        group.addTask {
          try await Task.sleep(for: timeout)
          throw HTTPError.timedOut
        }
        defer { group.cancelAll() }
        guard let response = try await group.next() else { throw HTTPError.transport("no result") }
        return response
      }
    } catch let error as HTTPError {
      throw error
    } catch {
      // Task.sleep throws CancellationError only when the caller's task was cancelled.
      throw .cancelled
    }
  }

  /// One `URLSessionDataTask`, cancelled when the surrounding task is.
  private static func load(_ urlRequest: URLRequest, session: URLSession) async throws -> HTTPResponse {
    let handle = DataTaskHandle()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<HTTPResponse, any Error>) in
        let task = session.dataTask(with: urlRequest) { data, response, error in
          continuation.resume(
            with: Result(catching: { () throws(HTTPError) in
              try makeResponse(data: data, response: response, error: error)
            }))
        }
        if !handle.start(task) {
          // Cancelled before the transfer began: the task is never resumed, so it never completes.
          continuation.resume(throwing: HTTPError.cancelled)
        }
      }
    } onCancel: {
      handle.cancel()
    }
  }

  /// Turns a data task's completion into a response or a transport-level error.
  private static func makeResponse(
    data: Data?, response: URLResponse?, error: (any Error)?
  ) throws(HTTPError) -> HTTPResponse {
    if let error { throw transportError(error) }
    guard let http = response as? HTTPURLResponse else { throw .transport("not an HTTP response") }
    var headers: [String: String] = [:]
    for (name, value) in http.allHeaderFields {
      headers[String(describing: name)] = String(describing: value)
    }
    let result = HTTPResponse(statusCode: http.statusCode, headers: headers, body: data ?? Data())
    if isTruncated(result) { throw .transport("truncated body") }
    return result
  }

  /// A body shorter than its declared `Content-Length` was cut off (a closed connection, a proxy
  /// restart). Skipped for encoded bodies, whose decoded length differs from the declared one.
  static func isTruncated(_ response: HTTPResponse) -> Bool {
    let encoding = response.header("Content-Encoding")?.lowercased()
    guard encoding == nil || encoding == "identity",
      let declared = response.header("Content-Length").flatMap({ Int($0) })
    else { return false }
    return response.body.count < declared
  }

  /// The URL loading system's errors in the terms people understand.
  static func transportError(_ error: any Error) -> HTTPError {
    guard let urlError = error as? URLError else {
      return .transport(String(describing: error))
    }
    switch urlError.code {
    case .cancelled:
      return .cancelled
    case .timedOut:
      return .timedOut
    case .notConnectedToInternet, .cannotFindHost, .dnsLookupFailed, .internationalRoamingOff,
      .dataNotAllowed, .callIsActive:
      return .offline
    case .appTransportSecurityRequiresSecureConnection:
      return .insecureURL(urlError.failingURL?.redactedForDisplay ?? "")
    default:
      // Resets, lost connections mid-transfer, TLS failures, refused connections: the network is
      // there but this exchange broke.
      return .transport("URLError \(urlError.code.rawValue)")
    }
  }
}

/// Holds the data task so the cancellation handler, which may run on any thread before or after
/// the task exists, can cancel it exactly once.
private final class DataTaskHandle: @unchecked Sendable {
  // @unchecked: every access to the two fields goes through `lock`.
  private let lock = NSLock()
  private var task: URLSessionDataTask?
  private var cancelled = false

  /// Resumes `task` and returns true, or returns false when cancellation came first.
  func start(_ task: URLSessionDataTask) -> Bool {
    lock.lock()
    let alreadyCancelled = cancelled
    if !alreadyCancelled { self.task = task }
    lock.unlock()
    if !alreadyCancelled { task.resume() }
    return !alreadyCancelled
  }

  func cancel() {
    lock.lock()
    cancelled = true
    let task = self.task
    lock.unlock()
    task?.cancel()
  }
}
