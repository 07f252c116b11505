import Basics
import Foundation
import NASA
import Observation

/// What Today's "On this day in past years" needs from the APOD repository: a page of days through
/// the per-day route (saved days from the cache, the rest fetched once and saved).
public protocol PastDaysSource: Sendable {
  /// The days' answers in the order asked, or nil when the caller was cancelled.
  func load(_ days: [APODDay], policy: FetchPolicy) async -> [DayLoad]?
}

extension APODRepository: PastDaysSource {}

/// One past year of "On this day": the day, and what loading it gave.
public struct PastYear: Sendable, Hashable, Identifiable {
  public enum Content: Sendable, Hashable {
    /// That day's picture (or video, or page).
    case picture(APOD)
    /// NASA has no APOD for that day.
    case noPicture
    /// Loading failed, and why; tapping it tries again.
    case failed(APODError)
    /// A failed day is being tried again.
    case retrying
  }

  public let day: APODDay
  public internal(set) var content: Content

  public var id: APODDay { day }
}

/// Today's "On this day in past years": the same calendar day in each earlier year from 1995
/// (`OnThisDay`'s rules), loaded lazily a page of `OnThisDay.pageSize` days at a time.
///
/// Rules:
/// - `load()` loads the first page for the current APOD day (the injected clock's); on a new APOD
///   day the list starts again for that day. Later pages load only on `loadMore()`.
/// - One page at a time: a call while a page is loading does nothing.
/// - Each day stands alone: a failure (or an answer holding another day) is kept for that day
///   (`failures`) while the others show; `retry(_:)` asks that day again.
/// - A cancelled load (the screen went away) keeps what was shown and does not count the page, so
///   the next call asks it again.
/// - A tap on a day (`tap(_:)`) opens it when it has a picture (through `opensDay`, the app's
///   navigation), tries again when it failed, and does nothing otherwise.
@MainActor @Observable public final class OnThisDayModel {
  /// The list of past days for the current APOD day; nil before the first `load()`.
  public private(set) var list: OnThisDay?
  /// The past years loaded so far, newest first.
  public private(set) var years: [PastYear] = []
  /// A page is being fetched.
  public private(set) var isLoadingPage = false

  /// Opens a day (set by the app: its navigation, as a link to that day would).
  @ObservationIgnored public var opensDay: (@MainActor (APODDay) async -> Void)?

  @ObservationIgnored private var pagesLoaded = 0
  @ObservationIgnored private let source: any PastDaysSource
  @ObservationIgnored private let clock: any Clocking

  /// - Parameters:
  ///   - source: the repository (the per-day route, cached).
  ///   - clock: says which APOD day is today, and words failure messages.
  public init(source: any PastDaysSource, clock: any Clocking) {
    self.source = source
    self.clock = clock
  }

  /// More pages remain and none is loading.
  public var canLoadMore: Bool {
    guard let list else { return false }
    return !isLoadingPage && pagesLoaded < list.pageCount
  }

  /// Whether the archive holds this calendar day in any earlier year (false on its first year);
  /// true before the first `load()`, so the section is there while its first page loads.
  public var hasPastYears: Bool { list.map { !$0.days.isEmpty } ?? true }

  /// The days whose loading failed, and why.
  public var failures: [APODDay: APODError] {
    var failures: [APODDay: APODError] = [:]
    for year in years {
      if case .failed(let error) = year.content { failures[year.day] = error }
    }
    return failures
  }

  /// The sentence for a failed day.
  public func message(for error: APODError) -> String { error.message(now: clock.now) }

  /// Loads the first page for the current APOD day (again from the start on a new APOD day).
  public func load() async {
    let today = APODDay.today(now: clock.now)
    if list?.today != today {
      list = OnThisDay(today: today)
      years = []
      pagesLoaded = 0
    }
    guard pagesLoaded == 0 else { return }
    await loadMore()
  }

  /// Loads the next page, if any and none is loading.
  public func loadMore() async {
    guard let list, !isLoadingPage, pagesLoaded < list.pageCount else { return }
    let page = list.page(pagesLoaded)
    isLoadingPage = true
    let loads = await source.load(page, policy: .automatic)
    isLoadingPage = false
    guard self.list == list else {
      // A new APOD day began while this page loaded: its own first page is wanted instead.
      if loads != nil { await loadMore() }
      return
    }
    guard let loads, loads.count == page.count else { return }
    years += zip(page, loads).map { day, load in
      PastYear(day: day, content: Self.content(of: load, asked: day))
    }
    pagesLoaded += 1
  }

  /// Asks a failed day again; other days are left alone.
  public func retry(_ day: APODDay) async {
    guard let index = years.firstIndex(where: { $0.day == day }),
      case .failed(let error) = years[index].content
    else { return }
    let list = self.list
    years[index].content = .retrying
    let loads = await source.load([day], policy: .automatic)
    guard self.list == list, let index = years.firstIndex(where: { $0.day == day }) else { return }
    if let load = loads?.first {
      years[index].content = Self.content(of: load, asked: day)
    } else {
      years[index].content = .failed(error)
    }
  }

  /// The user tapped `day`: a picture opens, a failure is tried again, anything else stays.
  public func tap(_ day: APODDay) async {
    guard let year = years.first(where: { $0.day == day }) else { return }
    switch year.content {
    case .picture: await opensDay?(day)
    case .failed: await retry(day)
    case .noPicture, .retrying: break
    }
  }

  private static func content(of load: DayLoad, asked day: APODDay) -> PastYear.Content {
    switch load {
    case .picture(let result) where result.apod.date == day: .picture(result.apod)
    // The repository already refuses another day's answer; kept here so no year shows a wrong day.
    case .picture(let result): .failed(.wrongDay(asked: day, answered: result.apod.date))
    case .noPicture: .noPicture
    case .failed(_, let error): .failed(error)
    }
  }
}
