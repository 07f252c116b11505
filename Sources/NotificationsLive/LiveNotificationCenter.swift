#if canImport(UserNotifications)
  import Foundation
  import Notifications
  import UserNotifications

  /// The system centre is looked up on each call rather than stored: the SDK does not mark
  /// `UNUserNotificationCenter` `Sendable`, and holding it would need an unchecked promise.
  public struct LiveNotificationCenter: NotificationCenterClient {
    public init() {}

    public func authorizationStatus() async -> NotificationAuthorizationStatus {
      let settings = await UNUserNotificationCenter.current().notificationSettings()
      return Self.status(settings.authorizationStatus)
    }

    public func requestAuthorization() async throws -> Bool {
      // The reminder shows a banner with a sound; Spacer never sets a badge, so it does not ask.
      try await UNUserNotificationCenter.current().requestAuthorization(options: [.alert, .sound])
    }

    public func add(_ request: NotificationRequest) async throws {
      let content = UNMutableNotificationContent()
      content.title = request.title
      content.body = request.body
      content.sound = UNNotificationSound.default
      // The system moves the file into its own store: Core wrote it as a copy for this request.
      // A file it cannot attach costs the picture, never the reminder.
      if let attachment = request.attachment, let file = attachment.file,
        let picture = try? UNNotificationAttachment(identifier: attachment.identifier, url: file)
      {
        content.attachments = [picture]
      }
      let trigger = request.trigger.map {
        UNCalendarNotificationTrigger(dateMatching: $0.dateMatching, repeats: $0.repeats)
      }
      let systemRequest = UNNotificationRequest(
        identifier: request.identifier, content: content, trigger: trigger)
      // Same identifier as a pending request: the system replaces it, as Core expects.
      try await UNUserNotificationCenter.current().add(systemRequest)
    }

    public func removePendingRequests(withIdentifiers identifiers: [String]) async {
      UNUserNotificationCenter.current().removePendingNotificationRequests(withIdentifiers: identifiers)
    }

    public func pendingRequests() async -> [NotificationRequest] {
      let pending = await UNUserNotificationCenter.current().pendingNotificationRequests()
      return pending.map { request in
        NotificationRequest(
          identifier: request.identifier,
          title: request.content.title,
          body: request.content.body,
          trigger: Self.calendarTrigger(request.trigger),
          attachment: request.content.attachments.first.map {
            NotificationAttachment(identifier: $0.identifier, file: nil)
          }
        )
      }
    }

    // MARK: Translation

    static func status(_ status: UNAuthorizationStatus) -> NotificationAuthorizationStatus {
      switch status {
      case .notDetermined: return .notDetermined
      case .denied: return .denied
      case .authorized: return .authorized
      case .provisional: return .provisional
      #if os(iOS)
        // Declared for iOS only (App Clips); unavailable in the macOS SDK.
        case .ephemeral: return .ephemeral
      #endif
      @unknown default:
        // A permission this version does not know is not assumed to deliver.
        return .denied
      }
    }

    static func calendarTrigger(_ trigger: UNNotificationTrigger?) -> NotificationCalendarTrigger? {
      guard let calendar = trigger as? UNCalendarNotificationTrigger else { return nil }
      var components = calendar.dateComponents
      // An absent leap-month flag and a false one mean the same; dropping `false` lets a pending
      // request compare equal to the one Core asked for, so it is not rescheduled needlessly.
      if components.isLeapMonth == false {
        components.isLeapMonth = nil
      }
      return NotificationCalendarTrigger(dateMatching: components, repeats: calendar.repeats)
    }
  }
#endif
