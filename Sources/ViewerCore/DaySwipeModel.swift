import Basics
import Foundation
import ImageCache
import NASA
import Observation

/// A day swiped to comes from the repository (never fetched twice); its neighbours' previews are
/// prefetched, the direction of travel first. Only the latest swipe counts. Each day is reported as
/// the swipe begins (`dayChanged`), so where the user is never waits for the day to load.
@MainActor @Observable
public final class DaySwipeModel {
  nonisolated public enum Page: Sendable, Equatable {
    case loading(APODDay)
    case loaded(APOD)
    case failed(APODDay, message: String)

    public var day: APODDay {
      switch self {
      case .loading(let day), .failed(let day, _): day
      case .loaded(let apod): apod.date
      }
    }
  }

  nonisolated public enum Direction: Sendable, Equatable {
    case older
    case newer

    /// At least `minimumDistance` sideways and twice as far sideways as up or down, so scrolling the
    /// explanation never changes the day. Older days lie to the left.
    public init?(dragWidth: Double, height: Double, minimumDistance: Double = 80) {
      guard abs(dragWidth) >= minimumDistance, abs(dragWidth) >= 2 * abs(height) else { return nil }
      self = dragWidth > 0 ? .older : .newer
    }

    /// How far from the screen's leading edge (in points) a drag belongs to the navigation
    /// stack's Back swipe, which starts at that edge: wider than the system's edge zone, so a Back
    /// swipe is never read as a day swipe too.
    public static let leadingEdgeWidth: Double = 30

    /// Nothing for a drag that began within `leadingEdgeWidth` of the leading edge: that is the system's
    /// Back swipe. (The full-screen viewer has no Back swipe.)
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
  @ObservationIgnored private var prefetching: [URL] = []

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

  public var navigation: DayNavigation {
    DayNavigation(day: page.day, today: APODDay.today(now: clock.now))
  }

  public func start() async {
    await prefetchNeighbours(of: page.day, movingForward: false)
  }

  public func stop() async {
    let urls = prefetching
    prefetching = []
    await images.cancelPrefetch(urls)
  }

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
