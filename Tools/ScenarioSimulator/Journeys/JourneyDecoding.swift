import APODSearch
import Foundation
import NASA
import TestServer

// Strict decoding of the journey parts of the format: as for the rest, unknown fields and values
// are errors naming the field (the loader adds the file and the step index).

extension KeyedDecodingContainer where Key == ScenarioKey {
  /// A `YYYY-MM-DD` day.
  func day(_ key: String) throws -> APODDay? {
    guard let text: String = try optional(key) else { return nil }
    guard let day = APODDay(rawValue: text) else {
      throw DecodingError.dataCorruptedError(
        forKey: ScenarioKey(key), in: self, debugDescription: "'\(text)' is not an APOD date: use YYYY-MM-DD")
    }
    return day
  }

  /// A list of `YYYY-MM-DD` days.
  func days(_ key: String) throws -> [APODDay]? {
    guard let texts: [String] = try optional(key) else { return nil }
    return try texts.map { text in
      guard let day = APODDay(rawValue: text) else {
        throw DecodingError.dataCorruptedError(
          forKey: ScenarioKey(key), in: self,
          debugDescription: "'\(text)' is not an APOD date: use YYYY-MM-DD")
      }
      return day
    }
  }

  /// How long a slow server holds its answers; past the app's 15 s deadline the app gives up on
  /// each attempt and retries after a backoff on the clock.
  func slowness(_ key: String) throws -> TimeInterval {
    let seconds = try duration(key)
    guard seconds > 0 else {
      throw DecodingError.dataCorruptedError(
        forKey: ScenarioKey(key), in: self, debugDescription: "\(key) must be more than 0s")
    }
    return seconds
  }

  func requiredDay(_ key: String, in what: String) throws -> APODDay {
    guard let day = try day(key) else {
      throw DecodingError.keyNotFound(
        ScenarioKey(key),
        DecodingError.Context(codingPath: codingPath, debugDescription: "\(what) needs \"\(key)\""))
    }
    return day
  }
}

extension ScenarioAPODStart: Decodable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: ScenarioKey.self)
    try container.allowOnly(
      [
        "service", "legacyAnswers", "wrongDay", "slow", "saved", "savedRecentDays", "missingPictures",
        "heldPictures",
        "favoritesStoreSetAside",
      ],
      in: "start.apod")
    self.init()
    service = try container.choice("service", APODSourceChoice.allCases) ?? service
    if let legacy = try container.oneOf("legacyAnswers", ["v1", "feedsPage"]) {
      legacyAnswers = legacy == "v1" ? .v1 : .feedsPage
    }
    wrongDay = try container.day("wrongDay")
    if container.contains(ScenarioKey("slow")) { slow = try container.slowness("slow") }
    saved = try container.days("saved") ?? []
    savedRecentDays = try container.optional("savedRecentDays")
    missingPictures = try container.optional("missingPictures") ?? []
    heldPictures = try container.optional("heldPictures") ?? []
    favoritesStoreSetAside = try container.optional("favoritesStoreSetAside") ?? false
  }
}

