import Foundation

/// Keeps images in the disk cache regardless of its size cap, so favorites browse offline.
///
/// The image pipeline implements it; pinning and unpinning are idempotent.
public protocol ImagePinning: Sendable {
  /// Keeps the image at `url` on disk until it is unpinned (downloading it when needed).
  func pin(_ url: URL) async
  /// Lets the cache evict the image at `url` again.
  func unpin(_ url: URL) async
}

/// The premium gate for favorites, as `FavoritesModel` needs it.
///
/// The monetization feature-gate coordinator is adapted to this: `isUnlocked` reads the
/// entitlement for the favorites feature, `attempt` forwards to `attempt(.favorites, action:)`.
/// When the conforming type is `@Observable`, screens follow `isUnlocked` as premium comes and goes.
@MainActor
public protocol FavoritesGate {
  /// Whether saved favorites can be browsed and new ones saved right now.
  var isUnlocked: Bool { get }

  /// Runs `action` when favorites are unlocked, now or after the paywall has unlocked them, and
  /// returns whether it ran. A dismissed or failed paywall returns `false` without running it.
  func attempt(_ action: @escaping @MainActor () async -> Void) async -> Bool
}

/// Told every stored favorite after they were read or changed, with whether premium unlocks them:
/// how the widget's shelf and the Spotlight index follow favorites.
///
/// `FavoritesModel` calls it after a successful read, save or removal, in that order, never after a
/// failure (what is stored did not change).
public protocol FavoritesObserver: Sendable {
  func favoritesDidChange(_ favorites: [Favorite], isUnlocked: Bool) async
}
