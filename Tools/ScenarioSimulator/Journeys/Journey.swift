import APODSearch
import Foundation
import NASA
import TestServer

/// The APOD world of a journey (`start.apod`): the demo server's sample data, as the app fetches
/// it, and what the device has saved before the first frame.
public struct ScenarioAPODStart: Sendable, Equatable {
  /// Which NASA service the app asks (`auto`: apod-basic first, as the app does).
  public var service: APODSourceChoice = .auto
  /// The server answers every day with this day's picture (a stale CDN, a misrouted proxy).
  public var wrongDay: APODDay?
  /// What the legacy address (v1) answers: `feedsPage` is the feed's newest page, whatever was asked.
  public var legacyAnswers: DemoServer.LegacyAnswer = .v1
  /// The server holds every answer until the scenario's clock has moved on this many seconds.
  public var slow: TimeInterval?
  /// Days saved on the device before the first frame (fetched through the app's own stack).
  public var saved: [APODDay] = []
  /// The last N days saved on the device before the first frame (Explore's list).
  public var savedRecentDays: Int?
  /// Pictures the picture server answers with a 404 page: any picture whose path and query
  /// (`/host/path?w=2048&…`) contains one of these.
  public var missingPictures: [String] = []
  /// Pictures the picture server holds for `APODWorld.pictureHold` of the scenario's time, far
  /// past the app's image deadline (60 s, measured on the device's clock): any picture whose path
  /// and query contains one of these.
  public var heldPictures: [String] = []
  /// The favorites store was found damaged at start-up and set aside: the app announces it in
  /// the message queue as soon as its model exists, as the app's start-up does
  /// (`AppModel.announceFavoritesStore`).
  public var favoritesStoreSetAside = false

  public init() {}
}

/// The tabs of the app, by the names journeys use.
public enum JourneyTab: String, Sendable, Equatable, CaseIterable {
  case today, explore, favorites, profile
}

/// A step that drives the app as a user does (a journey): the screens' own models, as the views
/// call them.
public enum JourneyStep: Sendable, Equatable {
  /// The tab bar: the tab's screen appears (its `.task` loads it).
  case selectTab(JourneyTab)
  /// Pull to refresh on the tab in front (Today or Explore).
  case refresh
  /// Explore's date picker lands on a day; its detail opens when it can be shown.
  case openDay(APODDay)
  /// Explore's search field (and the filter, when given).
  case search(String, filter: APODMediaFilter?)
  /// A search result is tapped: its detail opens.
  case openResult(APODDay)
  /// A day swipe in the detail in front, made as `gesture` says.
  case swipe(DaySwipeDirection, gesture: SwipeGesture)
  /// The picture of the detail in front opens full screen.
  case openViewer
  /// The full-screen viewer closes.
  case closeViewer
  /// Back: the detail on top goes away.
  case back
  /// The app goes to the background (home screen).
  case background
  /// A saved favorite is tapped on the Favorites tab: its detail opens and loads the full day.
  case openFavorite(APODDay)
  /// The system opens a URL in the app (`onOpenURL`): routed by `AppNavigation`.
  case openLink(String)
  /// A tap on the widget showing `day`: its link (`DeepLink.url(for:)`, as the widget writes it).
  case tapWidget(APODDay)
  /// The app is not running; a link (a widget tap, a URL) starts it. The link arrives at the App
  /// level before the app's model exists, waits in the process's `LinkInbox`, and is applied once
  /// the model attaches, while the app launches.
  case coldLaunchWithLink(String)
  /// The user taps a notification (`reminder`: the daily reminder; any other identifier as is)
  /// the system delivered at `delivered` (nil: now).
  case tapNotification(String, delivered: ScenarioTime?)
  /// The app is not running; a tap on a notification starts it (its response waits in the
  /// process's tap inbox until the app's model attaches).
  case coldLaunchWithNotification(String, delivered: ScenarioTime?)
  /// A tap on the cell of `day` in Explore's grid: its detail is pushed.
  case tapCell(APODDay)
  /// The viewer's small HD retry button (shown when HD failed or was let go under the preview).
  case retryHD
  /// The heart on the day in front.
  case toggleHeart
  /// The video of the detail in front plays full screen (the video sheet).
  case playVideo
  /// The video sheet closes.
  case closeVideo
  /// Share on the detail in front: a picture day's picture is fetched, then the share sheet opens
  /// (a failure is a message instead); another day shares its page link through the system.
  case share
  /// The share sheet closes (shared or cancelled).
  case closeShare
  /// Save to Photos from the detail in front, the user answering the add-only permission with
  /// `permission`; the result is told in the message queue.
  case saveToPhotos(PhotosPermission)
  /// The APOD server answers so from now on.
  case setServer(ServerBehaviour)
  /// WidgetKit asks the widget (showing today's picture) for its timeline.
  case widgetReloads
  /// Profile's reminder: its time (hour, minute) and its toggle; a system prompt, if one shows, is
  /// answered with `granted`.
  case setReminder(on: Bool?, time: ClockTime?, granted: Bool)
  /// The user allows or forbids Spacer's notifications in the Settings app.
  case setNotificationsAllowed(Bool)
  /// The system delivers the pending reminder request that rings first (the clock moves to it).
  case ringReminder

