import Foundation
import Networking
import TestServer
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A loopback server, a fresh session and two fixed clocks for one test. `clock` runs the
/// policies: its sleeps (the retry backoffs) move it forward at once and are kept in
/// `requestedSleeps`. `deadlines` measures each exchange's deadline and stands still until a test
/// moves it, so no exchange times out because the machine is slow, only because a test said so.
struct LoopbackHarness {
  let server: LoopbackServer
  let base: URL
  let session: URLSession
  let clock: TestClock
  let deadlines: TestClock
  /// Holds the answers of the routes `holdAnswers(to:)` sets up until it is opened.
  let answers = AsyncGate()

  /// Starts a server, runs `body`, and stops the server whatever happens (held answers are let
  /// go first, so a failed test leaves no handler waiting).
  static func run(_ body: (LoopbackHarness) async throws -> Void) async throws {
    let session = URLSession(configuration: .ephemeral)
    defer { session.invalidateAndCancel() }
    try await LoopbackServer.run { server, base in
      let harness = LoopbackHarness(
        server: server, base: base, session: session,
        clock: TestClock(ErrorFixture.now, sleeping: .advancingAtOnce), deadlines: TestClock(ErrorFixture.now)
      )
      do {
        try await body(harness)
      } catch {
        await harness.answers.open()
        throw error
      }
      await harness.answers.open()
    }
  }

  /// `path` answers `{}` only once `answers` is opened: a server that holds the exchange open.
  func holdAnswers(to path: String) async {
    let answers = answers
    await server.route(path) { _ in
      await answers.wait()
      return .json("{}")
    }
  }

  func url(_ path: String) -> URL { base.appending(path: path) }

  /// A client with only the policies a test names.
  func client(
    rateLimiter: RateLimiter? = nil, retryPolicy: RetryPolicy? = nil,
    circuitBreaker: CircuitBreaker? = nil
  ) -> HTTPClient {
    HTTPClient(
      session: session, rateLimiter: rateLimiter, retryPolicy: retryPolicy,
      circuitBreaker: circuitBreaker, clock: clock, deadlineClock: deadlines)
  }

  /// The error `send` throws, or nil when it succeeds.
  func failure(_ client: HTTPClient, _ path: String) async -> HTTPError? {
    do {
      _ = try await client.send(HTTPRequest(url: url(path)))
      return nil
    } catch {
      return error
    }
  }

  /// `failure(_:_:)` in a task of its own, for a test that moves the deadline clock meanwhile.
  func failureTask(_ client: HTTPClient, _ path: String) -> Task<HTTPError?, Never> {
    Task { await failure(client, path) }
  }

  /// Returns once `count` requests to `path` reached the server and an exchange waits on its
  /// deadline (a hang guard, not a speed claim).
  func waitForExchange(_ count: Int, to path: String) async throws {
    try await eventually("request \(count) to \(path) waiting on its deadline") {
      await server.requestCount(to: path) >= count && deadlines.pendingSleeperCount == 1
    }
  }
}

