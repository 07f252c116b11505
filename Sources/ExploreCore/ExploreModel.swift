import Basics
import Foundation
import NASA
import Observation
import ScreenCore

/// A day chosen with the date picker on the Explore screen.
public enum PickedDay: Sendable, Hashable {
  case loading(APODDay)
  case loaded(APODResult)
  /// The day could not be shown (no APOD that day, offline and not saved…), with a sentence why.
  case failed(APODDay, message: String)
}

extension PickedDay {
  /// The day that was picked, whatever its state.
  public var day: APODDay {
    switch self {
    case .loading(let day), .failed(let day, _): day
    case .loaded(let result): result.apod.date
    }
  }
}

/// What the Explore screen shows once it has a list.
public struct ExploreContent: RefreshableContent {
  /// The recent days, newest first, with freshness and when they were cached.
  public var result: ExploreResult
  /// When the screen received `result`: if a later refresh fails, the list is stale since then.
  public var checkedAt: Date
  /// A refresh is under way; the list stays on screen meanwhile.
  public var isRefreshing: Bool
  /// The date picker's day, when one was chosen.
  public var picked: PickedDay?

  public init(result: ExploreResult, checkedAt: Date, isRefreshing: Bool = false, picked: PickedDay? = nil) {
    self.result = result
    self.checkedAt = checkedAt
    self.isRefreshing = isRefreshing
    self.picked = picked
  }

  public var items: [APOD] { result.items }
}

/// The Explore screen: the last N days (default 30), refreshed at most once per APOD day, plus
/// any single day chosen with the date picker.
@MainActor @Observable public final class ExploreModel {
  /// One state for the whole screen (no separate loading and error flags).
  public typealias State = ScreenState<ExploreContent>

  public private(set) var state: State = .idle
  /// How many recent days the list covers.
  public let days: Int
  /// The "Random day" button's draw; nil where it is not offered (previews).
  @ObservationIgnored public var randomDay: RandomDayPicker?

  private let repository: any ExploreSource
  private let clock: any Clocking
  @ObservationIgnored private var reloadedOnReturn: APODDay?

  /// - Parameters:
  ///   - repository: where pictures come from.
  ///   - days: how many recent days to list (default 30).
  ///   - now: the clock used to word messages and check picked days.
  public init(repository: any ExploreSource, days: Int = 30, clock: any Clocking) {
    self.repository = repository
    self.days = max(1, days)
    self.clock = clock
  }

  /// Loads the list: cache first, the network at most once per APOD day.
  public func load() async {
    await fetch(.automatic)
  }

  /// Asks for missing days now. The list stays on screen; a failure keeps it, marked stale.
  public func refresh() async {
    await fetch(.refresh)
  }

  /// Shows one day chosen with the date picker (loading the list first if needed). Days already
  /// saved are shown from the cache; others are fetched once.
  public func loadDay(_ day: APODDay) async {
    if case .idle = state { await load() }
    if case .failed = state { await load() }
    guard case .loaded(var content) = state else { return }
    let pickedBefore = content.picked
    content.picked = .loading(day)
    state = .loaded(content)
    let picked: PickedDay?
    do {
      picked = .loaded(try await repository.apod(for: day, policy: .automatic))
    } catch  where error.isCancellation || Task.isCancelled {
      // Cancelled, not failed: the picker shows what it showed before.
      picked = pickedBefore
    } catch {
      picked = .failed(day, message: error.message(now: clock.now))
    }
    // The list may have been refreshed meanwhile: update only the picked day.
    if case .loaded(var latest) = state, latest.picked == .loading(day) {
      latest.picked = picked
      state = .loaded(latest)
    }
  }

  /// The line above the list: stale (and why) or saved and current; nil when nothing is loaded
  /// or the list was just fetched. "Nothing newer" is said only on the APOD day the list was
  /// checked: on a later one a day may have been published since.
  public var status: ContentStatus? {
    guard case .loaded(let content) = state else { return nil }
    let status = ContentStatus.describing(
      freshness: content.result.freshness, cachedAt: content.result.cachedAt, notice: content.result.notice,
      now: clock.now, notReceived: content.result.notReceived.count,
      asked: APODDay.lastDays(days, endingOn: APODDay.today(now: clock.now)).count)
    if status?.kind == .savedCurrent, APODDay.today(now: content.checkedAt) != APODDay.today(now: clock.now) {
      return nil
    }
    return status
  }

  /// The app came back to the foreground: a list checked on an earlier APOD day, or one that
  /// failed, is loaded again (the network at most once per APOD day: the repository's rule), at
  /// most once per APOD day. A screen not loaded yet loads when it appears.
  public func returnedToForeground() async {
    let today = APODDay.today(now: clock.now)
    switch state {
    case .idle, .loading: return
    case .loaded(let content) where APODDay.today(now: content.checkedAt) >= today: return
    case .loaded, .failed: break
    }
    guard reloadedOnReturn != today else { return }
    reloadedOnReturn = today
    await load()
  }

  /// The sentence of `status`, or nil.
  public var statusMessage: String? { status?.message }

  // MARK: Date picker

  /// The instants the date picker offers: 1995-06-16 through today (US Eastern) at this model's
  /// clock (`APODDay.pickerRange(now:)`). On a clock before 1995-06-16 every saved day is "after
  /// today": through the newest day listed.
  public var pickerRange: ClosedRange<Date> {
    if APODDay.today(now: clock.now) < APODDay.first, case .loaded(let content) = state,
      let newest = content.items.map(\.date).max()
    {
      return APODDay.first.pickerDate...newest.pickerDate
    }
    return APODDay.pickerRange(now: clock.now)
  }

