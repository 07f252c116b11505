import AppFeature
import SwiftUI

/// The app entry point. Everything else lives in the package: `AppRootLoader` builds the live
/// object graph once and shows the tabs.
@main
struct SpacerApp: App {
  /// Answers UIKit's orientation question (the viewer turns, the tabs stay upright).
  @UIApplicationDelegateAdaptor(SpacerAppDelegate.self) private var appDelegate

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
