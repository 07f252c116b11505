import Basics
import Foundation
import NASA
import Observation
import ScreenCore
import ViewerCore

/// What the Today screen shows once it has a picture.
public struct TodayContent: RefreshableContent {
  /// The picture, its freshness, when it was cached, and any notice ("not published yet").
  public var result: APODResult
  /// When the screen received `result`: if a later refresh fails, the picture is stale since then.
  public var checkedAt: Date
  /// A refresh is under way; the picture stays on screen meanwhile.
  public var isRefreshing: Bool

  public init(result: APODResult, checkedAt: Date, isRefreshing: Bool = false) {
    self.result = result
    self.checkedAt = checkedAt
    self.isRefreshing = isRefreshing
  }

  public var apod: APOD { result.apod }
}

/// The Today screen: today's APOD, cache first, never blanking the screen once it has content.
///
/// While the screen stays open it stays current (`stayCurrent()`): it checks again when the
/// next APOD day begins (midnight in New York), or sooner while today's picture is not published
/// yet (the repository's recheck interval); a check that fails is retried no sooner than that
/// interval, so an offline night never spins.
@MainActor @Observable public final class TodayModel {
  /// One state for the whole screen (no separate loading and error flags).
  public typealias State = ScreenState<TodayContent>

  public private(set) var state: State = .idle
  /// "On this day in past years" below the picture; nil where it is not offered (previews).
  public let onThisDay: OnThisDayModel?

  private let repository: any TodaySource
  private let clock: any Clocking
  private let images: ImageModels?
  /// When `stayCurrent` last checked.
  @ObservationIgnored private var lastScheduledCheck: Date?

  /// - Parameters:
  ///   - repository: where pictures come from.
  ///   - clock: words messages ("saved 3 hours ago") and times `stayCurrent()`'s waits.
  ///   - onThisDay: the past years of today's calendar day, shown below the picture.
  ///   - images: where the picture's preview starts loading as soon as the day is known.
  public init(
    repository: any TodaySource, clock: any Clocking, onThisDay: OnThisDayModel? = nil,
    images: ImageModels? = nil
  ) {
    self.repository = repository
    self.clock = clock
    self.onThisDay = onThisDay
    self.images = images
  }

  /// Loads the picture: cache first, the network only when the APOD day has advanced.
  /// With a picture already on screen it stays visible while checking.
  public func load() async {
    await fetch(.automatic)
  }

  /// Checks for a newer picture now (pull to refresh). The current picture stays on screen;
  /// if the check fails it is kept and marked stale with the reason.
  public func refresh() async {
    await fetch(.refresh)
  }

  /// When to check for a newer picture, or nil while nothing is shown: the start of the APOD day
  /// after the one checked, or the recheck interval after a check that found today's picture not
  /// published yet; never sooner than the recheck interval after the last scheduled check.
  public var nextCheck: Date? {
    guard case .loaded(let content) = state else { return nil }
    let recheck = repository.recheckInterval
    var next = APODDay.startOfNextDay(after: content.checkedAt)
    if case .notPublishedYet? = content.result.notice {
      next = min(next, content.checkedAt.addingTimeInterval(recheck))
    }
    if let lastScheduledCheck {
      next = max(next, lastScheduledCheck.addingTimeInterval(recheck))
    }
    return next
  }

  /// The screen appeared: the picture loads, then stays current while the screen is open (the
  /// view's task ends when it goes away).
  public func screenAppeared() async {
    await load()
    await stayCurrent()
  }

  /// Whether `stayCurrent()` is only waiting for the next check (nothing is loading).
  @ObservationIgnored public private(set) var isWaitingForNextCheck = false

  /// Keeps the picture current while the screen is open: sleeps on the clock until `nextCheck`,
  /// loads, and again, until the sleep throws (the task was cancelled: the screen went away) or
  /// nothing is shown.
  public func stayCurrent() async {
    while let next = nextCheck {
      let wait = max(0, next.timeIntervalSince(clock.now))
      isWaitingForNextCheck = true
      do {
        try await clock.sleep(for: .milliseconds(Int64((wait * 1_000).rounded(.up))))
        isWaitingForNextCheck = false
      } catch {
        isWaitingForNextCheck = false
        return
      }
      lastScheduledCheck = clock.now
      await load()
    }
  }

  /// The line above the picture: stale (and why), not published yet, or saved and current;
  /// nil when nothing is loaded or the picture was just fetched.
  public var status: ContentStatus? {
    guard case .loaded(let content) = state else { return nil }
    let result = content.result
    return ContentStatus.describing(
      freshness: result.freshness, cachedAt: result.cachedAt, notice: result.notice, now: clock.now)
  }

  /// The sentence of `status`, or nil.
  public var statusMessage: String? { status?.message }

  private func fetch(_ policy: FetchPolicy) async {
    guard let start = state.startingLoad() else { return }
    state = start.state
    do {
      let result = try await repository.today(policy)
      // Before the state changes: the view this state builds finds its preview on the way.
      images?.warmPreview(of: result.apod)
      state = .loaded(TodayContent(result: result, checkedAt: clock.now))
    } catch  where error.isCancellation || Task.isCancelled {
      state = .afterCancellation(restoring: start.previous)
    } catch {
      // Never blank the screen: keep the picture and say why it may be old.
      state = .afterFailure(error.message(now: clock.now), keeping: start.previous) { kept in
        kept.result.freshness = kept.result.freshness.failed(error, lastCurrentAt: kept.checkedAt)
      }
    }
  }
}
