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
/// - The current APOD day (`DeepLink.today`, or a day link naming today) → the Today tab (the
///   current picture; Today has no stack).
/// - Another day → Explore, that day's detail pushed above whatever was there, or replacing a day
///   detail already on top (a second link never stacks details): a new opening, showing that day,
///   even when the detail on top was opened on it and swiped since.
///
/// Stack rules: a pushed detail keeps the day it was opened on (what the view's navigation stack
/// renders, unchanged while the user swipes) and the day it shows (`PushedDay`); the detail on top
/// reports its swipes (`detailSwiped(_:to:)`).
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
  // Today has no stack: it shows the current picture, whose detail does not swipe between days
  // (the viewer it opens does, as a sheet).
  public private(set) var explore = ExploreStack()
  public private(set) var favorites = FavoritesStack()
  /// The openings so far (each pushed detail's id).
  private var openings = 0
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
  @ObservationIgnored private let dismissed: @MainActor (Message) -> Void

  private var messages = MessageQueue()
  /// The message the OK button dismissed, whose alert the system has not reported closed yet.
  @ObservationIgnored private var answered: Message.ID?
  @ObservationIgnored private let clock: any Clocking

  /// - Parameters:
  ///   - now: the clock that says which APOD day is the current one.
  ///   - paywallShowing: whether the app's paywall flow has a paywall up or loading (observable
  ///     reads, so a view showing `message` follows it).
  ///   - dismissed: told each message the user dismissed, however the alert closed.
  public init(
    clock: any Clocking, paywallShowing: @escaping @MainActor () -> Bool = { false },
    dismissed: @escaping @MainActor (Message) -> Void = { _ in }
  ) {
    self.clock = clock
    self.paywallShowing = paywallShowing
    self.dismissed = dismissed
  }

  // MARK: Messages

  /// The message to show now: the oldest waiting, never while a paywall or a sheet is up (the one
  /// alert is the root view's: under a full-screen cover nobody would see it).
  public var message: Message? { isPaywallUp || sheet != nil ? nil : messages.waiting.first }

  /// The messages not yet dismissed, oldest first (the one in front included).
  public var waitingMessages: [Message] { messages.waiting }

  /// Queues a message; it shows after the ones before it (and after a paywall closes).
  /// - Parameter setback: an error or a refusal, which `ReviewRequests` waits a day after.
  public func enqueue(title: String, text: String, setback: Bool = true) {
    messages.enqueue(title: title, text: text)
    if setback { lastSetback = clock.now }
  }

  /// When a setback was last queued or a paywall last reported (`ReviewRequests` waits a day).
  @ObservationIgnored public private(set) var lastSetback: Date?

  /// Takes a waiting message with this title and text out of the queue (its reason is gone).
  public func withdraw(title: String, text: String) {
    messages.withdraw(title: title, text: text)
  }

  /// The user dismissed `id` (the alert's OK). A message no longer in front changes nothing.
  public func dismissMessage(_ id: Message.ID) {
    guard let front = messages.waiting.first, front.id == id else { return }
    messages.dismiss(id)
    answered = id
    dismissed(front)
  }

  /// The system wrote the alert's `isPresented` (`false`: the alert went away). After an OK the
  /// system writes false too, in whichever order, and by then the next message may be in front:
  /// that write is the OK's echo and changes nothing. A write with no OK before it (the system
  /// closed the alert itself) dismisses the message in front.
  public func alertPresentationWritten(_ isPresented: Bool) {
    guard !isPresented else { return }
    if answered != nil {
      answered = nil
    } else if let front = message {
      dismissMessage(front.id)
      answered = nil
    }
  }

  // MARK: The paywall slot

  /// A paywall is about to be presented over everything.
  public func paywallWillAppear() {
    paywallReported = true
    lastSetback = clock.now
  }

  /// The paywall is gone: waiting messages may show.
  public func paywallDidClose() {
    paywallReported = false
    lastSetback = clock.now
  }

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

  // MARK: What is on screen

  /// What the navigation puts on screen: the tab's screen, the detail on top of its stack (those
  /// under it are hidden, their views kept), and the sheet in front as it was presented. The
  /// views' moments follow it: what appears loads, what goes away lets go.
  public var onScreen: OnScreen {
    OnScreen(tab: tab, detail: stack(of: tab)?.entries.last, sheet: sheet == nil ? nil : openedAs)
  }

  // MARK: Stacks

  /// Selects `tab`; its stack stays as it was.
  public func select(_ tab: AppTab) { self.tab = tab }

  /// Pushes `day`'s detail on Explore (the user opened a day from the grid, the picker or a result).
  public func openDay(_ day: APODDay) {
    explore.details.entries.append(newEntry(day))
  }

  /// Pushes the favorite of `day`'s detail on Favorites.
  public func openFavorite(_ day: APODDay) {
    favorites.details.entries.append(newEntry(day))
  }

  /// The detail opened on `day` on `tab`'s stack (the topmost one, should the day be there twice),
  /// or nil: a detail view finds its entry by the day the stack pushed it with.
  public func detail(on tab: AppTab, openedOn day: APODDay) -> PushedDay? {
    stack(of: tab)?.entries.last { $0.opened == day }
  }

  /// The detail `entry` (as it was opened) swiped to `day`: while it is the detail on top of its
  /// tab's stack, it shows `day` now. The path the navigation stack renders is left as it was
  /// (the detail on screen stays), and nothing is pushed. A report from a detail no longer on top
  /// (popped, replaced by a link, another pushed above it) changes nothing.
  /// - Returns: whether the state moved.
  @discardableResult
  public func detailSwiped(_ entry: PushedDay.ID, to day: APODDay) -> Bool {
    if explore.details.entries.last?.id == entry {
      explore.details.entries[explore.details.entries.count - 1].shown = day
      return true
    }
    if favorites.details.entries.last?.id == entry {
      favorites.details.entries[favorites.details.entries.count - 1].shown = day
      return true
    }
    return false
  }

  /// Back: pops the top detail of the current tab (Today and Profile have none).
  public func back() {
    switch tab {
    case .explore: _ = explore.details.entries.popLast()
    case .favorites: _ = favorites.details.entries.popLast()
    case .today, .profile: break
    }
  }

  /// The view's navigation stack on `tab` moved to `path`, the days its details were opened on
  /// (the system wrote it: a Back swipe or button, a pop to the root, a link in the view pushing a
  /// day). Rules:
  /// - a path the current one starts with → popped to it (the details left keep the days they
  ///   show);
  /// - the current path followed by more days → those days pushed;
  /// - anything else changes nothing: the report is stale (the state moved meanwhile, e.g. a link
  ///   replaced the top) and the state wins. Today and Profile have no such stack.
  public func stackMoved(on tab: AppTab, to path: [APODDay]) {
    switch tab {
    case .explore: follow(&explore.details, to: path)
    case .favorites: follow(&favorites.details, to: path)
    case .today, .profile: break
    }
  }

  private func follow(_ stack: inout DetailStack, to reported: [APODDay]) {
    let current = stack.path
    guard reported != current else { return }
    if reported.count < current.count, current.starts(with: reported) {
      stack.entries.removeLast(current.count - reported.count)
    } else if reported.count > current.count, reported.starts(with: current) {
      stack.entries += reported.dropFirst(current.count).map(newEntry)
    }
  }

  private func stack(of tab: AppTab) -> DetailStack? {
    switch tab {
    case .explore: explore.details
    case .favorites: favorites.details
    case .today, .profile: nil
    }
  }

  /// A new opening of `day`'s detail (its own id).
  private func newEntry(_ day: APODDay) -> PushedDay {
    openings += 1
    return PushedDay(id: openings, opened: day)
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
  /// - Parameter todayShows: the day on Today's screen: before NASA publishes, the day before the
  ///   current one, which the widget shows and links to as well.
  @discardableResult
  public func open(_ link: DeepLink, todayShows: APODDay? = nil) -> OrientationChange {
    let current = APODDay.today(now: clock.now)
    return changing {
      sheet = nil
      switch link {
      case .day(let day) where day != current && day != todayShows:
        tab = .explore
        // A new opening either way: the detail on top, even opened on `day` and swiped since,
        // starts afresh on `day`.
        if !explore.details.isEmpty { explore.details.entries.removeLast() }
        explore.details.entries.append(newEntry(day))
      case .today, .day:
        tab = .today
      }
    }
  }
}
