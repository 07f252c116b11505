#if canImport(UIKit)
  import APODUI
  import UIKit
  import ViewerCore

  /// The UIKit callbacks SwiftUI has no modifier for. The app installs it with
  /// `@UIApplicationDelegateAdaptor`.
  public final class SpacerAppDelegate: NSObject, UIApplicationDelegate {
    /// Upright everywhere but the full-screen viewer and the video player (`OrientationPolicy`
    /// decides). Info.plist
    /// lists landscape too, because UIKit never allows more than it declares.
    public func application(
      _ application: UIApplication, supportedInterfaceOrientationsFor window: UIWindow?
    ) -> UIInterfaceOrientationMask {
      OrientationPolicy.shared.allowed.interfaceOrientationMask
    }
  }
#endif
