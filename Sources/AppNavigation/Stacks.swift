import NASA

/// The app's tabs, in order.
public enum AppTab: String, Sendable, Hashable, CaseIterable {
  case today, explore, favorites, profile
}

/// Today's stack: the current picture at the root, or a day swiped to from it.
public struct TodayStack: Sendable, Equatable {
  /// The day swiped to from the current picture, or nil at the root (the current APOD day).
  public var swipedTo: APODDay?

  public init(swipedTo: APODDay? = nil) { self.swipedTo = swipedTo }

  /// At the root: the current picture, nothing swiped to.
  public var isAtRoot: Bool { swipedTo == nil }
}

/// What Explore's root shows.
public enum ExploreRoot: Sendable, Equatable {
  /// The grid of recent days and the date picker.
  case grid
  /// The search results over the saved days.
  case searchResults
}

/// Explore's stack: the grid or the search results at the root, then the day details pushed above
/// it. A swipe in a detail changes the day on top; it pushes nothing.
public struct ExploreStack: Sendable, Equatable {
  public var root: ExploreRoot
  /// The day details pushed, bottom first (what `NavigationStack(path:)` renders).
  public var path: [APODDay]

  public init(root: ExploreRoot = .grid, path: [APODDay] = []) {
    self.root = root
    self.path = path
  }

  /// The day whose detail is on top, or nil at the root.
  public var top: APODDay? { path.last }
}

/// Favorites' stack: the list at the root, then a favorite's detail (by its day).
public struct FavoritesStack: Sendable, Equatable {
  /// The favorites' details pushed, bottom first.
  public var path: [APODDay]

  public init(path: [APODDay] = []) { self.path = path }

  /// The day whose detail is on top, or nil on the list.
  public var top: APODDay? { path.last }
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
