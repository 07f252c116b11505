#if canImport(UIKit)
  import UIKit
  import ViewerCore

  /// Carries out what the navigation state decides (`AppNavigation.allowedOrientations`, and the
  /// `OrientationChange` its presentations return): the state says which orientations are allowed
  /// and when to turn back upright; this asks UIKit to do it.
  public enum InterfaceRotation {
    /// Applies `change` to every connected window scene.
    public static func apply(_ change: OrientationChange) {
      guard change != .none else { return }
      for scene in UIApplication.shared.connectedScenes.compactMap({ $0 as? UIWindowScene }) {
        if change == .returnToPortrait {
          scene.requestGeometryUpdate(.iOS(interfaceOrientations: .portrait))
        }
        // UIKit asks the top-most full-screen controller; tell every controller in the chain.
        for window in scene.windows {
          var controller = window.rootViewController
          while let current = controller {
            current.setNeedsUpdateOfSupportedInterfaceOrientations()
            controller = current.presentedViewController
          }
        }
      }
    }
  }

  extension InterfaceOrientations {
    /// The UIKit mask for these orientations.
    public var interfaceOrientationMask: UIInterfaceOrientationMask {
      switch self {
      case .portrait: .portrait
      case .allButUpsideDown: .allButUpsideDown
      }
    }
  }
#endif