@Suite struct HTTPClientRequestTests {
  @Test func sendsAcceptJSONAndTheCallersHeaders() async throws {
    try await LoopbackHarness.run { harness in
      await harness.server.route("/planetary/apod") { _ in .json(#"{"date":"2026-11-20"}"#) }
      let request = HTTPRequest(
        url: harness.url("planetary/apod"), headers: ["X-Api-Key": "DEMO_KEY", "Accept": "text/html"])

      let response = try await harness.client().send(request)

      #expect(response.statusCode == 200)
      #expect(String(decoding: response.body, as: UTF8.self) == #"{"date":"2026-11-20"}"#)
      let recorded = try #require(await harness.server.requests(to: "/planetary/apod").first)
      #expect(recorded.method == "GET")
      #expect(recorded.headers["accept"] == "application/json")
      #expect(recorded.headers["x-api-key"] == "DEMO_KEY")
    }
  }

  @Test func returnsResponseHeadersReadableInAnyCase() async throws {
    try await LoopbackHarness.run { harness in
      await harness.server.route("/apod") { _ in
        .json("{}", headers: ["X-Ratelimit-Remaining": "41"])
      }
      let response = try await harness.client().send(HTTPRequest(url: harness.url("apod")))
      #expect(response.header("X-RateLimit-Remaining") == "41")
      #expect(response.header("x-ratelimit-remaining") == "41")
    }
  }

  @Test func jsonUnderAPlainContentTypeIsAccepted() async throws {
    try await LoopbackHarness.run { harness in
      await harness.server.route("/apod") { _ in
        .bytes(Data(#"[{"date":"2026-11-20"}]"#.utf8), contentType: "text/plain")
      }
      let response = try await harness.client().send(HTTPRequest(url: harness.url("apod")))
      #expect(response.body.count == 23)
    }
  }

  @Test(arguments: ErrorFixture.all)
  func everyErrorResponseFromTheServerMapsToItsCaseAndMessage(_ fixture: ErrorFixture) async throws {
    try await LoopbackHarness.run { harness in
      await harness.server.route("/apod") { _ in
        StubResponse(status: fixture.status, headers: fixture.headers, body: Data(fixture.body.utf8))
      }
      let client = HTTPClient(
        session: harness.session, rateLimiter: nil, retryPolicy: nil, circuitBreaker: nil,
        clock: TestClock(ErrorFixture.now))

      let error = await harness.failure(client, "apod")

      #expect(error == fixture.expected)
      let message = error?.userMessage(now: ErrorFixture.now) ?? ""
      for phrase in fixture.messageMentions {
        #expect(message.contains(phrase), "\(message)")
      }
    }
  }
}

@Suite struct HTTPClientTransportTests {
  @Test func theDefaultDeadlineIsFifteenSecondsOnTheWholeExchange() async throws {
    #expect(HTTPRequest(url: URL(fileURLWithPath: "/")).timeout == .seconds(15))
    try await LoopbackHarness.run { harness in
      await harness.holdAnswers(to: "/held")
      let request = harness.failureTask(harness.client(), "held")
      try await harness.waitForExchange(1, to: "/held")

      #expect(harness.deadlines.requestedSleeps == [.seconds(15)])
      harness.deadlines.advance(by: .seconds(15))

      #expect(try await bounded("the timed-out request") { await request.value } == .timedOut)
    }
  }

  @Test func anAnswerBeforeTheDeadlinePassesIsKept() async throws {
    try await LoopbackHarness.run { harness in
      await harness.holdAnswers(to: "/held")
      let request = harness.failureTask(harness.client(), "held")
      try await harness.waitForExchange(1, to: "/held")

      harness.deadlines.advance(by: .milliseconds(14_999))
      await harness.answers.open()

      #expect(try await bounded("the answered request") { await request.value } == nil)
    }
  }

  @Test func truncatedBodyIsATransportError() async throws {
    try await LoopbackHarness.run { harness in
      let body = Data(("{\"explanation\":\"" + String(repeating: "x", count: 10_000) + "\"}").utf8)
      await harness.server.route("/cut") { _ in
        StubResponse(status: 200, headers: ["Content-Type": "application/json"], body: body, truncatedTo: 200)
      }
      let error = await harness.failure(harness.client(), "cut")
      guard case .transport = error else {
        Issue.record("expected a transport error, got \(String(describing: error))")
        return
      }
    }
  }

  @Test func cancellingTheTaskCancelsTheRequest() async throws {
    try await LoopbackHarness.run { harness in
      await harness.holdAnswers(to: "/held")
      let request = harness.failureTask(harness.client(), "held")
      // Cancel once the request is on the server, so the transfer itself is interrupted.
      try await harness.waitForExchange(1, to: "/held")
      request.cancel()

      #expect(try await bounded("the cancelled request") { await request.value } == .cancelled)
    }
  }

  @Test func refusedConnectionIsATransportError() async throws {
    let server = LoopbackServer()
    let base = try await server.start()
    await server.stop()
    let session = URLSession(configuration: .ephemeral)
    defer { session.invalidateAndCancel() }
    let client = HTTPClient(
      session: session, rateLimiter: nil, retryPolicy: nil, circuitBreaker: nil, clock: TestClock())
    do {
      _ = try await client.send(HTTPRequest(url: base.appending(path: "apod")))
      Issue.record("a stopped server answered")
    } catch {
      guard case .transport = error else {
        Issue.record("expected a transport error, got \(error)")
        return
      }
    }
  }
}
