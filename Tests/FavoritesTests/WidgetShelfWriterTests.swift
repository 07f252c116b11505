import Favorites
import FavoritesTestSupport
import Foundation
import NASA
import TestSupport
import Testing
import WidgetCore

@Suite("The widget's shelf follows favorites")
struct WidgetShelfWriterTests {
  @Test func aChangeIsWrittenOnceAndReloadsTheWidgetOnce() async throws {
    let folder = try TemporaryDirectory()
    let store = WidgetShelfStore(directory: folder.url.appendingPathComponent("Widget"))
    let reloader = RecordingWidgetReloader()
    let writer = WidgetShelfWriter(store: store, reloader: reloader)
    let saved = [try favorite("2024-03-02"), try favorite("2021-01-01")]

    await writer.favoritesDidChange(saved, isUnlocked: true)
    #expect(
      store.shelf()
        == WidgetShelf(
          isPremium: true,
          favorites: [
            WidgetFavorite(
              day: try date("2021-01-01"), title: "Picture of 2021-01-01", imageURL: saved[1].imageURL),
            WidgetFavorite(
              day: try date("2024-03-02"), title: "Picture of 2024-03-02", imageURL: saved[0].imageURL),
          ]))
    #expect(reloader.reloads == [WidgetReloadRule.widgetKind])

    // Read again (launch, foreground): nothing written, nothing reloaded.
    await writer.favoritesDidChange(saved.reversed(), isUnlocked: true)
    #expect(reloader.reloads.count == 1)

    // Premium lapses: the shelf says so (the widget then shows today); nothing is dropped.
    await writer.favoritesDidChange(saved, isUnlocked: false)
    #expect(store.shelf()?.isPremium == false)
    #expect(store.shelf()?.favorites.count == 2)
    #expect(reloader.reloads.count == 2)
  }

  @Test func aShelfAlreadyOnDiskFromAnEarlierRunIsNotRewritten() async throws {
    let folder = try TemporaryDirectory()
    let store = WidgetShelfStore(directory: folder.url)
    let saved = [try favorite("2024-03-02")]
    try store.write(WidgetShelfWriter.shelf(saved, isUnlocked: true))
    let reloader = RecordingWidgetReloader()
    let writer = WidgetShelfWriter(store: store, reloader: reloader)
    await writer.favoritesDidChange(saved, isUnlocked: true)
    #expect(reloader.reloads.isEmpty)
  }

  @Test func aFailedWriteReloadsNothingAndTheNextChangeTriesAgain() async throws {
    let folder = try TemporaryDirectory()
    let (blocked, blocker) = try unwritableFavoritesFolder(in: folder)
    let store = WidgetShelfStore(directory: blocked)
    let reloader = RecordingWidgetReloader()
    let writer = WidgetShelfWriter(store: store, reloader: reloader)
    await writer.favoritesDidChange([try favorite("2024-03-02")], isUnlocked: true)
    #expect(reloader.reloads.isEmpty)
    try FileManager.default.removeItem(at: blocker)
    await writer.favoritesDidChange([try favorite("2024-03-02")], isUnlocked: true)
    #expect(reloader.reloads.count == 1)
    #expect(store.shelf()?.favorites.map(\.day) == [try date("2024-03-02")])
  }
}
