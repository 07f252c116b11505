import AppFeature
import SwiftUI

/// The app entry point. Everything else lives in the package: `AppRootLoader` asks for the live
/// object graph (built once per process, whatever the number of scenes), takes the links opened
/// from outside from the first frame, and shows the tabs.
@main
struct SpacerApp: App {
  /// Answers UIKit's orientation question (the viewer turns, the tabs stay upright).
  @UIApplicationDelegateAdaptor(SpacerAppDelegate.self) private var appDelegate

  init() {
    // Before launching finishes, so the reminder tap that launched the app is delivered.
    AppNotifications.install()
    // Before the first frame and before the favorites store opens: the transaction listener, then
    // the SDK start (Core orders them; `AppMonetization.beginLaunch`).
    LiveAppEnvironment.beginLaunch()
  }

  var body: some Scene {
    WindowGroup {
      AppRootLoader()
        // A tapped Spotlight result opens its day through `DeepLink` (AppFeature).
        .opensSpotlightResults()
    }
    // The reminder's picture: today's APOD saved after NASA publishes it (AppFeature, Core).
    .backgroundTask(.appRefresh(LiveAppEnvironment.reminderRefreshTask)) {
      await LiveAppEnvironment.refreshReminder()
    }
  }
}
