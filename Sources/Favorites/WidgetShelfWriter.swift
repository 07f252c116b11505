import Foundation
import NASA
import WidgetCore

/// Keeps the widget's shelf (`WidgetShelf`: the favorites and whether premium unlocks them) in the
/// folder the widget reads, and asks WidgetKit to redraw when it changed.
///
/// Rules:
/// - The shelf lists every favorite, oldest day first, with its title and picture.
/// - It is written, and the widget reloaded, only when it differs from what the folder holds:
///   reading favorites again at launch or in the foreground reloads nothing.
/// - A write that fails reloads nothing; the next change tries again (the widget meanwhile shows
///   the shelf it had, or today).
public actor WidgetShelfWriter: FavoritesObserver {
  private let store: WidgetShelfStore
  private let reloader: any WidgetReloading
  /// What the folder holds, once read (nil inside: no shelf yet).
  private var known: WidgetShelf?
  private var hasReadFolder = false

  public init(store: WidgetShelfStore, reloader: any WidgetReloading) {
    self.store = store
    self.reloader = reloader
  }

  public func favoritesDidChange(_ favorites: [Favorite], isUnlocked: Bool) async {
    let shelf = Self.shelf(favorites, isUnlocked: isUnlocked)
    if !hasReadFolder {
      known = store.shelf()
      hasReadFolder = true
    }
    guard known != shelf else { return }
    do {
      try store.write(shelf)
    } catch {
      return
    }
    known = shelf
    reloader.reloadTimelines(ofKind: WidgetReloadRule.widgetKind)
  }

  /// The shelf for `favorites`.
  public static func shelf(_ favorites: [Favorite], isUnlocked: Bool) -> WidgetShelf {
    WidgetShelf(
      isPremium: isUnlocked,
      favorites: favorites.sorted { $0.date < $1.date }.map {
        WidgetFavorite(day: $0.date, title: $0.title, imageURL: $0.imageURL)
      })
  }
}
