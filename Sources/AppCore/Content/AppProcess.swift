import Basics
import Favorites
import Foundation
import ImageCache
import NASA
import Notifications
import Sharing
import WidgetCore

/// The app process's setup, built once per process from what the Apple side reads (Info.plist,
/// the folders): the configuration, read once; the App Group folders, resolved once; the one
/// `SharedStack`, which the app's model and the Shortcuts actions both use.
nonisolated public final class AppProcess: Sendable {
  public let configuration: AppConfiguration
  public let stack: SharedStack
  public let clock: any Clocking

  public init(
    info: [String: any Sendable], folders: ProcessFolders, imageDecoder: any ImageDecoding,
    clock: any Clocking,
    service: (v1: URL, basic: URL) = (V1APODSource.defaultBaseURL, APODBasicSource.defaultBaseURL)
  ) {
    configuration = AppConfiguration(info: info)
    let storage = SharedStorage(configuration.shared, folders: folders)
    // Before anything reads the group: what an earlier version saved in the app's own folders.
    storage.moveContent(fromOwnFolders: folders)
    stack = SharedStack(
      storage: storage, nasaAPIKey: configuration.shared.nasaAPIKey, imageDecoder: imageDecoder,
      clock: clock, service: service)
    self.clock = clock
  }

  /// "Get Astronomy Picture" over the app's repository and pipeline.
  public var astronomyPicture: AstronomyPicture {
    AstronomyPicture(
      repository: stack.repository, download: PictureDownload(images: stack.images, clock: clock))
  }

  public func content(
    favoritesRepository: any FavoritesRepository, notificationCenter: any NotificationCenterClient,
    reminderSettingsStore: any ReminderSettingsStore, favoritesObservers: [any FavoritesObserver] = [],
    favoritesSync: FavoritesSync? = nil, reminderPictures: URL? = nil
  ) -> ContentDependencies {
    ContentDependencies(
      apodRepository: stack.repository, imagePipeline: stack.images, favoritesRepository: favoritesRepository,
      notificationCenter: notificationCenter, reminderSettingsStore: reminderSettingsStore,
      links: configuration.links, versionText: configuration.versionText,
      favoritesObservers: favoritesObservers, favoritesSync: favoritesSync,
      reminderDays: reminderPictures.map {
        ReminderDays.saved(repository: stack.repository, images: stack.images, folder: $0, clock: clock)
      })
  }

  public var reminderRefresh: ReminderRefresh {
    ReminderRefresh(repository: stack.repository, images: stack.images, clock: clock)
  }
}
