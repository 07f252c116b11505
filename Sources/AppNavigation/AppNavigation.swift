import Basics
import Foundation
import NASA
import Observation
import ViewerCore

/// Where the user is and what is in front of them, as data: the selected tab, each tab's stack, the
/// sheet in front, the paywall slot, the messages waiting, and the orientations allowed. Views
/// render it (`TabView(selection:)`, `NavigationStack(path:)`, sheets and alerts from it) and report
/// gestures; every rule about where the app goes lives here.
///
/// Routing rules (`open(_:)`: links, the daily reminder, the App Shortcut, a Spotlight result):
/// - The current APOD day (`DeepLink.today`, or a day link naming today) → the Today tab at its root.
/// - Another day → Explore, that day's detail pushed above whatever was there, or replacing a day
///   detail already on top (a second link never stacks details).
/// - Either way the sheet in front closes (the destination must be visible); a paywall stays.
/// - An unknown link → nothing changes (`open(url:)` returns false).
///
/// Orientation rules: landscape is allowed while the viewer or a video is in front, portrait
/// otherwise. Every change that ends landscape returns `.returnToPortrait` and already answers
/// portrait, so the view asks the system to turn upright *before* it animates the dismissal.
@MainActor
@Observable
public final class AppNavigation {
  /// The tab shown.
  public var tab: AppTab = .today
  public var today = TodayStack()
  public var explore = ExploreStack()
  public var favorites = FavoritesStack()
  /// What is presented in front of the tabs, or nil.
  public private(set) var sheet: Sheet? {
    didSet { if sheet == nil { openedAs = nil } }
  }
  /// The sheet as it was presented (its day is the one it opened on), kept while the viewer or the
  /// video swipes to other days: the view that presented it keeps showing it (`isShowing(_:)`).
  public private(set) var openedAs: Sheet?
  /// A paywall (presented by UIKit over everything) is up or loading: messages wait. Either
  /// reported (`paywallWillAppear()`) or read from the paywall flow (`paywallShowing`).
  public var isPaywallUp: Bool { paywallReported || paywallShowing() }
  private var paywallReported = false
  @ObservationIgnored private let paywallShowing: @MainActor () -> Bool

  private var messages = MessageQueue()
  @ObservationIgnored private let clock: any Clocking

  /// - Parameters:
  ///   - now: the clock that says which APOD day is the current one.
  ///   - paywallShowing: whether the app's paywall flow has a paywall up or loading (observable
  ///     reads, so a view showing `message` follows it).
  public init(
    clock: any Clocking, paywallShowing: @escaping @MainActor () -> Bool = { false }
  ) {
    self.clock = clock
    self.paywallShowing = paywallShowing
  }

  // MARK: Messages

  /// The message to show now: the oldest waiting, never while a paywall is up.
  public var message: Message? { isPaywallUp ? nil : messages.waiting.first }

  /// The messages not yet dismissed, oldest first (the one in front included).
  public var waitingMessages: [Message] { messages.waiting }

  /// Queues a message; it shows after the ones before it (and after a paywall closes).
  public func enqueue(title: String, text: String) {
    messages.enqueue(title: title, text: text)
  }

  /// Takes a waiting message with this title and text out of the queue (its reason is gone).
  public func withdraw(title: String, text: String) {
    messages.withdraw(title: title, text: text)
  }

  /// The user dismissed `id`. A message no longer in front changes nothing.
  public func dismissMessage(_ id: Message.ID) {
    messages.dismiss(id)
  }

  // MARK: The paywall slot

  /// A paywall is about to be presented over everything.
  public func paywallWillAppear() { paywallReported = true }

  /// The paywall is gone: waiting messages may show.
  public func paywallDidClose() { paywallReported = false }

  // MARK: Sheets and orientation

  /// The orientations allowed now.
  public var allowedOrientations: InterfaceOrientations {
    (sheet?.allowsLandscape ?? false) ? .allButUpsideDown : .portrait
  }

  /// Presents `sheet` in front (replacing one already there). - Returns: what to ask the system.
  @discardableResult
  public func present(_ sheet: Sheet) -> OrientationChange {
    changing {
      self.sheet = sheet
      openedAs = sheet
    }
  }

  /// Whether `sheet`, as its view presented it (on the day it opened on), is the one in front: a
  /// viewer swiped to other days still is; another sheet presented since is not.
  public func isShowing(_ sheet: Sheet) -> Bool {
    self.sheet != nil && openedAs == sheet
  }