extension JourneyStep {
  /// Decodes the journey action `action` from its step object.
  init(_ action: String, _ container: ScenarioContainer) throws {
    func fields(_ names: String...) throws { try container.allowOnly(["do"] + names, in: "step '\(action)'") }
    switch action {
    case "selectTab":
      try fields("tab")
      guard let tab = try container.choice("tab", JourneyTab.allCases) else {
        throw DecodingError.keyNotFound(
          ScenarioKey("tab"),
          DecodingError.Context(codingPath: container.codingPath, debugDescription: "selectTab needs \"tab\"")
        )
      }
      self = .selectTab(tab)
    case "openDay":
      try fields("date")
      self = .openDay(try container.requiredDay("date", in: "openDay"))
    case "openFavorite":
      try fields("date")
      self = .openFavorite(try container.requiredDay("date", in: "openFavorite"))
    case "openLink":
      try fields("url")
      self = .openLink(try container.value("url"))
    case "tapWidget":
      try fields("date")
      self = .tapWidget(try container.requiredDay("date", in: "tapWidget"))
    case "openResult":
      try fields("date")
      self = .openResult(try container.requiredDay("date", in: "openResult"))
    case "search":
      try fields("query", "filter")
      self = .search(
        try container.value("query"), filter: try container.choice("filter", APODMediaFilter.allCases))
    case "swipe":
      try fields("direction", "gesture")
      guard let direction = try container.choice("direction", DaySwipeDirection.allCases) else {
        throw DecodingError.keyNotFound(
          ScenarioKey("direction"),
          DecodingError.Context(
            codingPath: container.codingPath, debugDescription: "swipe needs \"direction\" (older or newer)"))
      }
      self = .swipe(direction, gesture: try container.choice("gesture", SwipeGesture.allCases) ?? .drag)
    case "coldLaunchWithLink":
      try fields("url")
      self = .coldLaunchWithLink(try container.value("url"))
    case "tapNotification":
      try fields("notification", "delivered")
      self = .tapNotification(try container.value("notification"), delivered: try container.time("delivered"))
    case "coldLaunchWithNotification":
      try fields("notification", "delivered")
      self = .coldLaunchWithNotification(
        try container.value("notification"), delivered: try container.time("delivered"))
    case "tapCell":
      try fields("date")
      self = .tapCell(try container.requiredDay("date", in: "tapCell"))
    case "saveToPhotos":
      try fields("permission")
      guard let permission = try container.choice("permission", PhotosPermission.allCases) else {
        throw DecodingError.keyNotFound(
          ScenarioKey("permission"),
          DecodingError.Context(
            codingPath: container.codingPath,
            debugDescription:
              "saveToPhotos needs \"permission\" (the user's answer: granted, denied, restricted)"))
      }
      self = .saveToPhotos(permission)
    case "setServer":
      self = .setServer(try ServerBehaviour(container))
    case "widgetReloads", "ringReminder":
      try fields()
      self = action == "widgetReloads" ? .widgetReloads : .ringReminder
    case "setNotificationsAllowed":
      try fields("allowed")
      self = .setNotificationsAllowed(try container.value("allowed"))
    case "setReminder":
      try fields("on", "time", "permission")
      let on: Bool? = try container.optional("on")
      var time: ClockTime?
      if let text: String = try container.optional("time") {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 2, let hour = parts[0], let minute = parts[1] else {
          throw DecodingError.dataCorruptedError(
            forKey: ScenarioKey("time"), in: container,
            debugDescription: "'\(text)' is not a time of day: use HH:MM")
        }
        time = ClockTime(hour: hour, minute: minute)
      }
      guard on != nil || time != nil else {
        throw DecodingError.dataCorruptedError(
          forKey: ScenarioKey("do"), in: container, debugDescription: "setReminder needs \"on\" or \"time\"")
      }
      let answer = try container.choice("permission", PhotosPermission.allCases) ?? .granted
      guard answer != .restricted else {
        throw DecodingError.dataCorruptedError(
          forKey: ScenarioKey("permission"), in: container,
          debugDescription: "the notification prompt is answered granted or denied")
      }
      self = .setReminder(on: on, time: time, granted: answer == .granted)
    case "refresh", "openViewer", "closeViewer", "back", "background", "playVideo", "closeVideo", "share",
      "closeShare", "retryHD", "toggleHeart":
      try fields()
      self =
        switch action {
        case "refresh": .refresh
        case "openViewer": .openViewer
        case "closeViewer": .closeViewer
        case "back": .back
        case "playVideo": .playVideo
        case "closeVideo": .closeVideo
        case "share": .share
        case "closeShare": .closeShare
        case "retryHD": .retryHD
        case "toggleHeart": .toggleHeart
        default: .background
        }
    default:
      throw DecodingError.dataCorruptedError(
        forKey: ScenarioKey("do"), in: container,
        debugDescription:
          "unknown journey action '\(action)'; journey actions: \(Self.names.joined(separator: ", "))")
    }
  }
}

extension ServerBehaviour {
  init(_ container: ScenarioContainer) throws {
    let behaviours = ["normal", "slow", "rateLimited", "wrongDay", "unavailable"]
    guard let behaviour: String = try container.optional("behaviour"), behaviours.contains(behaviour) else {
      throw DecodingError.dataCorruptedError(
        forKey: ScenarioKey("behaviour"), in: container,
        debugDescription: "setServer needs \"behaviour\": one of \(behaviours.joined(separator: ", "))")
    }
    func fields(_ names: String...) throws {
      try container.allowOnly(["do", "behaviour"] + names, in: "step 'setServer' (\(behaviour))")
    }
    switch behaviour {
    case "slow":
      try fields("by")
      self = .slow(try container.slowness("by"))
    case "rateLimited":
      try fields("retryAfter")
      let seconds = try container.duration("retryAfter")
      guard seconds >= 1 else {
        throw DecodingError.dataCorruptedError(
          forKey: ScenarioKey("retryAfter"), in: container, debugDescription: "retryAfter must be at least 1s"
        )
      }
      self = .rateLimited(retryAfter: Int(seconds))
    case "wrongDay":
      try fields("date")
      self = .wrongDay(try container.requiredDay("date", in: "setServer (wrongDay)"))
    case "unavailable":
      try fields()
      self = .unavailable
    default:
      try fields()
      self = .normal
    }
  }
}

