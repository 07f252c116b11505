#if canImport(UserNotifications)
  import Foundation
  import Notifications
  import UserNotifications

  /// Shows chosen notifications (the daily reminder) as a banner, with its sound and in the
  /// notification list, when they fire while Spacer is in the foreground. Without a delegate that
  /// answers, the system does not present a notification to an app in the foreground at all.
  ///
  /// A tap that opens a notification is handed to `taps` (Core's inbox keeps it until the app model
  /// is ready, since the tap is often what launched the app).
  ///
  /// The system calls the delegate on a queue of its choosing, so the callback is `nonisolated` and
  /// answers at once from immutable state: no hop to the main actor, nothing that could trap there.
  /// The notification centre holds its delegate weakly: keep this object alive for the app's life.
  public final class ForegroundNotificationPresenter: NSObject, UNUserNotificationCenterDelegate,
    Sendable
  {
    /// The request identifiers presented in the foreground; any other notification stays silent.
    public let presentedIdentifiers: Set<String>
    /// Where opened notifications go; the app model attaches to it once built.
    public let taps = NotificationTapInbox()

    /// - Parameter presentedIdentifiers: for Spacer, `[ReminderScheduler.requestIdentifier]`.
    public init(presentedIdentifiers: Set<String>) {
      self.presentedIdentifiers = presentedIdentifiers
      super.init()
    }

    /// Makes this object the delegate of the app's notification centre. Call it from the app's
    /// `init`: Apple requires the delegate before the app finishes launching, or the tap that
    /// launched the app is not delivered. Keep a strong reference to this object.
    public func install() {
      UNUserNotificationCenter.current().delegate = self
    }

    /// How a notification arriving in the foreground is presented: a banner that also plays the
    /// sound and stays in the notification list for a presented identifier, nothing for the others.
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
      // must not switch tabs). Only the identifier string leaves this call.
      guard response.actionIdentifier == UNNotificationDefaultActionIdentifier else {
        completionHandler()
        return
      }
      let identifier = response.notification.request.identifier
      let taps = self.taps
      // Handed over, so the system can finish at once; opening Today (a network check) goes on
      // after, in the app model.
      Task { await taps.received(identifier) }
      completionHandler()
    }
  }
#endif