  /// Closes the sheet in front. Call it before the dismissal animates: a `.returnToPortrait`
  /// must reach the system first so the tabs never show sideways.
  @discardableResult
  public func dismissSheet() -> OrientationChange {
    changing { sheet = nil }
  }

  /// The view presenting `sheet` (as it presented it) reports it closed (its close button, a
  /// pull, the system). Closes it only while it is the one in front (`isShowing(_:)`, swipes to
  /// other days included): a late report from a sheet a link or another sheet already replaced
  /// changes nothing.
  @discardableResult
  public func dismissSheet(_ sheet: Sheet) -> OrientationChange {
    guard isShowing(sheet) else { return .none }
    return dismissSheet()
  }

  /// The viewer or the video swiped to another day.
  public func sheetSwiped(to day: APODDay) {
    switch sheet {
    case .viewer: sheet = .viewer(day)
    case .video: sheet = .video(day)
    case .share, nil: break
    }
  }

  private func changing(_ change: () -> Void) -> OrientationChange {
    let before = allowedOrientations
    change()
    return OrientationChange(from: before, to: allowedOrientations)
  }

  // MARK: Stacks

  /// Selects `tab`; its stack stays as it was.
  public func select(_ tab: AppTab) { self.tab = tab }

  /// Pushes `day`'s detail on Explore (the user opened a day from the grid, the picker or a result).
  public func openDay(_ day: APODDay) {
    explore.path.append(day)
  }

  /// Pushes the favorite of `day`'s detail on Favorites.
  public func openFavorite(_ day: APODDay) {
    favorites.path.append(day)
  }

  /// The detail on top of the current tab swiped to `day`: it replaces the day shown, pushes nothing.
  public func swipe(to day: APODDay) {
    switch tab {
    case .today: today.swipedTo = day == APODDay.today(now: clock.now) ? nil : day
    case .explore: if !explore.path.isEmpty { explore.path[explore.path.count - 1] = day }
    case .favorites: if !favorites.path.isEmpty { favorites.path[favorites.path.count - 1] = day }
    case .profile: break
    }
  }

  /// Back: pops the top detail of the current tab (Today returns to the current picture).
  public func back() {
    switch tab {
    case .today: today.swipedTo = nil
    case .explore: _ = explore.path.popLast()
    case .favorites: _ = favorites.path.popLast()
    case .profile: break
    }
  }

  /// The view's navigation stack on `tab` moved to `path` (the system wrote it: a Back swipe or
  /// button, a pop to the root, a link in the view pushing a day). Rules:
  /// - a path the current one starts with → popped to it;
  /// - the current path followed by more days → those days pushed;
  /// - anything else changes nothing: the report is stale (the state moved meanwhile, e.g. a link
  ///   replaced the top) and the state wins. Today and Profile have no such stack.
  public func stackMoved(on tab: AppTab, to path: [APODDay]) {
    switch tab {
    case .explore: Self.follow(&explore.path, to: path)
    case .favorites: Self.follow(&favorites.path, to: path)
    case .today, .profile: break
    }
  }

  private static func follow(_ current: inout [APODDay], to reported: [APODDay]) {
    guard reported != current else { return }
    if reported.count < current.count, current.starts(with: reported) {
      current = reported
    } else if reported.count > current.count, reported.starts(with: current) {
      current = reported
    }
  }

  /// Explore's search began (true) or ended (false): the root shows the results or the grid.
  public func searchActive(_ active: Bool) {
    explore.root = active ? .searchResults : .grid
  }

  // MARK: Routing

  /// Opens `url` when it is a Spacer link. - Returns: false, changing nothing, when it is not.
  @discardableResult
  public func open(url: URL) -> Bool {
    guard let link = DeepLink(url: url, now: clock.now) else { return false }
    open(link)
    return true
  }

  /// Goes to `link` (see the routing rules). - Returns: what to ask the system's orientation.
  @discardableResult
  public func open(_ link: DeepLink) -> OrientationChange {
    let current = APODDay.today(now: clock.now)
    return changing {
      sheet = nil
      switch link {
      case .day(let day) where day != current:
        tab = .explore
        if explore.top == nil {
          explore.path.append(day)
        } else {
          explore.path[explore.path.count - 1] = day
        }
      case .today, .day:
        tab = .today
        today = TodayStack()
      }
    }
  }
}
