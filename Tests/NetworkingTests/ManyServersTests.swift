import Foundation
import Glibc
import Networking
import TestServer
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The test servers themselves must not starve the process. Swift Testing runs suites in
/// parallel and hundreds of tests run a loopback server; with FlyingFox's default socket pool
/// each running server parked a Dispatch thread in `epoll_wait` for its whole life, and once 255
/// were up libdispatch had no thread left for FoundationNetworking: every request, and the whole
/// suite, waited forever (`LoopbackServer.socketPool()`).
@Suite("Loopback servers: many at once")
struct ManyServersTests {
  /// 300 servers running at once, then one request through the real transport to the last one.
  @Test func threeHundredRunningServersStillLeaveThreadsForARequest() async throws {
    let servers = (0..<300).map { _ in LoopbackServer() }
    var bases: [URL] = []
    for server in servers { bases.append(try await server.start()) }
    await servers[299].route("/ping") { _ in .json("{\"ok\":true}") }
    // A hang guard on a plain thread, far above any honest duration: when the process has no
    // Dispatch thread left, no task (not even a timer) runs again, so the guard cannot fail the
    // test from inside Swift concurrency; it says why and ends the process instead.
    let done = HangFlag()
    Thread.detachNewThread {
      for _ in 0..<240 {
        if done.isSet { return }
        Thread.sleep(forTimeInterval: 0.5)
      }
      FileHandle.standardError.write(
        Data(
          ("HANG GUARD (ManyServersTests): 120 s after 300 servers started, one request has not "
            + "ended: the servers took every Dispatch thread\n").utf8))
      exit(70)
    }
    let transport = HTTPTransport(session: URLSession(configuration: .ephemeral), clock: TestClock())
    let response = try await transport.send(HTTPRequest(url: bases[299].appendingPathComponent("ping")))
    done.set()
    #expect(response.statusCode == 200)
    for server in servers { await server.stop() }
  }
}

private final class HangFlag: @unchecked Sendable {
  // @unchecked Sendable: `value` is only touched under `lock`.
  private let lock = NSLock()
  private var value = false
  var isSet: Bool { lock.withLock { value } }
  func set() { lock.withLock { value = true } }
}
