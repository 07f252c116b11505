import Basics
import Foundation
import Monetization

/// One ordered log of calls across every monetization fake, so tests can check order
/// ("recorded, then synchronize, then finish").
@MainActor
public final class CallLog {
  public private(set) var entries: [String] = []
  /// The argument of each entry, when the caller recorded one (`backend.start` → `observer`).
  public private(set) var arguments: [String?] = []

  public init() {}

  public func record(_ entry: String, argument: String? = nil) {
    entries.append(entry)
    arguments.append(argument)
  }

  /// The argument of every `entry` so far, in order (`""` where none was recorded).
  public func arguments(of entry: String) -> [String] {
    zip(entries, arguments).filter { $0.0 == entry }.map { $0.1 ?? "" }
  }

  /// How many times `entry` was recorded.
  public func count(_ entry: String) -> Int {
    entries.filter { $0 == entry }.count
  }

  /// Position of the first `entry`, if any.
  public func firstIndex(of entry: String) -> Int? {
    entries.firstIndex(of: entry)
  }
}

/// A logger that keeps every event; callable from any isolation.
public final class RecordingMonetizationLogger: MonetizationLogging, Sendable {
  private struct Waiter {
    let kind: MonetizationLog.Kind
    let count: Int
    let continuation: CheckedContinuation<Void, Never>
  }

  private struct State {
    var events: [MonetizationLog] = []
    var waiters: [Waiter] = []

    func count(of kind: MonetizationLog.Kind) -> Int { events.filter { $0.kind == kind }.count }
  }

  private let recorded = Locked(State())

  public init() {}

  public func log(_ event: MonetizationLog) {
    let ready = recorded.withLock { state -> [Waiter] in
      state.events.append(event)
      let current = state
      let ready = current.waiters.filter { current.count(of: $0.kind) >= $0.count }
      state.waiters = current.waiters.filter { current.count(of: $0.kind) < $0.count }
      return ready
    }
    for waiter in ready { waiter.continuation.resume() }
  }

  public var events: [MonetizationLog] {
    recorded.withLock { $0.events }
  }

  /// How many events of `kind` were logged so far.
  public func count(of kind: MonetizationLog.Kind) -> Int {
    recorded.withLock { $0.count(of: kind) }
  }

  /// Returns once `count` events of `kind` were logged (for instance `transactionUpdateHandled`:
  /// the listener is done with that many updates). Callers bound the wait with a hang guard.
  public func waitUntil(_ count: Int, _ kind: MonetizationLog.Kind) async {
    await withCheckedContinuation { continuation in
      let reached = recorded.withLock { state -> Bool in
        guard state.count(of: kind) < count else { return true }
        state.waiters.append(Waiter(kind: kind, count: count, continuation: continuation))
        return false
      }
      if reached { continuation.resume() }
    }
  }

  /// The names of every event, in order.
  public var names: [String] { events.map(\.name) }
}
