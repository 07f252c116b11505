#if canImport(SwiftUI)
  import AppNavigation

  /// Links the app target's own code opens (the App Shortcut), delivered to `LinkInbox` like every
  /// other link: held until the app's model exists, then routed by `AppNavigation` in Core.
  @MainActor
  public enum AppLinks {
    /// Asks the app to show Today (the "Show today's astronomy picture" shortcut).
    public static func openToday() {
      LinkInbox.shared.deliver(DeepLink.url(for: .today))
    }
  }
#endif
