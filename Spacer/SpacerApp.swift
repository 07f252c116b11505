import AppFeature
import SwiftUI

/// The app entry point. Everything else lives in the package: `AppRootLoader` builds the live
/// object graph once and shows the tabs.
@main
struct SpacerApp: App {
  init() {
    // Before launching finishes, so the reminder tap that launched the app is delivered.
    AppNotifications.install()
  }

  var body: some Scene {
    WindowGroup {
      AppRootLoader()
    }
  }
}
