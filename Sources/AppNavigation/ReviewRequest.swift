import Basics
import Foundation
import Observation

/// When Spacer asks for an App Store review: after real use (the app opened on five different
/// days, and a favorite saved or a picture shared), never while a paywall or a message is up nor
/// within a day of a setback (an error message, a paywall left without buying), and at most once
/// per version. The system may still show nothing: it limits the prompt itself.
public struct ReviewRule: Codable, Sendable, Equatable {
  public static let daysOfUse = 5
  public static let quietAfterSetback: TimeInterval = 24 * 60 * 60

  /// Device time zone.
  public private(set) var daysOpened: [String] = []
  public private(set) var savedOrShared = false
  public private(set) var askedInVersion: String?
  public private(set) var lastSetback: Date?

  public init() {}

  public mutating func opened(now: Date, calendar: Calendar) {
    let parts = calendar.dateComponents([.year, .month, .day], from: now)
    let day = "\(parts.year ?? 0)-\(parts.month ?? 0)-\(parts.day ?? 0)"
    guard daysOpened.count < Self.daysOfUse, !daysOpened.contains(day) else { return }
    daysOpened.append(day)
  }

  public mutating func favoriteSavedOrPictureShared() { savedOrShared = true }

  public mutating func setback(now: Date) { lastSetback = now }

  public func isDue(now: Date, version: String, blocked: Bool) -> Bool {
    guard !blocked, askedInVersion != version, savedOrShared, daysOpened.count >= Self.daysOfUse else {
      return false
    }
    guard let lastSetback else { return true }
    return now.timeIntervalSince(lastSetback) >= Self.quietAfterSetback
  }

  public mutating func asked(version: String) { askedInVersion = version }
}

/// `ask(_:)` is what the app's view calls with SwiftUI's `requestReview` action, on each change of `moment`.
@Observable
public final class ReviewRequests {
  public static let storageKey = "spacer.review"

  public private(set) var rule: ReviewRule
  @ObservationIgnored private let navigation: AppNavigation
  @ObservationIgnored private let clock: any Clocking
  @ObservationIgnored private let calendar: @MainActor () -> Calendar
  @ObservationIgnored private let version: String
  @ObservationIgnored private let save: @MainActor (Data) -> Void

  /// Unreadable or nil `stored` starts afresh.
  public init(
    navigation: AppNavigation, clock: any Clocking, calendar: @escaping @MainActor () -> Calendar,
    version: String, stored: Data?, save: @escaping @MainActor (Data) -> Void
  ) {
    self.navigation = navigation
    self.clock = clock
    self.calendar = calendar
    self.version = version
    self.save = save
    rule = stored.flatMap { try? JSONDecoder().decode(ReviewRule.self, from: $0) } ?? ReviewRule()
  }

  public var isDue: Bool {
    var rule = rule
    if let setback = newSetback { rule.setback(now: setback) }
    return rule.isDue(now: clock.now, version: version, blocked: isBlocked)
  }

  public struct Moment: Equatable, Sendable {
    public let isDue: Bool
    public let isBlocked: Bool
  }

  /// Changes when a paywall, a sheet or a message comes or goes, so `ask(_:)` sees each of them.
  public var moment: Moment { Moment(isDue: isDue, isBlocked: isBlocked) }

  private var isBlocked: Bool {
    navigation.isPaywallUp || navigation.sheet != nil || navigation.message != nil
  }

  private var newSetback: Date? {
    guard let setback = navigation.lastSetback, setback > rule.lastSetback ?? .distantPast else { return nil }
    return setback
  }

  public func opened() { change { $0.opened(now: clock.now, calendar: calendar()) } }

  public func favoriteSavedOrPictureShared() { change { $0.favoriteSavedOrPictureShared() } }

  public func setback() { change { $0.setback(now: clock.now) } }

  /// Once for this version; the system may still show nothing.
  public func ask(_ request: @MainActor () -> Void) {
    // A paywall the flow opened is seen only here: it counts as a setback too.
    if navigation.isPaywallUp { setback() }
    if let setback = newSetback { change { $0.setback(now: setback) } }
    guard isDue else { return }
    change { $0.asked(version: version) }
    request()
  }

  private func change(_ edit: (inout ReviewRule) -> Void) {
    var rule = self.rule
    edit(&rule)
    guard rule != self.rule else { return }
    self.rule = rule
    if let data = try? JSONEncoder().encode(rule) { save(data) }
  }
}
