import Foundation

/// Pinning and unpinning are idempotent.
public protocol ImagePinning: Sendable {
  func pin(_ url: URL) async
  func unpin(_ url: URL) async
}

/// When the conforming type is `@Observable`, screens follow `isUnlocked` as premium comes and goes.
@MainActor
public protocol FavoritesGate {
  var isUnlocked: Bool { get }

  /// A dismissed or failed paywall returns `false` without running `action`.
  func attempt(_ action: @escaping @MainActor () async -> Void) async -> Bool
}

/// Called after a successful read, save or removal, never after a failure (what is stored did not
/// change): how the widget's shelf and the Spotlight index follow favorites.
public protocol FavoritesObserver: Sendable {
  func favoritesDidChange(_ favorites: [Favorite], isUnlocked: Bool) async
}
