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
  private let recorded = Locked<[MonetizationLog]>([])

  public init() {}

  public func log(_ event: MonetizationLog) {
    recorded.withLock { $0.append(event) }
  }

  public var events: [MonetizationLog] {
    recorded.withLock { $0 }
  }

  /// The names of every event, in order.
  public var names: [String] { events.map(\.name) }
}
