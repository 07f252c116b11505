import Basics
import Foundation
import ImageCache
import NASA
import Observation

/// Swiping left and right between days in the detail and the full-screen viewer.
///
/// Rules:
/// - Days run from 1995-06-16 to today, US Eastern (`DayNavigation`): a swipe past either end does
///   nothing and says so (`swipe` returns false).
/// - The day swiped to comes from the repository: the cache when saved, else fetched once and
///   saved (a day is never fetched twice). A day without a picture, or that cannot be fetched now,
///   shows why; the user can swipe on.
/// - After each day is shown, its neighbours' previews are prefetched through the image pipeline,
///   the one in the direction of travel first; the neighbours of the day left behind that are no
///   longer neighbours stop prefetching. A day without an image has nothing to prefetch.
/// - Only the latest swipe counts: a slow answer for a day swiped past is not shown.
/// - Each day a swipe moves to is reported as the swipe begins (`dayChanged`, given by whoever
///   made the model: a pushed detail reports to the navigation state), so where the user is never
///   waits for the day to load.
@MainActor @Observable
public final class DaySwipeModel {
  /// The page on screen.
  nonisolated public enum Page: Sendable, Equatable {
    case loading(APODDay)
    case loaded(APOD)
    /// The day cannot be shown now, with a sentence why.
    case failed(APODDay, message: String)

    public var day: APODDay {
      switch self {
      case .loading(let day), .failed(let day, _): day
      case .loaded(let apod): apod.date
      }
    }
  }

  /// A swipe's direction in time.
  nonisolated public enum Direction: Sendable, Equatable {
    case older
    case newer

    /// The direction a finished drag asks for, or nil when it is no swipe: it must go at least
    /// `minimumDistance` points sideways and at least twice as far sideways as up or down, so
    /// scrolling the explanation or a hesitant touch never changes the day. Days lie as on a
    /// timeline, older to the left: a drag to the right shows the day before.
    public init?(dragWidth: Double, height: Double, minimumDistance: Double = 80) {
      guard abs(dragWidth) >= minimumDistance, abs(dragWidth) >= 2 * abs(height) else { return nil }
      self = dragWidth > 0 ? .older : .newer
    }

    /// How far from the screen's leading edge (in points) a drag belongs to the navigation
    /// stack's Back swipe, which starts at that edge: wider than the system's edge zone, so a Back
    /// swipe is never read as a day swipe too.
    public static let leadingEdgeWidth: Double = 30

    /// The direction a finished drag in a day's detail asks for, or nil: nothing for a drag that
    /// began less than `leadingEdgeWidth` points from the leading edge (`startX`, measured from
    /// it) — that drag is the system's Back swipe, which leaves the detail, and must not change
    /// the day as well — otherwise `init(dragWidth:height:minimumDistance:)`'s rule.
    ///
    /// The full-screen viewer has no Back swipe and uses `init(dragWidth:height:minimumDistance:)`.
    public init?(
      detailDragFrom startX: Double, dragWidth: Double, height: Double, minimumDistance: Double = 80
    ) {
      guard startX >= Self.leadingEdgeWidth else { return nil }
      self.init(dragWidth: dragWidth, height: height, minimumDistance: minimumDistance)
    }
  }

  public private(set) var page: Page

  private let repository: APODRepository
  private let images: ImagePipeline
  private let previewSize: ImageSize
  private let clock: any Clocking
  @ObservationIgnored private let dayChanged: (@MainActor (APODDay) -> Void)?
  /// The previews asked for the current neighbours (cancelled when they stop being neighbours).
  @ObservationIgnored private var prefetching: [URL] = []

  /// - Parameters:
  ///   - apod: the day the detail or the viewer opened on.
  ///   - repository: where other days come from.
  ///   - images: the pipeline that prefetches the neighbours' previews.
  ///   - previewSize: the size the detail shows first (the pipeline keys images by size).
  ///   - now: the clock that says which day is today.
  ///   - dayChanged: told each day a swipe moves to, as the swipe begins (nil: nobody is told).
  public init(
    apod: APOD, repository: APODRepository, images: ImagePipeline, previewSize: ImageSize = .preview,
    clock: any Clocking, dayChanged: (@MainActor (APODDay) -> Void)? = nil
  ) {
    self.page = .loaded(apod)
    self.repository = repository
    self.images = images
    self.previewSize = previewSize
    self.clock = clock
    self.dayChanged = dayChanged
  }

  /// Where a swipe can go from the day on screen.
  public var navigation: DayNavigation {
    DayNavigation(day: page.day, today: APODDay.today(now: clock.now))
  }

  /// The screen appeared: prefetch the first neighbours' previews (older first).
  public func start() async {
    await prefetchNeighbours(of: page.day, movingForward: false)
  }

  /// The screen went away: stop prefetching for it.
  public func stop() async {
    let urls = prefetching
    prefetching = []
    await images.cancelPrefetch(urls)
  }

  /// Moves one day `direction`; false when there is no day that way (before 1995-06-16, after
  /// today), and then nothing changes.
  @discardableResult
  public func swipe(_ direction: Direction) async -> Bool {
    let navigation = navigation
    guard let target = direction == .older ? navigation.older : navigation.newer else { return false }
    page = .loading(target)
    dayChanged?(target)
    let shown: Page
    do {
      shown = .loaded(try await repository.apod(for: target).apod)
    } catch {
      // The view went away mid-swipe: leave the page loading; nothing failed.
      if case .network(.cancelled) = error { return true }
      if Task.isCancelled { return true }
      shown = .failed(target, message: error.message(now: clock.now))
    }
    // A later swipe moved on: its own answer is the one to show.
    guard page == .loading(target) else { return true }
    page = shown
    await prefetchNeighbours(of: target, movingForward: direction == .newer)
    return true
  }

  /// Prefetches the previews of `day`'s neighbours, unless the user has moved on meanwhile.
  private func prefetchNeighbours(of day: APODDay, movingForward: Bool) async {
    var urls: [URL] = []
    for neighbour in DayNavigation(day: day, today: APODDay.today(now: clock.now)).prefetch(
      movingForward: movingForward)
    {
      guard page.day == day else { return }
      guard let apod = try? await repository.apod(for: neighbour).apod,
        let url = apod.imageURL ?? apod.hdImageURL
      else { continue }
      urls.append(url)
    }
    guard page.day == day else { return }
    let stale = prefetching.filter { !urls.contains($0) }
    prefetching = urls
    if !stale.isEmpty { await images.cancelPrefetch(stale) }
    if !urls.isEmpty { await images.prefetch(urls, size: previewSize) }
  }
}
