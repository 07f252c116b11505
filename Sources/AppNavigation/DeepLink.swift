import Foundation
import NASA
import WidgetCore

/// The links Spacer opens: a widget tap, a notification, a shortcut.
///
/// Rules:
/// - `spacer://today` opens Today.
/// - `spacer://day/YYYY-MM-DD` opens that day. A day before 1995-06-16 or after today (US Eastern;
///   a widget's clock can be ahead of the app's) opens Today instead: the link is ours, only its
///   day is stale.
/// - Anything else is not a Spacer link (nil): the app stays where it is.
/// `url(for:)` writes the links with `SpacerLink` (WidgetCore), as the widget does, so both agree.
nonisolated public enum DeepLink: Sendable, Equatable {
  case today
  case day(APODDay)

  public static let scheme = SpacerLink.scheme

  /// The destination of `url` at `now`, or nil when it is not a Spacer link.
  public init?(url: URL, now: Date) {
    guard url.scheme?.lowercased() == Self.scheme, let host = url.host?.lowercased() else { return nil }
    let path = url.path.split(separator: "/").map(String.init)
    switch (host, path.count) {
    case ("today", 0):
      self = .today
    case ("day", 1):
      guard let day = try? APODDay(iso: path[0]) else { return nil }
      self = (try? day.validated(now: now)).map(DeepLink.day) ?? .today
    default:
      return nil
    }
  }

  /// The link that opens `destination`.
  public static func url(for destination: DeepLink) -> URL {
    switch destination {
    case .today: SpacerLink.today
    case .day(let day): SpacerLink.day(day)
    }
  }
}
