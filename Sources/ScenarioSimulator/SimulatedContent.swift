import AppCore
import Favorites
import Foundation
import ImageCache
import NASA
import Networking
import ProfileCore
import TestSupport

/// The content side of a simulated app: scenarios exercise monetization only, so APODs and
/// images are never reachable (every request fails as offline), the stores are real files in a
/// folder of their own, removed after the run, and the notification centre is TestSupport's.
struct SimulatedContent {
  let directory: URL
  let dependencies: ContentDependencies

  init(now: @escaping @Sendable () -> Date) {
    directory = FileManager.default.temporaryDirectory
      .appending(path: "spacer-scenario-\(UUID().uuidString)", directoryHint: .isDirectory)
    dependencies = ContentDependencies(
      apodRepository: APODRepository(
        source: FakeAPODSource(day: { _ in .failure(.network(.offline)) }),
        cache: JSONDiskCache(directory: directory.appending(path: "apod"), now: now), now: now),
      imagePipeline: ImagePipeline(
        directory: directory.appending(path: "images"), downloader: OfflineImageDownloader(),
        decoder: HeaderImageDecoder(), now: now),
      favoritesRepository: FileFavoritesRepository(
        directory: directory.appending(path: "favorites"), now: now),
      notificationCenter: FakeNotificationCenter(status: .authorized),
      reminderSettingsStore: FakeReminderSettingsStore(),
      links: AppLinks(
        termsOfUse: URL(string: "https://example.com/terms")!,
        privacyPolicy: URL(string: "https://example.com/privacy")!),
      versionText: "scenario")
  }

  func remove() {
    try? FileManager.default.removeItem(at: directory)
  }
}
