#if canImport(SwiftUI)
  import AppNavigation
  import SwiftUI

  /// The tab a detail is on (each tab's root sets it): its sheets show only while that tab is on
  /// screen, as the same day may show on two tabs.
  nonisolated private struct AppTabKey: EnvironmentKey {
    static var defaultValue: AppTab { .today }
  }

  extension EnvironmentValues {
    public var appTab: AppTab {
      get { self[AppTabKey.self] }
      set { self[AppTabKey.self] = newValue }
    }
  }
#endif
