import Basics
import FlyingFox
import FlyingSocks
import Foundation
import TestSupport

/// What a stubbed route answers. Built by tests (and by the CLI's `--demo` mode) in the shapes
/// of the real NASA services: JSON bodies, HTML error pages, rate-limit headers, slow or cut-off
/// responses.
public struct StubResponse: Sendable {
  public var status: Int
  public var headers: [String: String]
  public var body: Data
  /// Wait this long before sending anything (a slow server).
  public var delay: Duration?
  /// Announce the full `Content-Length`, send only this many bytes, then drop the connection.
  public var truncatedTo: Int?

  public init(
    status: Int, headers: [String: String] = [:], body: Data = Data(), delay: Duration? = nil,
    truncatedTo: Int? = nil
  ) {
    self.status = status
    self.headers = headers
    self.body = body
    self.delay = delay
    self.truncatedTo = truncatedTo
  }

  public static func json(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> Self {
    var all = headers
    all["Content-Type"] = all["Content-Type"] ?? "application/json"
    return StubResponse(status: status, headers: all, body: Data(text.utf8))
  }

  public static func html(_ text: String, status: Int) -> Self {
    StubResponse(status: status, headers: ["Content-Type": "text/html"], body: Data(text.utf8))
  }

  public static func bytes(_ data: Data, contentType: String, status: Int = 200) -> Self {
    StubResponse(status: status, headers: ["Content-Type": contentType], body: data)
  }
}

/// A request as the server saw it, kept so tests can count and inspect traffic.
public struct RecordedRequest: Sendable {
  public var method: String
  public var path: String
  public var query: [String: String]
  /// Header names are lower-cased.
  public var headers: [String: String]
}

/// A real HTTP/1.1 server on 127.0.0.1 (random port) inside the current process.
///
/// Tests talk to it with a real `URLSession`, so the whole client path (sockets, status lines,
/// headers, timeouts, truncated bodies) is exercised, not a mocked `URLProtocol`.
public actor LoopbackServer {
  public typealias Handler = @Sendable (RecordedRequest) async -> StubResponse

  private enum Match {
    case exact(String)
    case prefix(String)

    func matches(_ path: String) -> Bool {
      switch self {
      case .exact(let expected): path == expected
      case .prefix(let prefix): path.hasPrefix(prefix)
      }
    }
  }

  private var routes: [(match: Match, handler: Handler)] = []
  private var recorded: [RecordedRequest] = []
  private var server: HTTPServer?
  private var runTask: Task<Void, Never>?

  public init() {}

  /// Starts listening and returns the base URL, for example `http://127.0.0.1:54321`.
  public func start() async throws -> URL {
    if let server, let url = Self.baseURL(of: await server.listeningAddress) {
      return url
    }
    let server = HTTPServer(
      address: try .inet(ip4: "127.0.0.1", port: 0),
      timeout: 60,
      pool: Self.socketPool(),
      logger: .disabled,
      handler: ClosureHTTPHandler { [weak self] request in
        guard let self else { return HTTPResponse(statusCode: .serviceUnavailable) }
        return await self.respond(to: request)
      }
    )
    self.server = server
    runTask = Task { try? await server.run() }
    // A hang guard, not a speed claim: with six builds and suites at once on 2 cores, 38 servers
    // took more than 30 s to be scheduled (seen 2026-12-07), so the limit is the suite's one.
    do {
      try await server.waitUntilListening(timeout: TimeInterval(hangGuardLimit.components.seconds))
    } catch {
      throw LoopbackServerError.notListening(after: hangGuardLimit, error)
    }
    guard let url = Self.baseURL(of: await server.listeningAddress) else {
      throw LoopbackServerError.noListeningAddress
    }
    return url
  }

  /// The socket pool of one server: FlyingFox's `poll` pool, never its default one.
  ///
  /// The default pool (`ePoll` on Linux, `kQueue` on Apple's systems) waits for socket events in
  /// a blocking call with no timeout on a Dispatch thread of its own, for as long as the server
  /// runs. Swift Testing runs suites in parallel, and the suite has more than 255 tests with a
  /// server: once 255 servers were up at once, every Dispatch worker thread libdispatch allows was
  /// parked in `epoll_wait`, and FoundationNetworking, which needs a Dispatch thread for every
  /// request (`URLSession.dataTask`, `invalidateAndCancel()` wait on the session's work queue),
  /// waited forever: the whole suite deadlocked (seen under load, gdb: 255 threads in
  /// `ePoll.getNotifications`, the two pool threads in `DispatchQueue.sync` inside
  /// FoundationNetworking). The `poll` pool's wait ends after `pollInterval`, so a server holds a
  /// thread only while it waits for one poll: no number of servers can starve the process.
  static func socketPool() -> some AsyncSocketPool {
    .poll(interval: .seconds(pollInterval.timeInterval), logger: .disabled)
  }

  /// How long one poll of a server's sockets may wait. A socket registered meanwhile (a new
  /// connection's reads) waits for the next poll, so this bounds the extra latency per step of a
  /// request; FlyingFox's own default.
  static let pollInterval = Duration.milliseconds(10)

  /// Stops the server and drops open connections.
  public func stop() async {
    await server?.stop(timeout: 0)
    runTask?.cancel()
    server = nil
    runTask = nil
  }

  /// Routes requests whose path equals `path` (for example `/planetary/apod`).
  public func route(_ path: String, _ handler: @escaping Handler) {
    routes.append((.exact(path), handler))
  }

  /// Routes every path that starts with `prefix` (for example `/wp-json/wp/v2/apod-basic/`).
  public func route(prefix: String, _ handler: @escaping Handler) {
    routes.append((.prefix(prefix), handler))
  }

  /// The requests received so far, optionally only those for one exact path.
  public func requests(to path: String? = nil) -> [RecordedRequest] {
    guard let path else { return recorded }
    return recorded.filter { $0.path == path }
  }

  public func requestCount(to path: String? = nil) -> Int {
    requests(to: path).count
  }

  // MARK: - Serving

  private func respond(to request: HTTPRequest) async -> HTTPResponse {
    let record = RecordedRequest(
      method: request.method.rawValue,
      path: request.path,
      query: Dictionary(
        request.query.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last }),
      headers: Dictionary(
        request.headers.map { ($0.key.rawValue.lowercased(), $0.value) },
        uniquingKeysWith: { first, _ in first })
    )
    recorded.append(record)
    // The most recently added matching route wins, so a test can override a default route.
    guard let handler = routes.last(where: { $0.match.matches(record.path) })?.handler else {
      return HTTPResponse(statusCode: .notFound)
    }
    let stub = await handler(record)
    if let delay = stub.delay {
      try? await Task.sleep(for: delay)
    }
    return Self.makeResponse(stub)
  }

