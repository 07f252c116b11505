import Foundation
import NASA

/// What the home-screen widget shows and when it asks to be reloaded.
///
/// The widget reads the APOD cache the app fills (shared through the App Group). Rules:
/// - It shows the newest saved day: its picture (a video's thumbnail), or, for a day without one,
///   a designed placeholder with the title. With nothing saved it invites the user to open Spacer.
/// - When the saved day is today's, nothing is fetched and the next reload is just after the next
///   APOD day begins (midnight US Eastern, plus `dayStartMargin` for NASA to publish).
/// - When the cache is behind, the widget fetches today's picture itself, but not if it (or the
///   app) already asked within `retryInterval`: a picture not published yet is asked for again
///   after that interval, never in a loop. The next reload is then `retryInterval` after the last
///   attempt, or the next day's start if that comes first.
/// - A reload is never planned sooner than `minimumReload` after now (WidgetKit's budget).
public struct WidgetTimelinePolicy: Sendable {
  /// What the widget draws.
  public enum Entry: Sendable, Equatable {
    /// The day's picture, or a video's thumbnail.
    case picture(APODDay, title: String, imageURL: URL)
    /// A day with nothing to draw (an interactive page, a video without a thumbnail).
    case placeholder(APODDay, title: String)
    /// Nothing saved yet.
    case openTheApp
  }

  /// The decision for one timeline request.
  public struct Plan: Sendable, Equatable {
    public let entry: Entry
    /// Whether to ask NASA for today's picture before drawing.
    public let fetchesFirst: Bool
    /// When WidgetKit should ask again.
    public let reloadAt: Date
  }

  public var retryInterval: TimeInterval = 30 * 60
  public var dayStartMargin: TimeInterval = 5 * 60
  public var minimumReload: TimeInterval = 15 * 60

  public init() {}

  /// - Parameters:
  ///   - newest: the newest day in the shared cache, if any.
  ///   - now: the current instant.
  ///   - nextDayBegins: when the next APOD day begins (midnight in New York after `now`).
  ///   - lastAttempt: when the widget or the app last asked NASA for today without getting it.
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
