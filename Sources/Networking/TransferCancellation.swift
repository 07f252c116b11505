import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What cancelling a request does to its transfer: the one place where `HTTPTransport` differs by
/// platform (docs/PLATFORM-DIFFERENCES.md, "Cancelling a request").
///
/// On both platforms the caller is answered `HTTPError.cancelled` at once, exactly once. What
/// differs is the `URLSessionTask` behind it:
///
/// - **Apple's URLSession** (the app, the widget): every request runs in the session it was given,
///   so connections are reused, and the task is cancelled, which stops the transfer. Apple's
///   `cancel()` on a task that is completing or completed does nothing.
/// - **swift-corelibs-foundation** (Linux: the CLI, the tests, the bench): a task is never
///   cancelled, because `URLSessionTask.cancel()` can trap the whole process there (below). A
///   cancelled request's transfer is abandoned instead: its answer is ignored. So that an
///   abandoned transfer cannot hold a connection a later request waits for (the session's
///   per-host connection limit), each request runs in a session of its own, built from the given
///   session's configuration and `finishTasksAndInvalidate()`d once its task is started: the
///   abandoned transfer keeps only its own connection and ends when the server answers or closes
///   it, or at the request's idle timeout (`HTTPTransport.socketIdleBackstop`). The cost is no
///   connection reuse on Linux (a new connection per request; `spacer-bench` measures it). A
///   delegate of the given session is not carried over (Spacer's sessions have none).
///
/// The trap, read in swift-corelibs-foundation 6.3.1 (`Sources/FoundationNetworking/URLSession/`),
/// and reported upstream as swift-corelibs-foundation#3296 (SR-11310, still open):
/// `URLSessionTask.cancel()` (URLSessionTask.swift:381-407) checks the task's state on its
/// `syncQ` inside `workQueue.sync`, and when it reads `.running` it reports the failure LATER, in a
/// separate `workQueue.async` block, through `_ProtocolClient.urlProtocol(task:didFailWithError:)`
/// (URLSessionTask.swift:1334), whose first step is `URLSession.behaviour(for:)`
/// (URLSession.swift:663) → `_TaskRegistry.behaviour(for:)`, a `fatalError` when the task is no
/// longer registered (TaskRegistry.swift:118). A task that completes meanwhile
/// (`urlProtocolDidFinishLoading`, URLSessionTask.swift:1099) calls the completion handler on
/// `session.delegateQueue`, sets `state = .completed` only after the handler has returned, and
/// removes the task from the registry in yet another block, `session.workQueue.async`
/// (URLSessionTask.swift:1197-1203). Window: from the moment the transfer finishes until the
/// handler has returned, `cancel()` still reads `.running`; its report block is then not ordered
/// against the removal block (the task's work queue, the multi-handle's queue and the session's
/// work queue are different queues on one target; with a `URLCache` the protocol is handed over
/// from a global queue, URLCache.swift:669-676). When the removal runs first, the process traps.
/// The caller cannot see the window (its completion handler has not returned, or not yet run),
/// so no check before `cancel()` closes it: only never calling `cancel()` does.
enum TransferCancellation {
  /// Whether cancelling a request cancels its `URLSessionTask` (never on Linux, see above).
  static let cancelsTask: Bool = {
    #if canImport(FoundationNetworking)
      false
    #else
      true
    #endif
  }()

  /// The session one request runs in: `given` itself where tasks are cancelled, a session of its
  /// own (from `given`'s configuration) where they are abandoned.
  static func session(for given: URLSession) -> URLSession {
    cancelsTask ? given : URLSession(configuration: given.configuration)
  }

  /// Called once the request's task is resumed in `session`: a session of the request's own
  /// is invalidated, so it is released when that one task ends, whenever that is.
  static func started(in session: URLSession, given: URLSession) {
    if session !== given { session.finishTasksAndInvalidate() }
  }
}
