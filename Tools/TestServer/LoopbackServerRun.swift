import Foundation

extension LoopbackServer {
  /// Starts a fresh server on 127.0.0.1, runs `body` with it and its base URL, and stops it when
  /// `body` ends, also when it throws, so no test leaves a listening server behind.
  public static func run<Value>(
    isolation: isolated (any Actor)? = #isolation,
    _ body: (_ server: LoopbackServer, _ base: URL) async throws -> Value
  ) async throws -> Value {
    let server = LoopbackServer()
    let base = try await server.start()
    do {
      let value = try await body(server, base)
      await server.stop()
      return value
    } catch {
      await server.stop()
      throw error
    }
  }
}
