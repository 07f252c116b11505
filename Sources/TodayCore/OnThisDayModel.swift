import Basics
import Foundation
import ImageCache
import NASA
import Observation
import ViewerCore

public protocol PastDaysSource: Sendable {
  /// The days' answers in the order asked, or nil when the caller was cancelled.
  func load(_ days: [APODDay], policy: FetchPolicy) async -> [DayLoad]?
}

extension APODRepository: PastDaysSource {}

public struct PastYear: Sendable, Hashable, Identifiable {
  public enum Content: Sendable, Hashable {
    case picture(APOD)
    case noPicture
    case failed(APODError)
    case retrying
  }

  public let day: APODDay
  public internal(set) var content: Content

  public var id: APODDay { day }

  // A past year is a glance, not a download: its card shows a picture only if the phone holds it.
  public static let thumbnailSource = ThumbnailSource.savedOnly
  public static let thumbnailSize = ImageSize.thumbnail

  public var thumbnailURL: URL? {
    guard case .picture(let apod) = content else { return nil }
    return apod.imageURL
  }
}

/// Each day stands alone: a failure is kept for that day while the others show. A cancelled load
/// keeps what was shown and does not count the page, so the next call asks it again.
@MainActor @Observable public final class OnThisDayModel {
  public private(set) var list: OnThisDay?
  public private(set) var years: [PastYear] = []
  public private(set) var isLoadingPage = false

  @ObservationIgnored public var opensDay: (@MainActor (APODDay) async -> Void)?

  @ObservationIgnored private var pagesLoaded = 0
  @ObservationIgnored private let source: any PastDaysSource
  @ObservationIgnored private let clock: any Clocking

  public init(source: any PastDaysSource, clock: any Clocking) {
    self.source = source
    self.clock = clock
  }

  public var canLoadMore: Bool {
    guard let list else { return false }
    return !isLoadingPage && pagesLoaded < list.pageCount
  }

  /// True before the first `load()`, so the section is there while its first page loads.
  public var hasPastYears: Bool { list.map { !$0.days.isEmpty } ?? true }

  public var failures: [APODDay: APODError] {
    var failures: [APODDay: APODError] = [:]
    for year in years {
      if case .failed(let error) = year.content { failures[year.day] = error }
    }
    return failures
  }

  public func message(for error: APODError) -> String { error.message(now: clock.now) }

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
