import Foundation
import Localization
import Networking

/// How current the content on screen is.
public enum Freshness: Sendable, Hashable {
  /// Up to date: fetched now, or saved earlier for the current APOD day (nothing newer exists).
  case fresh
  /// Older content served from the cache because the network could not be used; `since` is when
  /// it was last known to be current.
  case stale(since: Date, reason: StaleReason)

  public var isStale: Bool {
    if case .stale = self { return true }
    return false
  }

  /// The freshness after a refresh failed with `error`: stale since it was last current (already
  /// stale content keeps its original time, fresh content became stale after `lastCurrentAt`).
  public func failed(_ error: APODError, lastCurrentAt: Date) -> Freshness {
    switch self {
    case .fresh: .stale(since: lastCurrentAt, reason: StaleReason(error))
    case .stale(let since, _): .stale(since: since, reason: StaleReason(error))
    }
  }

  /// "Showing a copy from 3 hours ago. You appear to be offline…", or nil when fresh.
  public func message(now: Date) -> String? {
    guard case .stale(let since, let reason) = self else { return nil }
    return Localized.text(
      "Showing a copy from %@. %@", Self.age(from: since, to: now), reason.message(now: now))
  }

  /// "just now", "5 minutes ago", "1 hour ago", "3 days ago": how old cached content is, in the
  /// words every screen and the CLI use.
  public static func age(from past: Date, to now: Date) -> String {
    let seconds = max(0, now.timeIntervalSince(past))
    // One key per grammatical number: 1 is singular in English and French alike, and a count
    // here is never 0 (under a minute is "just now").
    switch seconds {
    case ..<60: return Localized.text("just now")
    case ..<120: return Localized.text("1 minute ago")
    case ..<3600: return Localized.text("%lld minutes ago", Int(seconds / 60))
    case ..<7200: return Localized.text("1 hour ago")
    case ..<86_400: return Localized.text("%lld hours ago", Int(seconds / 3600))
    case ..<172_800: return Localized.text("1 day ago")
    default: return Localized.text("%lld days ago", Int(seconds / 86_400))
    }
  }
}

/// Why cached content is shown instead of new content.
public enum StaleReason: Sendable, Hashable {
  /// No network connection.
  case offline
  /// NASA's quota for the key is spent (or the local budget is); `retryAt` when known.
  case rateLimited(retryAt: Date?)
  /// The service failed (server errors, unreadable data, timeouts…).
  case failing(APODError)
  /// Network use is off (offline mode, `--offline`).
  case networkDisabled

  /// The reason for a failed fetch.
  init(_ error: APODError) {
    switch error {
    case .network(.offline): self = .offline
    case .network(.rateLimited(let retryAt)): self = .rateLimited(retryAt: retryAt)
    case .notCached: self = .networkDisabled
    default: self = .failing(error)
    }
  }

  /// A sentence for people; `now` measures waits.
  public func message(now: Date) -> String {
    switch self {
    case .offline: HTTPError.offline.userMessage(now: now)
    case .rateLimited(let retryAt): HTTPError.rateLimited(retryAt: retryAt).userMessage(now: now)
    case .failing(let error): error.message(now: now)
    case .networkDisabled: Localized.text("Network use is off (offline mode).")
    }
  }
}

/// Something the reader should know about what is shown.
public enum APODNotice: Sendable, Hashable {
  /// Today's picture (US Eastern day `today`) is not out yet; `showing` is the newest earlier day.
  case notPublishedYet(today: APODDay, showing: APODDay)

  public var message: String {
    switch self {
    case .notPublishedYet(let today, let showing):
      Localized.text(
        "Today's picture (%@) is not published yet, so this is the picture of %@.", today.iso, showing.iso)
    }
  }
}

/// What the service answered when a saved day was refreshed on request.
public enum RefreshOutcome: Sendable, Hashable {
  /// The service's copy is the saved one: nothing changed.
  case sameAsSaved
  /// The service's copy differed and replaced the saved one.
  case replaced
  /// The service's copy was less complete than the saved one, which was kept.
  case keptSaved
}

/// One APOD as delivered by `APODRepository`.
public struct APODResult: Sendable, Hashable {
  public var apod: APOD
  public var freshness: Freshness
  /// When the copy shown was saved; nil when this call fetched it from the network.
  public var cachedAt: Date?
  public var notice: APODNotice?
  /// What an explicit refresh of a saved day found (nil when nothing saved was refreshed; a
  /// failed refresh is told by `freshness`).
  public var refresh: RefreshOutcome?

  public init(
    apod: APOD, freshness: Freshness, cachedAt: Date?, notice: APODNotice? = nil,
    refresh: RefreshOutcome? = nil
  ) {
    self.apod = apod
    self.freshness = freshness
    self.cachedAt = cachedAt
    self.notice = notice
    self.refresh = refresh
  }

  /// True when the APOD came from the disk cache rather than the network (the CLI's "cached").
  public var servedFromCache: Bool { cachedAt != nil }
}

/// The Explore list as delivered by `APODRepository`.
public struct ExploreResult: Sendable, Hashable {
  /// The days of the window that have a picture, newest first, each with its own `cachedAt`
  /// (nil for days fetched by this call) and the list's freshness.
  public var entries: [APODResult]
  public var freshness: Freshness
  /// When the list was last refreshed from the network, if it was served entirely from the cache;
  /// nil when this call fetched something.
  public var cachedAt: Date?
  /// Elements the service sent that could not be read.
  public var droppedCount: Int
  /// Days of the window the service answered without (a list that ignored the dates asked),
  /// newest first: not received, which is not "NASA has no picture"; asked for again next time.
  public var notReceived: [APODDay]

  public init(
    entries: [APODResult], freshness: Freshness, cachedAt: Date?, droppedCount: Int = 0,
    notReceived: [APODDay] = []
  ) {
    self.entries = entries
    self.freshness = freshness
    self.cachedAt = cachedAt
    self.droppedCount = droppedCount
    self.notReceived = notReceived
  }

  /// The pictures, newest first.
  public var items: [APOD] { entries.map(\.apod) }

  /// Marks the list and its entries stale after a refresh failed with `error`.
  public mutating func markFailed(_ error: APODError, lastCurrentAt: Date) {
    freshness = freshness.failed(error, lastCurrentAt: lastCurrentAt)
    for index in entries.indices { entries[index].freshness = freshness }
  }

  public var servedFromCache: Bool { cachedAt != nil }
}
