import Basics
import Foundation
import NASA
import Networking

/// Runs `WidgetTimelinePolicy` against the APOD cache the app fills: what the widget's timeline
/// provider calls, so every decision is here and tested.
///
/// Rules:
/// - The entry comes from the cache alone (`APODRepository.today(.cacheOnly)`): no request when
///   the saved day is the current one.
/// - A fetch happens only when the policy asks for one, and goes through the repository's own
///   `today(.automatic)`, so the widget asks NASA no more than the app's rules allow (a day saved
///   once is never asked again; an unpublished today is asked again only after the recheck).
/// - The last ask for today counts whoever made it: the app's (the repository's record of a
///   today not published yet) or the widget's own, saved in `attempts` before asking, so a
///   failing or offline ask is not repeated by every reload, nor by another widget process.
/// - Concurrent loads (one per widget size on the home screen) share one run.
/// - A snapshot (`snapshot()`, what WidgetKit shows at once) reads the cache only: the newest saved
///   day, else "open the app"; it never asks NASA and notes no attempt, whatever the policy says.
public actor WidgetTimelineLoader {
  /// What to draw, when to be asked again, and whether this load tried to fetch.
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

  /// - Parameters:
  ///   - repository: over the shared APOD cache (`SharedStorage.apodCache`).
  ///   - attempts: where the widget notes its own asks (the same folder is fine: its key is its own).
  ///   - policy: the timeline rules.
  ///   - clock: says which day is today and when the last attempt was.
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

  /// The widget's next entry and reload time, fetching today's picture first when the cache is
  /// behind and no recent ask is recorded.
  public func load() async -> Outcome {
    if let running { return await running.value }
    let run = Task { await self.run() }
    running = run
    let outcome = await run.value
    running = nil
    return outcome
  }

  /// The entry to show at once: the newest day in the cache, or `.openTheApp` when none is saved.
  /// Never a request, never an attempt noted (the next timeline load decides about fetching).
  public func snapshot() async -> WidgetTimelinePolicy.Entry {
    let cached = try? await repository.today(.cacheOnly)
    return cached.map { WidgetTimelinePolicy.entry(for: $0.apod) } ?? .openTheApp
  }

  /// The entry for a configured widget: a random favorite when the options ask for one and the
  /// shelf allows it (`WidgetFavoritePicker`), remembered in `shelf` so every reload that day shows
  /// the same one, reloaded just after the next APOD day begins; otherwise `load()` (today).
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

  /// The snapshot for a configured widget: the favorite already picked today when the options
  /// ask for one (never a new pick, never a request), else `snapshot()`.
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
    let cached = try? await repository.today(.cacheOnly)
    let ownAttempt = await attempts.value(WidgetAttempt.self, for: Self.attemptKey)
      .flatMap { $0.value.day == today ? $0.savedAt : nil }
    let lastAttempt = [await repository.lastUnansweredTodayCheck(), ownAttempt].compactMap { $0 }.max()
    let plan = policy.plan(
      newest: cached?.apod, now: now, nextDayBegins: nextDayBegins, lastAttempt: lastAttempt)
    guard plan.fetchesFirst else {
      return Outcome(entry: plan.entry, reloadAt: plan.reloadAt, triedToFetch: false)
    }
    // Noted before asking: a widget process ended mid-request still counts as having asked.
    _ = try? await attempts.save(WidgetAttempt(day: today), for: Self.attemptKey)
    let fetched = try? await repository.today(.automatic)
    let after = policy.plan(
      newest: fetched?.apod ?? cached?.apod, now: now, nextDayBegins: nextDayBegins, lastAttempt: now)
    return Outcome(entry: after.entry, reloadAt: after.reloadAt, triedToFetch: true)
  }
}

/// The APOD day the widget last asked for; the cache stamps when.
private struct WidgetAttempt: Codable, Sendable {
  var day: APODDay
}
