#if canImport(UIKit)
  import UIKit

  @MainActor
  enum WindowScenes {
    static func foregroundActive() -> UIWindowScene? {
      connected().first { $0.activationState == .foregroundActive }
    }

    /// For what needs some scene to present from even while the app is not yet active.
    static func foregroundActiveOrFirst() -> UIWindowScene? {
      let scenes = connected()
      return scenes.first { $0.activationState == .foregroundActive } ?? scenes.first
    }

    private static func connected() -> [UIWindowScene] {
      UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }
    }
  }
#endif
