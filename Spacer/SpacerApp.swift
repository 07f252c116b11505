import AppFeature
import SwiftUI

/// The app entry point. Everything else lives in the package: `AppRootLoader` builds the live
/// object graph once and shows the tabs.
@main
struct SpacerApp: App {
  var body: some Scene {
    WindowGroup {
      AppRootLoader()
    }
  }
}
