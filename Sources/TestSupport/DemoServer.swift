import Foundation
import NASA

/// A loopback server that answers like both NASA services with labelled sample data for any day,
/// so `spacer --demo` (and the benchmarks) run the whole path without internet.
///
/// v1 answers `?date=` with one object and `?start_date=&end_date=` with an array; apod-basic
/// answers `/YYMMDD` with one object and the bare endpoint with its newest 25 days, as the real
/// feed does. Days after the server's today (US Eastern) get the services' own 404 bodies.
public actor DemoServer {
  /// Path of the v1 endpoint on the server.
  public static let v1Path = "/planetary/apod"
  /// Path of the apod-basic endpoint on the server.
  public static let basicPath = "/wp-json/wp/v2/apod-basic"

  private let server = LoopbackServer()
  private let now: @Sendable () -> Date

  public init(now: @escaping @Sendable () -> Date = Date.init) {
    self.now = now
  }

  /// Starts the server; returns the two endpoint URLs to configure the sources with.
  public func start() async throws -> (v1: URL, apodBasic: URL) {
    let base = try await server.start()
    let now = now
    await server.route(Self.v1Path) { request in Self.answerV1(request, today: APODDay.today(now: now())) }
    await server.route(Self.basicPath) { _ in
      .json(APODFixtures.sampleAPODBasicList(APODDay.lastDays(25, endingOn: APODDay.today(now: now()))))
    }
    await server.route(prefix: Self.basicPath + "/") { request in
      Self.answerBasic(request, today: APODDay.today(now: now()))
    }
    return (
      base.appending(path: String(Self.v1Path.dropFirst())),
      base.appending(path: String(Self.basicPath.dropFirst()))
    )
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

  private static func answerBasic(_ request: RecordedRequest, today: APODDay) -> StubResponse {
    let code = request.path.split(separator: "/").last.map(String.init) ?? ""
    guard let day = try? APODDay(yymmdd: code), day <= today else {
      return .json(APODFixtures.apodBasicNotFound, status: 404)
    }
    return .json(APODFixtures.sampleAPODBasic(for: day))
  }
}
