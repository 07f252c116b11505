import AppCore
import Foundation
import ImageCache
import NASA
import Networking
import ProfileCore
import TestSupport

/// The content side of an `AppModel` under test: a scripted APOD source that has a picture for
/// every day, real caches in a temporary folder, and fakes for favorites and notifications.
final class TestContent: Sendable {
  let directory: URL
  let source = FakeAPODSource(day: { .success(sampleAPOD($0)) })
  let favorites = FakeFavoritesRepository()
  let notificationCenter = FakeNotificationCenter(status: .authorized)
  let reminderStore = FakeReminderSettingsStore()
  let clock: TestClock

  init(clock: TestClock) {
    self.clock = clock
    directory = FileManager.default.temporaryDirectory
      .appending(path: "AppCoreTests-\(UUID().uuidString)", directoryHint: .isDirectory)
  }

  deinit { try? FileManager.default.removeItem(at: directory) }

  static let links = AppLinks(
    termsOfUse: URL(string: "https://example.com/terms")!,
    privacyPolicy: URL(string: "https://example.com/privacy")!)

  /// A fresh set of dependencies over the same folder and fakes (a relaunch sees the same disk).
  func dependencies() -> ContentDependencies {
    ContentDependencies(
      apodRepository: APODRepository(
        source: source, cache: JSONDiskCache(directory: directory.appending(path: "apod"), clock: clock),
        clock: clock),
      imagePipeline: ImagePipeline(
        directory: directory.appending(path: "images"), downloader: OfflineImageDownloader(),
        decoder: HeaderImageDecoder(), clock: clock),
      favoritesRepository: favorites, notificationCenter: notificationCenter,
      reminderSettingsStore: reminderStore, links: Self.links, versionText: "1.0 (1)")
  }
}
