import Basics
import Foundation
import Networking
import TestServer

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What one HTTP exchange through `HTTPTransport` costs on this platform, against a loopback
/// server: on Linux every request runs in a URLSession of its own (`TransferCancellation`), so
/// each pays for a session and a new connection; on Apple's systems the session, and its
/// connections, are reused.
@MainActor enum TransportBenchmarks {
  /// `transport_get_loopback_us`: one GET of a small JSON answer, sent one after another (median
  /// of 300, after a warm-up).
  static func run(clock: any Clocking) async throws -> [String: Double] {
    let server = LoopbackServer()
    let base = try await server.start()
    await server.route("/small") { _ in .json(#"{"ok":true}"#) }
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    let session = URLSession(configuration: configuration)
    let transport = HTTPTransport(session: session, clock: clock)
    let request = HTTPRequest(url: base.appending(path: "small"))
    do {
      let milliseconds = try await Benchmarks.medianMilliseconds(runs: 300) {
        let response = try await transport.send(request)
        guard response.statusCode == 200 else { throw BenchmarkError("status \(response.statusCode)") }
      }
      session.finishTasksAndInvalidate()
      await server.stop()
      return ["transport_get_loopback_us": milliseconds * 1_000]
    } catch {
      session.finishTasksAndInvalidate()
      await server.stop()
      throw error
    }
  }
}
