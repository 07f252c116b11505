import AppNavigation
import Foundation
import NASA
import Notifications
import ViewerCore

/// `AppNavigation.open(_:)` decides where; this adds what to load on the way. A link to the day Today
/// shows opens Today (before NASA publishes, the day before); Today hits the network only when the
/// APOD day advanced since the picture on screen.
extension AppModel {
  /// A reminder opens the APOD day it rang for: tapped after that day, its detail, not a newer Today.
  public func openNotification(_ tap: NotificationTap) async {
    guard ReminderPlan.identifiers.contains(tap.requestIdentifier) else { return }
    let day = try? APODDay.today(now: tap.deliveredAt).validated(now: clock.now)
    await open(day.map(DeepLink.day) ?? .today)
  }

  /// Returns false, changing nothing, when it is not.
  @discardableResult
  public func open(url: URL) async -> Bool {
    guard let link = DeepLink(url: url, now: clock.now) else { return false }
    await open(link)
    return true
  }

  /// Returns what to ask the system's orientation (the sheet in front closed).
  @discardableResult
  public func open(_ link: DeepLink) async -> OrientationChange {
    // A cold launch from the widget before NASA publishes: Today must know what it shows first.
    if case .day(let day) = link, todayShows == nil, day == APODDay.today(now: clock.now).previous {
      await today.load()
    }
    let change = navigation.open(link, todayShows: todayShows)
    switch (navigation.tab, link) {
    case (.explore, .day(let day)): await explore.loadDay(day)
    default: await today.load()
    }
    return change
  }

  public var todayShows: APODDay? {
    guard case .loaded(let content) = today.state else { return nil }
    return content.apod.date
  }
}
