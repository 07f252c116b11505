import Basics
import Foundation
import NASA

public protocol WidgetReloading: Sendable {
  func reloadTimelines(ofKind kind: String)
}

/// One reload per new picture, never one per load: a saved day newer than the newest known reloads,
/// the same day only when what the widget draws of it changed, an older day or one outside the
/// widget's `window` never.
public struct WidgetReloadRule: Sendable, Equatable {
  /// As the widget's configuration declares it.
  public static let widgetKind = "SpacerAPODWidget"
  /// The repository's fallback search for a cache-only today: the week before today.
  public static let window = 7

  public private(set) var newest: APOD?

  public init(newest: APOD?) {
    self.newest = newest
  }

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

  /// Read after saves may already have been counted: a newer day saved meanwhile is kept.
  public mutating func learn(_ shown: APOD) {
    if let newest, newest.date >= shown.date { return }
    newest = shown
  }
}

/// Told while the repository saves (`APODSaveFeed`): cheap and synchronous, so a load never waits
/// for it, and the reload is asked by the time the load returns.
public final class WidgetRefresher: Sendable {
  private let rule = Locked(WidgetReloadRule(newest: nil))
  private let repository: APODRepository
  private let reloader: any WidgetReloading
  private let clock: any Clocking

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

  /// Until this returns, the first day the widget could show reloads.
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
