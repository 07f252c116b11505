import Foundation
import NASA

/// When today's day is saved, nothing is fetched and the next reload is just after the next APOD day
/// begins (plus `dayStartMargin` for NASA to publish). When the cache is behind, the widget fetches,
/// but not if it or the app asked within `retryInterval`: never in a loop. A reload is never planned
/// sooner than `minimumReload` (WidgetKit's budget).
public struct WidgetTimelinePolicy: Sendable {
  public enum Entry: Sendable, Equatable {
    case picture(APODDay, title: String, imageURL: URL)
    case placeholder(APODDay, title: String)
    case openTheApp
  }

  public struct Plan: Sendable, Equatable {
    public let entry: Entry
    public let fetchesFirst: Bool
    public let reloadAt: Date
  }

  public var retryInterval: TimeInterval = 30 * 60
  public var dayStartMargin: TimeInterval = 5 * 60
  public var minimumReload: TimeInterval = 15 * 60

  public init() {}

  /// `lastAttempt`: when the widget or the app last asked NASA for today without getting it.
  public func plan(newest: APOD?, now: Date, nextDayBegins: Date, lastAttempt: Date?) -> Plan {
    let entry = newest.map(Self.entry(for:)) ?? .openTheApp
    let nextDay = nextDayBegins.addingTimeInterval(dayStartMargin)
    let isCurrent = newest.map { $0.date >= APODDay.today(now: now) } ?? false
    if isCurrent {
      return Plan(
        entry: entry, fetchesFirst: false, reloadAt: max(nextDay, now.addingTimeInterval(minimumReload)))
    }
    // An attempt in the future (the clock was turned back) does not count.
    let recentAttempt = lastAttempt.flatMap {
      $0 <= now && now.timeIntervalSince($0) < retryInterval ? $0 : nil
    }
    let retry = (recentAttempt ?? now).addingTimeInterval(retryInterval)
    let reload = max(min(retry, nextDay), now.addingTimeInterval(minimumReload))
    return Plan(entry: entry, fetchesFirst: recentAttempt == nil, reloadAt: reload)
  }

  static func entry(for apod: APOD) -> Entry {
    if let image = apod.imageURL ?? apod.thumbnailURL {
      return .picture(apod.date, title: apod.title, imageURL: image)
    }
    return .placeholder(apod.date, title: apod.title)
  }
}
