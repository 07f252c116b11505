import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The one place where `HTTPTransport` differs by platform (docs/PLATFORM-DIFFERENCES.md). Either
/// way the caller is answered `.cancelled` at once, once. Apple: the task is cancelled. Linux: a task
/// is never cancelled, because `URLSessionTask.cancel()` can trap the process; the transfer is
/// abandoned in a session of its own, so it holds only its own connection (no reuse on Linux).
///
/// The trap (swift-corelibs-foundation#3296, read in 6.3.1): `cancel()` reads `.running`
/// (URLSessionTask.swift:381-407) and reports the failure in a later `workQueue.async` block
/// (URLSessionTask.swift:1334) → `URLSession.behaviour(for:)` (URLSession.swift:663), a `fatalError`
/// when the task is no longer registered (TaskRegistry.swift:118). A completing task is marked
/// `.completed` only after its handler returned and leaves the registry in another block
/// (URLSessionTask.swift:1197-1203), unordered against the report. No check by the caller closes the
/// window: only never calling `cancel()` does.
enum TransferCancellation {
  static let cancelsTask: Bool = {
    #if canImport(FoundationNetworking)
      false
    #else
      true
    #endif
  }()

  static func session(for given: URLSession) -> URLSession {
    cancelsTask ? given : URLSession(configuration: given.configuration)
  }

  /// Invalidating the request's own session releases it when its one task ends.
  static func started(in session: URLSession, given: URLSession) {
    if session !== given { session.finishTasksAndInvalidate() }
  }
}
