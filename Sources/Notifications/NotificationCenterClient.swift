import Foundation

/// Whether the app may post notifications, as the system reports it.
public enum NotificationAuthorizationStatus: Sendable, Hashable, CaseIterable {
  /// The user has not been asked yet.
  case notDetermined
  /// The user said no (or turned notifications off in Settings).
  case denied
  /// The user said yes.
  case authorized
  /// Delivered quietly to the notification centre without asking first.
  case provisional
  /// Allowed for a limited time (App Clips).
  case ephemeral

  /// Whether a scheduled notification would be delivered.
  public var allowsDelivery: Bool {
    switch self {
    case .authorized, .provisional, .ephemeral: true
    case .notDetermined, .denied: false
    }
  }
}

/// A calendar trigger: fires when the clock matches `dateMatching`, every time when `repeats`.
///
/// Shaped after `UNCalendarNotificationTrigger`.
public struct NotificationCalendarTrigger: Sendable, Hashable {
  public var dateMatching: DateComponents
  public var repeats: Bool

  public init(dateMatching: DateComponents, repeats: Bool) {
    self.dateMatching = dateMatching
    self.repeats = repeats
  }

  /// Every day at `hour:minute` of the device's current time zone. Only hour and minute are set
  /// (no date, no time zone), so there is no absolute instant to go stale when the zone changes.
  public static func daily(hour: Int, minute: Int) -> NotificationCalendarTrigger {
    NotificationCalendarTrigger(dateMatching: DateComponents(hour: hour, minute: minute), repeats: true)
  }
}

/// A local notification request, shaped after `UNNotificationRequest`. A request added under an
/// identifier that is already pending replaces it.
public struct NotificationRequest: Sendable, Hashable, Identifiable {
  public var identifier: String
  public var title: String
  public var body: String
  /// `nil` for requests with a trigger other than a calendar trigger.
  public var trigger: NotificationCalendarTrigger?
  public var attachment: NotificationAttachment?

  public init(
    identifier: String, title: String, body: String, trigger: NotificationCalendarTrigger?,
    attachment: NotificationAttachment? = nil
  ) {
    self.identifier = identifier
    self.title = title
    self.body = body
    self.trigger = trigger
    self.attachment = attachment
  }

  public var id: String { identifier }
}

/// The notification centre, shaped after `UNUserNotificationCenter` (adapted in NotificationsLive).
public protocol NotificationCenterClient: Sendable {
  /// The current permission.
  func authorizationStatus() async -> NotificationAuthorizationStatus
  /// Shows the system permission prompt when not determined yet. Returns whether notifications
  /// are allowed afterwards.
  func requestAuthorization() async throws -> Bool
  /// Schedules `request`, replacing a pending request with the same identifier.
  func add(_ request: NotificationRequest) async throws
  /// Cancels the pending requests with these identifiers.
  func removePendingRequests(withIdentifiers identifiers: [String]) async
  /// The requests waiting to be delivered.
  func pendingRequests() async -> [NotificationRequest]
}
