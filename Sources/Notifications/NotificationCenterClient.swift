import Foundation

public enum NotificationAuthorizationStatus: Sendable, Hashable, CaseIterable {
  case notDetermined
  /// Or turned notifications off in Settings.
  case denied
  case authorized
  case provisional
  /// App Clips.
  case ephemeral

  public var allowsDelivery: Bool {
    switch self {
    case .authorized, .provisional, .ephemeral: true
    case .notDetermined, .denied: false
    }
  }
}

/// Shaped after `UNCalendarNotificationTrigger`.
public struct NotificationCalendarTrigger: Sendable, Hashable {
  public var dateMatching: DateComponents
  public var repeats: Bool

  public init(dateMatching: DateComponents, repeats: Bool) {
    self.dateMatching = dateMatching
    self.repeats = repeats
  }

  /// Only hour and minute are set, so there is no absolute instant to go stale when the zone changes.
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
  func authorizationStatus() async -> NotificationAuthorizationStatus
  /// Returns whether notifications are allowed afterwards.
  func requestAuthorization() async throws -> Bool
  /// Replaces a pending request with the same identifier.
  func add(_ request: NotificationRequest) async throws
  func removePendingRequests(withIdentifiers identifiers: [String]) async
  func pendingRequests() async -> [NotificationRequest]
}
