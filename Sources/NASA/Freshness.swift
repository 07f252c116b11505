import Foundation
import Localization
import Networking

public enum Freshness: Sendable, Hashable {
  case fresh
  case stale(since: Date, reason: StaleReason)

  public var isStale: Bool {
    if case .stale = self { return true }
    return false
  }

  /// Already stale content keeps its original time.
  public func failed(_ error: APODError, lastCurrentAt: Date) -> Freshness {
    switch self {
    case .fresh: .stale(since: lastCurrentAt, reason: StaleReason(error))
    case .stale(let since, _): .stale(since: since, reason: StaleReason(error))
    }
  }

  public func message(now: Date) -> String? {
    guard case .stale(let since, let reason) = self else { return nil }
    return Localized.text(
      "Showing a copy from %@. %@", Self.age(from: since, to: now), reason.message(now: now))
  }

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

public enum StaleReason: Sendable, Hashable {
  case offline
  case rateLimited(retryAt: Date?)
  case failing(APODError)
  case networkDisabled

  init(_ error: APODError) {
    switch error {
    case .network(.offline): self = .offline
    case .network(.rateLimited(let retryAt)): self = .rateLimited(retryAt: retryAt)
    case .notCached: self = .networkDisabled
    default: self = .failing(error)
    }
  }

  public func message(now: Date) -> String {
    switch self {
    case .offline: HTTPError.offline.userMessage(now: now)
    case .rateLimited(let retryAt): HTTPError.rateLimited(retryAt: retryAt).userMessage(now: now)
    case .failing(let error): error.message(now: now)
    case .networkDisabled: Localized.text("Network use is off (offline mode).")
    }
  }
}

public enum APODNotice: Sendable, Hashable {
  case notPublishedYet(today: APODDay, showing: APODDay)
  case clockBeforeFirstDay(APODDay)
  case savedDaysOnClockBeforeFirstDay(APODDay)

  public var message: String {
    switch self {
    case .notPublishedYet(let today, let showing):
      Localized.text(
        "Today's picture (%@) is not published yet, so this is the picture of %@.", today.iso, showing.iso)
    case .clockBeforeFirstDay(let clockDay):
      Localized.text(
        "This phone's date (%@) is before the first Astronomy Picture of the Day (%@): showing the newest saved day.",
        clockDay.iso, APODDay.first.iso)
    case .savedDaysOnClockBeforeFirstDay(let clockDay):
      Localized.text(
        "This phone's date (%@) is before the first Astronomy Picture of the Day (%@): showing the saved days, newest first.",
        clockDay.iso, APODDay.first.iso)
    }
  }
}

public enum RefreshOutcome: Sendable, Hashable {
  case sameAsSaved
  case replaced
  case keptSaved
}

/// One APOD as delivered by `APODRepository`.
public struct APODResult: Sendable, Hashable {
  public var apod: APOD
  public var freshness: Freshness
  public var cachedAt: Date?
  public var notice: APODNotice?
  /// Nil when nothing saved was refreshed; a failed refresh is told by `freshness`.
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

  public var servedFromCache: Bool { cachedAt != nil }
}

public struct ExploreResult: Sendable, Hashable {
  public var entries: [APODResult]
  public var freshness: Freshness
  public var cachedAt: Date?
  public var droppedCount: Int
  /// A list that ignored the dates asked: not received is not "NASA has no picture"; asked again.
  public var notReceived: [APODDay]
  /// What an explicit refresh of a window already saved found, for each saved day the service
  /// answered with; nil when no saved day was asked again.
  public var refreshed: [APODDay: RefreshOutcome]?
  public var notice: APODNotice?

  public init(
    entries: [APODResult], freshness: Freshness, cachedAt: Date?, droppedCount: Int = 0,
    notReceived: [APODDay] = [], notice: APODNotice? = nil
  ) {
    self.entries = entries
    self.freshness = freshness
    self.cachedAt = cachedAt
    self.droppedCount = droppedCount
    self.notReceived = notReceived
    self.notice = notice
  }

  public var items: [APOD] { entries.map(\.apod) }

  public mutating func markFailed(_ error: APODError, lastCurrentAt: Date) {
    freshness = freshness.failed(error, lastCurrentAt: lastCurrentAt)
    for index in entries.indices { entries[index].freshness = freshness }
  }

  public var servedFromCache: Bool { cachedAt != nil }
}
