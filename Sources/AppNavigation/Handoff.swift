import Foundation
import NASA
import WidgetCore

/// Handoff (`NSUserActivity.webpageURL`): the day on screen is offered to the user's other devices as
/// its APOD page, so a Mac opens it in Safari and Spacer on an iPad opens the same day.
nonisolated public enum Handoff {
  /// Info.plist's `NSUserActivityTypes` declares it (`.ci/check-project`).
  public static let activityType = "spacer.day"

  /// The Spacer link of a page `AppNavigation.handoffPage(todayShows:)` offered, nil for any other URL.
  public static func link(continuing page: URL?) -> URL? {
    guard let page, page.host?.lowercased() == "apod.nasa.gov", page.pathComponents.count == 3,
      page.pathComponents[1] == "apod", page.pathExtension == "html",
      page.deletingPathExtension().lastPathComponent.hasPrefix("ap"),
      let day = try? APODDay(yymmdd: String(page.deletingPathExtension().lastPathComponent.dropFirst(2)))
    else { return nil }
    return SpacerLink.day(day)
  }

  /// A continued activity's page reaches the app as its link does (`LinkInbox`, even at a cold launch).
  @MainActor public static func continued(page: URL?, inbox: LinkInbox = .shared) {
    if let link = link(continuing: page) { inbox.deliver(link) }
  }
}

extension AppNavigation {
  /// The day on screen (Today's, a detail's after its swipes, the viewer's or the video's) as its
  /// APOD page; nil while a paywall is up, and with no day on screen (Explore's grid, Profile).
  public func handoffPage(todayShows: APODDay?) -> URL? {
    guard !isPaywallUp, let day = dayOnScreen(todayShows: todayShows) else { return nil }
    return APOD.legacyPageURL(for: day)
  }

  private func dayOnScreen(todayShows: APODDay?) -> APODDay? {
    switch sheet {
    case .viewer(let day), .video(let day), .share(let day): return day
    case nil: break
    }
    switch tab {
    case .today: return todayShows
    case .explore, .favorites: return onScreen.detail?.shown
    case .profile: return nil
    }
  }
}
