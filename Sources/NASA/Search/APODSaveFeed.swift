import Foundation

/// The days a repository saves, told to whoever keeps something built from the saved days (the
/// search index), so it grows as days are cached instead of re-reading the whole cache.
///
/// Rules:
/// - Every observer hears every day saved after it started observing, in the order saved.
/// - Telling is synchronous and cheap: a save never waits for an observer's work (an observer
///   only queues the day; the search index takes it at its next search).
/// - An observer whose owner went away answers false and is dropped.
public final class APODSaveFeed: @unchecked Sendable {
  // @unchecked: `observers` and `nextID` are read and written under `lock` only.
  private let lock = NSLock()
  private var observers: [Int: @Sendable (APOD) -> Bool] = [:]
  private var nextID = 0

  public init() {}

  /// Calls `observer` with each day saved from now on. The observer answers false once it no
  /// longer wants to hear (its owner is gone); it is then removed.
  public func observe(_ observer: @escaping @Sendable (APOD) -> Bool) {
    lock.withLock {
      observers[nextID] = observer
      nextID += 1
    }
  }

  /// How many observers are listening.
  public var observerCount: Int { lock.withLock { observers.count } }

  /// Tells every observer that `apod` was saved.
  public func publish(_ apod: APOD) {
    let current = lock.withLock { observers.sorted { $0.key < $1.key } }
    for (id, observer) in current where !observer(apod) {
      _ = lock.withLock { observers.removeValue(forKey: id) }
    }
  }
}

/// Days saved and not yet indexed, in the order saved.
final class SavedDaysInbox: @unchecked Sendable {
  // @unchecked: `days` is read and written under `lock` only.
  private let lock = NSLock()
  private var days: [APOD] = []

  func append(_ apod: APOD) { lock.withLock { days.append(apod) } }

  func takeAll() -> [APOD] {
    lock.withLock {
      defer { days = [] }
      return days
    }
  }
}
