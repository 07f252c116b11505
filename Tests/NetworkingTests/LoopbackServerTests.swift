import Foundation
import TestServer
import Testing

@testable import TestSupport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The fixture server is itself a test dependency: if it lied about what it sent, every
/// networking test built on it would prove nothing.
@Suite struct LoopbackServerTests {
  @Test func servesRoutedJSONAndRecordsTheRequest() async throws {
    let server = LoopbackServer()
    let base = try await server.start()
    await server.route("/planetary/apod") { _ in
      .json(#"{"date":"2026-11-20"}"#, headers: ["X-RateLimit-Remaining": "41"])
    }
    var request = URLRequest(
      url: base.appending(path: "planetary/apod").appending(queryItems: [
        URLQueryItem(name: "date", value: "2026-11-20")
      ]))
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    let (data, response) = try await URLSession.shared.data(for: request)
    let http = try #require(response as? HTTPURLResponse)

    #expect(http.statusCode == 200)
    #expect(http.value(forHTTPHeaderField: "X-RateLimit-Remaining") == "41")
    #expect(String(decoding: data, as: UTF8.self) == #"{"date":"2026-11-20"}"#)
    let recorded = await server.requests(to: "/planetary/apod")
    #expect(recorded.count == 1)
    #expect(recorded.first?.query["date"] == "2026-11-20")
    #expect(recorded.first?.headers["accept"] == "application/json")
    await server.stop()
  }

  @Test func unroutedPathsAnswerNotFound() async throws {
    let server = LoopbackServer()
    let base = try await server.start()
    let (_, response) = try await URLSession.shared.data(from: base.appending(path: "nowhere"))
    #expect((response as? HTTPURLResponse)?.statusCode == 404)
    #expect(await server.requestCount() == 1)
    await server.stop()
  }

  @Test func prefixRoutesMatchEveryPathBelowThePrefix() async throws {
    let server = LoopbackServer()
    let base = try await server.start()
    await server.route(prefix: "/wp-json/wp/v2/apod-basic/") { request in
      .json(#"{"path":"\#(request.path)"}"#)
    }
    let (data, _) = try await URLSession.shared.data(
      from: base.appending(path: "wp-json/wp/v2/apod-basic/261120"))
    #expect(String(decoding: data, as: UTF8.self) == #"{"path":"/wp-json/wp/v2/apod-basic/261120"}"#)
    await server.stop()
  }

  @Test func truncatedBodiesFailTheClientRead() async throws {
    let server = LoopbackServer()
    let base = try await server.start()
    let body = Data(repeating: 0x7B, count: 10_000)
    await server.route("/cut") { _ in
      StubResponse(status: 200, headers: ["Content-Type": "application/json"], body: body, truncatedTo: 100)
    }
    var request = URLRequest(url: base.appending(path: "cut"))
    request.timeoutInterval = 60
    await #expect(throws: (any Error).self) {
      _ = try await URLSession.shared.data(for: request)
    }
    await server.stop()
  }
}