extension ScreenExpectation {
  static let fields = [
    "today", "detail", "explore", "search", "hd", "orientation", "serverRequests", "savedDays",
    "favoriteDetail", "tab", "explorePath", "sheet", "favoritesPath", "messageTitle",
    "orientationAsked", "photosAdded", "messageContains", "card", "heart", "widget", "reminder",
  ]

  /// The screen fields of an `expect` object.
  init(_ container: ScenarioContainer) throws {
    self.init()
    today = try Self.content(container, "today")
    detail = try Self.content(container, "detail")
    explore = try container.optional("explore")
    search = try container.optional("search")
    hd = try container.choice("hd", HDExpectation.allCases)
    orientation = try container.choice("orientation", OrientationExpectation.allCases)
    serverRequests = try container.optional("serverRequests")
    favoriteDetail = try container.optional("favoriteDetail")
    tab = try container.choice("tab", JourneyTab.allCases)
    explorePath = try container.days("explorePath")?.map(\.rawValue)
    sheet = try container.oneOf("sheet", ["none", "viewer", "video", "share"])
    favoritesPath = try container.days("favoritesPath")?.map(\.rawValue)
    messageTitle = try container.optional("messageTitle")
    orientationAsked = try container.oneOf("orientationAsked", ["portrait", "rotates", "none"])
    photosAdded = try container.optional("photosAdded")
    messageContains = try container.optional("messageContains")
    widget = try container.optional("widget")
    reminder = try container.optional("reminder")
    card = try container.choice("card", CardExpectation.allCases)
    heart = try container.oneOf("heart", ["on", "off", "none"])
    savedDays = try container.days("savedDays")?.map(\.rawValue)
  }

  /// A content expectation, or `"none"` for nothing shown.
  private static func content(_ container: ScenarioContainer, _ key: String) throws -> ContentExpectation? {
    guard container.contains(ScenarioKey(key)) else { return nil }
    if let text = try? container.decode(String.self, forKey: ScenarioKey(key)) {
      guard text == "none" else {
        throw DecodingError.dataCorruptedError(
          forKey: ScenarioKey(key), in: container,
          debugDescription: "'\(text)' is not \"none\" or an object (date, titleContains, hero, …)")
      }
      var nothing = ContentExpectation()
      nothing.shown = false
      return nothing
    }
    return try container.value(key)
  }
}

extension ContentExpectation: Decodable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: ScenarioKey.self)
    try container.allowOnly(
      ["date", "titleContains", "hero", "statusContains", "failedContains", "loading"],
      in: container.codingPath.last.map { "expect.\($0.stringValue)" } ?? "a screen")
    self.init()
    date = try container.day("date")?.iso
    titleContains = try container.optional("titleContains")
    hero = try container.oneOf("hero", ["image", "video", "link"])
    statusContains = try container.optional("statusContains")
    failedContains = try container.optional("failedContains")
    loading = try container.optional("loading")
  }
}

extension ExploreExpectation: Decodable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: ScenarioKey.self)
    try container.allowOnly(
      ["count", "newest", "statusContains", "failedContains", "picked", "pickedFailedContains"],
      in: "expect.explore")
    count = try container.optional("count")
    newest = try container.day("newest")?.iso
    statusContains = try container.optional("statusContains")
    failedContains = try container.optional("failedContains")
    picked = try container.day("picked")?.iso
    pickedFailedContains = try container.optional("pickedFailedContains")
  }
}

extension SearchExpectation: Decodable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: ScenarioKey.self)
    try container.allowOnly(["results", "messageContains"], in: "expect.search")
    results = try container.days("results")?.map(\.rawValue)
    messageContains = try container.optional("messageContains")
  }
}

extension ReminderExpectation: Decodable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: ScenarioKey.self)
    try container.allowOnly(
      ["on", "status", "messageContains", "pending", "bodyContains"], in: "expect.reminder")
    on = try container.optional("on")
    status = try container.oneOf(
      "status", ["off", "requestingPermission", "scheduled", "permissionDenied", "failed"])
    messageContains = try container.optional("messageContains")
    pending = try container.optional("pending")
    bodyContains = try container.optional("bodyContains")
  }
}

extension WidgetExpectation: Decodable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: ScenarioKey.self)
    try container.allowOnly(["date", "titleContains", "shows", "fetched"], in: "expect.widget")
    date = try container.day("date")?.iso
    titleContains = try container.optional("titleContains")
    shows = try container.oneOf("shows", ["picture", "placeholder", "openTheApp"])
    fetched = try container.optional("fetched")
  }
}

extension FavoriteDetailExpectation: Decodable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: ScenarioKey.self)
    try container.allowOnly(["date", "full", "noteContains"], in: "expect.favoriteDetail")
    date = try container.day("date")?.iso
    full = try container.optional("full")
    noteContains = try container.optional("noteContains")
  }
}
