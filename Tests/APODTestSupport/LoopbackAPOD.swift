import Foundation
import NASA
import Networking
import TestServer
import TestSupport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// NASA's two services over a real server on 127.0.0.1, for the loopback tests: the app's own
/// session (no URLCache), the real `HTTPClient` (two attempts unless told otherwise, no backoff, no circuit breaker), a
/// hand-moved clock, and the sources and the repository as the app builds them.
public struct LoopbackAPOD: Sendable {
  /// v1's path, as `V1APODSource` asks it.
  public static let v1Path = "/planetary/apod"
  /// apod-basic's list path; one day is `/YYMMDD` below it.
  public static let basicPath = "/wp-json/wp/v2/apod-basic"

  public let server: LoopbackServer
  public let base: URL
  public let clock: TestClock
  public let client: HTTPClient

  /// Runs `body` with a fresh server and client (`attempts` tries a request, no backoff), the
  /// clock at `now`; the session is invalidated and the server stopped afterwards.
  public static func run(
    now: Date, attempts: Int = 2, isolation: isolated (any Actor)? = #isolation,
    _ body: (LoopbackAPOD) async throws -> Void
  ) async throws {
    let session = APODServiceConfiguration.makeSession()  // the app's own: no URLCache
    defer { session.invalidateAndCancel() }
    let clock = TestClock(now)
    let client = HTTPClient(
      session: session, rateLimiter: RateLimiter(),
      retryPolicy: RetryPolicy(maxAttempts: attempts, baseDelay: .zero), circuitBreaker: nil, clock: clock)
    try await LoopbackServer.run { server, base in
      try await body(LoopbackAPOD(server: server, base: base, clock: clock, client: client))
    }
  }

  public var v1URL: URL { base.appending(path: String(Self.v1Path.dropFirst())) }
  public var basicURL: URL { base.appending(path: String(Self.basicPath.dropFirst())) }

  public var v1: V1APODSource {
    V1APODSource(client: client, baseURL: v1URL, apiKey: "loopback-key", clock: clock)
  }

  public var basic: APODBasicSource {
    APODBasicSource(client: client, baseURL: basicURL, clock: clock)
  }

  /// A repository as a new run of the app builds it: a new automatic source, the cache in `folder`.
  public func repository(in folder: TemporaryDirectory) -> APODRepository {
    APODRepository(
      source: AutomaticAPODSource(
        client: client, apiKey: "loopback-key", v1BaseURL: v1URL, basicBaseURL: basicURL,
        clock: clock),
      cache: APODServiceConfiguration.dayCache(directory: folder.url, clock: clock), clock: clock)
  }

  /// apod-basic serving `days`: `/YYMMDD` objects (404 for any other day), and a list of the 25
  /// newest that ignores its date parameters.
  public func serveBasicFeed(days: [APODDay]) async {
    let published = Set(days)
    await server.route(Self.basicPath) { _ in
      .json(APODFixtures.sampleAPODBasicList(Array(days.sorted(by: >).prefix(25))))
    }
    await server.route(prefix: Self.basicPath + "/") { request in
      guard let requested = try? APODDay(yymmdd: String(request.path.split(separator: "/").last ?? "")),
        published.contains(requested)
      else { return .json(APODFixtures.apodBasicNotFound, status: 404) }
      return .json(APODFixtures.sampleAPODBasic(for: requested))
    }
  }

  /// v1 serving every day up to `through` (`date=` and `start_date`/`end_date`).
  public func serveV1(through last: APODDay) async {
    await server.route(Self.v1Path) { request in
      if let date = request.query["date"], let requested = try? APODDay(iso: date) {
        return requested <= last
          ? .json(APODFixtures.sampleV1(for: requested)) : .json(APODFixtures.v1ErrorNoData, status: 404)
      }
      guard let start = request.query["start_date"].flatMap({ try? APODDay(iso: $0) }),
        let end = request.query["end_date"].flatMap({ try? APODDay(iso: $0) })
      else { return .json(APODFixtures.v1ErrorStartAfterEnd, status: 400) }
      return .json(APODFixtures.sampleV1Range(Array(start...min(end, last))))
    }
  }
}
