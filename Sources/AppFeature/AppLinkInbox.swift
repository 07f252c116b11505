#if canImport(SwiftUI)
  import AppCore
  import AppNavigation
  import Foundation
  import Observation

  /// Links opened from outside the view tree (an App Shortcut), held until the root view hands them
  /// to `AppRouter.open(url:)`, which routes them through `DeepLink`. A link that arrives before the
  /// app's model exists (the shortcut launched the app) waits here until the root view appears.
  @MainActor @Observable public final class AppLinkInbox {
    public static let shared = AppLinkInbox()

    /// The link waiting to be opened, or nil.
    public private(set) var pending: URL?

    /// Asks the app to open `url`; a later link replaces one not yet opened.
    public func deliver(_ url: URL) {
      pending = url
    }

    /// Asks the app to show Today (the "Show today's astronomy picture" shortcut).
    public func openToday() {
      deliver(DeepLink.url(for: .today))
    }

    /// The waiting link, once.
    func take() -> URL? {
      defer { pending = nil }
      return pending
    }
  }
#endif