  /// Where the date picker starts: the picked day when there is one, else today (US Eastern),
  /// always inside `pickerRange`.
  public var pickerStartDate: Date {
    let range = pickerRange
    let start: Date
    if case .loaded(let content) = state, let picked = content.picked {
      start = picked.day.pickerDate
    } else {
      let today = APODDay.today(now: clock.now)
      start = today < APODDay.first ? range.upperBound : today.pickerDate
    }
    return min(max(start, range.lowerBound), range.upperBound)
  }

  /// Shows the day the date picker landed on (`APODDay(pickerDate:)`); an instant that is no
  /// calendar day at all is ignored.
  public func loadDay(pickerDate: Date) async {
    guard let day = APODDay(pickerDate: pickerDate) else { return }
    await loadDay(day)
  }

  // MARK: A day's detail

  /// The APOD of `day` when the screen already holds it (a day in the list, or the picker's day
  /// once loaded), so its detail shows at once; nil otherwise (`detail(for:)` loads it).
  public func listedAPOD(_ day: APODDay) -> APOD? {
    guard case .loaded(let content) = state else { return nil }
    if let apod = content.items.first(where: { $0.date == day }) { return apod }
    if case .loaded(let result)? = content.picked, result.apod.date == day { return result.apod }
    return nil
  }

  /// The detail of a day pushed on Explore's stack (a cell, a search result, the picker's row, a
  /// link, a random day): the cache when saved, else fetched once; `.failed` with a sentence why
  /// (no APOD that day, offline and not saved…). A load cancelled (the detail went away) stays
  /// `.loading`: nothing failed. The list and the picker's day are left as they are.
  public func detail(for day: APODDay) async -> PickedDay {
    do {
      return .loaded(try await repository.apod(for: day, policy: .automatic))
    } catch  where error.isCancellation || Task.isCancelled {
      return .loading(day)
    } catch {
      return .failed(day, message: error.message(now: clock.now))
    }
  }

  // MARK: Prefetching

  /// How many days after a cell that comes on screen have their thumbnails prefetched (about
  /// two rows of the grid).
  public static let prefetchDistance = 6

  /// The days whose cells are on screen, as reported by `cellAppeared` / `cellDisappeared`.
  /// Not observed: it changes what is prefetched, never what is drawn.
  @ObservationIgnored private var visibleDays: Set<APODDay> = []

  /// The thumbnails of the `count` days listed after `day` (which scrolling down shows next), in
  /// list order, without duplicates; days without an image are skipped. Empty when `day` is not
  /// in the list or nothing is loaded.
  public func prefetchURLs(after day: APODDay, count: Int = prefetchDistance) -> [URL] {
    var seen = Set<URL>()
    return daysAfter(day, count: count).compactMap(\.imageURL).filter { seen.insert($0).inserted }
  }

  /// The cell of `day` came on screen: returns the thumbnails to prefetch, those after it that
  /// no cell on screen already shows (a cell on screen loads its own image).
  public func cellAppeared(_ day: APODDay) -> [URL] {
    visibleDays.insert(day)
    let shown = Set(items.filter { visibleDays.contains($0.date) }.compactMap(\.imageURL))
    return prefetchURLs(after: day).filter { !shown.contains($0) }
  }

  /// The cell of `day` left the screen: returns the prefetches to cancel, those it asked for
  /// that no cell still on screen shows or wants next. (Scrolling down, the cell leaving at the
  /// top asked for cells still on screen or just below, which the cells on screen still want.)
  public func cellDisappeared(_ day: APODDay) -> [URL] {
    visibleDays.remove(day)
    var stillWanted = Set<URL>()
    for apod in items where visibleDays.contains(apod.date) {
      if let url = apod.imageURL { stillWanted.insert(url) }
      stillWanted.formUnion(prefetchURLs(after: apod.date))
    }
    return prefetchURLs(after: day).filter { !stillWanted.contains($0) }
  }

  private var items: [APOD] {
    if case .loaded(let content) = state { return content.items }
    return []
  }

  private func daysAfter(_ day: APODDay, count: Int) -> ArraySlice<APOD> {
    let items = items
    guard count > 0, let index = items.firstIndex(where: { $0.date == day }) else { return [] }
    return items[(index + 1)...].prefix(count)
  }

  private func fetch(_ policy: FetchPolicy) async {
    guard let start = state.startingLoad() else { return }
    state = start.state
    do {
      let result = try await repository.explore(days: days, policy)
      state = .loaded(
        ExploreContent(result: result, checkedAt: clock.now, picked: latestPicked ?? start.previous?.picked))
    } catch  where error.isCancellation || Task.isCancelled {
      let picked = latestPicked
      state = .afterCancellation(restoring: start.previous)
      if case .loaded(var kept) = state, let picked {
        kept.picked = picked
        state = .loaded(kept)
      }
    } catch {
      // Never blank the screen: keep the list and say why it may be old.
      let picked = latestPicked
      state = .afterFailure(error.message(now: clock.now), keeping: start.previous) { kept in
        kept.result.markFailed(error, lastCurrentAt: kept.checkedAt)
        kept.picked = picked ?? kept.picked
      }
    }
  }

  /// The picked day as it is now (a `loadDay` may have finished during a refresh).
  private var latestPicked: PickedDay? {
    if case .loaded(let content) = state { return content.picked }
    return nil
  }
}
