import Foundation
import NASA
import WidgetCore

/// Written, and the widget reloaded, only when the shelf differs from what the folder holds:
/// reading favorites again at launch or in the foreground reloads nothing.
public actor WidgetShelfWriter: FavoritesObserver {
  private let store: WidgetShelfStore
  private let reloader: any WidgetReloading
  /// nil inside: no shelf yet.
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

  public static func shelf(_ favorites: [Favorite], isUnlocked: Bool) -> WidgetShelf {
    WidgetShelf(
      isPremium: isUnlocked,
      favorites: favorites.sorted { $0.date < $1.date }.map {
        WidgetFavorite(day: $0.date, title: $0.title, imageURL: $0.imageURL)
      })
  }
}