  private static func makeResponse(_ stub: StubResponse) -> HTTPResponse {
    var headers = HTTPHeaders()
    for (name, value) in stub.headers {
      headers[HTTPHeader(name)] = value
    }
    let status = HTTPStatusCode(stub.status, phrase: reasonPhrase(stub.status))
    guard let cut = stub.truncatedTo, cut < stub.body.count else {
      return HTTPResponse(statusCode: status, headers: headers, body: stub.body)
    }
    // Announce every byte, send only the first `cut`, then fail the body so the server
    // closes the socket: the client sees a short read, as from a dropped connection.
    headers[.contentLength] = String(stub.body.count)
    let body = HTTPBodySequence(
      from: TruncatedBytes(bytes: Array(stub.body.prefix(cut))), count: stub.body.count)
    return HTTPResponse(statusCode: status, headers: headers, body: body)
  }

  private static func reasonPhrase(_ status: Int) -> String {
    switch status {
    case 200: "OK"
    case 304: "Not Modified"
    case 400: "Bad Request"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 429: "Too Many Requests"
    case 500: "Internal Server Error"
    case 502: "Bad Gateway"
    case 503: "Service Unavailable"
    case 504: "Gateway Timeout"
    default: "Status \(status)"
    }
  }

  private static func baseURL(of address: Socket.Address?) -> URL? {
    guard case .ip4(let host, let port) = address else { return nil }
    return URL(string: "http://\(host):\(port)")
  }
}

public enum LoopbackServerError: Error, CustomStringConvertible {
  case noListeningAddress
  case notListening(after: Duration, any Error)

  public var description: String {
    switch self {
    case .noListeningAddress: "The loopback server did not report a listening address."
    case .notListening(let limit, let error):
      "Hang guard tripped: the loopback server was not listening after \(limit) of real time (\(error))."
    }
  }
}

/// Yields its bytes, then throws instead of ending: the server aborts the response mid-body.
private struct TruncatedBytes: AsyncBufferedSequence, Sendable {
  typealias Element = UInt8
  let bytes: [UInt8]

  func makeAsyncIterator() -> Iterator { Iterator(bytes: bytes) }

  struct Iterator: AsyncBufferedIteratorProtocol {
    var bytes: [UInt8]
    var offset = 0

    mutating func next() async throws -> UInt8? {
      try await nextBuffer(suggested: 1)?.first
    }

    mutating func nextBuffer(suggested count: Int) async throws -> ArraySlice<UInt8>? {
      guard offset < bytes.count else { throw TruncatedBodyError() }
      let end = Swift.min(bytes.count, offset + Swift.max(1, count))
      defer { offset = end }
      return bytes[offset..<end]
    }
  }
}

private struct TruncatedBodyError: Error {}
