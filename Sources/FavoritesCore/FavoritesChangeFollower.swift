import Foundation

/// Reads favorites again when the store says it changed underneath the app (iCloud sync writing
/// favorites saved or removed on another device).
///
/// Rules:
/// - One reload at a time: a change reported while a reload runs is not a second concurrent read.
/// - No change is missed: however many changes arrive during a reload, exactly one more reload
///   follows it, so the last one is always read.
/// - A burst of changes (an import writes many records, each reported) costs at most two reloads.
@MainActor
public final class FavoritesChangeFollower {
  private let reload: @MainActor () async -> Void
  private var isReloading = false
  private var changedDuringReload = false

  /// - Parameter reload: reads the favorites again (`FavoritesModel.load`).
  public init(reload: @escaping @MainActor () async -> Void) {
    self.reload = reload
  }

  /// The store changed. Returns when the reload it started (if any) and the ones it chained are
  /// done; returns at once when a reload is already running (that one reloads again after).
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
