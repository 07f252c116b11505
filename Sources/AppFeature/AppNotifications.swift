#if os(iOS)
  import Notifications
  import NotificationsLive

  /// The notification-centre delegate, set up from the app's `init`.
  ///
  /// Apple: the delegate must be set before the app finishes launching, or a tap on a notification
  /// that launched the app is never delivered. The live environment is built later, asynchronously,
  /// so the delegate exists first and keeps taps in its inbox until the app model attaches.
  @MainActor
  public enum AppNotifications {
    /// The one delegate for the app's life (the notification centre holds it weakly).
    static let presenter = ForegroundNotificationPresenter(
      presentedIdentifiers: [ReminderScheduler.requestIdentifier])

    /// Makes the presenter the notification centre's delegate. Call from `App.init`.
    public static func install() {
      presenter.install()
    }
  }
#endif
