import Basics
import Foundation

/// The days a repository saves, told to whoever keeps something built from the saved days (the
/// search index), so it grows as days are cached instead of re-reading the whole cache.
///
/// Rules:
/// - Every observer hears every day saved after it started observing, in the order saved.
/// - Telling is synchronous and cheap: a save never waits for an observer's work (an observer
///   only queues the day; the search index takes it at its next search).
/// - An observer whose owner went away answers false and is dropped.
public final class APODSaveFeed: Sendable {
  private struct Observers: Sendable {
    var byID: [Int: @Sendable (APOD) -> Bool] = [:]
    var nextID = 0
  }

  private let observers = Locked(Observers())

  public init() {}

  /// Calls `observer` with each day saved from now on. The observer answers false once it no
  /// longer wants to hear (its owner is gone); it is then removed.
  public func observe(_ observer: @escaping @Sendable (APOD) -> Bool) {
    observers.withLock {
      $0.byID[$0.nextID] = observer
      $0.nextID += 1
    }
  }

  /// How many observers are listening.
  public var observerCount: Int { observers.withLock { $0.byID.count } }

  /// Tells every observer that `apod` was saved.
  public func publish(_ apod: APOD) {
    let current = observers.withLock { state in state.byID.sorted { $0.key < $1.key } }
    for (id, observer) in current where !observer(apod) {
      _ = observers.withLock { $0.byID.removeValue(forKey: id) }
    }
  }
}
