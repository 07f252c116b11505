import Foundation

/// iCloud sync writes favorites saved on another device underneath the app. One reload at a time,
/// and exactly one more follows however many changes arrive meanwhile: a burst costs at most two.
@MainActor
public final class FavoritesChangeFollower {
  private let reload: @MainActor () async -> Void
  private var isReloading = false
  private var changedDuringReload = false

  public init(reload: @escaping @MainActor () async -> Void) {
    self.reload = reload
  }

  /// Returns at once when a reload is already running (that one reloads again after).
  public func storeChanged() async {
    guard !isReloading else {
      changedDuringReload = true
      return
    }
    isReloading = true
    repeat {
      changedDuringReload = false
      await reload()
    } while changedDuringReload
    isReloading = false
  }
}
