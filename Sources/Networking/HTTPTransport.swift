import Basics
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The one way Spacer sends a GET (JSON through `HTTPClient`, image bytes for the pipeline). Plain
/// http is refused except to loopback: NASA hosts are https only. The deadline is a wait on the
/// injected clock, so tests decide when it passes; the socket's idle timeout is only a backstop.
public struct HTTPTransport: Sendable {
  /// The idle timeout handed to the URL loading system (seconds without a byte): a backstop for
  /// a clock that never fires, never the rule. The rule is `HTTPRequest.timeout` on the clock.
  public static let socketIdleBackstop: TimeInterval = 120

  private let session: URLSession
  private let clock: any Clocking

  /// Give `session` no `urlCache`: the disk caches are the caches, and URLCache would keep second copies.
  public init(session: URLSession, clock: any Clocking) {
    self.session = session
    self.clock = clock
  }

  /// The complete response to `request`, whatever its status; throws only for a refused URL or a
  /// failed exchange (offline, timed out, cut short, cancelled).
  public func exchange(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
    try Self.requireSecure(request.url)
    if Task.isCancelled { throw .cancelled }
    return try await Self.exchange(
      Self.urlRequest(for: request), session: session, timeout: request.timeout, clock: clock)
  }

  public func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
    let response = try await exchange(request)
    if let error = HTTPError(response: response, accepting: request.accept, now: clock.now) { throw error }
    return response
  }

  /// `send(_:)` with the body written to `file` (replaced) as it arrives, never whole in memory:
  /// the response's `body` is empty for a 2xx answer and holds the error page otherwise (`file`
  /// is then removed).
  public func send(_ request: HTTPRequest, bodyTo file: URL) async throws(HTTPError) -> HTTPResponse {
    try Self.requireSecure(request.url)
    if Task.isCancelled { throw .cancelled }
    let urlRequest = Self.urlRequest(for: request)
    let response = try await Self.exchange(timeout: request.timeout, clock: clock) {
      try await Self.load(urlRequest, session: session, bodyTo: file)
    }
    guard (200..<300).contains(response.statusCode) else {
      let page = (try? Data(contentsOf: file)) ?? Data()
      try? FileManager.default.removeItem(at: file)
      let withPage = HTTPResponse(statusCode: response.statusCode, headers: response.headers, body: page)
      throw HTTPError(response: withPage, accepting: request.accept, now: clock.now)
        ?? .unexpectedStatus(response.statusCode)
    }
    if let error = HTTPError(response: response, accepting: request.accept, now: clock.now) {
      try? FileManager.default.removeItem(at: file)
      throw error
    }
    return response
  }

  static func requireSecure(_ url: URL) throws(HTTPError) {
    let scheme = url.scheme?.lowercased()
    guard scheme == "https" || scheme == "http", let host = url.host, !host.isEmpty else {
      throw .insecureURL(url.redactedForDisplay)
    }
    if scheme == "http" && !isLoopback(host) {
      throw .insecureURL(url.redactedForDisplay)
    }
  }

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
    // The JSON disk cache and the image disk tier are the caches: always ask the server. Apple's
    // URLSession honours this per request; swift-corelibs-foundation does not, so the sessions the
    // app builds have no URLCache at all.
    urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
    // The deadline is the exchange's own, on the clock; the socket's real-time idle timeout is
    // only a backstop behind it (whole seconds: swift-corelibs-foundation truncates it).
    urlRequest.timeoutInterval = max(socketIdleBackstop, request.timeout.timeInterval.rounded(.up))
    for (name, value) in request.headers where name.lowercased() != "accept" {
      urlRequest.setValue(value, forHTTPHeaderField: name)
    }
    // The gateway answers errors in the format `Accept` asks for; anything browser-like gets HTML.
    urlRequest.setValue(request.accept.headerValue, forHTTPHeaderField: "Accept")
    #if canImport(Darwin)
      // Low Data Mode: Foundation refuses the request on a constrained-only network. (Linux's
      // Foundation has no such setting, nor constrained networks.)
      urlRequest.allowsConstrainedNetworkAccess = request.allowsConstrainedNetwork
    #endif
    return urlRequest
  }

  private static func exchange(
    _ urlRequest: URLRequest, session: URLSession, timeout: Duration, clock: any Clocking
  ) async throws(HTTPError) -> HTTPResponse {
    try await exchange(timeout: timeout, clock: clock) { try await load(urlRequest, session: session) }
  }

  private static func exchange(
    timeout: Duration, clock: any Clocking, transfer: @escaping @Sendable () async throws -> HTTPResponse
  ) async throws(HTTPError) -> HTTPResponse {
    do {
      return try await withThrowingTaskGroup(of: HTTPResponse.self) { group in
        group.addTask { try await transfer() }
        group.addTask {
          try await clock.sleep(for: timeout)
          throw HTTPError.timedOut
        }
        defer { group.cancelAll() }
        guard let response = try await group.next() else { throw HTTPError.transport("no result") }
        return response
      }
    } catch let error as HTTPError {
      throw error
    } catch {
      // The clock's sleep throws CancellationError only when the caller's task was cancelled.
      throw .cancelled
    }
  }

  /// The caller is answered `.cancelled` at once; what becomes of the transfer is `TransferCancellation`'s.
  private static func load(_ urlRequest: URLRequest, session: URLSession) async throws -> HTTPResponse {
    try await run(on: session) { session, finish in
      session.dataTask(with: urlRequest) { data, response, error in
        finish(
          Result { () throws(HTTPError) in try makeResponse(data: data, response: response, error: error) })
      }
    }
  }

  /// The system writes the body to a file of its own and deletes it when the completion returns.
  private static func load(
    _ urlRequest: URLRequest, session: URLSession, bodyTo file: URL
  ) async throws -> HTTPResponse {
    try await run(on: session) { session, finish in
      session.downloadTask(with: urlRequest) { location, response, error in
        finish(
          Result { () throws(HTTPError) in
            let head = try makeResponse(data: Data(), response: response, error: error, checksLength: false)
            guard let location else { throw .transport("no downloaded file") }
            do {
              try? FileManager.default.removeItem(at: file)
              try FileManager.default.moveItem(at: location, to: file)
            } catch {
              throw .transport("the downloaded file could not be kept: \(error.localizedDescription)")
            }
            let attributes = try? FileManager.default.attributesOfItem(atPath: file.path)
            if isTruncated(head, bodyCount: (attributes?[.size] as? NSNumber)?.intValue ?? 0) {
              try? FileManager.default.removeItem(at: file)
              throw .transport("truncated body")
            }
            return head
          })
      }
    }
  }

  private static func run(
    on session: URLSession,
    _ makeTask:
      @escaping @Sendable (URLSession, @escaping @Sendable (Result<HTTPResponse, HTTPError>) -> Void)
      -> URLSessionTask
  ) async throws -> HTTPResponse {
    let handle = TransferHandle()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<HTTPResponse, any Error>) in
        handle.start(given: session, making: makeTask, answering: continuation)
      }
    } onCancel: {
      handle.cancel()
    }
  }

  static func makeResponse(
    data: Data?, response: URLResponse?, error: (any Error)?, checksLength: Bool = true
  ) throws(HTTPError) -> HTTPResponse {
    if let error { throw transportError(error) }
    guard let http = response as? HTTPURLResponse else { throw .transport("not an HTTP response") }
    var headers: [String: String] = [:]
    for (name, value) in http.allHeaderFields {
      headers[String(describing: name)] = String(describing: value)
    }
    let result = HTTPResponse(statusCode: http.statusCode, headers: headers, body: data ?? Data())
    if checksLength, isTruncated(result) { throw .transport("truncated body") }
    return result
  }

  /// A body shorter than its declared `Content-Length` was cut off (a closed connection, a proxy
  /// restart). Skipped for encoded bodies, whose decoded length differs from the declared one.
  static func isTruncated(_ response: HTTPResponse) -> Bool {
    isTruncated(response, bodyCount: response.body.count)
  }

  static func isTruncated(_ response: HTTPResponse, bodyCount: Int) -> Bool {
    let encoding = response.header("Content-Encoding")?.lowercased()
    guard encoding == nil || encoding == "identity",
      let declared = response.header("Content-Length").flatMap({ Int($0) })
    else { return false }
    return bodyCount < declared
  }

  static func transportError(_ error: any Error) -> HTTPError {
    if error is CancellationError { return .cancelled }
    guard let urlError = error as? URLError else {
      return .transport(String(describing: error))
    }
    #if canImport(Darwin)
      // A request that may not use a constrained network, on a device with no other network.
      if urlError.networkUnavailableReason == .constrained { return .lowDataMode }
    #endif
    switch urlError.code {
    case .cancelled:
      return .cancelled
    case .timedOut:
      return .timedOut
    case .notConnectedToInternet, .cannotFindHost, .dnsLookupFailed, .internationalRoamingOff,
      .dataNotAllowed, .callIsActive:
      // No network, or no name service: the device cannot reach any server right now.
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

/// Whichever comes first, the cancellation handler (any thread, any moment) or the task's completion,
/// answers the caller; the other finds nothing left to answer.
// @unchecked Sendable is sound: `continuation`, `task` and `cancelled` are read and written only
// between `lock.lock()` and `lock.unlock()`; the continuation is resumed, and the task resumed or
// cancelled, after unlocking (`resume()` and `cancel()` of a URLSession task may be called from
// any thread). The session and the task are made under the lock, so a cancel that came first
// means no task is ever made (a task made and never resumed would keep a session of its own
// alive forever).
private final class TransferHandle: @unchecked Sendable {
  private let lock = NSLock()
  private var continuation: CheckedContinuation<HTTPResponse, any Error>?
  private var task: URLSessionTask?
  private var cancelled = false

  func start(
    given: URLSession,
    making makeTask: (URLSession, @escaping @Sendable (Result<HTTPResponse, HTTPError>) -> Void) ->
      URLSessionTask,
    answering continuation: CheckedContinuation<HTTPResponse, any Error>
  ) {
    lock.lock()
    guard !cancelled else {
      lock.unlock()
      continuation.resume(throwing: HTTPError.cancelled)
      return
    }
    self.continuation = continuation
    let session = TransferCancellation.session(for: given)
    let task = makeTask(session) { result in self.finish(with: result) }
    self.task = task
    lock.unlock()
    task.resume()
    TransferCancellation.started(in: session, given: given)
  }

  private func finish(with result: Result<HTTPResponse, HTTPError>) {
    lock.lock()
    let continuation = self.continuation
    self.continuation = nil
    task = nil
    lock.unlock()
    continuation?.resume(with: result.mapError { $0 as any Error })
  }

  func cancel() {
    lock.lock()
    cancelled = true
    let continuation = self.continuation
    self.continuation = nil
    let task = self.task
    self.task = nil
    lock.unlock()
    continuation?.resume(throwing: HTTPError.cancelled)
    if TransferCancellation.cancelsTask { task?.cancel() }
  }
}
