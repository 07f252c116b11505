import Favorites
import Foundation
import ImageCache
import NASA
import Notifications
import ProfileCore

/// What the content screens need: the app's come from `AppProcess.content(…)`.
nonisolated public struct ContentDependencies: Sendable {
  public var apodRepository: APODRepository
  public var imagePipeline: ImagePipeline
  public var favoritesRepository: any FavoritesRepository
  public var notificationCenter: any NotificationCenterClient
  public var reminderSettingsStore: any ReminderSettingsStore
  public var links: AppLinks
  public var versionText: String
  public var exploreDays: Int
  public let favoritesObservers: [any FavoritesObserver]
  public var favoritesSync: FavoritesSync?
  /// What names the reminder's day (`ReminderDays.saved`); nil: the general sentence only.
  public var reminderDays: ReminderDays?

  public init(
    apodRepository: APODRepository, imagePipeline: ImagePipeline,
    favoritesRepository: any FavoritesRepository, notificationCenter: any NotificationCenterClient,
    reminderSettingsStore: any ReminderSettingsStore, links: AppLinks, versionText: String,
    exploreDays: Int = 30, favoritesObservers: [any FavoritesObserver] = [],
    favoritesSync: FavoritesSync? = nil, reminderDays: ReminderDays? = nil
  ) {
    self.reminderDays = reminderDays
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
