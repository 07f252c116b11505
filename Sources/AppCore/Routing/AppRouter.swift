import AppNavigation
import ExploreCore
import Foundation
import NASA
import Notifications
import Observation
import TodayCore

/// Where something outside the screens sends the app (the daily reminder, a widget tap, the App
/// Shortcut), and the loading that goes with it. The root view shows `destination`, then calls
/// `destinationShown()`.
///
/// Rules:
/// - The daily reminder opens Today on the current APOD day; other notifications go nowhere.
/// - A Spacer link (`DeepLink`) opens Today, or one day, shown on Explore (the tab that opens any
///   day); anything else goes nowhere.
/// - Today is loaded on the way (the network only when the APOD day advanced since the picture on
///   screen); a day is loaded into Explore.
@Observable
public final class AppRouter {
  /// The destination waiting to be shown, or nil.
  public private(set) var destination: DeepLink?

  @ObservationIgnored private let today: TodayModel
  @ObservationIgnored private let explore: ExploreModel
  @ObservationIgnored private let now: @Sendable () -> Date

  init(today: TodayModel, explore: ExploreModel, now: @escaping @Sendable () -> Date) {
    self.today = today
    self.explore = explore
    self.now = now
  }

  /// The user opened a notification.
  public func openNotification(requestIdentifier: String) async {
    guard requestIdentifier == ReminderScheduler.requestIdentifier else { return }
    await open(.today)
  }

  /// Opens `url` when it is a Spacer link. - Returns: false, going nowhere, when it is not.
  @discardableResult
  public func open(url: URL) async -> Bool {
    guard let link = DeepLink(url: url, now: now()) else { return false }
    await open(link)
    return true
  }

  /// Goes to `link`.
  public func open(_ link: DeepLink) async {
    destination = link
    switch link {
    case .today: await today.load()
    case .day(let day): await explore.loadDay(day)
    }
  }

  /// The root view has shown `destination`.
  public func destinationShown() {
    destination = nil
  }
}
