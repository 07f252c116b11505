import Basics
import Foundation
import NASA

/// Asks the system to redraw the widget: `WidgetCenter.reloadTimelines(ofKind:)` in the app, a
/// recorder in tests.
public protocol WidgetReloading: Sendable {
  /// Asks for new timelines of every widget of `kind` (the widget configuration's kind).
  func reloadTimelines(ofKind kind: String)
}

/// When a day the app saved changes what the widget shows, so the app asks WidgetKit to reload.
///
/// The widget draws the newest saved day its cache-only read finds (today's picture, or the newest
/// day of the week before while today's is not saved). Rules:
/// - A saved day newer than the newest one known reloads the widget; the same day again does not,
///   unless what the widget draws of it changed (a refresh that corrected its picture or title).
/// - An older day never reloads (Explore filling the past, a day opened from the date picker), nor
///   a day the widget can never show: after today, or more than `window` days before it.
/// - Loads that read the cache save nothing, so they never reload: one reload per new picture,
///   never one per load.
public struct WidgetReloadRule: Sendable, Equatable {
  /// The widget's kind, as its configuration declares it; the app names it to reload.
  public static let widgetKind = "SpacerAPODWidget"
  /// How far back the widget's cache-only today looks for a day to show (the repository's
  /// fallback search: the week before today).
  public static let window = 7

  /// The newest day the widget shows or will show on its next reload, when known.
  public private(set) var newest: APOD?

  /// - Parameter newest: the day the widget shows now, when known.
  public init(newest: APOD?) {
    self.newest = newest
  }

  /// Whether saving `apod` changes what the widget shows, `today` being the current APOD day; the
  /// day is remembered when it does.
  public mutating func saved(_ apod: APOD, today: APODDay) -> Bool {
    guard apod.date <= today, apod.date.distance(to: today) <= Self.window else { return false }
    if let newest {
      guard apod.date >= newest.date else { return false }
      if apod.date == newest.date,
        WidgetTimelinePolicy.entry(for: apod) == WidgetTimelinePolicy.entry(for: newest)
      {
        return false
      }
    }
    newest = apod
    return true
  }

  /// The day the widget shows, read after saves may already have been counted: a newer day saved
  /// meanwhile is kept.
  public mutating func learn(_ shown: APOD) {
    if let newest, newest.date >= shown.date { return }
    newest = shown
  }
}

/// Watches the days a repository saves and asks WidgetKit to redraw the widget when
/// `WidgetReloadRule` says a save changed what it shows.
///
/// Telling happens while the repository saves (`APODSaveFeed`): cheap and synchronous, so a load
/// never waits for it, and the reload is asked by the time the load returns. The app keeps one for
/// its lifetime; when it goes away it stops listening.
public final class WidgetRefresher: Sendable {
  private let rule = Locked(WidgetReloadRule(newest: nil))
  private let repository: APODRepository
  private let reloader: any WidgetReloading
  private let clock: any Clocking

  /// - Parameters:
  ///   - repository: the app's repository over the cache the widget reads.
  ///   - reloader: WidgetKit's widget center.
  ///   - clock: says which day is today.
  public init(
    repository: APODRepository, reloader: any WidgetReloading,
    clock: any Clocking
  ) {
    self.repository = repository
    self.reloader = reloader
    self.clock = clock
    repository.saves.observe { [weak self] apod in
      guard let self else { return false }
      self.didSave(apod)
      return true
    }
  }

  /// Reads the day the widget shows now, from the cache alone (no request), so that only a newer
  /// day saved later reloads it. Until this returns, the first day the widget could show reloads.
  public func start() async {
    guard let shown = try? await repository.today(.cacheOnly).apod else { return }
    rule.withLock { $0.learn(shown) }
  }

  private func didSave(_ apod: APOD) {
    let today = APODDay.today(now: clock.now)
    let reloads = rule.withLock { $0.saved(apod, today: today) }
    if reloads { reloader.reloadTimelines(ofKind: WidgetReloadRule.widgetKind) }
  }
}
