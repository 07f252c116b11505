import Basics
import Foundation
import NASA
import Networking

/// A fetch goes through the repository's own `today(.automatic)`, so the widget asks NASA no more
/// than the app's rules allow. The last ask counts whoever made it (the app's record or the widget's
/// own `attempts`), so a failing ask is not repeated by every reload, nor by another widget process.
/// Concurrent loads (one per widget size) share one run.
public actor WidgetTimelineLoader {
  public struct Outcome: Sendable, Equatable {
    public let entry: WidgetTimelinePolicy.Entry
    public let reloadAt: Date
    public let triedToFetch: Bool
  }

  static let attemptKey = "widget-today-attempt"

  private let repository: APODRepository
  private let attempts: JSONDiskCache
  private let policy: WidgetTimelinePolicy
  private let clock: any Clocking
  private var running: Task<Outcome, Never>?

  /// `attempts` may share the folder: its key is its own.
  public init(
    repository: APODRepository, attempts: JSONDiskCache,
    policy: WidgetTimelinePolicy = WidgetTimelinePolicy(),
    clock: any Clocking
  ) {
    self.repository = repository
    self.attempts = attempts
    self.policy = policy
    self.clock = clock
  }

  public func load() async -> Outcome {
    if let running { return await running.value }
    let run = Task { await self.run() }
    running = run
    let outcome = await run.value
    running = nil
    return outcome
  }

  /// Never a request, never an attempt noted: the next timeline load decides about fetching.
  public func snapshot() async -> WidgetTimelinePolicy.Entry {
    await saved().map(WidgetTimelinePolicy.entry(for:)) ?? .openTheApp
  }

  private func saved() async -> APOD? {
    try? await repository.today(.cacheOnly).apod
  }

  /// A favorite never asks NASA: its picture is the one the app pinned.
  public func load(options: WidgetOptions, shelf: WidgetShelfStore) async -> Outcome {
    let now = clock.now
    let choice = WidgetFavoritePicker.choose(
      source: options.source, shelf: shelf.shelf(), today: APODDay.today(now: now), previous: shelf.pick())
    guard case .favorite(let favorite, let pick) = choice else { return await load() }
    if pick != shelf.pick() { try? shelf.write(pick) }
    let nextDay = APODDay.startOfNextDay(after: now).addingTimeInterval(policy.dayStartMargin)
    return Outcome(
      entry: favorite.entry, reloadAt: max(nextDay, now.addingTimeInterval(policy.minimumReload)),
      triedToFetch: false)
  }

  /// Never a new pick, never a request.
  public func snapshot(options: WidgetOptions, shelf: WidgetShelfStore) async -> WidgetTimelinePolicy.Entry {
    let today = APODDay.today(now: clock.now)
    let choice = WidgetFavoritePicker.choose(
      source: options.source, shelf: shelf.shelf(), today: today, previous: shelf.pick())
    if case .favorite(let favorite, let pick) = choice, pick == shelf.pick() { return favorite.entry }
    return await snapshot()
  }

  private func run() async -> Outcome {
    let now = clock.now
    let today = APODDay.today(now: now)
    let nextDayBegins = APODDay.startOfNextDay(after: now)
    let cached = await saved()
    let ownAttempt = await attempts.value(WidgetAttempt.self, for: Self.attemptKey)
      .flatMap { $0.value.day == today ? $0.savedAt : nil }
    let lastAttempt = [await repository.lastUnansweredTodayCheck(), ownAttempt].compactMap { $0 }.max()
    let plan = policy.plan(newest: cached, now: now, nextDayBegins: nextDayBegins, lastAttempt: lastAttempt)
    guard plan.fetchesFirst, today >= APODDay.first else {
      return Outcome(entry: plan.entry, reloadAt: plan.reloadAt, triedToFetch: false)
    }
    // Noted before asking: a widget process ended mid-request still counts as having asked.
    _ = try? await attempts.save(WidgetAttempt(day: today), for: Self.attemptKey)
    let fetched = try? await repository.today(.automatic)
    let after = policy.plan(
      newest: fetched?.apod ?? cached, now: now, nextDayBegins: nextDayBegins, lastAttempt: now)
    return Outcome(entry: after.entry, reloadAt: after.reloadAt, triedToFetch: true)
  }
}

private struct WidgetAttempt: Codable, Sendable {
  var day: APODDay
}
