#if canImport(UserNotifications)
  import Foundation
  import Notifications
  import UserNotifications

  /// Without a delegate that answers, the system does not present a notification to an app in the
  /// foreground at all. The system calls the delegate on a queue of its choosing, so the callback is
  /// `nonisolated` and answers from immutable state. The centre holds its delegate weakly: keep this
  /// object alive for the app's life.
  public final class ForegroundNotificationPresenter: NSObject, UNUserNotificationCenterDelegate,
    Sendable
  {
    public let presentedIdentifiers: Set<String>
    /// The app model attaches once built (the tap is often what launched the app).
    public let taps = NotificationTapInbox()

    public init(presentedIdentifiers: Set<String>) {
      self.presentedIdentifiers = presentedIdentifiers
      super.init()
    }

    /// Call it from the app's `init`: Apple requires the delegate before the app finishes launching, or
    /// the tap that launched the app is not delivered.
    public func install() {
      UNUserNotificationCenter.current().delegate = self
    }

    public func presentation(forRequestIdentifier identifier: String) -> UNNotificationPresentationOptions {
      presentedIdentifiers.contains(identifier) ? [.banner, .list, .sound] : []
    }

    public nonisolated func userNotificationCenter(
      _ center: UNUserNotificationCenter,
      willPresent notification: UNNotification,
      withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
    ) {
      // The system object is read here and only the answer leaves this call.
      completionHandler(presentation(forRequestIdentifier: notification.request.identifier))
    }

    public nonisolated func userNotificationCenter(
      _ center: UNUserNotificationCenter,
      didReceive response: UNNotificationResponse,
      withCompletionHandler completionHandler: @escaping @Sendable () -> Void
    ) {
      // Only opening the notification counts (a custom dismiss action, if one were ever added,
      // must not switch tabs). Only the identifier and the delivery date leave this call.
      guard response.actionIdentifier == UNNotificationDefaultActionIdentifier else {
        completionHandler()
        return
      }
      let tap = NotificationTap(
        requestIdentifier: response.notification.request.identifier, deliveredAt: response.notification.date)
      let taps = self.taps
      // Handed over, so the system can finish at once; opening the day (a network check) goes on
      // after, in the app model.
      Task { await taps.received(tap) }
      completionHandler()
    }
  }
#endif
