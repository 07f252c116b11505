import AppCore
import Basics
import Favorites
import Foundation
import ImageCache
import NASA
import Networking
import Notifications
import ProfileCore
import TestSupport

/// The content side of a simulated app. Monetization scenarios never reach an APOD or an image
/// (every request fails as offline); journeys bring the APOD world (`APODWorld`: the demo server
/// through the app's own stack). The stores are real files in a folder of their own, removed
/// after the run, and the notification centre is TestSupport's.
struct SimulatedContent {
  let directory: URL
  private let offlineRepository: APODRepository
  private let offlinePipeline: ImagePipeline
  private let favoritesRepository: any FavoritesRepository
  /// Permission not yet asked, as on a new install.
  let notificationCenter = FakeNotificationCenter(status: .notDetermined)
  private let clock: any Clocking
  private let reminderSettingsStore = FakeReminderSettingsStore()

  init(clock: any Clocking) {
    self.clock = clock
    directory = FileManager.default.temporaryDirectory
      .appending(path: "spacer-scenario-\(UUID().uuidString)", directoryHint: .isDirectory)
    offlineRepository = APODRepository(
      source: FakeAPODSource(day: { _ in .failure(.network(.offline)) }),
      cache: JSONDiskCache(directory: directory.appending(path: "apod"), clock: clock), clock: clock)
    offlinePipeline = ImagePipeline(
      directory: directory.appending(path: "images"), downloader: OfflineImageDownloader(),
      decoder: HeaderImageDecoder(), clock: clock)
    favoritesRepository = FileFavoritesRepository(
      directory: directory.appending(path: "favorites"), clock: clock)
  }

  /// The app's content dependencies: APODs and images from `apod` when given.
  @MainActor
  func dependencies(apod: APODWorld?) -> ContentDependencies {
    ContentDependencies(
      apodRepository: apod?.repository ?? offlineRepository, imagePipeline: apod?.images ?? offlinePipeline,
      favoritesRepository: favoritesRepository, notificationCenter: notificationCenter,
      reminderSettingsStore: reminderSettingsStore,
      links: AppLinks(
        termsOfUse: URL(string: "https://example.com/terms")!,
        privacyPolicy: URL(string: "https://example.com/privacy")!),
      versionText: "scenario",
      reminderDays: apod.map { apod in
        let folder = ReminderAttachmentFolder(url: directory.appending(path: "reminder-pictures"))
        return ReminderDays(clock: clock, calendar: { ReminderRing.calendar }) { day in
          await ReminderContent.saved(
            day: day, repository: apod.repository, images: apod.images, folder: folder)
        }
      })
  }

  func remove() {
    try? FileManager.default.removeItem(at: directory)
  }
}
