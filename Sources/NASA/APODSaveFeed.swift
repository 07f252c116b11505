import Basics
import Foundation

/// A change to the saved days: what whoever keeps something built from them (the search index)
/// follows.
public enum SavedDayChange: Sendable {
  /// `apod` was written; `fingerprint` names the file written (`CacheFileIdentity.fingerprint`),
  /// nil when unknown.
  case saved(APOD, fingerprint: UInt64?)
  /// The day's file was removed (damage, another day's picture, a format no longer read).
  case removed(APODDay)
}

/// The days a repository saves and removes, told to whoever keeps something built from the saved
/// days (the search index), so it follows the cache instead of re-reading it.
///
/// Rules:
/// - Every observer hears every change made after it started observing, in order.
/// - Telling is synchronous and cheap: a save never waits for an observer's work (an observer
///   only queues the change).
/// - An observer whose owner went away answers false and is dropped.
public final class APODSaveFeed: Sendable {
  private struct Observers: Sendable {
    var byID: [Int: @Sendable (SavedDayChange) -> Bool] = [:]
    var nextID = 0
  }

  private let observers = Locked(Observers())

  public init() {}

  /// Calls `observer` with each day saved from now on (removals are not told).
  public func observe(_ observer: @escaping @Sendable (APOD) -> Bool) {
    observeChanges { change in
      guard case .saved(let apod, _) = change else { return true }
      return observer(apod)
    }
  }

  /// Calls `observer` with each change from now on. The observer answers false once it no
  /// longer wants to hear (its owner is gone); it is then removed.
  public func observeChanges(_ observer: @escaping @Sendable (SavedDayChange) -> Bool) {
    observers.withLock {
      $0.byID[$0.nextID] = observer
      $0.nextID += 1
    }
  }

  /// How many observers are listening.
  public var observerCount: Int { observers.withLock { $0.byID.count } }

  /// Tells every observer that `apod` was saved.
  public func publish(_ apod: APOD, fingerprint: UInt64? = nil) {
    publish(.saved(apod, fingerprint: fingerprint))
  }

  public func publish(_ change: SavedDayChange) {
    let current = observers.withLock { state in state.byID.sorted { $0.key < $1.key } }
    for (id, observer) in current where !observer(change) {
      _ = observers.withLock { $0.byID.removeValue(forKey: id) }
    }
  }
}
