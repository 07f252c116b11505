#if canImport(UIKit)
  import UIKit

  /// The one place the app's window scenes are looked up, for the paywall's presenting
  /// controller, StoreKit's purchase confirmation and the manage-subscription sheet.
  @MainActor
  enum WindowScenes {
    /// The scene the user is looking at: the first connected `UIWindowScene` whose activation
    /// state is `foregroundActive`, or nil.
    static func foregroundActive() -> UIWindowScene? {
      connected().first { $0.activationState == .foregroundActive }
    }

    /// The foreground-active scene, else the first connected one: for what needs some scene to
    /// present from (a paywall, a purchase confirmation) even while the app is not yet active.
    static func foregroundActiveOrFirst() -> UIWindowScene? {
      let scenes = connected()
      return scenes.first { $0.activationState == .foregroundActive } ?? scenes.first
    }

    private static func connected() -> [UIWindowScene] {
      UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }
    }
  }
#endif
