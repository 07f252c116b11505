import Favorites
import Foundation
import NASA
import Observation

/// A premium gate for favorites whose paywall outcome the test decides.
@MainActor
@Observable
public final class FakeFavoritesGate: FavoritesGate {
  public var isUnlocked: Bool
  /// What the paywall does when it is shown: `true` = the user subscribes, `false` = dismisses.
  public var paywallUnlocks: Bool
  /// How many times `attempt` was called.
  public private(set) var attemptCount = 0
  /// How many times the paywall was shown.
  public private(set) var paywallCount = 0

  public init(isUnlocked: Bool, paywallUnlocks: Bool = false) {
    self.isUnlocked = isUnlocked
    self.paywallUnlocks = paywallUnlocks
  }

  public func attempt(_ action: @escaping @MainActor () async -> Void) async -> Bool {
    attemptCount += 1
    if !isUnlocked {
      paywallCount += 1
      guard paywallUnlocks else { return false }
      isUnlocked = true
    }
    await action()
    return true
  }
}

/// Records pin and unpin calls in order, and which URLs end up pinned.
public actor FakeImagePinner: ImagePinning {
  public enum Event: Sendable, Hashable {
    case pin(URL)
    case unpin(URL)
  }

  public private(set) var events: [Event] = []
  public private(set) var pinned: Set<URL> = []

  public init() {}

  public func pin(_ url: URL) {
    events.append(.pin(url))
    pinned.insert(url)
  }

  public func unpin(_ url: URL) {
    events.append(.unpin(url))
    pinned.remove(url)
  }
}

/// An in-memory favorites repository whose next failures the test sets.
public actor FakeFavoritesRepository: FavoritesRepository {
  public private(set) var stored: [APODDay: Favorite]
  /// Thrown by `all` and `contains` while set.
  public private(set) var readFailure: FavoritesRepositoryError?
  /// Thrown by `save` and `remove` while set; nothing is stored then.
  public private(set) var writeFailure: FavoritesRepositoryError?

  public init(_ favorites: [Favorite] = []) {
    stored = Dictionary(favorites.map { ($0.date, $0) }, uniquingKeysWith: { _, last in last })
  }

  public func setReadFailure(_ failure: FavoritesRepositoryError?) { readFailure = failure }

  public func setWriteFailure(_ failure: FavoritesRepositoryError?) { writeFailure = failure }

  public func all() throws(FavoritesRepositoryError) -> [Favorite] {
    if let readFailure { throw readFailure }
    return Array(stored.values)
  }

  public func save(_ favorite: Favorite) throws(FavoritesRepositoryError) {
    if let writeFailure { throw writeFailure }
    stored[favorite.date] = favorite
  }

  public func remove(_ date: APODDay) throws(FavoritesRepositoryError) {
    if let writeFailure { throw writeFailure }
    stored[date] = nil
  }

  public func contains(_ date: APODDay) throws(FavoritesRepositoryError) -> Bool {
    if let readFailure { throw readFailure }
    return stored[date] != nil
  }
}

/// Records what `FavoritesModel` told its observers, in order.
public actor RecordingFavoritesObserver: FavoritesObserver {
  public struct Call: Sendable, Hashable {
    public let days: [APODDay]
    public let isUnlocked: Bool

    public init(days: [APODDay], isUnlocked: Bool) {
      self.days = days
      self.isUnlocked = isUnlocked
    }
  }

  public private(set) var calls: [Call] = []

  public init() {}

  public func favoritesDidChange(_ favorites: [Favorite], isUnlocked: Bool) {
    calls.append(Call(days: favorites.map(\.date), isUnlocked: isUnlocked))
  }
}
