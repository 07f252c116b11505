#if os(iOS)
  import Notifications
  import NotificationsLive

  /// Apple: the delegate must be set before the app finishes launching, or a tap on a notification
  /// that launched the app is never delivered; taps wait in its inbox until the app model attaches.
  @MainActor
  public enum AppNotifications {
    /// The notification centre holds it weakly.
    static let presenter = ForegroundNotificationPresenter(
      presentedIdentifiers: Set(ReminderPlan.identifiers))

    public static func install() {
      presenter.install()
    }
  }
#endif
