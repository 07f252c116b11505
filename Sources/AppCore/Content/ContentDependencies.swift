import Favorites
import Foundation
import ImageCache
import NASA
import Notifications
import ProfileCore

/// What the content screens need: APODs, images, favorites storage, the reminder's notification
/// center and settings, and what Profile shows. The app fills it with live parts; tests and the
/// scenario simulator with local ones.
nonisolated public struct ContentDependencies: Sendable {
  /// Cache-first APODs for Today and Explore.
  public var apodRepository: APODRepository
  /// Every NASA image, with pinning for favorites.
  public var imagePipeline: ImagePipeline
  /// Saved favorites (SwiftData in the app, a JSON file on Linux).
  public var favoritesRepository: any FavoritesRepository
  /// `UNUserNotificationCenter` in the app.
  public var notificationCenter: any NotificationCenterClient
  /// Where the reminder's settings persist (`UserDefaults` in the app).
  public var reminderSettingsStore: any ReminderSettingsStore
  /// Terms and privacy pages.
  public var links: AppLinks
  /// "1.4 (212)".
  public var versionText: String
  /// How many days Explore shows.
  public var exploreDays: Int
  /// Told every stored favorite after each read and change (the widget's shelf, Spotlight).
  public let favoritesObservers: [any FavoritesObserver]
  /// Whether favorites sync with iCloud on this launch (Profile says it); nil when not decided.
  public var favoritesSync: FavoritesSync?

  public init(
    apodRepository: APODRepository, imagePipeline: ImagePipeline,
    favoritesRepository: any FavoritesRepository, notificationCenter: any NotificationCenterClient,
    reminderSettingsStore: any ReminderSettingsStore, links: AppLinks, versionText: String,
    exploreDays: Int = 30, favoritesObservers: [any FavoritesObserver] = [],
    favoritesSync: FavoritesSync? = nil
  ) {
    self.favoritesObservers = favoritesObservers
    self.favoritesSync = favoritesSync
    self.apodRepository = apodRepository
    self.imagePipeline = imagePipeline
    self.favoritesRepository = favoritesRepository
    self.notificationCenter = notificationCenter
    self.reminderSettingsStore = reminderSettingsStore
    self.links = links
    self.versionText = versionText
    self.exploreDays = exploreDays
  }
}
