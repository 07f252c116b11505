import Foundation
import Networking
import TestServer
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A loopback server, a fresh session and a fixed clock for one test. The clock's sleeps (the
/// retry backoffs) move it forward at once and are kept in `requestedSleeps`.
struct LoopbackHarness {
  let server: LoopbackServer
  let base: URL
  let session: URLSession
  let clock: TestClock

  /// Starts a server, runs `body`, and stops the server whatever happens.
  static func run(_ body: (LoopbackHarness) async throws -> Void) async throws {
    let session = URLSession(configuration: .ephemeral)
    defer { session.invalidateAndCancel() }
    try await LoopbackServer.run { server, base in
      try await body(
        LoopbackHarness(
          server: server, base: base, session: session,
          clock: TestClock(ErrorFixture.now, sleeping: .advancingAtOnce)))
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
      circuitBreaker: circuitBreaker, clock: clock)
  }

  /// The error `send` throws, or nil when it succeeds. The default deadline is a hang guard, not
  /// a speed claim: on a loaded 2-core machine a loopback exchange can take seconds.
  func failure(_ client: HTTPClient, _ path: String, timeout: Duration = .seconds(60)) async -> HTTPError? {
    do {
      _ = try await client.send(HTTPRequest(url: url(path), timeout: timeout))
      return nil
    } catch {
      return error
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
  @Test func slowServerBeyondTheTimeoutIsTimedOut() async throws {
    try await LoopbackHarness.run { harness in
      await harness.server.route("/slow") { _ in .slowJSON(after: .seconds(3)) }
      let error = await harness.failure(harness.client(), "slow", timeout: .milliseconds(300))
      #expect(error == .timedOut)
    }
  }

  @Test func truncatedBodyIsATransportError() async throws {
    try await LoopbackHarness.run { harness in
      let body = Data(("{\"explanation\":\"" + String(repeating: "x", count: 10_000) + "\"}").utf8)
      await harness.server.route("/cut") { _ in
        StubResponse(status: 200, headers: ["Content-Type": "application/json"], body: body, truncatedTo: 200)
      }
      let error = await harness.failure(harness.client(), "cut", timeout: .seconds(60))
      guard case .transport = error else {
        Issue.record("expected a transport error, got \(String(describing: error))")
        return
      }
    }
  }

  @Test func cancellingTheTaskCancelsTheRequest() async throws {
    try await LoopbackHarness.run { harness in
      await harness.server.route("/slow") { _ in .slowJSON(after: .seconds(5)) }
      let client = harness.client()
      let url = harness.url("slow")
      let task = Task { () async -> HTTPError? in
        do throws(HTTPError) {
          _ = try await client.send(HTTPRequest(url: url, timeout: .seconds(30)))
          return nil
        } catch {
          return error
        }
      }
      // Cancel once the request is on the server, so the transfer itself is interrupted.
      while await harness.server.requestCount(to: "/slow") == 0 {
        try await Task.sleep(for: .milliseconds(5))
      }
      task.cancel()
      #expect(try await bounded { await task.value } == .cancelled)
    }
  }

  @Test func refusedConnectionIsATransportError() async throws {
    let server = LoopbackServer()
    let base = try await server.start()
    await server.stop()
    let session = URLSession(configuration: .ephemeral)
    defer { session.invalidateAndCancel() }
    let client = HTTPClient(session: session, rateLimiter: nil, retryPolicy: nil, circuitBreaker: nil)
    do {
      _ = try await client.send(HTTPRequest(url: base.appending(path: "apod"), timeout: .seconds(60)))
      Issue.record("a stopped server answered")
    } catch {
      guard case .transport = error else {
        Issue.record("expected a transport error, got \(error)")
        return
      }
    }
  }
}
