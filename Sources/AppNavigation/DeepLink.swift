import Foundation
import NASA
import WidgetCore

/// A day before 1995-06-16 or after today (a widget's clock can be ahead of the app's) opens Today:
/// the link is ours, only its day is stale. On a clock before 1995-06-16 a day opens (`askable`).
nonisolated public enum DeepLink: Sendable, Equatable {
  case today
  case day(APODDay)

  public static let scheme = SpacerLink.scheme

  public init?(url: URL, now: Date) {
    guard url.scheme?.lowercased() == Self.scheme, let host = url.host?.lowercased() else { return nil }
    let path = url.path.split(separator: "/").map(String.init)
    switch (host, path.count) {
    case ("today", 0):
      self = .today
    case ("day", 1):
      guard let day = try? APODDay(iso: path[0]) else { return nil }
      self = (try? day.askable(now: now)).map(DeepLink.day) ?? .today
    default:
      return nil
    }
  }

  public static func url(for destination: DeepLink) -> URL {
    switch destination {
    case .today: SpacerLink.today
    case .day(let day): SpacerLink.day(day)
    }
  }
}