  /// A short label for the transcript.
  public var title: String {
    switch self {
    case .selectTab(let tab): "select the \(tab.rawValue) tab"
    case .refresh: "pull to refresh"
    case .openDay(let day): "pick \(day.iso) in Explore's date picker"
    case .search(let query, let filter):
      "search \"\(query)\"" + (filter.map { " (filter: \($0.rawValue))" } ?? "")
    case .openResult(let day): "open the search result \(day.iso)"
    case .swipe(let direction, let gesture):
      "swipe to the \(direction == .older ? "day before" : "day after")"
        + (gesture == .leadingEdgeDrag
          ? ", the drag starting at the leading edge"
          : gesture == .voiceOver ? ", with VoiceOver's action" : "")
    case .openViewer: "open the viewer"
    case .closeViewer: "close the viewer"
    case .back: "back"
    case .background: "go to the background"
    case .openFavorite(let day): "open the favorite \(day.iso)"
    case .openLink(let url): "open the link \(url)"
    case .tapWidget(let day): "tap the widget showing \(day.iso)"
    case .coldLaunchWithLink(let url): "the link \(url) starts the app"
    case .tapNotification(let identifier, let delivered):
      "tap the notification '\(identifier)'" + Self.delivery(delivered)
    case .coldLaunchWithNotification(let identifier, let delivered):
      "the notification '\(identifier)'" + Self.delivery(delivered) + " starts the app"
    case .tapCell(let day): "tap the cell \(day.iso) in Explore's grid"
    case .retryHD: "tap the viewer's HD retry"
    case .toggleHeart: "tap the heart"
    case .playVideo: "play the video"
    case .closeVideo: "close the video"
    case .share: "open the share sheet"
    case .closeShare: "close the share sheet"
    case .saveToPhotos(let permission): "save to Photos (permission: \(permission.rawValue))"
    case .setServer(let behaviour): "the server now \(behaviour.title)"
    case .widgetReloads: "WidgetKit asks the widget for its timeline"
    case .setReminder(let on, let time, let granted):
      "the reminder: "
        + [
          time.map { String(format: "at %02d:%02d", $0.hour, $0.minute) }, on.map { $0 ? "on" : "off" },
          "a prompt answered \(granted ? "Allow" : "Don't Allow")",
        ].compactMap { $0 }.joined(separator: ", ")
    case .setNotificationsAllowed(let allowed): "Settings: notifications for Spacer \(allowed ? "on" : "off")"
    case .ringReminder: "the reminder rings"
    }
  }

  private static func delivery(_ time: ScenarioTime?) -> String {
    switch time {
    case nil: ""
    case .absolute(let date)?: " delivered at \(date.formatted(.iso8601))"
    case .relative(let offset)?:
      " delivered at the start "
        + (offset < 0 ? "-" : "+") + ScenarioDuration.format(abs(offset))
    }
  }

