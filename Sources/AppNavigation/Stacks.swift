import NASA

/// The app's tabs, in order.
public enum AppTab: String, Sendable, Hashable, CaseIterable {
  case today, explore, favorites, profile
}

/// A day's detail pushed on a tab's stack: the day it was opened on and the day it shows now.
///
/// The tab's `NavigationStack(path:)` renders the days opened on (`DetailStack.path`), which never
/// change while the user swipes: rewriting a path element would make the system replace the
/// detail on screen (and its swipes) with a new one. What the user is looking at is `shown`.
public struct PushedDay: Sendable, Hashable, Identifiable {
  /// This opening, unique in the app's run: a link that opens the detail on top again, even on the
  /// same day, is a new opening (the view starts that detail afresh), and a report from the detail
  /// as it was opened before names the old one (`AppNavigation.detailSwiped(_:to:)`).
  public let id: Int
  /// The day the detail was opened on (what the navigation stack's path holds).
  public let opened: APODDay
  /// The day it shows: the day opened on until the user swipes to another.
  public internal(set) var shown: APODDay

  init(id: Int, opened: APODDay) {
    self.id = id
    self.opened = opened
    self.shown = opened
  }
}

/// The details pushed on a tab, bottom first.
public struct DetailStack: Sendable, Equatable {
  public internal(set) var entries: [PushedDay] = []

  public init() {}

  /// The days the details were opened on, bottom first: what `NavigationStack(path:)` renders and
  /// reports back (`AppNavigation.stackMoved(on:to:)`). A swipe never changes it.
  public var path: [APODDay] { entries.map(\.opened) }

  /// The days the details show, bottom first (a swipe changes the top one).
  public var shown: [APODDay] { entries.map(\.shown) }

  /// The day the detail on top shows, or nil at the root.
  public var top: APODDay? { entries.last?.shown }

  public var isEmpty: Bool { entries.isEmpty }
}

/// What Explore's root shows.
public enum ExploreRoot: Sendable, Equatable {
  /// The grid of recent days and the date picker.
  case grid
  /// The search results over the saved days.
  case searchResults
}

/// Explore's stack: the grid or the search results at the root, then the day details pushed above
/// it. A swipe in a detail changes the day that detail shows; it pushes nothing and leaves the
/// path the navigation stack renders as it was.
public struct ExploreStack: Sendable, Equatable {
  public var root: ExploreRoot
  /// The day details pushed.
  public internal(set) var details = DetailStack()

  public init(root: ExploreRoot = .grid) {
    self.root = root
  }

  /// The days the details were opened on, bottom first (what `NavigationStack(path:)` renders).
  public var path: [APODDay] { details.path }
  /// The days the details show, bottom first.
  public var shown: [APODDay] { details.shown }
  /// The day the detail on top shows, or nil at the root.
  public var top: APODDay? { details.top }
}

/// Favorites' stack: the list at the root, then a favorite's detail (by its day), which swipes to
/// other days as Explore's does.
public struct FavoritesStack: Sendable, Equatable {
  /// The favorites' details pushed.
  public internal(set) var details = DetailStack()

  public init() {}

  /// The days the details were opened on, bottom first (what `NavigationStack(path:)` renders).
  public var path: [APODDay] { details.path }
  /// The days the details show, bottom first.
  public var shown: [APODDay] { details.shown }
  /// The day the detail on top shows, or nil on the list.
  public var top: APODDay? { details.top }
}

/// What is presented in front of the tabs. One at a time: presenting another replaces it.
public enum Sheet: Sendable, Hashable {
  /// The full-screen picture viewer of a day.
  case viewer(APODDay)
  /// The video player of a day.
  case video(APODDay)
  /// The share sheet of a day.
  case share(APODDay)

  /// The phone may turn while this is in front (a picture or a video fills a landscape screen).
  public var allowsLandscape: Bool {
    switch self {
    case .viewer, .video: true
    case .share: false
    }
  }
}

/// What is on screen (`AppNavigation.onScreen`).
public struct OnScreen: Sendable, Equatable {
  public var tab: AppTab
  /// The detail on top of the tab's stack, nil at its root (Today and Profile have none).
  public var detail: PushedDay?
  /// The sheet in front, as its view presented it (a viewer swiped to other days stays the same).
  public var sheet: Sheet?
}
