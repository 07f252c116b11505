import Localization

/// Shows the App Store's own "manage subscription" screen (`AppStore.showManageSubscriptions(in:)`
/// in the StoreKit adapter), so Core decides when it is offered and what a failure says.
public protocol SubscriptionManagementPresenting: Sendable {
  /// Presents the sheet over the app's active window scene. Throws when it cannot be shown.
  @MainActor func showManageSubscriptions() async throws(SubscriptionManagementError)
}

/// Why the manage-subscription sheet did not appear.
public enum SubscriptionManagementError: Error, Sendable, Equatable {
  /// No foreground window scene to present from (the app is in the background).
  case noActiveScene
  /// The App Store refused or failed; `reason` is for the log, never shown.
  case storeFailed(reason: String)

  /// What Profile says.
  public var userMessage: String {
    switch self {
    case .noActiveScene, .storeFailed:
      Localized.text(
        "The App Store couldn't open your subscription settings. "
          + "You can manage it in Settings › Apple Account › Subscriptions.")
    }
  }
}
