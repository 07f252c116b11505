import Basics
import Foundation
import NASA
import TestSupport

/// A loopback server that answers like both NASA services with labelled sample data for any day,
/// so `spacer --demo` (and the benchmarks) run the whole path without internet.
///
/// v1 answers `?date=` with one object and `?start_date=&end_date=` with an array; apod-basic
/// answers `/YYMMDD` with one object and the bare endpoint with pages of 25 days, newest first
/// (`page=2` is the 25 before, past the first APOD a 400 as WordPress sends), ignoring
/// `date_from`/`date_to` as the real feed is reported to. Days after the server's today (US
/// Eastern) get the services' own 404 bodies.
///
/// `misbehaviour` makes it as rude as a broken real service, for tests of what the app keeps; it
/// can change while the server runs (`misbehave(_:)`).
public actor DemoServer {
  public enum Misbehaviour: Sendable, Hashable {
    /// Every day and every range is answered with the picture of this one day (a stale CDN, a
    /// misrouted proxy).
    case alwaysAnswers(APODDay)
    /// Every request is refused as the api.nasa.gov gateway refuses a spent key: 429 with
    /// `Retry-After` in seconds.
    case rateLimited(retryAfter: Int)
    /// Every request answered 503 with a proxy's text body, as the gateway's proxies answer during
    /// an outage (the app's client retries it after a backoff).
    case unavailable
  }

  /// What the legacy address (v1's path) answers.
  public enum LegacyAnswer: Sendable, Hashable {
    case v1
    /// The feed's newest page (25 apod-basic records ending on the server's today, newest first),
    /// whatever was asked: as the legacy address may answer after the migration.
    case feedsPage
  }

  public static let v1Path = "/planetary/apod"
  public static let basicPath = "/wp-json/wp/v2/apod-basic"

  private let server = LoopbackServer()
  private let clock: any Clocking
  private var misbehaviour: Misbehaviour?
  private let legacy: LegacyAnswer
  private let beforeAnswering: @Sendable (RecordedRequest) async -> Void

  /// - Parameter beforeAnswering: awaited before each answer is sent, with the request: a slow
  ///   service (the journey scenarios hold answers until their clock has moved on).
  public init(
    misbehaviour: Misbehaviour? = nil, legacy: LegacyAnswer = .v1, clock: any Clocking,
    beforeAnswering: @escaping @Sendable (RecordedRequest) async -> Void = { _ in }
  ) {
    self.clock = clock
    self.misbehaviour = misbehaviour
    self.legacy = legacy
    self.beforeAnswering = beforeAnswering
  }

  /// From the next answer on (nil: answers as the real services do).
  public func misbehave(_ misbehaviour: Misbehaviour?) {
    self.misbehaviour = misbehaviour
  }

  /// Starts the server; returns the two endpoint URLs to configure the sources with.
  public func start() async throws -> (v1: URL, apodBasic: URL) {
    let base = try await server.start()
    let beforeAnswering = beforeAnswering
    for (path, endpoint) in [(Self.v1Path, Endpoint.v1), (Self.basicPath, .basicList)] {
      await server.route(path) { [weak self] request in
        await beforeAnswering(request)
        return await self?.answer(request, at: endpoint) ?? .html("gone", status: 503)
      }
    }
    await server.route(prefix: Self.basicPath + "/") { [weak self] request in
      await beforeAnswering(request)
      return await self?.answer(request, at: .basicDay) ?? .html("gone", status: 503)
    }
    return (
      base.appending(path: String(Self.v1Path.dropFirst())),
      base.appending(path: String(Self.basicPath.dropFirst()))
    )
  }

  private enum Endpoint { case v1, basicList, basicDay }

  private func answer(_ request: RecordedRequest, at endpoint: Endpoint) -> StubResponse {
    let today = APODDay.today(now: clock.now)
    switch (misbehaviour, endpoint) {
    case (.rateLimited(let seconds), _):
      return .json(APODFixtures.gatewayOverRateLimit, status: 429, headers: ["Retry-After": "\(seconds)"])
    case (.unavailable, _):
      return StubResponse(
        status: 503, headers: ["Content-Type": "text/plain"], body: Data(APODFixtures.infrastructure503.utf8))
    case (.alwaysAnswers(let day), .v1):
      let one = APODFixtures.sampleV1(for: day, title: "The wrong day")
      return .json(request.query["date"] != nil ? one : "[" + one + "]")
    case (.alwaysAnswers(let day), .basicList):
      return .json(APODFixtures.sampleAPODBasicList([day]))
    case (.alwaysAnswers(let day), .basicDay):
      return .json(APODFixtures.sampleAPODBasic(for: day))
    case (_, .v1):
      return legacy == .feedsPage
        ? .json(APODFixtures.sampleAPODBasicList(APODDay.lastDays(25, endingOn: today)))
        : Self.answerV1(request, today: today)
    case (_, .basicList):
      return Self.answerBasicList(request, today: today)
    case (_, .basicDay):
      return Self.answerBasic(request, today: today)
    }
  }

  public func stop() async {
    await server.stop()
  }

  /// How many requests the server has answered (benchmarks report cold versus warm traffic).
  public func requestCount() async -> Int {
    await server.requestCount()
  }

  private static func answerV1(_ request: RecordedRequest, today: APODDay) -> StubResponse {
    if let date = request.query["date"] {
      guard let day = try? APODDay(iso: date) else {
        return .json(APODFixtures.v1ErrorDateRange, status: 400)
      }
      guard day <= today else {
        return .json(
          #"{"code":404,"msg":"No data available for date: \#(date)","service_version":"v1"}"#, status: 404)
      }
      return .json(APODFixtures.sampleV1(for: day))
    }
    guard let startText = request.query["start_date"], let start = try? APODDay(iso: startText) else {
      return .json(APODFixtures.v1ErrorDateRange, status: 400)
    }
    let end = request.query["end_date"].flatMap { try? APODDay(iso: $0) } ?? today
    guard start <= end, end <= today else {
      return .json(APODFixtures.v1ErrorStartAfterEnd, status: 400)
    }
    return .json(APODFixtures.sampleV1Range(Array(start...end)))
  }

  /// A page of the newest-first list: `per_page` (at most 25) items, `page` counting from 1.
  private static func answerBasicList(_ request: RecordedRequest, today: APODDay) -> StubResponse {
    let perPage = min(25, max(1, request.query["per_page"].flatMap { Int($0) } ?? 25))
    let page = request.query["page"].flatMap { Int($0) } ?? 1
    let all = APODDay.first.distance(to: today) + 1
    guard page >= 1, (page - 1) * perPage < all else {
      return .json(
        #"{"code":"rest_post_invalid_page_number","message":"The page number requested is larger than the number of pages available.","data":{"status":400}}"#,
        status: 400)
    }
    let newest = today.advanced(by: -(page - 1) * perPage)
    return .json(APODFixtures.sampleAPODBasicList(APODDay.lastDays(perPage, endingOn: newest)))
  }

  private static func answerBasic(_ request: RecordedRequest, today: APODDay) -> StubResponse {
    let code = request.path.split(separator: "/").last.map(String.init) ?? ""
    guard let day = try? APODDay(yymmdd: code), day <= today else {
      return .json(APODFixtures.apodBasicNotFound, status: 404)
    }
    return .json(APODFixtures.sampleAPODBasic(for: day))
  }
}
