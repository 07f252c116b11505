import Localization

/// `AppStore.showManageSubscriptions(in:)` in the adapter; Core decides when it is offered and what a
/// failure says.
public protocol SubscriptionManagementPresenting: Sendable {
  @MainActor func showManageSubscriptions() async throws(SubscriptionManagementError)
}

public enum SubscriptionManagementError: Error, Sendable, Equatable {
  case noActiveScene
  /// `reason` is for the log, never shown.
  case storeFailed(reason: String)

  public var userMessage: String {
    switch self {
    case .noActiveScene, .storeFailed:
      Localized.text(
        "The App Store couldn't open your subscription settings. "
          + "You can manage it in Settings › Apple Account › Subscriptions.")
    }
  }
}