  /// The step names, for error messages.
  static let names = [
    "selectTab", "refresh", "openDay", "search", "openResult", "swipe", "openViewer", "closeViewer", "back",
    "background", "openFavorite", "openLink", "tapWidget", "coldLaunchWithLink", "tapNotification",
    "playVideo", "closeVideo", "share", "closeShare", "saveToPhotos", "coldLaunchWithNotification", "tapCell",
    "retryHD", "toggleHeart", "setServer", "widgetReloads", "setReminder", "setNotificationsAllowed",
    "ringReminder",
  ]
}

/// How the APOD server answers, changed mid-journey by `setServer`.
public enum ServerBehaviour: Sendable, Equatable {
  case normal
  /// Every answer held until the scenario's clock has moved on this many seconds.
  case slow(TimeInterval)
  /// Every request refused with 429 and `Retry-After` (seconds).
  case rateLimited(retryAfter: Int)
  /// Every request answered with this day's picture.
  case wrongDay(APODDay)
  /// Every request answered 503 (an outage); the app's client retries after a backoff.
  case unavailable

  var title: String {
    switch self {
    case .normal: "answers normally"
    case .slow(let seconds): "holds every answer for \(ScenarioDuration.format(seconds))"
    case .rateLimited(let seconds): "refuses every request: 429, Retry-After: \(seconds)"
    case .wrongDay(let day): "answers every request with \(day.iso)"
    case .unavailable: "answers every request with 503"
    }
  }
}

/// A day swipe's direction, by the names journeys use.
public enum DaySwipeDirection: String, Sendable, Equatable, CaseIterable {
  /// The day before (a drag to the right).
  case older
  /// The day after (a drag to the left).
  case newer
}

/// How a day swipe is made.
public enum SwipeGesture: String, Sendable, Equatable, CaseIterable {
  /// A level 120-point drag starting mid-screen.
  case drag
  /// The same drag starting at the screen's leading edge, where the system's Back swipe starts.
  case leadingEdgeDrag
  /// VoiceOver's "Day Before" / "Day After" action on the detail.
  case voiceOver
}

/// The user's answer to the add-only Photos permission (Save to Photos).
public enum PhotosPermission: String, Sendable, Equatable, CaseIterable {
  case granted, denied, restricted
}

/// What the screens should show; only the given fields are checked.
public struct ScreenExpectation: Sendable, Equatable {
  /// What the Today tab shows.
  public var today: ContentExpectation?
  /// The detail in front: a day's page (`"none"`: no detail is open).
  public var detail: ContentExpectation?
  /// Explore's list and its date picker.
  public var explore: ExploreExpectation?
  /// Explore's search results.
  public var search: SearchExpectation?
  /// What the viewer's picture is doing: `loaded` (HD on screen), `loading`, `failed` (the
  /// preview with a retry), `notRequested` (no viewer: the card holds the preview only),
  /// `released`.
  public var hd: HDExpectation?
  /// The orientations allowed now: `portrait`, or `rotates` (any but upside down).
  public var orientation: OrientationExpectation?
  /// Requests the APOD server has received so far.
  public var serverRequests: Int?
  /// The days saved on the device, oldest first.
  public var savedDays: [String]?
  /// The favorite's detail in front (Favorites tab).
  public var favoriteDetail: FavoriteDetailExpectation?
  /// The tab shown (`AppNavigation.tab`).
  public var tab: JourneyTab?
  /// The days the details pushed on Explore show, bottom first (`AppNavigation.explore.shown`:
  /// a swipe changes the top one).
  public var explorePath: [String]?
  /// The sheet in front: `none`, `viewer`, `video`, `share` (`AppNavigation.sheet`).
  public var sheet: String?
  /// The days the favorites' details pushed show, bottom first (`AppNavigation.favorites.shown`).
  public var favoritesPath: [String]?
  /// The title of the message in front (`AppNavigation.message`; its text is `message`), or
  /// `"none"`.
  public var messageTitle: String?
  /// What the last step asked the system about orientation, at the state change (before any
  /// dismissal animates): `portrait` (turn upright now), `rotates` (landscape allowed from now),
  /// or `none` (nothing asked).
  public var orientationAsked: String?
  /// Pictures added to Photos so far.
  public var photosAdded: Int?
  /// The text of the message in front contains this.
  public var messageContains: String?
  /// What the card of the day in front draws (`none`: no card with a picture).
  public var card: CardExpectation?
  /// The heart on the day in front: `on`, `off`, or `none` (no day in front).
  public var heart: String?
  /// The widget's last timeline (`widgetReloads`).
  public var widget: WidgetExpectation?
  /// Profile's reminder and the requests pending in the notification centre.
  public var reminder: ReminderExpectation?

