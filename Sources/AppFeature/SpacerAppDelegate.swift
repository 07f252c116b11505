#if canImport(UIKit)
  import APODUI
  import UIKit
  import ViewerCore

  /// The UIKit callbacks SwiftUI has no modifier for. The app installs it with
  /// `@UIApplicationDelegateAdaptor`.
  public final class SpacerAppDelegate: NSObject, UIApplicationDelegate {
    /// What the navigation state allows (`AppNavigation.allowedOrientations`: landscape while the
    /// picture viewer or a video is in front), upright before the app's graph exists. Info.plist
    /// lists landscape too, because UIKit never allows more than it declares.
    public func application(
      _ application: UIApplication, supportedInterfaceOrientationsFor window: UIWindow?
    ) -> UIInterfaceOrientationMask {
      (LiveAppEnvironment.built?.model.navigation.allowedOrientations ?? .portrait).interfaceOrientationMask
    }
  }
#endif
