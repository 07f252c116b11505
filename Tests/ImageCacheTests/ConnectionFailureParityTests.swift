import Foundation
import ImageCache
import ImageTestSupport
import Networking
import TestServer
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The same broken connection must read the same whether the app was fetching a picture's JSON or
/// its image: one transport and one mapping of the URL loading system's failures, so Today's
/// status line and the viewer never disagree about whether the device is offline.
@Suite("A failed connection reads the same for JSON and images", .timeLimit(.minutes(5)))
struct ConnectionFailureParityTests {
  /// Where nothing listens: the connection is refused at once.
  static let closedPort = URL(string: "http://127.0.0.1:1/apod")!

  /// The JSON client's error for `url` (no quota, retry or outage rules, which only add refusals);
  /// its deadline is measured on `deadlines`, which stands still until the test moves it.
  private func jsonFailure(
    _ url: URL, timeout: Duration, deadlines: TestClock = TestClock()
  ) async -> HTTPError? {
    let client = HTTPClient(
      session: makeSession(), rateLimiter: nil, retryPolicy: nil, circuitBreaker: nil, clock: TestClock(),
      deadlineClock: deadlines)
    do {
      _ = try await client.send(HTTPRequest(url: url, timeout: timeout))
      return nil
    } catch {
      return error
    }
  }

  /// The image downloader's error for `url`; its deadline is measured on `deadlines` too.
  private func imageFailure(
    _ url: URL, timeout: Duration, deadlines: TestClock = TestClock()
  ) async -> ImagePipelineError? {
    let downloader = URLSessionImageDownloader(session: makeSession(), timeout: timeout, clock: deadlines)
    do {
      _ = try await downloader.download(url)
      return nil
    } catch {
      return error
    }
  }

  @Test func aRefusedConnectionIsTheSameErrorAndTheSameSentence() async throws {
    let json = try #require(await jsonFailure(Self.closedPort, timeout: .seconds(30)))
    let image = try #require(await imageFailure(Self.closedPort, timeout: .seconds(30)))

    #expect(image == .http(json))
    #expect(image.message == json.userMessage(now: TestClock.referenceDate))
  }

  @Test func aSilentServerTimesOutTheSameWay() async throws {
    let server = try await ImageServer.start()
    // Silent far longer than the test: both deadlines are moved by hand before it answers.
    await server.server.route("/silent") { _ in
      StubResponse(status: 200, headers: ["Content-Type": "image/png"], delay: .seconds(300))
    }
    let url = server.url("/silent")

    let deadlines = TestClock()
    let pending = Task { await jsonFailure(url, timeout: .seconds(1), deadlines: deadlines) }
    try await eventually("the JSON request waiting on its deadline") { deadlines.pendingSleeperCount == 1 }
    deadlines.advance(by: .seconds(1))
    let json = try #require(await pending.value)
    // The image downloader's deadline is on its injected clock too.
    let imageDeadlines = TestClock()
    let pendingImage = Task { await imageFailure(url, timeout: .seconds(1), deadlines: imageDeadlines) }
    try await eventually("the image download waiting on its deadline") {
      imageDeadlines.pendingSleeperCount == 1
    }
    imageDeadlines.advance(by: .seconds(1))
    let image = try #require(await pendingImage.value)
    await server.stop()

    #expect(json == .timedOut)
    #expect(image == .http(json))
    #expect(image.message == json.userMessage(now: TestClock.referenceDate))
  }

  @Test func aConnectionCutMidBodyReadsTheSame() async throws {
    let server = try await ImageServer.start()
    let bytes = ImageFixtures.png(width: 100, height: 100)
    await server.server.route("/cut") { _ in
      StubResponse(
        status: 200, headers: ["Content-Type": "image/png"], body: bytes, truncatedTo: bytes.count / 2)
    }
    let url = server.url("/cut")

    let json = try #require(await jsonFailure(url, timeout: .seconds(30)))
    let image = try #require(await imageFailure(url, timeout: .seconds(30)))
    await server.stop()

    guard case .transport = json else {
      Issue.record("a cut connection should be a transport error, got \(json)")
      return
    }
    #expect(image.message == json.userMessage(now: TestClock.referenceDate))
  }
}