  public init() {}

  public var isEmpty: Bool { self == ScreenExpectation() }
}

/// A time of day (`"HH:MM"`).
public struct ClockTime: Sendable, Equatable {
  public var hour: Int
  public var minute: Int
}

public struct ReminderExpectation: Sendable, Equatable {
  public var on: Bool?
  /// `off`, `requestingPermission`, `scheduled`, `permissionDenied`, `failed`.
  public var status: String?
  /// The sentence under the toggle contains this (`"none"`: no sentence).
  public var messageContains: String?
  /// How many reminder requests are pending.
  public var pending: Int?
  /// The body of the reminder request that rings first contains this.
  public var bodyContains: String?
}

/// The widget's entry and whether its last reload asked NASA first.
public struct WidgetExpectation: Sendable, Equatable {
  public var date: String?
  public var titleContains: String?
  /// `picture`, `placeholder` (the title without a picture) or `openTheApp`.
  public var shows: String?
  public var fetched: Bool?
}

/// A content screen (Today, a detail): which day, its title, the line above it, or its failure.
public struct ContentExpectation: Sendable, Equatable {
  /// `false`: nothing is shown (no detail open; Today not loaded).
  public var shown: Bool?
  public var date: String?
  public var titleContains: String?
  /// `image`, `video` or `link` (what the top of the day is, `APODHero`).
  public var hero: String?
  /// The status line above the content contains this (`"none"`: no line).
  public var statusContains: String?
  /// The content failed to load with a message containing this.
  public var failedContains: String?
  /// Whether it is still loading.
  public var loading: Bool?
}

/// Explore's list and date picker.
public struct ExploreExpectation: Sendable, Equatable {
  /// How many days the list shows.
  public var count: Int?
  /// The newest day listed.
  public var newest: String?
  public var statusContains: String?
  public var failedContains: String?
  /// The day the date picker shows, loaded.
  public var picked: String?
  /// The date picker's day failed, with a message containing this.
  public var pickedFailedContains: String?
}

/// Explore's search.
public struct SearchExpectation: Sendable, Equatable {
  /// The result days, in order.
  public var results: [String]?
  /// The sentence under an empty result contains this.
  public var messageContains: String?
}

public enum CardExpectation: String, Sendable, Equatable, CaseIterable {
  /// Nothing drawn yet (the caches are read, the preview downloads).
  case loading
  /// The preview.
  case preview
  /// The HD picture (a card shows it while the viewer it opened holds it).
  case full
  /// No picture could be loaded.
  case failed
  case none
}

public enum HDExpectation: String, Sendable, Equatable, CaseIterable {
  case loaded, loading, failed, notRequested, released
  /// No picture at all could be loaded (nothing is drawn but the failure).
  case noImage
}

/// A favorite's detail: the full day, or the favorite's own fields with a note why.
public struct FavoriteDetailExpectation: Sendable, Equatable {
  public var date: String?
  /// Whether the full day (with its explanation) is shown.
  public var full: Bool?
  /// The note under the summary contains this (`"none"`: no note).
  public var noteContains: String?
}

public enum OrientationExpectation: String, Sendable, Equatable, CaseIterable {
  case portrait, rotates
}
